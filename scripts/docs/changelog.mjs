// The contract's changelog for the docs page (build/docs/changelog.html, linked from the Redoc page):
// what changed since the released contract (openapi/released/openapi.yaml), exactly as the
// breaking-change gate computes it (`contractChanges` of scripts/contract-gate.mjs), in three groups:
//
//   breaking  what the gate counts as breaking for the SDK's users
//   added     new operations, parameters, fields, responses (non-breaking additions)
//   changed   every other change, descriptions and vendor extensions included
//
// `node scripts/docs/changelog.mjs [--out FILE] [--baseline FILE]` writes the page on its own;
// `npm run docs` writes it beside index.html (scripts/docs/build.mjs).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BASELINE, contractChanges } from '../contract-gate.mjs';

/**
 * One line of the changelog per change of the gate's result, deduplicated as the gate prints them
 * (a shared component changed once shows at each place that uses it, once per place).
 * @param {{ breaking: any[], nonBreaking: any[] }} result `contractChanges()`
 * @returns {{ group: 'breaking' | 'added' | 'changed', operation: string, location: string, summary: string, reason: string }[]}
 *   sorted by group, then by operation in the contract's order of first appearance
 */
export function changelogEntries(result) {
  const entries = [];
  const seen = new Set();
  const push = (group, change) => {
    const key = `${group}\u0000${change.location}\u0000${change.summary}`;
    if (seen.has(key)) return;
    seen.add(key);
    entries.push({ group, operation: change.location.split(' · ')[0], location: change.location, summary: change.summary, reason: change.reason });
  };
  for (const change of result.breaking) push('breaking', change);
  for (const change of result.nonBreaking) push(change.action === 'add' && change.type === 'non-breaking' ? 'added' : 'changed', change);
  const order = { breaking: 0, added: 1, changed: 2 };
  const firstSeen = new Map();
  for (const entry of entries) if (!firstSeen.has(entry.operation)) firstSeen.set(entry.operation, firstSeen.size);
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => order[a.entry.group] - order[b.entry.group] || firstSeen.get(a.entry.operation) - firstSeen.get(b.entry.operation) || a.index - b.index)
    .map(({ entry }) => entry);
}

function html(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const TITLES = {
  breaking: 'Breaking changes',
  added: 'Added',
  changed: 'Changed (non-breaking: behaviour, descriptions, extensions)',
};

/**
 * The changelog as one self-contained HTML page (no script, no external resource): a summary, then
 * per group one collapsible section per operation listing its changes (`data-location` and
 * `data-summary` on each item hold the gate's text).
 * @param {ReturnType<typeof changelogEntries>} entries
 * @param {{ baseline: string }} meta what the page says it compares with (the released contract's file)
 * @returns {string}
 */
export function renderChangelog(entries, meta) {
  const count = (group) => entries.filter((entry) => entry.group === group).length;
  const sections = [];
  for (const group of ['breaking', 'added', 'changed']) {
    const inGroup = entries.filter((entry) => entry.group === group);
    const byOperation = new Map();
    for (const entry of inGroup) byOperation.set(entry.operation, [...(byOperation.get(entry.operation) ?? []), entry]);
    const blocks = [...byOperation].map(
      ([operation, items]) =>
        `<details${group === 'breaking' ? ' open' : ''}><summary><code>${html(operation)}</code> (${items.length})</summary>\n<ul>\n` +
        items
          .map(
            (item) =>
              `<li class="change" data-group="${group}" data-location="${html(item.location)}" data-summary="${html(item.summary)}">` +
              `<code>${html(item.location)}</code>: ${html(item.summary)}${group === 'breaking' ? ` <em>(${html(item.reason === 'breaking' ? 'breaking for callers' : item.reason)})</em>` : ''}</li>`,
          )
          .join('\n') +
        '\n</ul></details>',
    );
    sections.push(`<section id="${group}"><h2>${TITLES[group]} (${inGroup.length})</h2>\n${blocks.length ? blocks.join('\n') : '<p>None.</p>'}\n</section>`);
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Contract changes since the last release</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 70rem; padding: 0 1rem; color: #222; }
code { font-size: 0.9em; background: #f3f3f3; padding: 0 0.2em; border-radius: 3px; }
summary { cursor: pointer; margin: 0.3rem 0; }
li { margin: 0.15rem 0; word-break: break-word; }
#breaking h2 { color: #b00020; }
</style>
</head>
<body>
<p><a href="index.html">← API reference</a></p>
<h1>Contract changes since the last release</h1>
<p>The contract (<code>openapi/openapi.yaml</code>) compared with the released one (<code>${html(meta.baseline)}</code>)
by the breaking-change gate (<code>npm run contract:gate</code>): <strong>${count('breaking')}</strong> breaking,
<strong>${count('added')}</strong> added, <strong>${count('changed')}</strong> changed.</p>
${sections.join('\n')}
</body>
</html>
`;
}

/**
 * Computes the changelog with the gate and writes it to `out` (through a temporary file).
 * @param {{ out: string, baseline?: string, current?: any }} options
 * @returns {{ entries: ReturnType<typeof changelogEntries>, out: string }}
 * @throws {Error} when the gate cannot compare the contracts (e.g. no released contract)
 */
export function writeChangelog({ out, baseline, current }) {
  const result = contractChanges({ baseline, current });
  const entries = changelogEntries(result);
  const page = renderChangelog(entries, { baseline: relative(process.cwd(), baseline ?? BASELINE) || (baseline ?? BASELINE) });
  mkdirSync(dirname(out), { recursive: true });
  const temporary = `${out}.${process.pid}.tmp`;
  writeFileSync(temporary, page);
  renameSync(temporary, out);
  return { entries, out };
}

if (import.meta.main ?? resolve(process.argv[1] ?? '') === resolve(new URL(import.meta.url).pathname)) {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'build/docs/changelog.html' }, baseline: { type: 'string' } } });
  try {
    const { entries, out } = writeChangelog({ out: resolve(values.out), baseline: values.baseline && resolve(values.baseline) });
    console.log(`changelog: ${entries.length} changes → ${out}`);
  } catch (error) {
    console.error(`changelog: ${error.message}`);
    process.exitCode = 1;
  }
}
