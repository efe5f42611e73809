/**
 * Query filters as the service's list routes build them from request values (`req.query.email`,
 * a segment's stored filters): first cast by Mongoose 5.13 against the model (`lib/cast.js`: a
 * model path's value cast to its type, an array becoming `$in`, operators such as `{$ne: …}` that
 * `qs` parses from `email[$ne]=…` cast by the path type's handlers; paths the model does not
 * declare, and sub-paths of `Mixed` fields, passed as they are — `strictQuery` is off), then
 * matched as MongoDB 4.4 matches documents (type bracketing of comparisons, array fields matching
 * by element, `null` matching a missing field, `$text` over the model's text index).
 *
 * What either layer refuses throws: a {@link CastError} or {@link QueryCastError} (Mongoose) or a
 * {@link MongoError} (MongoDB); the routes' callbacks get it as `err`. Operators MongoDB knows but
 * the mock does not evaluate (`$where`, `$expr`, `$type`, `$mod`, bitwise and geospatial ones) throw
 * {@link UnsupportedQueryError}. Regular expressions (`$regex`) run on RE2 (../pattern.ts), in time
 * linear in the text, within the mock's bounds: a pattern over its static bounds throws a
 * {@link PatternLimitError} when the filter is compiled, and the texts a compiled filter matches
 * share one {@link MatchBudget} (a filter over more work than the budget allows throws
 * {@link PatternLimitError} when it runs, before matching the text that would exceed it). The error
 * names the filter path (`path`); it is no query error ({@link isQueryError} is false): the routes
 * answer it with 400. The same budget bounds the rest of a filter's work, with the same error: the
 * steps resolving its paths in the documents (`MAX_PATH_STEPS`: each value is visited at most once
 * per path segment, however many ways numeric segments could reach it), the length of its lists
 * (`$in`, `$nin`, `$all`: `MAX_LIST_VALUES`; their values are looked up in sets) and its text
 * search (`MAX_TEXT_WORK`, ./text.ts).
 */
import { MatchBudget, MAX_LIST_VALUES, PatternLimitError, userRegex } from '../pattern';
import { castBoolean, castDate, CastError, castObjectId, castString } from './cast';
import type { Field, Model, ScalarType } from './model';
import { MongoError } from './query';
import { parseTextSearch, textSearchTest } from './text';

/** Mongoose refuses an operator for a path's type (`Can't use $size with String.`). */
export class QueryCastError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Error';
  }
}

/** An operator MongoDB evaluates but the mock does not (it answers as if MongoDB had refused it). */
export class UnsupportedQueryError extends Error {
  constructor(readonly operator: string) {
    super(`the mock does not evaluate ${operator}`);
    this.name = 'UnsupportedQueryError';
  }
}

/** Whether an error is one a query raises for its filter (Mongoose's cast, MongoDB's refusal, or an operator the mock does not evaluate). */
export function isQueryError(error: unknown): error is CastError | QueryCastError | MongoError | UnsupportedQueryError {
  return error instanceof CastError || error instanceof QueryCastError || error instanceof MongoError || error instanceof UnsupportedQueryError;
}

/** An ObjectId in a cast filter (documents store ids as hexadecimal strings). */
class ObjectIdValue {
  constructor(readonly hex: string) {}
}

/** A model as its queries see it: its fields plus `_id`, `__v` and the timestamps, and the fields of its text index. */
export interface QuerySchema {
  readonly fields: Readonly<Record<string, Field>>;
  /** The fields of the model's text index (`$text` searches them). */
  readonly textFields: readonly string[];
}

/**
 * The query schema of a model: its fields, `_id` (ObjectId), `__v` (Number), `createdAt`/`updatedAt` (Date) when timestamped.
 * @param textFields the fields of its text index (default: the model's {@link Model.textIndex}, or none).
 */
export function querySchema(model: Model, textFields: readonly string[] = model.textIndex ?? []): QuerySchema {
  return {
    fields: {
      _id: { type: 'objectid' },
      ...model.fields,
      __v: { type: 'number' },
      ...(model.timestamps ? { createdAt: { type: 'date' }, updatedAt: { type: 'date' } } : {}),
    },
    textFields,
  };
}

type Filter = Record<string, unknown>;

/** `getConstructorName(val) === 'Object'`: a plain object (JSON and `qs` objects). */
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype;
};

/** Mongoose's `isOperator`: a key starting with `$` other than the DBRef keys. */
const isOperator = (key: string): boolean => key.startsWith('$') && key !== '$ref' && key !== '$id' && key !== '$db';

// --- Mongoose: casting a filter (lib/cast.js) ------------------------------------------------------

/** Mongoose's Number cast in queries (`cast/number.js`): `''` → null, numeric strings and booleans, a document's `_id`; anything else refused. */
function castQueryNumber(value: unknown, path: string): number | null | undefined {
  if (value === null || value === undefined) return value;
  const candidate = isPlainObject(value) && value._id !== undefined ? value._id : value;
  if (candidate === '') return null;
  const n = typeof candidate === 'string' || typeof candidate === 'boolean' ? Number(candidate) : candidate;
  if (typeof n === 'number' && !Number.isNaN(n)) return n;
  throw new CastError('Number', value, path);
}

/** A single value cast to a scalar type, as `SchemaType.castForQuery(val)` does. */
function castScalar(type: ScalarType, value: unknown, path: string): unknown {
  if (value === null || value === undefined) return value;
  switch (type) {
    case 'string':
      return castString(value, path);
    case 'number':
      return castQueryNumber(value, path);
    case 'boolean':
      return castBoolean(value, path);
    case 'objectid':
      return new ObjectIdValue(castObjectId(value, path));
    case 'date': {
      const iso = castDate(value, path);
      return iso === null || iso === undefined ? iso : new Date(iso);
    }
    case 'mixed':
      return value;
  }
}

/** `castForQuery(val)` of a path (no operator): an array path casts each item (or the single value) to its item type. */
function castValue(field: Field, value: unknown, path: string): unknown {
  if (field.type === 'subdocs') return value;
  if (field.type !== 'array') return castScalar(field.type, value, path);
  const of = field.of ?? 'mixed';
  if (Array.isArray(value)) return value.map((item) => (isPlainObject(item) && item.$elemMatch ? item : castScalar(of, item, path)));
  return castScalar(of, value, path);
}

/** `handle$in`: a non-array is wrapped; empty arrays inside are kept. */
function castIn(field: Field, value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) return [castValue(field, value, path)];
  return value.map((item) => (Array.isArray(item) && item.length === 0 ? item : castValue(field, item, path)));
}

/** `handleArray` (`$all` of scalar paths): each item cast. */
function castEach(field: Field, value: unknown, path: string): unknown[] {
  return (Array.isArray(value) ? value : [value]).map((item) => castValue(field, item, path));
}

const typeNames: Record<string, string> = { string: 'String', number: 'number', boolean: 'Boolean', objectid: 'ObjectId', date: 'Date', array: 'Array' };

/** One operator's value cast by the path type's `$conditionalHandlers`. @throws when the type has no handler for it. */
function castOperator(field: Field, op: string, value: unknown, path: string): unknown {
  const type = field.type === 'subdocs' ? 'mixed' : field.type;
  if (type === 'mixed') return value;
  // SchemaType's base handlers, shared by every type.
  switch (op) {
    case '$eq':
    case '$ne':
      return castValue(field, value, path);
    case '$in':
    case '$nin':
      return castIn(field, value, path);
    case '$exists':
      return castBoolean(value, path);
    case '$type':
      return value;
    case '$all':
      return type === 'array' ? castValue(field, Array.isArray(value) ? value : [value], path) : castEach(field, value, path);
  }
  if (['$gt', '$gte', '$lt', '$lte'].includes(op) && type !== 'boolean') return castValue(field, value, path);
  if (type === 'string' || type === 'array') {
    if (op === '$regex' || (op === '$not' && type === 'string')) return castValue(field, value, path);
    if (op === '$options') return String(value);
  }
  if (type === 'number') {
    if (op === '$mod') return castEach(field, value, path);
    if (op.startsWith('$bits')) return value;
  }
  if (type === 'array') {
    if (op === '$size') return castQueryNumber(value, path);
    if (op === '$elemMatch') {
      if (!isPlainObject(value)) return value;
      const out: Filter = { ...value };
      for (const [key, nested] of Object.entries(value)) if (isOperator(key) && nested !== null && nested !== undefined) out[key] = castOperator(field, key, nested, path);
      return out;
    }
    if (op === '$or' || op === '$and' || op === '$nor') {
      if (!Array.isArray(value)) throw new QueryCastError(`conditional ${op} requires an array`);
      return value;
    }
    if (['$near', '$nearSphere', '$within', '$geoWithin', '$geoIntersects', '$minDistance', '$maxDistance'].includes(op)) return value;
  }
  // SchemaBoolean casts the value of an operator it has no handler for; the others refuse the operator.
  if (type === 'boolean') return castBoolean(value, path);
  if (type === 'number') throw new CastError('number', value, path);
  throw new QueryCastError(`Can't use ${op} with ${typeNames[type] ?? type}.`);
}

/** `a[key]` when `a` has its own property `key` (a path never reaches `Object.prototype`'s members: `toString`, `__proto__`). */
const own = (object: Record<string, unknown>, key: string): unknown => (Object.hasOwn(object, key) ? object[key] : undefined);

/** The schema field a filter path names: a field, `<array>.<n>` (the array's item type), or `undefined` (not cast: unknown paths and sub-paths of fields). */
function fieldAt(schema: QuerySchema, path: string): Field | undefined {
  if (Object.hasOwn(schema.fields, path)) return schema.fields[path];
  const positional = /^(.+)\.\d+$/.exec(path);
  if (positional && schema.fields[positional[1]!]?.type === 'array') return { type: schema.fields[positional[1]!]!.of ?? 'mixed' };
  return undefined;
}

/** `castTextSearch`: `$text` must be an object; `$search` and `$language` cast to strings, the flags to booleans. */
function castText(value: unknown): Filter {
  if (!isPlainObject(value)) throw new CastError('$text', value, '$text');
  const out: Filter = { ...value };
  if (out.$search !== null && out.$search !== undefined) out.$search = castString(out.$search, '$text.$search');
  if (out.$language !== null && out.$language !== undefined) out.$language = castString(out.$language, '$text.$language');
  if (out.$caseSensitive !== null && out.$caseSensitive !== undefined) out.$caseSensitive = castBoolean(out.$caseSensitive, '$text.$castSensitive');
  if (out.$diacriticSensitive !== null && out.$diacriticSensitive !== undefined) out.$diacriticSensitive = castBoolean(out.$diacriticSensitive, '$text.$diacriticSensitive');
  return out;
}

/**
 * Mongoose's cast of a filter against a model (`lib/cast.js`), on a copy.
 * @throws {CastError} a value the path's type cannot hold; {@link QueryCastError} an operator the type refuses.
 */
export function castFilter(schema: QuerySchema, filter: unknown): Filter {
  if (Array.isArray(filter)) throw new QueryCastError('Query filter must be an object, got an array');
  if (!isPlainObject(filter)) return {};
  const out: Filter = { ...filter };
  if (Object.hasOwn(out, '_bsontype')) delete out._bsontype;
  for (const path of Object.keys(out)) {
    const value = out[path];
    if (path === '$or' || path === '$nor' || path === '$and') {
      if (!Array.isArray(value)) throw new CastError('Array', value, path);
      out[path] = value.map((item, k) => {
        if (item === null || typeof item !== 'object') throw new CastError('Object', item, `${path}.${k}`);
        return castFilter(schema, item);
      });
    } else if (path === '$where') {
      if (typeof value !== 'string') throw new QueryCastError('Must have a string or function for $where');
    } else if (path === '$elemMatch') {
      if (isPlainObject(value)) out[path] = castFilter(schema, value);
    } else if (path === '$text') {
      out[path] = castText(value);
    } else {
      const field = fieldAt(schema, path);
      if (!field || value === null || value === undefined) continue;
      if (isPlainObject(value)) {
        if (!Object.keys(value).some(isOperator)) {
          out[path] = castValue(field, value, path);
          continue;
        }
        const ops: Filter = { ...value };
        for (const op of Object.keys(value)) {
          const nested = value[op];
          if (op === '$not' && field.type !== 'array') {
            if (isPlainObject(nested) && Object.keys(nested).length > 0 && isOperator(Object.keys(nested)[0]!)) {
              const inner: Filter = { ...nested };
              for (const key of Object.keys(nested)) inner[key] = castOperator(field, key, nested[key], path);
              ops[op] = inner;
            } else if (nested !== null && nested !== undefined && nested !== '' && nested !== 0 && nested !== false) {
              ops[op] = castOperator(field, '$not', nested, path);
            }
            continue;
          }
          // Array paths: `cast(undefined, nested)`, which refuses only an array.
          if (op === '$not') {
            if (Array.isArray(nested)) throw new QueryCastError('Query filter must be an object, got an array');
            continue;
          }
          ops[op] = castOperator(field, op, nested, path);
        }
        out[path] = ops;
      } else if (Array.isArray(value) && field.type !== 'array' && field.type !== 'subdocs') {
        out[path] = { $in: value.map((item) => castValue(field, item, path)) };
      } else {
        out[path] = castValue(field, value, path);
      }
    }
  }
  return out;
}

// --- MongoDB: matching documents ------------------------------------------------------------------

/** MongoDB's canonical type order: null and missing, numbers, strings, objects, arrays, ObjectIds, booleans, dates. */
function typeRank(value: unknown): number {
  if (value === undefined || value === null) return 1;
  if (typeof value === 'number') return 2;
  if (typeof value === 'string') return 3;
  if (Array.isArray(value)) return 5;
  if (value instanceof ObjectIdValue) return 7;
  if (typeof value === 'boolean') return 8;
  if (value instanceof Date) return 9;
  if (typeof value === 'object') return 4;
  return 3;
}

/** BSON comparison of two values (same rank: by value; objects field by field, in order). */
function compare(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (a instanceof ObjectIdValue && b instanceof ObjectIdValue) return a.hex < b.hex ? -1 : a.hex > b.hex ? 1 : 0;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = compare(a[i], b[i]);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  if (ra === 1) return 0;
  const ea = Object.entries(a as object);
  const eb = Object.entries(b as object);
  for (let i = 0; i < Math.min(ea.length, eb.length); i++) {
    const c = compare(ea[i]![1], eb[i]![1]) || (ea[i]![0] < eb[i]![0] ? -1 : ea[i]![0] > eb[i]![0] ? 1 : 0);
    if (c !== 0) return c;
  }
  return ea.length - eb.length;
}

const equal = (a: unknown, b: unknown): boolean => typeRank(a) === typeRank(b) && compare(a, b) === 0;

/** A value found at a path: the value itself, or one item of an array at the end of the path. */
interface Found {
  value: unknown;
  /** An item of the array at the end of the path (not the array). */
  item: boolean;
}

/** Path segments that are array indexes too (`x.0` reads the array's first item and the field `"0"` of each item). */
const NUMERIC = /^\d+$/;

/** Path steps counted locally before they are charged to the budget (so one huge document is stopped early). */
const STEP_CHUNK = 4096;

/** A dotted filter path, split once when the filter is compiled. */
interface FilterPath {
  /** The path as the filter names it (what a refusal names). */
  readonly key: string;
  readonly parts: readonly string[];
  /** Which parts are numeric (array indexes too). */
  readonly numeric: readonly boolean[];
  /** Whether some part is numeric: the only way two routes can reach the same value. */
  readonly forks: boolean;
}

function filterPath(key: string): FilterPath {
  const parts = key.split('.');
  const numeric = parts.map((part) => NUMERIC.test(part));
  return { key, parts, numeric, forks: numeric.some(Boolean) };
}

/**
 * The values a dotted path reaches in a document, as MongoDB reads it: arrays on the way are
 * traversed item by item, and a numeric segment on an array reads both the item at that index and
 * the field of that name of each item. Each value is visited at most once per segment (a value two
 * routes reach is read once: the values found are the same), so the work is at most the document's
 * size times the path's length — not two to the power of its numeric segments. The steps are
 * charged to `budget`.
 * @throws {PatternLimitError} (`paths`) when the request's path steps exceed the budget.
 */
function valuesAt(doc: unknown, path: FilterPath, typed: (value: unknown) => unknown, budget: MatchBudget): Found[] {
  const { parts, numeric } = path;
  const out: Found[] = [];
  // The segments at which each object or array was visited (paths with a numeric segment only).
  const visited = path.forks ? new Map<object, Set<number>>() : undefined;
  let missing = false;
  let steps = 0;
  const count = (n: number): void => {
    steps += n;
    if (steps >= STEP_CHUNK) {
      budget.walk(steps, path.key);
      steps = 0;
    }
  };
  const walk = (value: unknown, i: number): void => {
    count(1);
    if (typeof value === 'object' && value !== null && visited) {
      let at = visited.get(value);
      if (!at) visited.set(value, (at = new Set()));
      if (at.has(i)) return;
      at.add(i);
    }
    if (i === parts.length) {
      const v = typed(value);
      if (v === undefined) {
        if (missing) return;
        missing = true;
      }
      out.push({ value: v, item: false });
      if (Array.isArray(v)) {
        count(v.length);
        for (const item of v) out.push({ value: item, item: true });
      }
      return;
    }
    const part = parts[i]!;
    if (Array.isArray(value)) {
      if (numeric[i]) walk(value[Number(part)], i + 1);
      count(value.length);
      for (const item of value) if (isPlainObject(item)) walk(own(item, part), i + 1);
      return;
    }
    // A scalar or a missing value on the way: the path reaches nothing (MongoDB: missing).
    walk(isPlainObject(value) ? own(value, part) : undefined, isPlainObject(value) ? i + 1 : parts.length);
  };
  walk(doc, 0);
  if (steps) budget.walk(steps, path.key);
  return out;
}

/** A compiled predicate on one path's values. */
type ValueTest = (found: Found[]) => boolean;

const hasDollarKey = (value: unknown): boolean => isPlainObject(value) && Object.keys(value).some((key) => key.startsWith('$'));

/** `{path: value}`: some value at the path equals it (`null` also matches a missing field). */
function equalsTest(expected: unknown): ValueTest {
  if (expected === null || expected === undefined) return (found) => found.some((f) => f.value === null || f.value === undefined);
  return (found) => found.some((f) => equal(f.value, expected));
}

function comparisonTest(op: string, expected: unknown): ValueTest {
  if (expected === null || expected === undefined) {
    return op === '$gte' || op === '$lte' ? equalsTest(null) : () => false;
  }
  const rank = typeRank(expected);
  const accept = (c: number): boolean => (op === '$gt' ? c > 0 : op === '$gte' ? c >= 0 : op === '$lt' ? c < 0 : c <= 0);
  return (found) => found.some((f) => typeRank(f.value) === rank && accept(compare(f.value, expected)));
}

/** @throws {PatternLimitError} (`values`) for a list longer than {@link MAX_LIST_VALUES}. */
function checkListLength(list: readonly unknown[]): void {
  if (list.length > MAX_LIST_VALUES) throw new PatternLimitError('values', `a list of ${list.length} values`, list.length, MAX_LIST_VALUES);
}

/**
 * The values of a list, as sets by type where equality is a key (strings, numbers, booleans, ids,
 * dates: what {@link equal} compares by value), the rest (objects, arrays) compared one by one.
 */
class ValueSet {
  readonly #strings = new Set<string>();
  readonly #numbers = new Set<number>();
  readonly #booleans = new Set<boolean>();
  readonly #ids = new Set<string>();
  readonly #dates = new Set<number>();
  /** `null` in the list: a missing or null value matches. */
  readonly nullish: boolean;
  /** Values without a key, each with its equality test. */
  readonly others: readonly ValueTest[];

  constructor(list: readonly unknown[]) {
    let nullish = false;
    const others: ValueTest[] = [];
    for (const value of list) {
      if (value === null || value === undefined) nullish = true;
      else if (!this.#add(value)) others.push(equalsTest(value));
    }
    this.nullish = nullish;
    this.others = others;
  }

  /** Adds a keyed value; false for a value without a key. NaN and invalid dates equal nothing (BSON comparison). */
  #add(value: unknown): boolean {
    if (typeof value === 'string') this.#strings.add(value);
    else if (typeof value === 'number') {
      if (!Number.isNaN(value)) this.#numbers.add(value);
    } else if (typeof value === 'boolean') this.#booleans.add(value);
    else if (value instanceof ObjectIdValue) this.#ids.add(value.hex);
    else if (value instanceof Date) {
      if (!Number.isNaN(value.getTime())) this.#dates.add(value.getTime());
    } else return false;
    return true;
  }

  /** Whether a keyed value is in the set (`undefined`: the value has no key). */
  has(value: unknown): boolean | undefined {
    if (typeof value === 'string') return this.#strings.has(value);
    if (typeof value === 'number') return this.#numbers.has(value);
    if (typeof value === 'boolean') return this.#booleans.has(value);
    if (value instanceof ObjectIdValue) return this.#ids.has(value.hex);
    if (value instanceof Date) return this.#dates.has(value.getTime());
    return undefined;
  }
}

/**
 * `$in` (and `$nin`'s negation): some value at the path equals one of the list's, `null` in the
 * list also matching a missing field. Keyed values are looked up in sets; each comparison with an
 * object or an array of the list counts as a path step.
 * @throws {MongoError} for what MongoDB refuses; {@link PatternLimitError} (`values`) for a list over the mock's bound.
 */
function inTest(op: string, list: unknown, budget: MatchBudget, path: string): ValueTest {
  if (!Array.isArray(list)) throw new MongoError(`${op} needs an array`, 2, 'BadValue');
  checkListLength(list);
  if (list.some(hasDollarKey)) throw new MongoError(`cannot nest $ under ${op}`, 2, 'BadValue');
  const set = new ValueSet(list);
  return (found) => {
    for (const f of found) {
      if (f.value === null || f.value === undefined) {
        if (set.nullish) return true;
      } else if (set.has(f.value)) return true;
    }
    if (set.others.length === 0) return false;
    budget.walk(set.others.length * found.length, path);
    return set.others.some((test) => test(found));
  };
}

function compilesInJavaScript(pattern: string): boolean {
  for (const flags of ['u', '']) {
    try {
      new RegExp(pattern, flags);
      return true;
    } catch {
      // try without the unicode flag
    }
  }
  return false;
}

/**
 * `{$regex, $options}`: MongoDB's options `i`, `m`, `s` (RE2's flags), `x` not evaluated, `u`
 * ignored. Each distinct text is matched once (a list route filters its collection twice, for the
 * count and for the page), through `budget`.
 * @throws {PatternLimitError} a pattern over the static bounds (here) or, when the test runs, over the budget.
 */
function regexTest(pattern: unknown, options: unknown, budget: MatchBudget): ValueTest {
  if (typeof pattern !== 'string') throw new MongoError('$regex has to be a string', 2, 'BadValue');
  if (options !== undefined && typeof options !== 'string') throw new MongoError('$options has to be a string', 2, 'BadValue');
  const flags = (options as string | undefined) ?? '';
  for (const flag of flags) if (!'imsxu'.includes(flag)) throw new MongoError(`invalid flag in regex options: ${flag}`, 51108, 'Location51108');
  if (flags.includes('x')) throw new UnsupportedQueryError('$options: x');
  const compiled = userRegex(pattern, flags.replace(/u/g, ''));
  // What RE2 cannot compile MongoDB (PCRE) may still accept (a backreference, a lookahead): the
  // mock then matches the text literally. What JavaScript cannot compile either is refused.
  if (compiled.kind === 'literal' && !compilesInJavaScript(pattern)) throw new MongoError(`Regular expression is invalid: ${pattern}`, 51091, 'Location51091');
  const seen = new Map<string, boolean>();
  const test = (text: string): boolean => {
    let matched = seen.get(text);
    if (matched === undefined) {
      matched = budget.test(compiled, text);
      seen.set(text, matched);
    }
    return matched;
  };
  return (found) => found.some((f) => typeof f.value === 'string' && test(f.value));
}

/** Operators MongoDB evaluates that the mock does not. */
const UNSUPPORTED = new Set([
  '$type',
  '$mod',
  '$bitsAllSet',
  '$bitsAllClear',
  '$bitsAnySet',
  '$bitsAnyClear',
  '$geoWithin',
  '$geoIntersects',
  '$near',
  '$nearSphere',
  '$within',
  '$minDistance',
  '$maxDistance',
  '$where',
  '$expr',
  '$jsonSchema',
]);

/** The test of an operator document (`{$gt: 1, $lt: 5}`): every operator holds; patterns share `budget`. */
function operatorsTest(ops: Record<string, unknown>, typed: (value: unknown) => unknown, budget: MatchBudget, path: string): ValueTest {
  const tests: ValueTest[] = [];
  for (const [op, value] of Object.entries(ops)) {
    switch (op) {
      case '$eq':
        tests.push(equalsTest(value));
        break;
      case '$ne': {
        const eq = equalsTest(value);
        tests.push((found) => !eq(found));
        break;
      }
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        tests.push(comparisonTest(op, value));
        break;
      case '$in':
        tests.push(inTest(op, value, budget, path));
        break;
      case '$nin': {
        const test = inTest(op, value, budget, path);
        tests.push((found) => !test(found));
        break;
      }
      case '$exists': {
        const wanted = !(value === false || value === 0 || value === null || value === undefined);
        tests.push((found) => found.some((f) => !f.item && f.value !== undefined) === wanted);
        break;
      }
      case '$regex':
        tests.push(regexTest(value, ops.$options, budget));
        break;
      case '$options':
        if (!Object.hasOwn(ops, '$regex')) throw new MongoError('$options needs a $regex', 2, 'BadValue');
        break;
      case '$not': {
        if (!isPlainObject(value)) throw new MongoError('$not needs a regex or a document', 2, 'BadValue');
        if (Object.keys(value).length === 0) throw new MongoError('$not cannot be empty', 2, 'BadValue');
        const inner = operatorsTest(value, typed, budget, path);
        tests.push((found) => !inner(found));
        break;
      }
      case '$all': {
        if (!Array.isArray(value)) throw new MongoError('$all needs an array', 2, 'BadValue');
        checkListLength(value);
        const all = value.map((item) => (isPlainObject(item) && Object.hasOwn(item, '$elemMatch') ? operatorsTest(item, typed, budget, path) : equalsTest(item)));
        tests.push((found) => all.length > 0 && all.every((test) => test(found)));
        break;
      }
      case '$size': {
        if (typeof value !== 'number') throw new MongoError('$size needs a number', 2, 'BadValue');
        if (!Number.isInteger(value)) throw new MongoError(`$size must be a whole number`, 2, 'BadValue');
        if (value < 0) throw new MongoError(`$size may not be negative`, 2, 'BadValue');
        tests.push((found) => found.some((f) => !f.item && Array.isArray(f.value) && f.value.length === value));
        break;
      }
      case '$elemMatch': {
        if (!isPlainObject(value)) throw new MongoError('$elemMatch needs an Object', 2, 'BadValue');
        const first = Object.keys(value)[0];
        const onValues = first !== undefined && first.startsWith('$') && !['$and', '$or', '$nor'].includes(first);
        const test = onValues ? operatorsTest(value, (v) => v, budget, path) : undefined;
        const docTest = onValues ? undefined : compileFilter(value, { fields: {}, textFields: [] }, budget);
        tests.push((found) =>
          found.some((f) => {
            if (f.item || !Array.isArray(f.value)) return false;
            budget.walk(f.value.length, path);
            return f.value.some((item) => (test ? test([{ value: item, item: false }]) : isPlainObject(item) && docTest!(item)));
          }),
        );
        break;
      }
      default:
        if (UNSUPPORTED.has(op)) throw new UnsupportedQueryError(op);
        throw new MongoError(`unknown operator: ${op}`, 2, 'BadValue');
    }
  }
  return (found) => tests.every((test) => test(found));
}

/** A document test: every clause of the filter holds. */
type DocTest = (doc: object) => boolean;

/** The value a typed field holds as the filter compares it: ids as ObjectIds, dates as dates (documents store both as strings). */
function typedReader(field: Field | undefined): (value: unknown) => unknown {
  if (field?.type === 'objectid') return (value) => (typeof value === 'string' ? new ObjectIdValue(value.toLowerCase()) : value);
  if (field?.type === 'date') return (value) => (typeof value === 'string' ? new Date(value) : value);
  return (value) => value;
}

// --- $text over a text index (./text.ts) ----------------------------------------------------------

/** `$text`: MongoDB's word search over the schema's text index (./text.ts); its work is charged to `budget`. */
function textTest(text: unknown, textFields: readonly string[], budget: MatchBudget): DocTest {
  if (textFields.length === 0) throw new MongoError('text index required for $text query', 27, 'IndexNotFound');
  if (!isPlainObject(text) || typeof text.$search !== 'string') throw new MongoError('$search needs a String', 2, 'BadValue');
  return textSearchTest(parseTextSearch(text.$search), textFields, budget, text.$search);
}

/** `error`, naming `path` when it is a {@link PatternLimitError} (the outermost path wins: the one the request names). */
function atPath(error: unknown, path: string): unknown {
  if (error instanceof PatternLimitError) error.path = path;
  return error;
}

/**
 * Compiles a cast filter into a document test, as MongoDB parses and runs it.
 * @param budget the matching work the test may do, shared by its patterns (and by other filters of
 *   the same request, when the route passes one); a new {@link MatchBudget} by default.
 * @throws {MongoError} for a filter MongoDB refuses; {@link UnsupportedQueryError} for an operator
 *   the mock does not evaluate; {@link PatternLimitError} for a pattern over the mock's static
 *   bounds (the returned test throws it, too, when the budget runs out).
 */
export function compileFilter(filter: Filter, schema: QuerySchema, budget: MatchBudget = new MatchBudget()): DocTest {
  const tests: DocTest[] = [];
  // Clauses with a pattern run last, on the documents the other clauses keep (the answer is the
  // same): a listing's budget is spent on the project's documents, not on every stored one.
  const costly: DocTest[] = [];
  for (const [key, value] of Object.entries(filter)) {
    const clauses = mentionsRegex(value) ? costly : tests;
    if (key === '$and' || key === '$or' || key === '$nor') {
      if (!Array.isArray(value) || value.length === 0) throw new MongoError(`${key} must be a nonempty array`, 2, 'BadValue');
      const parts = value.map((item) => {
        if (!isPlainObject(item)) throw new MongoError('$or/$and/$nor entries need to be full objects', 2, 'BadValue');
        return compileFilter(item, schema, budget);
      });
      if (key === '$and') clauses.push((doc) => parts.every((test) => test(doc)));
      else if (key === '$or') clauses.push((doc) => parts.some((test) => test(doc)));
      else clauses.push((doc) => !parts.some((test) => test(doc)));
    } else if (key === '$text') {
      const test = textTest(value, schema.textFields, budget);
      // Runs after the other clauses (the project's leads, not every stored one), before patterns.
      costly.unshift((doc) => {
        try {
          return test(doc);
        } catch (error) {
          throw atPath(error, key);
        }
      });
    } else if (key === '$comment') {
      continue;
    } else if (key.startsWith('$')) {
      if (UNSUPPORTED.has(key)) throw new UnsupportedQueryError(key);
      throw new MongoError(`unknown top level operator: ${key}`, 2, 'BadValue');
    } else {
      const path = filterPath(key);
      const typed = typedReader(schema.fields[key]);
      const first = isPlainObject(value) ? Object.keys(value)[0] : undefined;
      let test: ValueTest;
      try {
        test = first !== undefined && first.startsWith('$') ? operatorsTest(value as Record<string, unknown>, typed, budget, key) : equalsTest(value);
      } catch (error) {
        throw atPath(error, key);
      }
      clauses.push((doc) => {
        try {
          return test(valuesAt(doc, path, typed, budget));
        } catch (error) {
          throw atPath(error, key);
        }
      });
    }
  }
  tests.push(...costly);
  return (doc) => tests.every((test) => test(doc));
}

/** Whether a filter value holds a `$regex` operator at any depth. */
function mentionsRegex(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(mentionsRegex);
  if (!isPlainObject(value)) return false;
  return Object.hasOwn(value, '$regex') || Object.values(value).some(mentionsRegex);
}

/**
 * `Model.find(filter)`'s selection: the filter cast by Mongoose against the model, then compiled
 * as MongoDB runs it.
 * @param budget as {@link compileFilter}.
 * @throws {CastError} {@link QueryCastError} (Mongoose), {@link MongoError} (MongoDB), {@link UnsupportedQueryError}, {@link PatternLimitError}.
 */
export function documentFilter(schema: QuerySchema, filter: unknown, budget?: MatchBudget): DocTest {
  return compileFilter(castFilter(schema, filter), schema, budget);
}
