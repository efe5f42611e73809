// Shared by the release check's modules: the repository root, the tools it runs, a timed check step.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * One check's result.
 * @typedef {{ name: string, ok: boolean, problems: string[], detail: string, ms: number }} StepResult
 */
/**
 * A packed package: its directory and manifest, what `npm pack --json` said, its tarball and where it
 * is extracted, the entries users reach, and its checks' results.
 * @typedef {{ dir: string, manifest: Record<string, any>, packed: { filename: string, size: number, unpackedSize: number, entryCount: number, files: { path: string }[] }, tarball: string, extracted: string, entries: import('./manifest.mjs').Entry[], steps: StepResult[] }} Package
 */

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const run = promisify(execFile);
/** @param {string} pkg @param {string} file */
export const bin = (pkg, file) => join(root, 'node_modules', pkg, file);
/** @param {string} file @returns {any} */
export const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
/** @param {number} n */
export const kib = (n) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MiB` : `${(n / 1024).toFixed(1)} KiB`);

/**
 * Runs one check, timed; a thrown error is its problem.
 * @param {string} name
 * @param {() => Promise<{ problems?: string[], detail?: string } | void> | { problems?: string[], detail?: string }} fn
 * @returns {Promise<StepResult>}
 */
export async function step(name, fn) {
  const started = Date.now();
  try {
    const { problems = [], detail = '' } = (await fn()) ?? {};
    return { name, ok: problems.length === 0, problems, detail, ms: Date.now() - started };
  } catch (error) {
    const text = [error.stdout, error.stderr].filter(Boolean).join('\n').trim() || error.message;
    return { name, ok: false, problems: [text], detail: '', ms: Date.now() - started };
  }
}

/**
 * Runs this Node in the project; resolves with its stdout. The timeout guards against a hang only:
 * importing every entry of the mocks took over 30 s on a busy 2-core machine beside the other suites.
 */
export async function nodeIn(project, args, timeout = 120_000) {
  const { stdout } = await run(process.execPath, args, { cwd: project, encoding: 'utf8', timeout, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}
