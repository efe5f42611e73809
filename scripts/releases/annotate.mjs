#!/usr/bin/env node
// Annotates the contract with the releases that have each element, from scripts/releases/data/releases.json
// (scripts/releases/README.md, "annotate.mjs"). Re-runnable: it rewrites only the `x-since` / `x-until` lines
// it owns and the `required` lists of the schemas it maps, and a second run changes nothing.
//
//   node scripts/releases/annotate.mjs            # writes openapi/paths/*.yaml and openapi/components/schemas/*.yaml
//   node scripts/releases/annotate.mjs --check    # exits 1 and lists the files that would change
//
// The rule (openapi/README.md, "Releases"): the window is every release from the first to the last of
// releases.json (2.10.0 .. 2.19.16). An element without `x-since` exists in every release of the window;
// `x-since: "X.Y.Z"` is the first release from which every later release of the window has it, and
// `x-until: "X.Y.Z"` the last release that has it. A response schema requires only what every release of
// the window sends: a property with `x-since` or `x-until` is never in `required`. Those the schema
// required before are listed in its `x-release-required`: required in every release that has them (the SDK
// checks them when it knows the server's release, `createClient({ serverVersion })`).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { isVariant } from '../../openapi/plugins/supportkb.js';
import { compareVersions } from './extract.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCHEMAS = join(ROOT, 'openapi/components/schemas');
const DATA = join(ROOT, 'scripts/releases/data/releases.json');

/**
 * Contract schema → the server's model behind it (a Mongoose model name of releases.json) and, for an
 * embedded schema, the dotted path of the sub-document inside that model. Every property of the schema
 * whose name is a field of the model (at that path) takes the field's releases; the others (`_id`, `__v`,
 * the virtual `id`, computed fields) exist in every release.
 * @type {Record<string, { model: string, path?: string }>}
 */
export const SCHEMA_MODELS = {
  Teammate: { model: 'project_user' },
  TeammateUpserted: { model: 'project_user' },
  TeammateTag: { model: 'schema:models/tag.js' },
  Group: { model: 'group' },
  GroupUpserted: { model: 'group' },
  Lead: { model: 'lead' },
  LeadUpserted: { model: 'lead' },
  Tag: { model: 'tag' },
  TagUpserted: { model: 'tag' },
  Segment: { model: 'segment' },
  SegmentUpserted: { model: 'segment' },
  Message: { model: 'message' },
  Conversation: { model: 'request' },
  KnowledgeBase: { model: 'Namespace' },
  KnowledgeBaseUpserted: { model: 'Namespace' },
  KnowledgeBaseEngine: { model: 'Engine' },
  KnowledgeBaseEmbedding: { model: 'Namespace', path: 'embedding' },
  Content: { model: 'KB' },
  LabelDocument: { model: 'label' },
  Subscription: { model: 'subscription' },
  User: { model: 'user' },
  AuthUser: { model: 'user' },
};

/**
 * The releases of one element of releases.json (`{since, until?, absentIn?}`), as the contract states them:
 * `since` is the first release from which every later release of the window has it (after its last gap),
 * `until` the last release that has it; each only when it differs from the window's ends (and from the
 * `since` of the element that contains it, `within`).
 * @param {{ since: string, until?: string, absentIn?: { since: string, until: string }[] }} entry
 * @param {string[]} releases the window, in semver order
 * @param {string} [within] the `since` of the containing element
 * @returns {{ since?: string, until?: string }}
 */
export function releasesOf(entry, releases, within = releases[0]) {
  let since = entry.since;
  for (const gap of entry.absentIn ?? []) {
    const next = releases[releases.indexOf(gap.until) + 1];
    if (next && compareVersions(next, since) > 0) since = next;
  }
  /** @type {{ since?: string, until?: string }} */
  const out = {};
  if (within === undefined || compareVersions(since, within) > 0) out.since = since;
  if (entry.until && entry.until !== releases.at(-1)) out.until = entry.until;
  return out;
}

/**
 * A schema file's document, with the properties it states: its own, or for a variant written as `allOf`
 * of one schema file plus `required` (`Lead`: `allOf: [$ref: ./LeadUpserted.yaml]`, flattened when
 * bundling by openapi/plugins/supportkb.js) those of the schema it refers to. A variant's own file then
 * gets only its `required` / `x-release-required` rewritten; the `x-since` lines live on the properties.
 * @param {any} doc
 * @returns {any}
 */
function propertiesOf(doc) {
  if (!isVariant(doc)) return doc;
  return { ...doc, properties: parse(readFileSync(join(SCHEMAS, doc.allOf[0].$ref), 'utf8')).properties };
}

/**
 * What the data says about every mapped schema: property → `{since?, until?}` (only the annotated ones).
 * @param {any} data releases.json
 * @returns {Record<string, Record<string, { since?: string, until?: string }>>}
 */
export function schemaAnnotations(data) {
  /** @type {Record<string, Record<string, { since?: string, until?: string }>>} */
  const out = {};
  for (const [schema, { model, path }] of Object.entries(SCHEMA_MODELS)) {
    const fields = data.models[model]?.fields;
    if (!fields) throw new Error(`releases.json has no model ${model} (for ${schema})`);
    const file = join(SCHEMAS, `${schema}.yaml`);
    const doc = propertiesOf(parse(readFileSync(file, 'utf8')));
    const within = path ? releasesOf(fields[path], data.releases).since : undefined;
    out[schema] = {};
    for (const name of Object.keys(doc.properties ?? {})) {
      const field = fields[path ? `${path}.${name}` : name];
      if (!field) continue;
      const r = releasesOf(field, data.releases, within ?? data.releases[0]);
      if (r.since || r.until) out[schema][name] = r;
    }
  }
  return out;
}

/**
 * What the data says about every operation: operationId → `{since?, until?}` (only the annotated ones).
 * @param {any} data releases.json
 */
export function operationAnnotations(data) {
  /** @type {Record<string, { since?: string, until?: string }>} */
  const out = {};
  for (const [id, op] of Object.entries(data.operations)) {
    const r = releasesOf(op, data.releases);
    if (r.since || r.until) out[id] = r;
  }
  return out;
}

/** A line `x-since: 'X.Y.Z'` / `x-until: …` at `indent`. @param {string} indent @param {{since?: string, until?: string}} r */
const annotationLines = (indent, r) => [...(r.since ? [`${indent}x-since: '${r.since}'`] : []), ...(r.until ? [`${indent}x-until: '${r.until}'`] : [])];

/**
 * Rewrites one schema file's text: each top-level property's own `x-since`/`x-until` lines (right after its
 * key), and `required` without the annotated properties, which go to `x-release-required` (right after it):
 * required in every release that has them.
 * @param {string} text
 * @param {Record<string, { since?: string, until?: string }>} props
 */
export function annotateSchemaText(text, props) {
  const lines = text.split('\n');
  /** @type {string[]} */
  const out = [];
  let inProperties = false;
  /** @type {string | null} */
  let current = null;
  for (const line of lines) {
    if (/^\S/.test(line)) {
      inProperties = line.startsWith('properties:');
      current = null;
    }
    if (inProperties && current !== null && /^ {4}x-(since|until): /.test(line)) continue; // ours: rewritten below
    out.push(line);
    const key = inProperties ? /^ {2}([A-Za-z_$][\w$]*):\s*$/.exec(line) : null;
    if (key) {
      current = key[1] ?? null;
      const r = current ? props[current] : undefined;
      if (r) out.push(...annotationLines('    ', r));
    } else if (inProperties && /^ {2}\S/.test(line)) current = null;
  }
  const annotated = new Set(Object.keys(props));
  /** @param {string} list */
  const names = (list) =>
    list
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
  // `x-release-required`: the annotated properties the schema requires in every release that has them.
  const existing = /^x-release-required: \[([^\]]*)\]$/m.exec(out.join('\n'));
  const releaseRequired = new Set(existing ? names(existing[1] ?? '').filter((name) => annotated.has(name)) : []);
  const order = Object.keys(props);
  const result = out
    .filter((line) => !line.startsWith('x-release-required: '))
    .flatMap((line) => {
      const required = /^required: \[([^\]]*)\]$/.exec(line);
      if (!required) return [line];
      const all = names(required[1] ?? '');
      for (const name of all) if (annotated.has(name)) releaseRequired.add(name);
      const kept = all.filter((name) => !annotated.has(name));
      const inOrder = [...releaseRequired].sort((a, b) => order.indexOf(a) - order.indexOf(b));
      return [`required: [${kept.join(', ')}]`, ...(inOrder.length ? [`x-release-required: [${inOrder.join(', ')}]`] : [])];
    });
  return result.join('\n');
}

/**
 * Rewrites one path file's text: `x-since`/`x-until` of each operation, right after its `operationId`.
 * @param {string} text
 * @param {Record<string, { since?: string, until?: string }>} ops
 */
export function annotatePathText(text, ops) {
  const out = [];
  /** @type {string | null} */
  let indent = null;
  for (const line of text.split('\n')) {
    const m = /^(\s+)operationId:\s*(\S+)\s*$/.exec(line);
    if (indent !== null && new RegExp(`^${indent}x-(since|until): `).test(line)) continue;
    if (indent !== null && !line.startsWith(indent)) indent = null;
    out.push(line);
    if (m) {
      const [, at = '', id = ''] = m;
      indent = at;
      const r = ops[id];
      if (r) out.push(...annotationLines(at, r));
    }
  }
  return out.join('\n');
}

/**
 * Every file the annotations touch, with its current and annotated text.
 * @param {any} data releases.json
 * @returns {{ file: string, before: string, after: string }[]}
 */
export function plan(data) {
  const files = [];
  for (const [schema, props] of Object.entries(schemaAnnotations(data))) {
    const file = join(SCHEMAS, `${schema}.yaml`);
    const before = readFileSync(file, 'utf8');
    files.push({ file, before, after: annotateSchemaText(before, props) });
  }
  const ops = operationAnnotations(data);
  const root = parse(readFileSync(join(ROOT, 'openapi/openapi.yaml'), 'utf8'));
  for (const ref of new Set(Object.values(root.paths).map((/** @type {any} */ p) => p.$ref))) {
    const file = join(ROOT, 'openapi', ref);
    const before = readFileSync(file, 'utf8');
    files.push({ file, before, after: annotatePathText(before, ops) });
  }
  return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const data = JSON.parse(readFileSync(DATA, 'utf8'));
  const changed = plan(data).filter((f) => f.before !== f.after);
  if (process.argv.includes('--check')) {
    for (const f of changed) console.error(`not annotated as releases.json says: ${f.file}`);
    process.exit(changed.length ? 1 : 0);
  }
  for (const f of changed) writeFileSync(f.file, f.after);
  console.log(`annotate: ${changed.length} file(s) rewritten`);
}
