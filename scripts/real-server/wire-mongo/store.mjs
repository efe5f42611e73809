// @ts-nocheck -- BASELINE: 2 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// In-memory storage of the wire server: databases of collections ({ docs, indexes }), the unique
// index check (E11000) and the open cursors of find/aggregate/listCollections answers.
import { Long, Query } from './deps.mjs';
import { getPath, keyString } from './values.mjs';

/** A command failure answered as `{ ok: 0, errmsg, code, codeName }`. */
export class MongoError extends Error {
  constructor(message, code = 2, codeName = undefined) {
    super(message);
    this.code = code;
    this.codeName = codeName;
  }
}

const ID_INDEX = { v: 2, key: { _id: 1 }, name: '_id_' };
const DEFAULT_BATCH_SIZE = 101;
const databases = new Map(); // db name -> Map(collection name -> { docs, indexes })

export function databaseNames() {
  return [...databases.keys()];
}

export function getDb(db) {
  if (!databases.has(db)) databases.set(db, new Map());
  return databases.get(db);
}

export function dropDb(db) {
  databases.delete(db);
}

/** The collection, created when missing unless `create` is false (then null). */
export function getColl(db, name, create = true) {
  const collections = getDb(db);
  if (!collections.has(name)) {
    if (!create) return null;
    collections.set(name, { docs: [], indexes: [{ ...ID_INDEX }] });
  }
  return collections.get(name);
}

function indexApplies(index, doc, values) {
  if (index.sparse && values.every((value) => value === undefined)) return false;
  return !index.partialFilterExpression || new Query(index.partialFilterExpression, { idKey: '_id' }).test(doc);
}

function duplicateKeyError(ns, indexName, fields, values) {
  const key = fields.map((field, i) => `${field}: ${JSON.stringify(values[i] ?? null)}`).join(', ');
  return new MongoError(`E11000 duplicate key error collection: ${ns} index: ${indexName} dup key: { ${key} }`, 11000, 'DuplicateKey');
}

function checkUniqueIndex(coll, index, doc, replaced, ns) {
  const fields = Object.keys(index.key);
  const values = fields.map((field) => getPath(doc, field));
  if (!indexApplies(index, doc, values)) return;
  const key = values.map(keyString).join('|');
  for (const other of coll.docs) {
    if (other === replaced || other === doc) continue;
    const otherValues = fields.map((field) => getPath(other, field));
    if (indexApplies(index, other, otherValues) && otherValues.map(keyString).join('|') === key) throw duplicateKeyError(ns, index.name, fields, values);
  }
}

/** Throws E11000 when `doc` (replacing `replaced`, if any) would break a unique index or `_id`. */
export function checkUnique(coll, doc, replaced, ns) {
  for (const index of coll.indexes) {
    if (index.unique && index.name !== ID_INDEX.name) checkUniqueIndex(coll, index, doc, replaced, ns);
  }
  checkUniqueIndex(coll, ID_INDEX, doc, replaced, ns);
}

const cursors = new Map(); // cursor id (string) -> { ns, rest }
let nextCursorId = 1000n;

/** A cursor answer: the first batch, and an open cursor when documents remain (unless single). */
export function makeCursor(ns, docs, batchSize, single = false) {
  const size = batchSize > 0 ? batchSize : DEFAULT_BATCH_SIZE;
  let id = 0n;
  if (!single && docs.length > size) {
    id = nextCursorId++;
    cursors.set(id.toString(), { ns, rest: docs.slice(size) });
  }
  return { cursor: { firstBatch: docs.slice(0, size), id: Long.fromBigInt(id), ns }, ok: 1 };
}

/** The next batch of an open cursor (getMore); the cursor closes with its last batch. */
export function nextBatch(cursorId, batchSize) {
  const id = BigInt(cursorId.toString());
  const cursor = cursors.get(id.toString());
  if (!cursor) throw new MongoError(`cursor id ${id} not found`, 43, 'CursorNotFound');
  const batch = cursor.rest.splice(0, batchSize > 0 ? batchSize : cursor.rest.length);
  const open = cursor.rest.length > 0;
  if (!open) cursors.delete(id.toString());
  return { cursor: { nextBatch: batch, id: Long.fromBigInt(open ? id : 0n), ns: cursor.ns }, ok: 1 };
}

export function killCursors(ids) {
  for (const id of ids) cursors.delete(id.toString());
}
