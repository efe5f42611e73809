// The contract as the repository's code reads it: `dereferencedContract()` runs Redocly's bundler with
// `--dereferenced` on the split contract (or on any bundled document), so no script, generator or test
// follows `$ref`s itself. Used by the SDK's generator, the breaking-change gate, the contract diff, the
// conformance check and the tests.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const root = fileURLToPath(new URL('../../', import.meta.url));

/** The split contract's entry: the input whose bundles are cached. */
const CONTRACT_ENTRY = join(root, 'openapi/openapi.yaml');
/** Where bundles of the split contract are kept, one file per content hash (git-ignored). */
const CACHE_DIR = join(root, 'build/cache/contract');

/**
 * A hash of everything Redocly's bundle of the split contract depends on: the files under `openapi/`
 * (but the generated `dist/` and the released baseline), the Redocly config, Redocly's version and
 * the bundler's options.
 * @param {string[]} extra
 */
function contractHash(extra) {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(extra));
  hash.update(readFileSync(join(root, 'redocly.yaml')));
  hash.update(readFileSync(createRequire(import.meta.url).resolve('@redocly/cli/package.json')));
  const walk = (/** @type {string} */ dir, /** @type {string} */ rel) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      const name = `${rel}${entry.name}`;
      if (entry.isDirectory()) {
        if (name !== 'dist' && name !== 'released') walk(path, `${name}/`);
      } else if (entry.isFile()) hash.update(`\0${name}\0`).update(readFileSync(path));
    }
  };
  walk(join(root, 'openapi'), '');
  return hash.digest('hex').slice(0, 32);
}

/**
 * For a document that is one file (every `$ref` local, `#/...`: a bundled contract such as the copy
 * the mocks ship, read by several test files), a hash of what its bundle depends on: the file, the
 * Redocly config, Redocly's version and the options; `undefined` when it refers to other files.
 * @param {string} input
 * @param {string[]} extra
 */
function selfContainedHash(input, extra) {
  let text;
  try {
    text = readFileSync(input);
  } catch {
    return undefined; // Redocly's own error, below
  }
  if (/\$ref["']?\s*:(?!\s*["']?#)/.test(text.toString('utf8'))) return undefined;
  const hash = createHash('sha256');
  hash.update(JSON.stringify(['file', ...extra]));
  hash.update(readFileSync(join(root, 'redocly.yaml')));
  hash.update(readFileSync(createRequire(import.meta.url).resolve('@redocly/cli/package.json')));
  return `file-${hash.update(text).digest('hex').slice(0, 32)}`;
}

/**
 * Redocly's bundler on `input` (default openapi/openapi.yaml), with `extra` CLI options, parsed. The
 * split contract's bundles, and those of a one-file document (`selfContainedHash`), are kept in
 * build/cache/contract/ by content hash: tests, generators and scripts read the same bundle many times
 * a run, and each bundle is a Redocly process of seconds (1.1 CPU-s for the mocks' copy).
 * @param {string} input
 * @param {string[]} extra
 * @returns {any} the bundled OpenAPI document.
 * @throws {Error} when bundling fails; `message` carries Redocly's output.
 */
function redoclyBundle(input, extra) {
  const key = input === CONTRACT_ENTRY ? contractHash(extra) : selfContainedHash(input, extra);
  if (!key) return runRedoclyBundle(input, extra);
  const cached = join(CACHE_DIR, `${key}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8'));
  } catch {
    // Not cached yet (or a partial file from a crash: rewritten below).
  }
  const doc = runRedoclyBundle(input, extra);
  mkdirSync(CACHE_DIR, { recursive: true });
  // Written aside, then renamed: a reader in another process never sees half a file.
  const partial = `${cached}.${process.pid}.partial`;
  writeFileSync(partial, JSON.stringify(doc));
  renameSync(partial, cached);
  return doc;
}

/**
 * Redocly's bundler on `input`, with `extra` CLI options, parsed.
 * @param {string} input
 * @param {string[]} extra
 * @returns {any}
 */
function runRedoclyBundle(input, extra) {
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
