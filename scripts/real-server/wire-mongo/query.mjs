// @ts-nocheck -- BASELINE: 1 type error when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Query semantics of the wire server: mingo's, with the MongoDB behaviours mingo lacks restored
// where the server depends on them ($subtract/$divide with a null operand, $avg without numbers,
// $count on empty input), and $text evaluated as MongoDB 4.4 evaluates it over the collection's
// text index (words, not substrings; see textMatcher).
import { Aggregator, Context, Lazy, Query, computeValue } from './deps.mjs';
import { MongoError, getColl } from './store.mjs';
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

// --- $text -----------------------------------------------------------------------------------------
// MongoDB 4.4, text index version 3, as the real server creates its text indexes (models/lead.js:
// `{fullname: 'text', email: 'text'}`, and those of requests, messages and FAQs, all with
// `default_language: process.env.DEFAULT_FULLTEXT_INDEX_LANGUAGE || "none"`). With the language
// `none` MongoDB neither stems nor drops stop words: a field's text is split into words at the
// delimiters below, words compare case- and diacritic-insensitively, and `$search` is words (any
// one must be in the document), `-word` (none may be), `"phrase"` (each must be in one field, its
// words count as words), `-"phrase"` (none may be). Limits: another default_language is searched
// the same way (no stemming, no stop words), a document's language_override field is ignored, and
// `$caseSensitive` / `$diacriticSensitive` are not honoured; no score.

/** MongoDB's text delimiters: white space, dashes, pattern syntax, quotation marks, terminal punctuation. */
const DELIMITERS = /[\p{White_Space}\p{Dash}\p{Pattern_Syntax}\p{Quotation_Mark}\p{Terminal_Punctuation}]+/u;
const fold = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const wordsOf = (text) => fold(text).split(DELIMITERS).filter(Boolean);

/** `$search` read as MongoDB reads it. */
function parseSearch(search) {
  const out = { terms: [], negated: [], phrases: [], negatedPhrases: [] };
  let i = 0;
  while (i < search.length) {
    const negate = search[i] === '-' && (i === 0 || /\s/.test(search[i - 1]));
    const start = negate ? i + 1 : i;
    if (search[start] === '"') {
      const end = search.indexOf('"', start + 1);
      const phrase = search.slice(start + 1, end === -1 ? search.length : end);
      (negate ? out.negatedPhrases : out.phrases).push(fold(phrase));
      if (!negate) out.terms.push(...wordsOf(phrase));
      i = end === -1 ? search.length : end + 1;
      continue;
    }
    let end = start;
    while (end < search.length && !/\s/.test(search[end]) && search[end] !== '"') end++;
    (negate ? out.negated : out.terms).push(...wordsOf(search.slice(start, end)));
    i = end === start ? end + 1 : end;
  }
  return out;
}

/** The strings a dotted path of a text index reaches (arrays traversed: `tags.tag`). */
function stringsAt(value, parts, out) {
  if (Array.isArray(value)) {
    for (const item of value) stringsAt(item, parts, out);
  } else if (parts.length === 0) {
    if (typeof value === 'string') out.push(value);
  } else if (isPlainObject(value)) {
    stringsAt(value[parts[0]], parts.slice(1), out);
  }
  return out;
}

/** The fields of a collection's text index (MongoDB: one per collection), or a MongoError as MongoDB answers without one. */
function textFields(indexes) {
  const index = (indexes || []).find((candidate) => Object.values(candidate.key || {}).includes('text'));
  if (!index) throw new MongoError('text index required for $text query', 27, 'IndexNotFound');
  return Object.entries(index.key)
    .filter(([, kind]) => kind === 'text')
    .map(([field]) => field);
}

/** A predicate on documents for a `$text` operand over the text index among `indexes`. */
export function textMatcher(text, indexes) {
  if (!isPlainObject(text) || typeof text.$search !== 'string') throw new MongoError('$search needs a String', 2, 'BadValue');
  const fields = textFields(indexes).map((field) => field.split('.'));
  const search = parseSearch(text.$search);
  return (doc) => {
    const values = fields.flatMap((parts) => stringsAt(doc, parts, []));
    const words = new Set(values.flatMap(wordsOf));
    const folded = values.map(fold);
    if (!search.terms.some((term) => words.has(term))) return false;
    if (search.negated.some((term) => words.has(term))) return false;
    if (!search.phrases.every((phrase) => folded.some((value) => value.includes(phrase)))) return false;
    return !search.negatedPhrases.some((phrase) => folded.some((value) => value.includes(phrase)));
  };
}

/** Splits `$text` out of a filter (also inside $and/$or/$nor): `{ filter, text }` (text: the operand, or null). */
export function splitText(filter) {
  let text = null;
  const walk = (node) => {
    if (!isPlainObject(node)) return node;
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$text') text = value;
      else out[key] = ['$and', '$or', '$nor'].includes(key) ? value.map(walk) : value;
    }
    return out;
  };
  return { filter: walk(filter || {}), text };
}

/** A predicate for documents of `db` matching a MongoDB filter (`indexes`: the collection's, for `$text`). */
export function matcher(db, rawFilter, indexes = []) {
  const { filter, text } = splitText(rawFilter);
  const query = new Query(filter, queryOptions(db));
  const matchesText = text === null ? null : textMatcher(text, indexes);
  return (doc) => query.test(doc) && (!matchesText || matchesText(doc));
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
