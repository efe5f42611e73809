#!/usr/bin/env node
// `node scripts/docs/build.mjs [--out FILE]` (a step of `npm run docs`, after the lint): builds the
// API reference page and its changelog.
//
//   FILE (default build/docs/index.html)   Redoc's self-contained page of openapi/openapi.yaml (of the
//                                          current folder), decorated for the docs only by the
//                                          `supportkb-docs` plugin (scripts/docs/redocly.docs.yaml):
//                                          operationIds, SDK methods, code samples, implementation notes,
//                                          "Try it" and changelog links, the guides as sidebar pages;
//                                          Redoc's logo inlined, so the
//                                          page requests nothing when opened
//   openapi.yaml (beside FILE)             the contract as decorated for the page (x-codeSamples, ...),
//                                          for tools that import a contract
//   changelog.html (beside FILE)           the coming release for a caller: the first release's
//                                          operation groups, or the changes since the published
//                                          openapi/released/openapi.yaml (scripts/docs/changelog.mjs)
//
// Builds the SDK first when it is stale (the plugin reads its manifest), as `npm run demo` does.
// Exits 1, saying why, when a step fails (a failed build-docs writes no page).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bundledContract } from '../lib/contract-source.mjs';
import { buildStale, checkNode } from '../preflight.mjs';
import { writeChangelog } from './changelog.mjs';

checkNode();
const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({ options: { out: { type: 'string', default: 'build/docs/index.html' } } });
const out = resolve(values.out);

/** The word "Redocly" as an SVG data URL, in place of Redoc's logo. */
const REDOCLY_LOGO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="56" height="16" viewBox="0 0 56 16"><text x="0" y="12" font-family="sans-serif" font-size="12" font-weight="600" fill="#5b5b5b">Redocly</text></svg>')}`;

const { failed } = await buildStale();
if (failed) {
  console.error(`docs: building ${failed} failed (above); the page needs the built SDK's manifest.`);
  process.exit(1);
}

const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const buildDocs = spawnSync(process.execPath, [cli, 'build-docs', 'openapi/openapi.yaml', '--config', join(here, 'redocly.docs.yaml'), '--inlineBundle', '-o', out], {
  encoding: 'utf8',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
});
// Redocly's output, but for the box it prints on every run about its switch to Redoc 3 (this page
// was made for Redoc 3): warnings and errors pass through.
process.stdout.write(withoutBanner(buildDocs.stdout ?? ''));
process.stderr.write(withoutBanner(buildDocs.stderr ?? ''));
if (buildDocs.status !== 0) {
  console.error(`docs: redocly build-docs failed (${buildDocs.error?.message ?? 'above'}).`);
  process.exit(1);
}

// Redoc's attribution logo ("API docs by Redocly"), which the page would fetch from Redocly's CDN when
// opened (no option turns that off): inlined as an SVG of the word, so the page requests nothing.
const page = readFileSync(out, 'utf8');
const inlined = page.replace(/https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g, REDOCLY_LOGO);
if (inlined === page || /https:\/\/cdn\.redoc\.ly\//.test(inlined)) {
  console.error(
    'docs: the page no longer loads its logo from https://cdn.redoc.ly/redoc/logo-mini(-full).svg as scripts/docs/build.mjs expects (a new Redoc?): find what it loads instead and inline that, so the page stays offline.',
  );
  process.exit(1);
}
writeFileSync(out, inlined);

// The contract as the page shows it (each operation's `x-codeSamples`, operationId and SDK method in its
// description, implementation notes), beside the page for tools that import a contract (Postman,
// Scalar, Mintlify, a portal): the same decorators, through `redocly bundle`.
const decorated = join(dirname(out), 'openapi.yaml');
// The guides stay in info.description there: `x-traitTag` tags are Redoc's, other tools would show them as empty tags.
const bundle = spawnSync(process.execPath, [cli, 'bundle', 'openapi/openapi.yaml', '--config', join(here, 'redocly.docs.yaml'), '--skip-decorator', 'supportkb-docs/guides', '-o', decorated], {
  encoding: 'utf8',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
});
if (bundle.status !== 0) {
  process.stderr.write(`${bundle.stdout ?? ''}${bundle.stderr ?? ''}`);
  console.error(`docs: redocly bundle of the decorated contract failed (${bundle.error?.message ?? 'above'}).`);
  process.exit(1);
}
console.log(`docs: the contract with its code samples (x-codeSamples) → ${decorated}`);

/** `text` without Redocly's boxed notice that build-docs renders with Redoc 3 (and the blank lines around it). */
function withoutBanner(text) {
  return text.replace(/\n*[ \t]*╔═+╗\n(?:[ \t]*║.*║\n)*?[ \t]*║[^\n]*Redoc 3[^\n]*║\n(?:[ \t]*║.*║\n)*[ \t]*╚═+╝\n*/u, '\n');
}

try {
  const {
    entries,
    firstRelease,
    out: changelog,
  } = writeChangelog({
    out: join(dirname(out), 'changelog.html'),
    baseline: resolve('openapi/released/openapi.yaml'),
    current: bundledContract(resolve('openapi/openapi.yaml')),
  });
  console.log(`docs: changelog (${firstRelease ? 'the first release, one line per operation group' : `${entries.length} changes`}) → ${changelog}`);
} catch (error) {
  console.error(`docs: the changelog could not be written: ${error.message}`);
  process.exit(1);
}
