#!/usr/bin/env node
// Build step: ships the bundled contract inside the package (`contract/openapi.yaml`, export
// `@supportkb/mocks/openapi.yaml`), so Prism and the conformance helpers find it once installed.
// Input: ../openapi/dist/openapi.yaml (`npm run bundle` at the root). Fails if it is missing.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';

const from = new URL('../../openapi/dist/openapi.yaml', import.meta.url);
const to = new URL('../contract/openapi.yaml', import.meta.url);
if (!existsSync(from)) {
  console.error('openapi/dist/openapi.yaml is missing: run `npm run bundle` at the repository root first.');
  process.exit(1);
}
mkdirSync(new URL('.', to), { recursive: true });
copyFileSync(from, to);
