// @ts-nocheck -- BASELINE: 3 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// The runtimes of `npm run test:runtimes`, the versions they must report, and the README table
// ("## Runtimes") that lists them: run.mjs checks the table against what each runtime reported,
// test/runtimes-readme.test.ts against the pins (so a pin bump without a README update fails both).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, SOURCE_DIR } from './install.mjs';

/**
 * A runtime of the matrix: `id` is what `--only` takes (`node22`, `firefox-msw`), `label` the first
 * cell of its README row, `pin` where its expected version comes from (`debian` has none).
 * @typedef {{ id: string, label: string, kind: 'cli' | 'workerd' | 'browser', binary?: 'node22' | 'node24' | 'bun' | 'deno', browser?: 'chromium' | 'firefox', mode?: 'sdk' | 'mock-worker', pin: 'node' | 'root:node' | 'bun' | 'deno' | 'workerd' | 'debian' }} Runtime
 */
/**
 * A row of the README's `## Runtimes` table.
 * @typedef {{ label: string, version: string, from: string, proves: string }} ReadmeRow
 */

/**
 * One entry per row of the README table, in its order. `kind`: `cli` (Node, Bun, Deno run
 * programs/cli.mjs), `workerd` (programs/workerd-host.mjs), `browser` (programs/browser-host.mjs
 * with `browser` and `mode`). `pin`: how the expected version is found (see expectedVersions).
 * @type {readonly Runtime[]}
 */
export const RUNTIMES = [
  { id: 'node22', label: 'Node.js 22', kind: 'cli', binary: 'node22', pin: 'node' },
  { id: 'node24', label: 'Node.js 24', kind: 'cli', binary: 'node24', pin: 'root:node' },
  { id: 'bun', label: 'Bun', kind: 'cli', binary: 'bun', pin: 'bun' },
  { id: 'deno', label: 'Deno', kind: 'cli', binary: 'deno', pin: 'deno' },
  { id: 'workerd', label: 'workerd (Cloudflare Workers)', kind: 'workerd', pin: 'workerd' },
  { id: 'chromium', label: 'Chromium', kind: 'browser', browser: 'chromium', mode: 'sdk', pin: 'debian' },
  { id: 'firefox', label: 'Firefox ESR', kind: 'browser', browser: 'firefox', mode: 'sdk', pin: 'debian' },
  { id: 'chromium-msw', label: 'Chromium, mock service worker', kind: 'browser', browser: 'chromium', mode: 'mock-worker', pin: 'debian' },
  { id: 'firefox-msw', label: 'Firefox ESR, mock service worker', kind: 'browser', browser: 'firefox', mode: 'mock-worker', pin: 'debian' },
];

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * The version each registry-installed runtime must report, from scripts/runtimes/package.json
 * (exact pins), its lockfile (workerd, which miniflare pins) and the root package.json (the
 * project's own Node 24). Debian's browsers have no pin: `undefined`.
 * @returns {Record<string, string | undefined>} by runtime id.
 */
export function expectedVersions() {
  const pins = readJson(join(SOURCE_DIR, 'package.json')).dependencies;
  const lock = readJson(join(SOURCE_DIR, 'package-lock.json')).packages;
  const root = readJson(join(REPO_ROOT, 'package.json')).devDependencies;
  const byPin = {
    node: pins.node,
    'root:node': root.node,
    bun: pins.bun,
    deno: pins.deno,
    workerd: lock['node_modules/workerd']?.version,
  };
  return Object.fromEntries(RUNTIMES.map((runtime) => [runtime.id, byPin[runtime.pin]]));
}

/**
 * The text of the README's version cell for a runtime that reported `version`.
 * @param {Runtime} runtime
 * @param {string} version
 * @returns {string}
 */
export function versionCell(runtime, version) {
  if (runtime.pin === 'debian') return String(version).split('.')[0];
  if (runtime.pin === 'workerd') return `${version} (miniflare ${readJson(join(SOURCE_DIR, 'package.json')).dependencies.miniflare})`;
  return version;
}

/**
 * The rows of the README's `## Runtimes` table: `[{ label, version, from, proves }]`.
 * @param {string} readme
 * @returns {ReadmeRow[]}
 * @throws {Error} when the section or its table is missing.
 */
export function readmeRows(readme) {
  const section = readme.split(/\n(?=## )/).find((part) => part.startsWith('## Runtimes\n'));
  if (!section) throw new Error('README.md has no "## Runtimes" section');
  const lines = section.split('\n').filter((line) => line.startsWith('|'));
  if (lines.length < 3 || !/^\| runtime \| version tested \|/.test(lines[0])) throw new Error('README.md "## Runtimes" has no table starting "| runtime | version tested |"');
  return lines.slice(2).map((line) => {
    const [label, version, from, proves] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    return { label, version, from, proves };
  });
}

/**
 * Compares the README table with the versions that were tested (`reported`, by runtime id: a
 * runtime's own report, or the pins). Debian's browsers compare by major version (the table says
 * e.g. `156`). Returns one problem per row or runtime that differs (empty: the table is right).
 * @param {string} readme
 * @param {Record<string, string | undefined>} reported
 * @returns {string[]}
 */
export function readmeProblems(readme, reported) {
  let rows;
  try {
    rows = readmeRows(readme);
  } catch (error) {
    return [error.message];
  }
  const problems = [];
  const labels = rows.map((row) => row.label);
  const expectedLabels = RUNTIMES.map((runtime) => runtime.label);
  if (labels.join('\n') !== expectedLabels.join('\n')) problems.push(`README runtimes table lists [${labels.join(', ')}], expected [${expectedLabels.join(', ')}]`);
  for (const runtime of RUNTIMES) {
    const row = rows.find((candidate) => candidate.label === runtime.label);
    const version = reported[runtime.id];
    if (!row || version === undefined) continue;
    const cell = versionCell(runtime, version);
    if (row.version !== cell) problems.push(`README runtimes table: ${runtime.label} says "${row.version}", tested "${cell}"`);
  }
  return problems;
}
