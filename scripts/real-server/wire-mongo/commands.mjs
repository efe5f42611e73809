// @ts-nocheck -- BASELINE: 6 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// The database commands the wire server answers, one function each, keyed by lower-case command
// name. Every handler gets `{ db, body, coll, ns, conn, raw }` (coll: the command's collection name;
// raw: the command as received, generic fields included) and returns the reply document; a
// MongoError becomes `{ ok: 0, errmsg, code, codeName }`. Commands MongoDB 4.4 refuses are refused
// first, with its error (refusals.mjs).
import { Aggregator, ObjectId } from './deps.mjs';
import { applyUpdate, upsertSeed } from './update.mjs';
import { matcher, project, queryOptions, sortDocs, splitText, textMatcher } from './query.mjs';
import { checkCount, checkFind, checkFindAndModify, checkPipeline } from './refusals.mjs';
import { MongoError, checkUnique, databaseNames, dropDb, getColl, getDb, killCursors, makeCursor, nextBatch } from './store.mjs';
import { clone, getPath, isOperatorDoc, keyString } from './values.mjs';

const MAX_BSON_SIZE = 16 * 1024 * 1024;
// "coll.index,..." unique indexes created as sparse (see README: users.phone_1)
const SPARSE_INDEXES = new Set(
  (process.env.WIRE_MONGO_SPARSE_INDEXES || '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);
const served = new Map(); // command name -> times served

function hello({ conn }) {
  return {
    ismaster: true,
    isWritablePrimary: true,
    helloOk: true,
    maxBsonObjectSize: MAX_BSON_SIZE,
    maxMessageSizeBytes: 48_000_000,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: conn.id,
    minWireVersion: 0,
    maxWireVersion: 9,
    readOnly: false,
    ok: 1,
  };
}

function buildInfo() {
  return {
    version: '4.4.0',
    gitVersion: 'wire-mongo',
    versionArray: [4, 4, 0, 0],
    bits: 64,
    debug: false,
    maxBsonObjectSize: MAX_BSON_SIZE,
    storageEngines: ['memory'],
    javascriptEngine: 'none',
    ok: 1,
  };
}

function listCollections({ db, body }) {
  const items = [...getDb(db).keys()].map((name) => ({ name, type: 'collection', options: {}, info: { readOnly: false }, idIndex: { v: 2, key: { _id: 1 }, name: '_id_' } }));
  return makeCursor(`${db}.$cmd.listCollections`, items.filter(matcher(db, body.filter)), body.cursor?.batchSize);
}

function collStats({ db, coll, ns }) {
  const c = getColl(db, coll, false);
  return { ns, count: c ? c.docs.length : 0, size: 0, nindexes: c ? c.indexes.length : 0, ok: 1 };
}

function drop({ db, coll, ns }) {
  if (!getDb(db).delete(coll)) throw new MongoError('ns not found', 26, 'NamespaceNotFound');
  return { ns, nIndexesWas: 1, ok: 1 };
}

function listIndexes({ db, body, coll, ns }) {
  const c = getColl(db, coll, false);
  if (!c) throw new MongoError(`ns does not exist: ${ns}`, 26, 'NamespaceNotFound');
  return makeCursor(
    ns,
    c.indexes.map((index) => ({ ...index, ns })),
    body.cursor?.batchSize,
  );
}

function createIndexes({ db, body, coll }) {
  const existed = getDb(db).has(coll);
  const c = getColl(db, coll);
  const before = c.indexes.length;
  for (const index of body.indexes || []) {
    if (c.indexes.some((existing) => existing.name === index.name)) continue;
    c.indexes.push({ v: 2, ...index, ...(SPARSE_INDEXES.has(`${coll}.${index.name}`) ? { sparse: true } : {}) });
  }
  return { createdCollectionAutomatically: !existed, numIndexesBefore: before, numIndexesAfter: c.indexes.length, ok: 1 };
}

function dropIndexes({ db, body, coll }) {
  const c = getColl(db, coll, false);
  if (c) {
    const keep = body.index === '*' ? (index) => index.name === '_id_' : (index) => index.name !== body.index && JSON.stringify(index.key) !== JSON.stringify(body.index);
    c.indexes = c.indexes.filter(keep);
  }
  return { nIndexesWas: c ? c.indexes.length : 0, ok: 1 };
}

/** Adds `writeErrors` to a write reply when there are any. */
function writeReply(reply, writeErrors) {
  return writeErrors.length ? { ...reply, writeErrors } : reply;
}

function insert({ db, body, coll, ns }) {
  const c = getColl(db, coll);
  const writeErrors = [];
  let n = 0;
  (body.documents || []).forEach((document, index) => {
    const doc = clone(document);
    if (doc._id === undefined) doc._id = new ObjectId();
    try {
      checkUnique(c, doc, null, ns);
      c.docs.push(doc);
      n++;
    } catch (error) {
      writeErrors.push({ index, code: error.code || 2, errmsg: error.message });
    }
  });
  return writeReply({ n, ok: 1 }, writeErrors);
}

function find({ db, body, coll, ns, raw }) {
  const { skip, limit } = checkFind(body, raw);
  const c = getColl(db, coll, false);
  let docs = sortDocs(c ? c.docs.filter(matcher(db, body.filter, c.indexes)) : [], body.sort);
  if (skip) docs = docs.slice(skip);
  const single = Boolean(body.singleBatch);
  if (limit) docs = docs.slice(0, limit);
  docs = project(db, docs.map(clone), body.projection);
  return makeCursor(ns, docs, single ? Math.max(docs.length, 1) : body.batchSize, single);
}

function getMore({ body }) {
  return nextBatch(body.getMore, body.batchSize);
}

function killCursorsCommand({ body }) {
  const ids = (body.cursors || []).map(String);
  killCursors(ids);
  return { cursorsKilled: body.cursors || [], cursorsNotFound: [], cursorsAlive: [], cursorsUnknown: [], ok: 1 };
}

function count({ db, body, coll }) {
  const { skip, limit } = checkCount(body);
  const c = getColl(db, coll, false);
  let docs = c ? c.docs.filter(matcher(db, body.query, c.indexes)) : [];
  if (skip) docs = docs.slice(skip);
  if (limit) docs = docs.slice(0, limit);
  return { n: docs.length, ok: 1 };
}

function distinct({ db, body, coll }) {
  const c = getColl(db, coll, false);
  const values = new Map();
  for (const doc of c ? c.docs.filter(matcher(db, body.query, c.indexes)) : []) {
    const value = getPath(doc, body.key);
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) values.set(keyString(item), item);
  }
  return { values: [...values.values()], ok: 1 };
}

function aggregate({ db, body, coll, ns }) {
  const c = typeof coll === 'string' ? getColl(db, coll, false) : null;
  let input = c ? c.docs : [];
  // $text: only in a first $match stage (MongoDB), over the collection's text index (countDocuments sends one).
  const pipeline = checkPipeline(body.pipeline).map((stage, i) => {
    if (!stage.$match) return stage;
    const { filter, text } = splitText(stage.$match);
    if (text !== null) {
      if (i !== 0) throw new MongoError('$match with $text is only allowed as the first pipeline stage', 17313, 'Location17313');
      const matches = textMatcher(text, c ? c.indexes : []);
      input = input.filter(matches);
    }
    return { $match: filter };
  });
  const docs = new Aggregator(pipeline, queryOptions(db)).run(input.map(clone));
  return makeCursor(ns, docs, body.cursor?.batchSize);
}

/** Inserts the document an upsert creates from `filter` and `update`; returns it. */
function upsertOne(db, c, ns, filter, update, arrayFilters) {
  const seed = upsertSeed(filter);
  let doc = applyUpdate(db, seed, update, { isInsert: true, arrayFilters, filter });
  if (!isOperatorDoc(update) && !Array.isArray(update) && seed._id !== undefined) doc._id = seed._id;
  if (doc._id === undefined) doc = { _id: new ObjectId(), ...doc };
  checkUnique(c, doc, null, ns);
  c.docs.push(doc);
  return doc;
}

/** Applies `update` to `target` in place in the collection; true when the document changed. */
function updateOne(db, c, ns, target, update, arrayFilters, filter) {
  const updated = applyUpdate(db, target, update, { arrayFilters, filter });
  checkUnique(c, updated, target, ns);
  if (keyString(updated) === keyString(target)) return false;
  c.docs[c.docs.indexOf(target)] = updated;
  return true;
}

function update({ db, body, coll, ns }) {
  const c = getColl(db, coll);
  const upserted = [];
  const writeErrors = [];
  let n = 0;
  let nModified = 0;
  (body.updates || []).forEach((spec, index) => {
    try {
      const targets = c.docs.filter(matcher(db, spec.q, c.indexes));
      for (const target of spec.multi ? targets : targets.slice(0, 1)) {
        const changed = updateOne(db, c, ns, target, spec.u, spec.arrayFilters, spec.q);
        n++;
        if (changed) nModified++;
      }
      if (!targets.length && spec.upsert) {
        upserted.push({ index, _id: upsertOne(db, c, ns, spec.q, spec.u, spec.arrayFilters)._id });
        n++;
      }
    } catch (error) {
      writeErrors.push({ index, code: error.code || 2, errmsg: error.message });
    }
  });
  return writeReply({ n, nModified, ok: 1, ...(upserted.length ? { upserted } : {}) }, writeErrors);
}

function deleteCommand({ db, body, coll }) {
  const c = getColl(db, coll, false);
  let n = 0;
  for (const spec of c ? body.deletes || [] : []) {
    const targets = c.docs.filter(matcher(db, spec.q, c.indexes));
    const removed = new Set(spec.limit === 1 ? targets.slice(0, 1) : targets);
    c.docs = c.docs.filter((doc) => !removed.has(doc));
    n += removed.size;
  }
  return { n, ok: 1 };
}

function findAndModify({ db, body, coll, ns }) {
  checkFindAndModify(body);
  const c = getColl(db, coll);
  const [target] = sortDocs(c.docs.filter(matcher(db, body.query, c.indexes)), body.sort);
  const view = (doc) => (doc ? project(db, [clone(doc)], body.fields || body.projection)[0] : null);
  if (body.remove) {
    if (target) c.docs = c.docs.filter((doc) => doc !== target);
    return { lastErrorObject: { n: target ? 1 : 0 }, value: view(target), ok: 1 };
  }
  if (target) {
    const updated = applyUpdate(db, target, body.update, { arrayFilters: body.arrayFilters, filter: body.query });
    checkUnique(c, updated, target, ns);
    c.docs[c.docs.indexOf(target)] = updated;
    return { lastErrorObject: { n: 1, updatedExisting: true }, value: view(body.new ? updated : target), ok: 1 };
  }
  if (body.upsert) {
    const doc = upsertOne(db, c, ns, body.query, body.update, body.arrayFilters);
    return { lastErrorObject: { n: 1, updatedExisting: false, upserted: doc._id }, value: body.new ? view(doc) : null, ok: 1 };
  }
  return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
}

function splitNamespace(namespace) {
  const [db, ...rest] = String(namespace).split('.');
  return [db, rest.join('.')];
}

function renameCollection({ body }) {
  const [fromDb, fromColl] = splitNamespace(body.renameCollection);
  const [toDb, toColl] = splitNamespace(body.to);
  const c = getColl(fromDb, fromColl, false);
  if (!c) throw new MongoError('source namespace does not exist', 26, 'NamespaceNotFound');
  getDb(fromDb).delete(fromColl);
  getDb(toDb).set(toColl, c);
  return { ok: 1 };
}

const ok = () => ({ ok: 1 });

const COMMANDS = {
  ismaster: hello,
  hello,
  buildinfo: buildInfo,
  ping: ok,
  getlasterror: () => ({ ok: 1, n: 0, err: null }),
  getparameter: () => ({ ok: 1, featureCompatibilityVersion: { version: '4.4' } }),
  serverstatus: () => ({ ok: 1, host: 'wire-mongo', version: '4.4.0', process: 'mongod', uptime: 1, localTime: new Date(), connections: { current: 1 } }),
  hostinfo: () => ({ ok: 1, system: { hostname: 'wire-mongo' } }),
  whatsmyuri: ({ conn }) => ({ you: conn.remote, ok: 1 }),
  getlog: () => ({ totalLinesWritten: 0, log: [], ok: 1 }),
  endsessions: ok,
  killallsessions: ok,
  refreshsessions: ok,
  startsession: ok,
  listdatabases: () => ({ databases: databaseNames().map((name) => ({ name, sizeOnDisk: 0, empty: false })), totalSize: 0, ok: 1 }),
  dbstats: ({ db }) => ({ db, collections: getDb(db).size, objects: 0, ok: 1 }),
  collstats: collStats,
  listcollections: listCollections,
  create: ({ db, coll }) => (getColl(db, coll), { ok: 1 }),
  drop,
  dropdatabase: ({ db }) => (dropDb(db), { dropped: db, ok: 1 }),
  listindexes: listIndexes,
  createindexes: createIndexes,
  dropindexes: dropIndexes,
  deleteindexes: dropIndexes,
  insert,
  find,
  getmore: getMore,
  killcursors: killCursorsCommand,
  count,
  distinct,
  aggregate,
  update,
  delete: deleteCommand,
  findandmodify: findAndModify,
  renamecollection: renameCollection,
};

function failure(error, name) {
  if (!(error instanceof MongoError)) process.stderr.write(`wire-mongo: internal error: ${error?.stack ?? error}\n`);
  // a refusal is what MongoDB would answer too, but the server may then never answer its request: say so in mongo.log
  if (error?.refusal) process.stderr.write(`wire-mongo: refused ${name}: ${error.codeName} (${error.code}) ${error.message}\n`);
  return { ok: 0, errmsg: String(error?.message), code: error?.code || 8000, codeName: error?.codeName || 'InternalError' };
}

/** Runs one command document against database `db`; always returns a reply document. `raw`: the command as received. */
export function runCommand(db, body, conn, raw = body) {
  const name = Object.keys(body)[0];
  served.set(name, (served.get(name) || 0) + 1);
  const handler = COMMANDS[name.toLowerCase()];
  const coll = body[name];
  try {
    if (!handler) {
      process.stderr.write(`wire-mongo: unsupported command ${name} ${JSON.stringify(Object.keys(body))}\n`);
      throw new MongoError(`no such command: '${name}'`, 59, 'CommandNotFound');
    }
    return handler({ db, body, coll, ns: `${db}.${coll}`, conn, raw });
  } catch (error) {
    return failure(error, name);
  }
}

/** "name=count ..." of the commands served so far (logged at exit). */
export function servedSummary() {
  return [...served.entries()].map(([name, times]) => `${name}=${times}`).join(' ');
}
