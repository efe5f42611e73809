#!/usr/bin/env node
// `node scripts/docs/realtime.mjs [--out DIR]` (a step of `npm run docs`): the websocket's reference
// page beside the Redoc page, build/docs/realtime.html and its assets:
//
//   realtime.html                    openapi/asyncapi.yaml rendered by the AsyncAPI React component
//                                    (@asyncapi/react-component's standalone bundle): the socket, each
//                                    topic (channel) with its snapshot, CREATE and UPDATE messages and
//                                    their payloads, the client's frames, the security scheme. The
//                                    document is in the page (bundled by Redocly: the contract's
//                                    schemas it shares by `$ref` inlined), so the page requests
//                                    nothing but its two files below and opens from a file as it is
//   realtime/asyncapi-standalone.js  the component's standalone bundle (React and the AsyncAPI parser
//                                    included), with its licence notices beside it
//   realtime/asyncapi.css            the component's stylesheet
//
// The Redoc page links it from its top (scripts/docs/redocly-plugin.mjs, `changelog-link`) and the
// console links it from its bar. Exits 1, saying which step failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkNode, ROOT } from '../preflight.mjs';
import { writeFiles } from './write-files.mjs';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));

/** The realtime document, relative to the repository. */
export const ASYNCAPI = 'openapi/asyncapi.yaml';

/**
 * `openapi/asyncapi.yaml` as one JSON document: the files it `$ref`s (the contract's component
 * schemas) inlined by `redocly bundle`, the repository's one `$ref` resolver.
 * @param {{ source?: string }} [options] `source`: the document (default openapi/asyncapi.yaml of the repository).
 * @returns {any} the bundled document.
 * @throws {Error} when Redocly cannot bundle it (its output in the message).
 */
export function bundledAsyncApi({ source = join(ROOT, ASYNCAPI) } = {}) {
  const out = join(ROOT, 'build', `asyncapi.${process.pid}.json`);
  mkdirSync(dirname(out), { recursive: true });
  try {
    const cli = require.resolve('@redocly/cli/bin/cli.js');
    const run = spawnSync(process.execPath, [cli, 'bundle', source, '--config', join(here, 'redocly.docs.yaml'), '--ext', 'json', '-o', out], {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
    });
    if (run.status !== 0) throw new Error(`redocly bundle ${relative(ROOT, source)} failed: ${run.error?.message ?? `${run.stdout ?? ''}${run.stderr ?? ''}`.trim()}`);
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(out, { force: true });
  }
}

/**
 * The page: the bar (links to the reference and the console), the component's mount point, the
 * document as a JSON script element (every `<` escaped, so no text of it can close the element) and
 * the render call.
 * @param {any} document the bundled AsyncAPI document.
 * @returns {string} HTML.
 */
export function realtimePage(document) {
  const json = JSON.stringify(document).replace(/</g, '\\u003c');
  const title = `${document.info?.title ?? 'Realtime'} — websocket reference`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="realtime/asyncapi.css" />
    <style>
      .realtime-bar { display: flex; gap: 1.5rem; align-items: baseline; padding: 0.6rem 1.2rem; border-bottom: 1px solid #ddd; font-family: sans-serif; font-size: 14px; }
      #asyncapi code::before, #asyncapi code::after { content: none !important; }
      .realtime-status[data-state='error'] { color: #b00020; padding: 0 1.2rem; font-family: sans-serif; }
    </style>
  </head>
  <body>
    <header class="realtime-bar">
      <strong>The websocket (AsyncAPI 3.0)</strong>
      <a href="index.html">API reference</a>
      <a href="console.html">Try the API, with its live frames</a>
      <a href="realtime/asyncapi.json">The document (AsyncAPI, bundled)</a>
    </header>
    <p id="realtime-status" class="realtime-status" role="status"></p>
    <main id="asyncapi"></main>
    <script type="application/json" id="asyncapi-document">${json}</script>
    <script src="realtime/asyncapi-standalone.js"></script>
    <script>
      (function () {
        var status = document.getElementById('realtime-status');
        try {
          if (typeof AsyncApiStandalone === 'undefined') throw new Error('realtime/asyncapi-standalone.js did not load');
          var doc = JSON.parse(document.getElementById('asyncapi-document').textContent);
          AsyncApiStandalone.render(
            { schema: doc, config: { show: { sidebar: true, info: true, servers: true, operations: true, messages: true, schemas: true, errors: true }, sidebar: { showOperations: 'byDefault' } } },
            document.getElementById('asyncapi'),
          );
          document.documentElement.dataset.realtime = 'rendered';
        } catch (error) {
          status.textContent = 'The websocket reference could not be shown: ' + (error && error.message ? error.message : error);
          status.dataset.state = 'error';
          document.documentElement.dataset.realtime = 'error';
        }
      })();
    </script>
  </body>
</html>
`;
}

/**
 * Builds the page into `outDir` (see the file's header).
 * @param {{ outDir?: string }} [options] `outDir`: default `build/docs` under the repository.
 * @returns {{ file: string, bytes: number }[]} the files written (paths relative to `outDir`).
 * @throws {Error} when the document cannot be bundled.
 */
export function buildRealtime({ outDir = join(ROOT, 'build/docs') } = {}) {
  const document = bundledAsyncApi();
  const component = dirname(require.resolve('@asyncapi/react-component/package.json'));
  const standalone = join(component, 'browser', 'standalone');
  /** @type {[string, string | Uint8Array][]} */
  const files = [
    ['realtime.html', realtimePage(document)],
    ['realtime/asyncapi.json', `${JSON.stringify(document, null, 2)}\n`],
    ['realtime/asyncapi-standalone.js', readFileSync(join(standalone, 'index.js'))],
    ['realtime/asyncapi.css', readFileSync(join(component, 'styles', 'default.min.css'))],
    ['realtime/asyncapi-standalone.LICENSE.txt', [join(component, 'LICENSE'), join(standalone, 'index.js.LICENSE.txt')].map((file) => readFileSync(file, 'utf8')).join('\n\n')],
  ];
  return writeFiles(outDir, files);
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  checkNode();
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log('usage: node scripts/docs/realtime.mjs [--out DIR]   builds the websocket reference page (default build/docs/realtime.html)');
    process.exit(0);
  }
  const outDir = resolve(values.out ?? join(ROOT, 'build/docs'));
  try {
    const files = buildRealtime({ outDir });
    const total = files.reduce((sum, { bytes }) => sum + bytes, 0);
    console.log(`docs: the websocket reference (${ASYNCAPI}) → ${relative(process.cwd(), join(outDir, 'realtime.html')) || 'realtime.html'} (${files.length} files, ${(total / 1024).toFixed(0)} KiB)`);
  } catch (error) {
    console.error(`docs: building the websocket reference failed: ${error.message}`);
    process.exit(1);
  }
}
