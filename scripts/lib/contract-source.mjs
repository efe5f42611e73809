// The contract as the repository's scripts read it: `bundleContract()` runs Redocly's bundler on the
// split contract (openapi/openapi.yaml, the same bundle every generator reads) and parses the result;
// `resolveRef()` follows local `$ref`s of a bundled document. Used by the breaking-change gate and
// the conformance check.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Bundles openapi/openapi.yaml with the Redocly CLI into a temporary file and parses it.
 * @returns {any} the bundled OpenAPI document.
 * @throws {Error} when bundling fails; `message` carries Redocly's output.
 */
export function bundleContract() {
  const dir = mkdtempSync(join(tmpdir(), 'supportkb-contract-'));
  try {
    const out = join(dir, 'openapi.yaml');
    const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
    try {
      execFileSync(process.execPath, [cli, 'bundle', join(root, 'openapi/openapi.yaml'), '--config', join(root, 'redocly.yaml'), '-o', out], { stdio: 'pipe' });
    } catch (error) {
      throw new Error(`bundling openapi/openapi.yaml failed:\n${error.stderr?.toString() || error.message}`);
    }
    return parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Follows a node's local `$ref` chain (`#/components/...`) in `doc`; other values come back as they are.
 * Stops after 20 hops (a cycle), returning where it stopped.
 */
export function resolveRef(doc, node) {
  let current = node;
  for (let i = 0; current && typeof current.$ref === 'string' && current.$ref.startsWith('#/') && i < 20; i++) {
    current = current.$ref
      .slice(2)
      .split('/')
      .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((n, key) => n?.[key], doc);
  }
  return current;
}
