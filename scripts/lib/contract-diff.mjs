// Breaking-change classification of two bundled OpenAPI 3.1 contracts, for scripts/contract-gate.mjs.
//
// The comparison itself is api-smart-diff's (`apiCompare`): it walks paths, parameters, request and
// response bodies with every $ref resolved and classifies each change as breaking or not, in the
// direction of the data (a narrower request breaks callers, a wider response breaks readers). This
// module adds what the SDK's users need on top of it:
//   * `webhooks` (OpenAPI 3.1), which api-smart-diff does not read, become pseudo-operations whose
//     delivery body is compared like a response (the SDK user receives it), so removing a webhook or
//     a field of its body is caught;
//   * a field or an enum value removed from a response is breaking: the generated types lose it and
//     code reading it stops compiling (api-smart-diff calls both "non-breaking" for a reader); so is a
//     field removed from a request body (object literals that send it fail TypeScript's excess
//     property check, although an open JSON schema still accepts them);
//   * OpenAPI 3.1 type lists (`type: [string, 'null']`) are compared as sets: widening a request type
//     is fine, widening a response type (e.g. adding `null`) breaks readers, and vice versa;
//   * what only the SDK's names see: a changed operationId (function and type names), a changed tag
//     (the resource of `createClient()`), a renamed parameter (SDK calls name them) and a removed or
//     renamed schema of `components.schemas` (an exported type) are breaking;
//   * otherwise only changes under `paths` count (changes in `components` are reported once per use
//     site).
// apiCompare mutates its inputs, so both documents are cloned first.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiCompare } from 'api-smart-diff';
import { parse } from 'yaml';

/**
 * A change between two contracts, as the gate classifies it: where (`GET /{project_id}/tags ·
 * response 200 · [].color`), what (`field \`color\` removed`), api-smart-diff's own classification
 * (`type`) and why the project's verdict is what it is (`reason`).
 * @typedef {{ location: string, summary: string, path: string[], action: 'add' | 'remove' | 'replace' | 'rename', type: 'breaking' | 'non-breaking' | 'annotation' | 'unclassified' | 'deprecated', description: string, reason: string, before?: unknown, after?: unknown }} ContractChange
 */

export const SDK_PACKAGE = /** @type {const} */ ('@supportkb/sdk');
const WEBHOOK_PREFIX = 'webhook:';
const PARAMETER_REF = '#/components/parameters/';
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/**
 * Reads a bundled YAML or JSON contract as it is, `$ref`s included: api-smart-diff resolves them
 * itself and reports a change of a component once per use site (a dereferenced document would be
 * compared about five times slower).
 * @param {string} file
 * @returns {any}
 */
export function readBundledContract(file) {
  return parse(readFileSync(file, 'utf8'));
}

/**
 * Copies `webhooks` into `paths` as pseudo-operations whose delivery body is a 200 response.
 * @param {any} doc
 * @returns {any}
 */
function webhooksAsOperations(doc) {
  const out = { ...doc, paths: { ...doc.paths } };
  for (const [name, item] of Object.entries(out.webhooks ?? {})) {
    /** @type {Record<string, unknown>} */
    const pseudo = {};
    for (const [method, op] of Object.entries(item ?? {})) {
      if (!METHODS.has(method) || !op || typeof op !== 'object') continue;
      /** @type {Record<string, { required: boolean, schema: unknown }>} */
      const headers = {};
      // A shared parameter is a `$ref` into components.parameters (the delivery headers are).
      const resolve = (p) => (p && typeof p.$ref === 'string' && p.$ref.startsWith(PARAMETER_REF) ? doc.components?.parameters?.[p.$ref.slice(PARAMETER_REF.length)] : p);
      for (const p of (op.parameters ?? []).map(resolve)) if (p && p.in === 'header') headers[p.name] = { required: !!p.required, schema: p.schema };
      pseudo[method] = {
        operationId: op.operationId,
        responses: {
          200: {
            description: 'delivery',
            ...(Object.keys(headers).length ? { headers } : {}),
            ...(op.requestBody?.content ? { content: op.requestBody.content } : {}),
          },
        },
      };
    }
    out.paths[`${WEBHOOK_PREFIX}${name}`] = pseudo;
  }
  delete out.webhooks;
  return out;
}

/** @type {WeakMap<object, Map<string, { text: string, refs: string[] }>>} */
const targetsByDoc = new WeakMap();

/**
 * The local `$ref`s written in `node` itself (not following them).
 * @param {unknown} node
 * @param {string[]} [into]
 */
function directRefs(node, into = []) {
  if (Array.isArray(node)) for (const child of node) directRefs(child, into);
  else if (node && typeof node === 'object')
    for (const [key, child] of Object.entries(node)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith('#/')) into.push(child);
      else directRefs(child, into);
    }
  return into;
}

/**
 * The local `$ref`s reachable from `node` (through the components they point at), each with the JSON
 * text of its target. Each target is read once per document.
 * @param {any} doc
 * @param {unknown} node
 * @returns {Map<string, string>}
 */
function referenced(doc, node) {
  let targets = targetsByDoc.get(doc);
  if (!targets) targetsByDoc.set(doc, (targets = new Map()));
  /** @type {Map<string, string>} */
  const seen = new Map();
  const queue = directRefs(node);
  while (queue.length) {
    const ref = /** @type {string} */ (queue.pop());
    if (seen.has(ref)) continue;
    let entry = targets.get(ref);
    if (!entry) {
      const target = ref
        .slice(2)
        .split('/')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce((/** @type {any} */ at, part) => (at && typeof at === 'object' ? at[part] : undefined), doc);
      entry = { text: JSON.stringify(target) ?? 'undefined', refs: directRefs(target) };
      targets.set(ref, entry);
    }
    seen.set(ref, entry.text);
    queue.push(...entry.refs);
  }
  return seen;
}

/**
 * What a path item's meaning depends on besides its own text: its references and their targets.
 * @param {any} doc
 * @param {unknown} node
 */
const referencedText = (doc, node) => JSON.stringify([...referenced(doc, node)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * `doc` with only the components its paths reach (by `#/components/...` references).
 * @param {any} doc
 */
function withReachableComponents(doc) {
  /** @type {Record<string, Record<string, unknown>>} */
  const components = {};
  for (const ref of referenced(doc, doc.paths).keys()) {
    // `#/components/<section>/<name>` (or a place inside it): the whole component is kept.
    const [top, section, first] = ref.slice(2).split('/');
    if (top !== 'components' || section === undefined || first === undefined) continue;
    const name = first.replace(/~1/g, '/').replace(/~0/g, '~');
    (components[section] ??= {})[name] = doc.components?.[section]?.[name];
  }
  return { ...doc, components };
}

/**
 * Both documents without the path items that are the same in both (their text and everything their
 * `$ref`s reach alike), and without the components no remaining path reaches: the comparison of an
 * identical subtree finds nothing, only changes under `paths` count (the removed schemas are counted
 * apart), and api-smart-diff spends seconds on a full comparison of this contract (the gate's tests
 * make dozens, each of an edit of one place).
 * @param {any} before
 * @param {any} after
 * @returns {[any, any]}
 */
function withoutUnchangedPaths(before, after) {
  const a = { ...before, paths: { ...before.paths } };
  const b = { ...after, paths: { ...after.paths } };
  for (const [path, item] of Object.entries(before.paths ?? {})) {
    if (!(path in b.paths)) continue;
    const other = b.paths[path];
    if (JSON.stringify(item) !== JSON.stringify(other)) continue;
    if (referencedText(before, item) !== referencedText(after, other)) continue;
    delete a.paths[path];
    delete b.paths[path];
  }
  // api-smart-diff writes into the documents it compares: copies, not the caller's.
  return [structuredClone(withReachableComponents(a)), structuredClone(withReachableComponents(b))];
}

/**
 * Whether a diff is about what clients send or what they read.
 * @param {import('api-smart-diff').Diff['path']} path
 * @returns {'request' | 'response' | undefined}
 */
function direction(path) {
  if (path.includes('responses')) return 'response';
  if (path.includes('requestBody') || path.includes('parameters')) return 'request';
  return undefined;
}

/**
 * Whether `types` allow `t` (`integer` is a subset of `number`).
 * @param {string[]} types
 * @param {string} t
 */
function covers(types, t) {
  return types.includes(t) || (t === 'integer' && types.includes('number'));
}

/**
 * A schema's `type` as a list (undefined when it is neither a string nor strings).
 * @param {unknown} value
 * @returns {string[] | undefined}
 */
function typeList(value) {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value;
  return undefined;
}

/**
 * The project's verdict on one api-smart-diff change: [breaking, reason].
 * @param {import('api-smart-diff').Diff} diff
 * @returns {[boolean, string]}
 */
function verdict(diff) {
  const { path, action } = diff;
  const dir = direction(path);
  const last = path.at(-1);
  const parent = path.at(-2);
  if (dir === 'response' && action === 'remove' && parent === 'properties') {
    return [true, 'field removed from a response: the SDK type loses it'];
  }
  if (dir === 'request' && action === 'remove' && parent === 'properties') {
    return [true, 'field removed from a request: SDK calls that send it stop compiling'];
  }
  if (path.length === 4 && METHODS.has(String(path[2])) && last === 'operationId' && action !== 'add') {
    return [true, 'operationId changed: the SDK function and its types are named after it'];
  }
  if (path.length === 5 && METHODS.has(String(path[2])) && parent === 'tags' && action !== 'add') {
    return [true, "tag changed: the operation moves to another resource of the SDK's client"];
  }
  if (dir === 'request' && action === 'replace' && last === 'name' && path.at(-3) === 'parameters') {
    return [true, 'parameter renamed: SDK calls name their parameters'];
  }
  if (dir === 'response' && action === 'remove' && parent === 'enum') {
    return [true, 'enum value removed from a response: the SDK type loses it'];
  }
  if (dir && action === 'replace' && last === 'type' && parent !== 'properties') {
    const before = typeList(diff.before);
    const after = typeList(diff.after);
    if (before && after) {
      const narrowed = before.some((t) => !covers(after, t));
      const widened = after.some((t) => !covers(before, t));
      if (dir === 'request') return [narrowed, narrowed ? 'request type narrowed' : 'request type widened'];
      return [widened, widened ? 'response type widened: readers get values the SDK type did not allow' : 'response type narrowed'];
    }
  }
  return [diff.type === 'breaking', diff.type];
}

/**
 * Names the parameter a diff is about, from api-smart-diff's merged document (its indexes are the merged list's).
 * @param {any} merged
 * @param {import('api-smart-diff').Diff['path']} path
 * @returns {string | undefined}
 */
function parameterName(merged, path) {
  const item = merged?.paths?.[String(path[1])];
  const list = METHODS.has(String(path[2])) ? item?.[String(path[2])]?.parameters : item?.parameters;
  const index = path[path.indexOf('parameters') + 1];
  const param = index === undefined ? undefined : list?.[index];
  if (param && '$ref' in param) throw new Error(`api-smart-diff left a $ref in its merged document at ${path.join('/')}`);
  return param?.name ? `${param.in} parameter \`${param.name}\`` : undefined;
}

/** @param {unknown} v */
const show = (v) => {
  if (v === undefined) return '∅';
  const text = JSON.stringify(v);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
};

/**
 * A short statement of one change, from its path and values (api-smart-diff's own text is generic at repeated sites).
 * @param {import('api-smart-diff').Diff} diff
 * @returns {string}
 */
function summarize(diff) {
  const { path, action, before, after } = diff;
  const last = path.at(-1);
  const parent = path.at(-2);
  if (path.length <= 3 && (action === 'add' || action === 'remove')) return `operation ${action === 'add' ? 'added' : 'removed'}`;
  if (parent === 'properties') return `field \`${last}\` ${action === 'add' ? 'added' : action === 'remove' ? 'removed' : 'changed'}`;
  if (parent === 'enum') return action === 'add' ? `enum value ${show(after)} added` : action === 'remove' ? `enum value ${show(before)} removed` : `enum value ${show(before)} → ${show(after)}`;
  if (parent === 'required') return action === 'add' ? `\`${after}\` became required` : action === 'remove' ? `\`${before}\` no longer required` : `required ${show(before)} → ${show(after)}`;
  if (last === 'required' && typeof (after ?? before) === 'boolean') return `required ${show(before)} → ${show(after)}`;
  if (last === 'name' && path.at(-3) === 'parameters' && action === 'replace') return `parameter \`${before}\` renamed \`${after}\``;
  if (last === 'operationId') return `operationId ${show(before)} → ${show(after)}`;
  if (parent === 'parameters') return `${(after ?? before)?.required ? 'required ' : ''}parameter ${action === 'add' ? 'added' : action === 'remove' ? 'removed' : 'changed'}`;
  return `${String(last)} ${action === 'add' ? `added (${show(after)})` : action === 'remove' ? `removed (was ${show(before)})` : `${show(before)} → ${show(after)}`}`;
}

/**
 * Human location of a diff: `GET /{project_id}/tags · response 200 · [].color`.
 * @param {Array<string | number>} path
 * @param {any} [merged]
 * @returns {string}
 */
export function describeLocation(path, merged) {
  if (path[0] !== 'paths' || path.length < 2) return path.join('/');
  const route = String(path[1]);
  const method = path[2];
  const where = route.startsWith(WEBHOOK_PREFIX)
    ? `webhook ${route.slice(WEBHOOK_PREFIX.length)}`
    : method !== undefined && METHODS.has(String(method))
      ? `${String(method).toUpperCase()} ${route}`
      : route;
  const rest = path.slice(METHODS.has(String(method)) ? 3 : 2);
  let part = '';
  if (rest[0] === 'responses') {
    part = route.startsWith(WEBHOOK_PREFIX) ? ' · delivery body' : ` · response ${rest[1]}`;
  } else if (rest[0] === 'requestBody') part = ' · request body';
  else if (rest[0] === 'security') part = ' · security';
  else if (rest[0] === 'parameters') {
    const name = parameterName(merged, path);
    part = name ? ` · ${name}` : '';
  }
  const pointer = [];
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === 'properties' && rest[i + 1] !== undefined) pointer.push(String(rest[++i]));
    else if (rest[i] === 'items') pointer.push('[]');
  }
  return `${where}${part}${pointer.length ? ` · ${pointer.join('.')}` : ''}`;
}

/**
 * Compares two bundled contracts. Returns every change under `paths` (webhooks included) with the
 * project's verdict: `{ breaking: Change[], nonBreaking: Change[] }`, where a Change is
 * `{ location, summary, path, action, type, description, reason, before, after }`.
 * @param {any} before
 * @param {any} after
 * @returns {{ breaking: ContractChange[], nonBreaking: ContractChange[] }}
 */
export function compareContracts(before, after) {
  const { diffs, merged } = apiCompare(...withoutUnchangedPaths(webhooksAsOperations(before), webhooksAsOperations(after)));
  /** @type {ContractChange[]} */
  const breaking = [];
  /** @type {ContractChange[]} */
  const nonBreaking = [];
  // The SDK exports one TypeScript type per schema of `components.schemas`, named after it.
  const kept = new Set(Object.keys(after?.components?.schemas ?? {}));
  for (const name of Object.keys(before?.components?.schemas ?? {})) {
    if (kept.has(name)) continue;
    breaking.push({
      location: `components.schemas.${name}`,
      summary: `schema \`${name}\` removed or renamed`,
      path: ['components', 'schemas', name],
      action: 'remove',
      type: 'breaking',
      description: `[Removed] schema ${name}`,
      reason: `the SDK's exported type \`${name}\` disappears`,
      before: undefined,
      after: undefined,
    });
  }
  for (const diff of diffs) {
    if (diff.path[0] !== 'paths') continue;
    const [isBreaking, reason] = verdict(diff);
    /** @type {ContractChange} */
    const change = {
      location: describeLocation(diff.path, merged),
      summary: summarize(diff),
      path: diff.path.map(String),
      action: diff.action,
      type: diff.type,
      description: diff.description ?? `${diff.action} ${diff.path.join('/')}`,
      reason,
      before: diff.before,
      after: diff.after,
    };
    (isBreaking ? breaking : nonBreaking).push(change);
  }
  return { breaking, nonBreaking };
}

/**
 * The pending changesets of a `.changeset` folder: `[{ file, releases: { [pkg]: bump } }]`. Reads the
 * front matter the way Changesets writes it (`"@supportkb/sdk": major`); README.md is not one.
 * @param {string} dir
 * @returns {Array<{ file: string, releases: Record<string, string> }>}
 */
export function pendingChangesets(dir) {
  let files = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.md') && f.toLowerCase() !== 'readme.md');
  } catch {
    return [];
  }
  return files.sort().map((file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
    const releases = match ? (parse(match[1] ?? '') ?? {}) : {};
    return { file, releases };
  });
}

/**
 * The changeset files that bump `@supportkb/sdk` by major (the gate's override).
 * @param {string} dir
 * @returns {string[]}
 */
export function majorSdkChangesets(dir) {
  return pendingChangesets(dir)
    .filter((c) => c.releases[SDK_PACKAGE] === 'major')
    .map((c) => c.file);
}
