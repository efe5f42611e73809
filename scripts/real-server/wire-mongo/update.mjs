// @ts-nocheck -- BASELINE: 1 type error when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Update semantics of the wire server: operator documents ($set, $unset, $inc, $push, $pull,
// $addToSet, $pullAll, $pop, $min, $max, $mul, $rename, $bit through mingo; $set, $setOnInsert and
// $currentDate here), replacement documents, pipeline updates, the positional `$` operator
// (first array element matching the filter) and the seed of an upserted document.
import { Aggregator, Query, mingoUpdate } from './deps.mjs';
import { MongoError } from './store.mjs';
import { queryOptions } from './query.mjs';
import { clone, getPath, isOperatorDoc, isPlainObject, setPath } from './values.mjs';

const MINGO_OPERATORS = new Set(['$unset', '$inc', '$push', '$pull', '$addToSet', '$pullAll', '$pop', '$min', '$max', '$mul', '$rename', '$bit']);

/** The filter's conditions on the elements of array `arrayPath` (for the positional `$`). */
function elementFilter(filter, arrayPath) {
  const conditions = {};
  for (const [key, value] of Object.entries(filter || {})) {
    if (key === arrayPath && value && typeof value === 'object' && value.$elemMatch) Object.assign(conditions, value.$elemMatch);
    else if (key.startsWith(`${arrayPath}.`)) conditions[key.slice(arrayPath.length + 1)] = value;
  }
  return conditions;
}

/** Index of the first element of `doc[arrayPath]` matching the filter (0 when none). */
function positionalIndex(db, doc, arrayPath, filter) {
  const array = getPath(doc, arrayPath);
  if (!Array.isArray(array)) return 0;
  const query = new Query(elementFilter(filter, arrayPath), queryOptions(db));
  return Math.max(
    0,
    array.findIndex((element) => query.test(element && typeof element === 'object' ? element : { v: element })),
  );
}

/** Replaces `a.$.b` paths by `a.<index>.b`. */
function resolvePositional(db, doc, fields, filter) {
  const resolved = {};
  for (const [path, value] of Object.entries(fields)) {
    const at = path.indexOf('.$');
    const positional = path.includes('.$.') || path.endsWith('.$');
    if (!positional) {
      resolved[path] = value;
      continue;
    }
    const arrayPath = path.slice(0, at);
    resolved[`${arrayPath}.${positionalIndex(db, doc, arrayPath, filter)}${path.slice(at + 2)}`] = value;
  }
  return resolved;
}

function applyOperator(db, doc, operator, fields, { isInsert, arrayFilters, filter }) {
  if (operator === '$setOnInsert') {
    if (isInsert) for (const [path, value] of Object.entries(fields)) setPath(doc, path, clone(value));
  } else if (operator === '$currentDate') {
    for (const path of Object.keys(fields)) setPath(doc, path, new Date());
  } else if (operator === '$set') {
    // set directly (not through mingo) to keep BSON values as they are
    for (const [path, value] of Object.entries(resolvePositional(db, doc, fields, filter))) setPath(doc, path, clone(value));
  } else if (MINGO_OPERATORS.has(operator)) {
    const spec = { [operator]: resolvePositional(db, doc, fields, filter) };
    mingoUpdate(doc, spec, arrayFilters || [], {}, { cloneMode: 'none', queryOptions: queryOptions(db) });
  } else {
    throw new MongoError(`Unknown modifier: ${operator}`, 9, 'FailedToParse');
  }
}

/**
 * The document after applying `update` (operator document, replacement or pipeline) to a copy of
 * `doc`. `isInsert` applies $setOnInsert; `filter` resolves the positional `$`.
 */
export function applyUpdate(db, doc, update, { isInsert = false, arrayFilters = [], filter = {} } = {}) {
  if (Array.isArray(update)) return new Aggregator(update, queryOptions(db)).run([clone(doc)])[0];
  if (!isOperatorDoc(update)) return { ...clone(update), ...(doc._id !== undefined ? { _id: doc._id } : {}) };
  const updated = clone(doc);
  for (const [operator, fields] of Object.entries(update)) applyOperator(db, updated, operator, fields, { isInsert, arrayFilters, filter });
  return updated;
}

function addEqualityFields(seed, filter) {
  for (const [key, value] of Object.entries(filter || {})) {
    if (key === '$and') value.forEach((part) => addEqualityFields(seed, part));
    if (key.startsWith('$') || value instanceof RegExp) continue;
    const operators = isPlainObject(value) ? Object.keys(value) : [];
    if (operators.length && operators.every((op) => op.startsWith('$'))) {
      if ('$eq' in value) setPath(seed, key, clone(value.$eq));
    } else {
      setPath(seed, key, clone(value));
    }
  }
  return seed;
}

/** The document an upsert starts from: the filter's equality fields (also inside $and). */
export function upsertSeed(filter) {
  return addEqualityFields({}, filter);
}
