// The contract's changelog for the docs page (build/docs/changelog.html, linked from the Redoc page),
// written for a caller of the API: one section for the coming release of @supportkb/sdk.
//
//   - The first release (the released contract, openapi/released/openapi.yaml, was never published:
//     packages/sdk/CHANGELOG.md has no section for its version): one line per operation group (the
//     contract's tags, in order), naming each operation.
//   - A later release: the changes since the released contract, exactly as the breaking-change gate
//     computes them (`contractChanges` of scripts/contract-gate.mjs), as sentences per operation:
//     breaking first, then additions, then other changes; changes of descriptions, summaries and
//     examples only are folded into one closed list.
//
// `node scripts/docs/changelog.mjs [--out FILE] [--baseline FILE] [--since-baseline]` writes the page on
// its own (`--since-baseline`: list the changes even when the baseline was never published);
// `npm run docs` writes it beside index.html (scripts/docs/build.mjs).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BASELINE, contractChanges } from '../contract-gate.mjs';
import { pendingChangesets, readBundledContract, SDK_PACKAGE } from '../lib/contract-diff.mjs';
import { bundledContract, root } from '../lib/contract-source.mjs';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/**
 * A schema as a reader names it: its `$ref`s' names (`ErrorDescription`, also inside `allOf`), else
 * its type, else "a schema"; a plain value as JSON (cut at 60 characters).
 * @param {unknown} value
 */
function nameOf(value) {
  if (value === undefined) return 'nothing';
  if (value === null || typeof value !== 'object' || (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object'))) {
    const text = JSON.stringify(value);
    return text.length > 60 ? `${text.slice(0, 57)}…` : text;
  }
  const names = new Set();
  const visit = (/** @type {any} */ node, depth = 0) => {
    if (!node || typeof node !== 'object' || depth > 3) return;
    if (typeof node.$ref === 'string') names.add(`\`${node.$ref.split('/').at(-1)}\``);
    for (const key of ['allOf', 'oneOf', 'anyOf']) if (Array.isArray(node[key])) for (const child of node[key]) visit(child, depth + 1);
  };
  visit(value);
  if (names.size) return `schema ${[...names].join(' + ')}`;
  const type = /** @type {any} */ (value).type;
  if (type !== undefined) return `a schema of type ${Array.isArray(type) ? type.join(' or ') : type}`;
  return Array.isArray(value) ? `a list of ${value.length} schemas` : 'a schema';
}

/**
 * The gate's change for a reader: where it names a whole schema (an `allOf`/`oneOf`/`anyOf` member, a
 * response's schema), the schema's name instead of its JSON.
 * @param {import('../lib/contract-diff.mjs').ContractChange} change
 */
function readable(change) {
  const { path = [], action, before, after } = change;
  const last = path.at(-1);
  const parent = path.at(-2);
  const isObject = (/** @type {unknown} */ v) => v !== null && typeof v === 'object' && !(Array.isArray(v) && v.every((item) => item === null || typeof item !== 'object'));
  if (!isObject(before) && !isObject(after)) return change.summary;
  if (['allOf', 'oneOf', 'anyOf'].includes(String(parent))) {
    const member = `a member of \`${parent}\``;
    return action === 'add' ? `${member} added: ${nameOf(after)}` : action === 'remove' ? `${member} removed: ${nameOf(before)}` : `${member} changed: ${nameOf(before)} → ${nameOf(after)}`;
  }
  if (/^field `/.test(change.summary) || / parameter /.test(` ${change.summary}`) || /^operation /.test(change.summary)) return change.summary;
  const what = `\`${String(last)}\``;
  return action === 'add' ? `${what} added: ${nameOf(after)}` : action === 'remove' ? `${what} removed (was ${nameOf(before)})` : `${what} changed: ${nameOf(before)} → ${nameOf(after)}`;
}

/**
 * One change as the changelog lists it: `summary` is the gate's text; `text` the same change for a
 * reader (schemas named, not printed).
 * @typedef {{ group: 'breaking' | 'added' | 'changed' | 'documentation', operation: string, location: string, summary: string, reason: string, text: string }} ChangelogEntry
 */
/**
 * One line of the changelog per change of the gate's result, deduplicated as the gate prints them
 * (a shared component changed once shows at each place that uses it, once per place). Groups:
 * `breaking` (what the gate counts as breaking), `added` (non-breaking additions), `documentation`
 * (descriptions, summaries, examples: api-smart-diff's `annotation` changes) and `changed` (the rest).
 * @param {{ breaking: any[], nonBreaking: any[] }} result `contractChanges()`
 * @returns {ChangelogEntry[]} sorted by group, then by operation in the contract's order of first appearance
 */
export function changelogEntries(result) {
  /** @type {ChangelogEntry[]} */
  const entries = [];
  const seen = new Set();
  /**
   * @param {ChangelogEntry['group']} group
   * @param {import('../lib/contract-diff.mjs').ContractChange} change
   */
  const push = (group, change) => {
    const key = `${group}\u0000${change.location}\u0000${change.summary}`;
    if (seen.has(key)) return;
    seen.add(key);
    entries.push({ group, operation: change.location.split(' · ')[0] ?? change.location, location: change.location, summary: change.summary, reason: change.reason, text: readable(change) });
  };
  for (const change of result.breaking) push('breaking', change);
  for (const change of result.nonBreaking) push(change.type === 'annotation' ? 'documentation' : change.action === 'add' && change.type === 'non-breaking' ? 'added' : 'changed', change);
  const order = { breaking: 0, added: 1, changed: 2, documentation: 3 };
  const firstSeen = new Map();
  for (const entry of entries) if (!firstSeen.has(entry.operation)) firstSeen.set(entry.operation, firstSeen.size);
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => order[a.entry.group] - order[b.entry.group] || firstSeen.get(a.entry.operation) - firstSeen.get(b.entry.operation) || a.index - b.index)
    .map(({ entry }) => entry);
}

/** @param {unknown} text */
function html(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Inline code: text between backticks as `<code>`, the rest escaped.
 * @param {unknown} text
 */
function prose(text) {
  return String(text)
    .split('`')
    .map((part, index) => (index % 2 ? `<code>${html(part)}</code>` : html(part)))
    .join('');
}

/**
 * The operations of a contract by `METHOD path`: operationId and summary (webhooks as `POST webhook:<name>`).
 * @param {any} doc
 * @returns {Map<string, { operationId: string, summary: string, tag: string }>}
 */
function operationIndex(doc) {
  const index = new Map();
  const add = (/** @type {string} */ key, /** @type {any} */ op) => index.set(key, { operationId: op.operationId ?? key, summary: op.summary ?? '', tag: op.tags?.[0] ?? 'Other' });
  for (const [path, item] of Object.entries(doc?.paths ?? {})) for (const method of METHODS) if (item?.[method]) add(`${method.toUpperCase()} ${path}`, item[method]);
  for (const [name, item] of Object.entries(doc?.webhooks ?? {})) for (const method of METHODS) if (item?.[method]) add(`${method.toUpperCase()} webhook:${name}`, item[method]);
  return index;
}

/**
 * One change as a sentence: where in the operation (`response 200 · [].color` → "In the 200
 * response, at `[].color`"), what changed, and for a breaking change why it breaks.
 * @param {ReturnType<typeof changelogEntries>[number]} entry
 */
function sentence(entry) {
  const places = entry.location.split(' · ').slice(1);
  const where = places
    .map((place) => {
      const response = /^response (\S+)$/.exec(place);
      if (response) return `the ${response[1]} response`;
      if (place === 'request body') return 'the request body';
      const parameter = /^(path|query|header|cookie) parameter `(.+)`$/.exec(place);
      if (parameter) return `the ${parameter[1]} parameter \`${parameter[2]}\``;
      return `\`${place}\``;
    })
    .join(', at ');
  const what = entry.text.charAt(0).toUpperCase() + entry.text.slice(1);
  const why = entry.group === 'breaking' && entry.reason && entry.reason !== 'breaking' ? ` (${entry.reason})` : '';
  return `${where ? `In ${where}: ` : ''}${what}${why}.`;
}

const TITLES = {
  breaking: 'Breaking changes',
  added: 'Added',
  changed: 'Changed',
};

/**
 * The changelog page of a release that follows a published one: per group, per operation, its
 * changes as sentences (`data-group`, `data-location` and `data-summary` on each item hold the gate's
 * text); description-only changes in one closed list.
 * @param {ReturnType<typeof changelogEntries>} entries
 * @param {{ release: string, baseline: string, baselineVersion: string, operations: ReturnType<typeof operationIndex> }} meta
 */
function renderChanges(entries, meta) {
  const count = (/** @type {string} */ group) => entries.filter((entry) => entry.group === group).length;
  const item = (/** @type {ReturnType<typeof changelogEntries>[number]} */ entry) =>
    `<li class="change" data-group="${entry.group}" data-location="${html(entry.location)}" data-summary="${html(entry.summary)}">${prose(sentence(entry))}</li>`;
  const byOperation = (/** @type {ReturnType<typeof changelogEntries>} */ list) => {
    const groups = new Map();
    for (const entry of list) groups.set(entry.operation, [...(groups.get(entry.operation) ?? []), entry]);
    return [...groups].map(([operation, items]) => {
      const known = meta.operations.get(operation);
      const title = known ? `<code>${html(known.operationId)}</code> — ${html(known.summary)} <small>(${html(operation)})</small>` : `<code>${html(operation)}</code>`;
      return `<h3>${title}</h3>\n<ul>\n${items.map(item).join('\n')}\n</ul>`;
    });
  };
  const sections = [];
  for (const group of /** @type {const} */ (['breaking', 'added', 'changed'])) {
    const list = entries.filter((entry) => entry.group === group);
    if (list.length) sections.push(`<section id="${group}"><h2>${TITLES[group]} (${list.length})</h2>\n${byOperation(list).join('\n')}\n</section>`);
  }
  const docs = entries.filter((entry) => entry.group === 'documentation');
  if (docs.length)
    sections.push(
      `<section id="documentation"><details><summary>Descriptions, summaries and examples changed in ${docs.length} place(s) of ${new Set(docs.map((d) => d.operation)).size} operation(s): nothing changes for a caller</summary>\n${byOperation(docs).join('\n')}\n</details></section>`,
    );
  return {
    title: `${meta.release}: changes since ${meta.baselineVersion}`,
    body: `<p>The contract (<code>openapi/openapi.yaml</code>) compared with release ${html(meta.baselineVersion)} (<code>${html(meta.baseline)}</code>)
by the breaking-change gate (<code>npm run contract:gate</code>): <strong>${count('breaking')}</strong> breaking,
<strong>${count('added')}</strong> added, <strong>${count('changed')}</strong> changed, <strong>${count('documentation')}</strong> in the documentation only.</p>
${sections.length ? sections.join('\n') : '<p>No change.</p>'}`,
  };
}

/**
 * The changelog page of the first release: one line per operation group (tag), naming its operations.
 * @param {any} doc the contract
 * @param {{ release: string }} meta
 */
function renderFirstRelease(doc, meta) {
  const operations = operationIndex(doc);
  const webhooks = [...operations.keys()].filter((key) => key.includes(' webhook:')).length;
  /** @type {Map<string, { operationId: string, summary: string }[]>} */
  const byTag = new Map((doc.tags ?? []).map((/** @type {{ name: string }} */ tag) => [tag.name, []]));
  for (const op of operations.values()) byTag.set(op.tag, [...(byTag.get(op.tag) ?? []), op]);
  const lines = [...byTag]
    .filter(([, ops]) => ops.length)
    .map(
      ([tag, ops]) =>
        `<li class="group" data-tag="${html(tag)}" data-operations="${html(ops.map((op) => op.operationId).join(' '))}"><strong>${html(tag)}</strong> (${ops.length}): ` +
        ops.map((op) => `${html(op.summary || op.operationId)} (<code>${html(op.operationId)}</code>)`).join(', ') +
        '.</li>',
    );
  return {
    title: `${meta.release}: the first release`,
    body: `<p>The first release of the contract and of <code>${SDK_PACKAGE}</code>: ${webhooks ? `${operations.size - webhooks} operations and ${webhooks} webhook event(s)` : `${operations.size} operations`} in ${lines.length} groups.</p>\n<ul>\n${lines.join('\n')}\n</ul>`,
  };
}

/**
 * The release being prepared: the SDK's version bumped by the pending changesets (`.changeset/`), the
 * way `changeset version` bumps it; without a pending changeset, "Unreleased".
 * @param {string} [changesetDir]
 */
export function nextRelease(changesetDir = join(root, '.changeset')) {
  const current = JSON.parse(readFileSync(join(root, 'packages/sdk/package.json'), 'utf8')).version;
  const rank = { patch: 1, minor: 2, major: 3 };
  let bump = 0;
  for (const { releases } of pendingChangesets(changesetDir)) bump = Math.max(bump, rank[/** @type {keyof typeof rank} */ (releases?.[SDK_PACKAGE])] ?? 0);
  if (!bump) return 'Unreleased';
  const [major = 0, minor = 0, patch = 0] = String(current).split('.').map(Number);
  const next = bump === 3 ? `${major + 1}.0.0` : bump === 2 ? `${major}.${minor + 1}.0` : `${major}.${minor}.${patch + 1}`;
  return `${SDK_PACKAGE} ${next} (unreleased)`;
}

/**
 * Whether the released contract's version was published: `changeset version` writes a section for
 * each version it releases into packages/sdk/CHANGELOG.md.
 * @param {string} version
 * @param {string} [changelogFile]
 */
export function wasPublished(version, changelogFile = join(root, 'packages/sdk/CHANGELOG.md')) {
  if (!existsSync(changelogFile)) return false;
  return readFileSync(changelogFile, 'utf8')
    .split('\n')
    .some((line) => line.trim() === `## ${version}`);
}

/**
 * The changelog as one self-contained HTML page (no script, no external resource).
 * @param {{ baseline?: string, current?: any, sinceBaseline?: boolean, release?: string }} [options]
 *   `baseline`: the released contract's file (default openapi/released/openapi.yaml); `current`: the
 *   bundled contract (default: bundled now); `sinceBaseline`: list the changes even when the baseline
 *   was never published; `release`: the heading (default {@link nextRelease}).
 * @returns {{ page: string, entries: ReturnType<typeof changelogEntries>, firstRelease: boolean }}
 * @throws {Error} when the gate cannot compare the contracts (e.g. no released contract)
 */
export function buildChangelog({ baseline = BASELINE, current, sinceBaseline = false, release = nextRelease() } = {}) {
  const doc = current ?? bundledContract();
  if (!existsSync(baseline)) throw new Error(`no released contract at ${baseline}: write it with \`npm run contract:baseline\` (done by \`npm run version-packages\`).`);
  const released = readBundledContract(baseline);
  const baselineVersion = String(released?.info?.version ?? 'the released contract');
  const firstRelease = !sinceBaseline && !wasPublished(baselineVersion);
  const entries = firstRelease ? [] : changelogEntries(contractChanges({ baseline, current: doc }));
  const { title, body } = firstRelease
    ? renderFirstRelease(doc, { release })
    : renderChanges(entries, { release, baseline: relative(process.cwd(), baseline) || baseline, baselineVersion, operations: new Map([...operationIndex(released), ...operationIndex(doc)]) });
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Changelog: ${html(title)}</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 70rem; padding: 0 1rem; color: #222; }
code { font-size: 0.9em; background: #f3f3f3; padding: 0 0.2em; border-radius: 3px; }
summary { cursor: pointer; margin: 0.3rem 0; }
h3 { font-size: 1rem; margin: 1rem 0 0.2rem; }
li { margin: 0.15rem 0; word-break: break-word; }
#breaking h2 { color: #b00020; }
</style>
</head>
<body>
<p><a href="index.html">← API reference</a></p>
<h1>Changelog</h1>
<h2 class="release">${html(title)}</h2>
${body}
</body>
</html>
`;
  return { page, entries, firstRelease };
}

/**
 * Builds the changelog ({@link buildChangelog}) and writes it to `out` (through a temporary file).
 * @param {{ out: string, baseline?: string, current?: any, sinceBaseline?: boolean, release?: string }} options
 * @returns {{ entries: ReturnType<typeof changelogEntries>, firstRelease: boolean, out: string }}
 * @throws {Error} when the gate cannot compare the contracts (e.g. no released contract)
 */
export function writeChangelog({ out, ...options }) {
  const { page, entries, firstRelease } = buildChangelog(options);
  mkdirSync(dirname(out), { recursive: true });
  const temporary = `${out}.${process.pid}.tmp`;
  writeFileSync(temporary, page);
  renameSync(temporary, out);
  return { entries, firstRelease, out };
}

if (import.meta.main ?? resolve(process.argv[1] ?? '') === resolve(new URL(import.meta.url).pathname)) {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'build/docs/changelog.html' }, baseline: { type: 'string' }, 'since-baseline': { type: 'boolean', default: false } } });
  try {
    const { entries, firstRelease, out } = writeChangelog({ out: resolve(values.out), baseline: values.baseline && resolve(values.baseline), sinceBaseline: values['since-baseline'] });
    console.log(`changelog: ${firstRelease ? 'the first release, one line per operation group' : `${entries.length} changes`} → ${out}`);
  } catch (error) {
    console.error(`changelog: ${error.message}`);
    process.exitCode = 1;
  }
}
