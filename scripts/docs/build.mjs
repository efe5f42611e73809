#!/usr/bin/env node
// `node scripts/docs/build.mjs [--out FILE]` (a step of `npm run docs`, after the lint): builds the
// API reference page and its changelog.
//
//   FILE (default build/docs/index.html)   Redoc's self-contained page of openapi/openapi.yaml (of the
//                                          current folder), decorated for the docs only by the
//                                          `supportkb-docs` plugin (scripts/docs/redocly.docs.yaml):
//                                          operationIds, SDK methods, code samples, implementation notes,
//                                          "Try it" and changelog links
//   changelog.html (beside FILE)           the contract's changes since openapi/released/openapi.yaml,
//                                          as the breaking-change gate computes them
//
// Builds the SDK first when it is stale (the plugin reads its manifest), as `npm run demo` does.
// Exits 1, saying why, when a step fails (a failed build-docs writes no page).
import { execFileSync } from 'node:child_process';
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

const { failed } = await buildStale();
if (failed) {
  console.error(`docs: building ${failed} failed (above); the page needs the built SDK's manifest.`);
  process.exit(1);
}

const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
try {
  execFileSync(process.execPath, [cli, 'build-docs', 'openapi/openapi.yaml', '--config', join(here, 'redocly.docs.yaml'), '--inlineBundle', '-o', out], { stdio: 'inherit' });
} catch {
  console.error('docs: redocly build-docs failed (above).');
  process.exit(1);
}

try {
  const { entries, out: changelog } = writeChangelog({ out: join(dirname(out), 'changelog.html'), baseline: resolve('openapi/released/openapi.yaml'), current: bundledContract(resolve('openapi/openapi.yaml')) });
  console.log(`docs: changelog of ${entries.length} changes → ${changelog}`);
} catch (error) {
  console.error(`docs: the changelog could not be written: ${error.message}`);
  process.exit(1);
}
