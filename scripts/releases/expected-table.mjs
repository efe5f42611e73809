#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 2 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// `node scripts/releases/expected-table.mjs [--notes FILE]`: turns build/releases-actual.json (written by
// `UPDATE_RELEASES_EXPECTED=1 npx vitest run test/releases-corpus.test.ts`) into
// test/releases-expected.ts, the expected-failure table of that test: per release, a comment with the
// figures (answers, failing answers) and each distinct problem with how many answers have it, then
// the failing calls with their problems. `--notes FILE` (JSON: release → text) adds a hand-written
// note above a release's figures; the notes of the current table are kept otherwise.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = join(ROOT, 'test/releases-expected.ts');
const { values } = parseArgs({ options: { notes: { type: 'string' } } });
const actual = JSON.parse(readFileSync(join(ROOT, 'build/releases-actual.json'), 'utf8'));
const notes = values.notes ? JSON.parse(readFileSync(values.notes, 'utf8')) : {};
// keep the notes already in the table (between "// note:" lines)
if (existsSync(OUT) && !values.notes) {
  const text = readFileSync(OUT, 'utf8');
  for (const m of text.matchAll(/\/\/ == (\S+) ==\n((?:  \/\/ note: .*\n)+)/g))
    notes[m[1]] = m[2]
      .split('\n')
      .filter(Boolean)
      .map((l) => l.replace(/^ {2}\/\/ note: /, ''))
      .join('\n');
}
const NEWEST = '2.19.16';
/** A problem with its array indices replaced by `*`, to count problems across items. */
const generic = (q) => q.replace(/\/\d+(?=[/ ])/g, '/*').replace(/(^zod |\.)\d+(?=[.:])/g, '$1*');
const compare = (a, b) => {
  const [x, y] = [a, b].map((v) => v.split('-')[0].split('.').map(Number));
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || a.localeCompare(b);
};
const corpus = (release) => JSON.parse(gunzipSync(readFileSync(join(ROOT, 'test/fixtures/releases', `${release}.json.gz`))).toString('utf8'));
const releases = readdirSync(join(ROOT, 'test/fixtures/releases'))
  .filter((f) => /^\d+\.\d+\.\d+(?:-read-by-\d+\.\d+\.\d+)?\.json\.gz$/.test(f))
  .map((f) => f.replace(/\.json\.gz$/, ''))
  .sort(compare);
let out = `// The expected-failure table of test/releases-corpus.test.ts: per release, every captured answer that
// today's contract (ajv) or the SDK's zodValidation() (zod, 200 bodies) rejects, with its problems.
// The test requires an exact match: when the contract accepts what older releases send, delete the
// entries that no longer fail. Regenerate after a capture: UPDATE_RELEASES_EXPECTED=1 npx vitest run
// test/releases-corpus.test.ts, then node scripts/releases/expected-table.mjs (notes are kept).
// Generated; the notes ("// note:") are hand-written.
export const EXPECTED_FAILURES: Record<string, Record<string, string[]>> = {\n`;
for (const release of releases) {
  const failures = actual[release];
  if (!failures) throw new Error(`build/releases-actual.json has no ${release}: run the test with UPDATE_RELEASES_EXPECTED=1 first`);
  const calls = corpus(release).calls;
  const answered = calls.filter((c) => c.status !== 0).length;
  const baseline = actual[NEWEST] ?? {};
  const counts = new Map(); // generic problem → [answers, answers whose call does not have it on NEWEST]
  for (const [id, problems] of Object.entries(failures)) {
    const before = new Set((baseline[id] ?? []).map(generic));
    for (const p of new Set(problems.map(generic))) {
      const [n, beyond] = counts.get(p) ?? [0, 0];
      counts.set(p, [n + 1, beyond + (before.has(p) ? 0 : 1)]);
    }
  }
  out += `  // == ${release} ==\n`;
  if (notes[release]) for (const line of notes[release].split('\n')) out += `  // note: ${line}\n`;
  out += `  // ${answered} of ${calls.length} calls answered; ${answered - Object.keys(failures).length} answers validate, ${Object.keys(failures).length} fail.\n`;
  if (release !== NEWEST) {
    const same = Object.entries(failures).filter(([id, problems]) => JSON.stringify(baseline[id]) === JSON.stringify(problems)).length;
    out += `  // ${same} of them fail the same way on ${NEWEST} (the contract's gaps on the scenario's odd inputs); ${Object.keys(failures).length - same} fail otherwise.\n`;
    out += `  // Problems: answers that have it (of which the same call on ${NEWEST} does not):\n`;
  } else out += '  // Problems: answers that have it:\n';
  for (const [p, [n, beyond]] of [...counts].sort((a, b) => b[1][1] - a[1][1] || b[1][0] - a[1][0] || a[0].localeCompare(b[0])))
    out += `  //   ${String(n).padStart(3)}${release !== NEWEST ? ` (${beyond})`.padEnd(5) : ''} × ${p.slice(0, 150)}\n`;
  out += `  ${JSON.stringify(release)}: {\n`;
  for (const [id, problems] of Object.entries(failures)) out += `    ${JSON.stringify(id)}: ${JSON.stringify(problems)},\n`;
  out += '  },\n';
}
out += '};\n';
writeFileSync(OUT, out);
console.error(`wrote ${OUT}`);
