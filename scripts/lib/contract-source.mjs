// The contract as the repository's code reads it: `dereferencedContract()` runs Redocly's bundler with
// `--dereferenced` on the split contract (or on any bundled document), so no script, generator or test
// follows `$ref`s itself. Used by the SDK's generator, the breaking-change gate, the contract diff, the
// conformance check and the tests.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Redocly's bundler on `input` (default openapi/openapi.yaml), with `extra` CLI options, parsed.
 * @returns {any} the bundled OpenAPI document.
 * @throws {Error} when bundling fails; `message` carries Redocly's output.
 */
function redoclyBundle(input, extra) {
  const dir = mkdtempSync(join(tmpdir(), 'supportkb-contract-'));
  try {
    const out = join(dir, 'openapi.json');
    const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
    try {
      execFileSync(process.execPath, [cli, 'bundle', input, '--config', join(root, 'redocly.yaml'), '--ext', 'json', ...extra, '-o', out], { stdio: 'pipe' });
    } catch (error) {
      throw new Error(`bundling ${input} failed:\n${error.stderr?.toString() || error.message}`);
    }
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The split contract bundled into one document by Redocly, `$ref`s to `components` kept (what the
 * breaking-change gate compares: api-smart-diff resolves them itself).
 * @param {string} [input] the document to read (default openapi/openapi.yaml).
 */
export function bundledContract(input = join(root, 'openapi/openapi.yaml')) {
  return redoclyBundle(input, []);
}

/**
 * The contract with every `$ref` replaced by what it points to: Redocly's bundler with `--dereferenced`
 * (the one `$ref` resolver of the repository: generators, scripts and tests read this instead of
 * following `$ref`s themselves). Components stay in `components` as well.
 * @param {string} [input] the document to read (default openapi/openapi.yaml, the split contract).
 * @returns {any} the dereferenced OpenAPI document.
 * @throws {Error} when bundling fails; `message` carries Redocly's output.
 */
export function dereferencedContract(input = join(root, 'openapi/openapi.yaml')) {
  return redoclyBundle(input, ['--dereferenced']);
}
