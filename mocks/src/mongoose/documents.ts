/**
 * The document operations the service's routes call, over the mock's collections, with the
 * outcomes their callbacks see: `save` (a new document: cast, defaults, required checks, unique
 * indexes), `findById` (an id that is no ObjectId is a cast error), `findByIdAndUpdate` with
 * `upsert` (cast only; an unknown id creates the document), `find` with sort, skip and limit (the
 * sort built synchronously, the window refused by MongoDB).
 */
import type { Clock } from '../state/clock';
import type { IdGenerator } from '../state/ids';
import { CastError, castObjectId } from './cast';
import { castUpdate, newDocument, upsertedDocument, type Model, ValidationError } from './model';
import { storedAs } from './stored';
import { applyWindow, findWindow, MongoError, mongoCompare, sortDirection } from './query';
import { indexText } from './text';

export { CastError } from './cast';
export { ValidationError } from './model';
export { MongoError } from './query';

/** What a document write needs: the clock (timestamps) and the id generator. */
export interface WriteEnv {
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/** A stored document (any of the mock's collections). */
type Doc = { _id: string };

/** A duplicate key on a unique index (MongoDB's E11000). */
export class DuplicateKeyError extends Error {
  readonly code = 11000;
  constructor(readonly index: string) {
    super(`E11000 duplicate key error index: ${index}`);
    this.name = 'MongoError';
  }
}

/**
 * A key the driver refuses to serialise (js-bson's `checkKeys`, on for inserts): a key of a nested
 * document that starts with `$` or contains `.`, or any key with a null byte.
 */
export class KeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Error';
  }
}

const isPlainRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * @param checkKeys whether `$` and `.` are refused (inserts), besides null bytes (every write).
 * @throws {KeyError} for the first key the driver refuses in `value` (nested documents and arrays).
 */
export function checkStorageKeys(value: unknown, checkKeys: boolean): void {
  if (Array.isArray(value)) {
    for (const item of value) checkStorageKeys(item, checkKeys);
    return;
  }
  if (!isPlainRecord(value)) return;
  for (const [key, nested] of Object.entries(value)) {
    if (key.includes('\u0000')) throw new KeyError(`key ${key} must not contain null bytes`);
    if (checkKeys && key.startsWith('$')) throw new KeyError(`key ${key} must not start with '$'`);
    if (checkKeys && key.includes('.')) throw new KeyError(`key ${key} must not contain '.'`);
    checkStorageKeys(nested, checkKeys);
  }
}

/** A unique index: the fields whose values (missing read as `null`) no two documents may share. */
export type UniqueIndex = readonly string[];

function indexKey(doc: object, index: UniqueIndex): string {
  return JSON.stringify(index.map((name) => Reflect.get(doc, name) ?? null));
}

/**
 * A {@link DuplicateKeyError} without a stack trace: an answer of the database the routes catch (a
 * tag's name taken, E11000), not a bug, and capturing the stack cost more than the rest of the check.
 */
function duplicateKey(index: string): DuplicateKeyError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new DuplicateKeyError(index);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** @throws {DuplicateKeyError} when another document of `collection` has `doc`'s values on a unique index. */
function checkUnique<T extends Doc>(collection: ReadonlyMap<string, T>, doc: Record<string, unknown>, unique: readonly UniqueIndex[]): void {
  for (const index of unique) {
    const key = indexKey(doc, index);
    for (const other of collection.values()) {
      if (other._id !== doc._id && indexKey(other, index) === key) throw duplicateKey(index.join('_1_') + '_1');
    }
  }
}

/**
 * `new Model(input).save()`: a new document with an id, the model's fields cast, defaults, required
 * checks, `createdAt`/`updatedAt` (timestamped models) and `__v` 0, stored in `collection`.
 * @throws {ValidationError} (cast or required failures); {@link KeyError} for a nested key the
 *   driver refuses (`$…`, `a.b`); {@link DuplicateKeyError} on a unique index.
 */
export function save<T extends Doc>(env: WriteEnv, collection: Map<string, T>, model: Model, input: Record<string, unknown>, unique: readonly UniqueIndex[] = []): T {
  const fields = newDocument(model, input);
  for (const value of Object.values(fields)) checkStorageKeys(value, true);
  const now = env.clock.iso();
  const doc = { _id: env.ids.objectId(), ...fields, ...(model.timestamps ? { createdAt: now, updatedAt: now } : {}), __v: 0 } as Record<string, unknown>;
  checkUnique(collection, doc, unique);
  const typed = storedAs<T>(doc);
  collection.set(typed._id, typed);
  if (model.textIndex) indexText(doc, model.textIndex);
  return typed;
}

/**
 * `Model.findById(id)`: the document (whatever its project), or `undefined`.
 * @throws {CastError} when `id` is no ObjectId.
 */
export function findById<T extends Doc>(collection: ReadonlyMap<string, T>, id: string): T | undefined {
  return collection.get(castObjectId(id, '_id'));
}

/**
 * `Model.findByIdAndUpdate(id, update, { new: true, upsert })`: the update's fields cast and set
 * (`undefined` as `null`, no validation), `updatedAt` now; an unknown id with `upsert` creates the
 * document (the id, the update, the model's defaults, timestamps, `__v` 0).
 * @returns the updated or created document, or `undefined` (unknown id, no upsert).
 * @throws {CastError} for an id that is no ObjectId or a value the model cannot store; {@link DuplicateKeyError} on a unique index.
 */
export function findByIdAndUpdate<T extends Doc>(
  env: WriteEnv,
  collection: Map<string, T>,
  model: Model,
  id: string,
  update: Record<string, unknown>,
  { upsert = false, unique = [] as readonly UniqueIndex[] } = {},
): T | undefined {
  const key = castObjectId(id, '_id');
  const set = castUpdate(model, update);
  const now = env.clock.iso();
  const existing = collection.get(key) as Record<string, unknown> | undefined;
  if (!existing) {
    if (!upsert) return undefined;
    const created = { ...upsertedDocument(model, key, set), ...(model.timestamps ? { createdAt: now, updatedAt: now } : {}), __v: 0 };
    checkUnique(collection, created, unique);
    const typed = storedAs<T>(created);
    collection.set(key, typed);
    if (model.textIndex) indexText(created, model.textIndex);
    return typed;
  }
  const next = { ...existing, ...set, ...(model.timestamps ? { updatedAt: now } : {}) };
  checkUnique(collection, next, unique);
  Object.assign(existing, next);
  if (model.textIndex) indexText(existing, model.textIndex);
  return storedAs<T>(existing);
}

/** A find as a list route builds it: the filter, the route's sort field and direction as it passes them, skip and limit. */
export interface FindSpec<T> {
  filter: (doc: T) => boolean;
  /** The sort field (`String(req.query.sort)`, or the route's default). */
  sortField: string;
  /** The direction as the route passes it to `sort()` (a query value, or its default). */
  direction: unknown;
  skip: number;
  limit: number;
}

/** What MongoDB 4.4 refuses as a sort key (`field_path.cpp`): a component starting with `$`, an empty one, a trailing dot. */
export function checkSortField(field: string): void {
  if (field.endsWith('.')) throw new MongoError("FieldPath must not end with a '.'.", 40353, 'Location40353');
  const parts = field.split('.');
  if (parts.some((part) => part.startsWith('$'))) throw new MongoError("FieldPath field names may not start with '$'.", 16410, 'Location16410');
  if (parts.some((part) => part === '')) throw new MongoError('FieldPath field names may not be empty strings.', 15998, 'Location15998');
}

/**
 * Prepares `Model.find(filter).skip().limit().sort()`: the sort is built at once, as Mongoose does.
 * The filter runs once over the collection, for `count()` and `exec()` together (a listing answers
 * both): the documents it selects are those of the first call.
 * @returns `exec()`, which runs the query, and `count()`, the number of documents it selects.
 * @throws {TypeError} when the direction is not one Mongoose accepts (synchronously, as the route builds the query).
 */
export function find<T extends object>(collection: ReadonlyMap<string, T>, spec: FindSpec<T>): { exec(): T[]; count(): number } {
  const direction = sortDirection(spec.sortField, spec.direction);
  let selected: T[] | undefined;
  const select = (): T[] => (selected ??= [...collection.values()].filter(spec.filter));
  return {
    /** @throws {MongoError} for a window or a sort key MongoDB refuses. */
    exec() {
      const window = findWindow(spec.skip, spec.limit);
      checkSortField(spec.sortField);
      const list = [...select()];
      list.sort(mongoCompare(spec.sortField, direction));
      return applyWindow(list, window);
    },
    count() {
      return select().length;
    },
  };
}

/** Whether an error is one the database layer raises for bad input (cast, validation, duplicate key, refused command). */
export function isDatabaseError(error: unknown): error is CastError | ValidationError | DuplicateKeyError | MongoError | KeyError {
  return error instanceof CastError || error instanceof ValidationError || error instanceof DuplicateKeyError || error instanceof MongoError || error instanceof KeyError;
}
