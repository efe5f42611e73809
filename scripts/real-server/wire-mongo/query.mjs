// @ts-nocheck -- BASELINE: 1 type error when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Query semantics of the wire server: mingo's, with the MongoDB behaviours mingo lacks restored
// where the server depends on them ($subtract/$divide with a null operand, $avg without numbers,
// $count on empty input), and $text emulated as a case-insensitive substring match.
import { Aggregator, Context, Lazy, Query, computeValue } from './deps.mjs';
import { getColl } from './store.mjs';
import { isPlainObject } from './values.mjs';

/** MongoDB: arithmetic with a null or missing operand gives null (mingo throws). */
function nullSafe(compute) {
  return (obj, expr, options) => {
    const args = computeValue(obj, expr, null, options);
    if (Array.isArray(args) && args.some((arg) => arg === null || arg === undefined)) return null;
    return compute(args);
  };
}

/** MongoDB: $count on an empty input emits no document (mingo emits `{ name: 0 }`). */
function countStage(collection, field) {
  const n = collection.value().length;
  return Lazy(n ? [{ [field]: n }] : []);
}

/** MongoDB: $avg ignores non-numbers and gives null when there is none (mingo gives 0). */
function averageAccumulator(collection, expr, options) {
  // mingo evaluates an accumulator's expression over the whole group at once: one value per document.
  const values = computeValue(collection, expr, null, options);
  const numbers = (Array.isArray(values) ? values : [values]).filter((v) => typeof v === 'number' && !Number.isNaN(v));
  return numbers.length ? numbers.reduce((a, b) => a + b, 0) / numbers.length : null;
}

function subtract([a, b]) {
  return a instanceof Date && typeof b === 'number' ? new Date(+a - b) : +a - +b;
}

const MONGODB_CONTEXT = Context.init({
  pipeline: { $count: countStage },
  accumulator: { $avg: averageAccumulator },
  expression: { $subtract: nullSafe(subtract), $divide: nullSafe(([a, b]) => a / b) },
});

/** mingo options for database `db` ($lookup and friends read its collections). */
export function queryOptions(db) {
  return {
    idKey: '_id',
    context: MONGODB_CONTEXT,
    useGlobalContext: true,
    useStrictMode: true,
    collectionResolver: (name) => getColl(db, name, false)?.docs ?? [],
  };
}

function textTerms(search) {
  return String(search || '').toLowerCase().split(/\s+/).filter(Boolean).map((term) => term.replace(/^"|"$/g, ''));
}

/** Splits `$text` out of a filter (also inside $and/$or/$nor): `{ filter, terms }`. */
export function splitText(filter) {
  let terms = null;
  const walk = (node) => {
    if (!isPlainObject(node)) return node;
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$text') terms = textTerms(value.$search);
      else out[key] = ['$and', '$or', '$nor'].includes(key) ? value.map(walk) : value;
    }
    return out;
  };
  return { filter: walk(filter || {}), terms };
}

function collectStrings(value, out) {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((item) => collectStrings(item, out));
  else if (isPlainObject(value)) Object.values(value).forEach((item) => collectStrings(item, out));
  return out;
}

function matchesText(doc, terms) {
  const haystack = collectStrings(doc, []).join(' ').toLowerCase();
  return terms.some((term) => haystack.includes(term));
}

/** A predicate for documents of `db` matching a MongoDB filter. */
export function matcher(db, rawFilter) {
  const { filter, terms } = splitText(rawFilter);
  const query = new Query(filter, queryOptions(db));
  return (doc) => query.test(doc) && (!terms?.length || matchesText(doc, terms));
}

/**
 * Documents sorted by a MongoDB sort specification (mingo's comparison of BSON types). The
 * specification was checked first (refusals.mjs: each value a number truncating to 1 or -1, or a
 * `$meta` document, which is dropped here since there is no text score); `$natural` keeps the order.
 */
export function sortDocs(docs, sort) {
  const keys = Object.entries(sort || {}).filter(([key, value]) => typeof value === 'number' && key !== '$natural');
  if (!keys.length) return docs;
  const spec = Object.fromEntries(keys.map(([key, value]) => [key, value < 0 ? -1 : 1]));
  return new Aggregator([{ $sort: spec }], { idKey: '_id' }).run(docs);
}

/** Documents projected by a MongoDB projection; `$meta` fields (text score) are dropped. */
export function project(db, docs, projection) {
  const spec = Object.fromEntries(Object.entries(projection || {}).filter(([, value]) => !(value && typeof value === 'object' && value.$meta)));
  if (!Object.keys(spec).length) return docs;
  return new Aggregator([{ $project: spec }], queryOptions(db)).run(docs);
}
