/**
 * How the service's list routes query the database, rule for rule: the sort object Mongoose builds
 * from a route's `sort`/`direction` (mquery refuses a direction that is not 1, -1, asc or desc with a
 * synchronous `TypeError`), what the MongoDB driver sends of `skip` and `limit` (nothing when `0` or
 * `NaN`; a negative limit as its absolute value), and what MongoDB refuses (a negative skip). Then
 * the order MongoDB sorts values of mixed types in.
 */
import { jsString } from '../http/request';

/** A command MongoDB refuses (the driver's `MongoError`). */
export class MongoError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly codeName: string,
  ) {
    super(message);
    this.name = 'MongoError';
  }
}

/**
 * mquery's reading of one sort value (`sort({[field]: value})`): `1`, `asc`, `ascending` → 1;
 * `-1`, `desc`, `descending` → -1; a missing or empty value → 1.
 * @throws {TypeError} `Invalid sort value: {field: value }` for anything else (thrown synchronously
 *   where the route builds the query).
 */
export function sortDirection(field: string, value: unknown): 1 | -1 {
  const text = jsString(value || 1).toLowerCase();
  if (!/^(?:ascending|asc|descending|desc|1|-1)$/.test(text)) throw new TypeError(`Invalid sort value: {${field}: ${jsString(value)} }`);
  return /^(?:ascending|asc|1)$/.test(text) ? 1 : -1;
}

/** `skip` and `limit` of a find as MongoDB applies them (`limit` 0: no limit). */
export interface FindWindow {
  skip: number;
  limit: number;
}

/**
 * The window MongoDB applies for the `skip` and `limit` a route passes to Mongoose: the driver
 * sends each only when truthy (so `0` and `NaN` mean none), a negative limit as its absolute value;
 * MongoDB refuses a negative skip.
 * @throws {MongoError} for a negative skip (code 2 `BadValue`, as MongoDB 4.4 answers).
 */
export function findWindow(skip: number, limit: number): FindWindow {
  const sentSkip = skip ? skip : 0;
  const sentLimit = limit ? Math.abs(limit) : 0;
  if (sentSkip < 0) throw new MongoError(`Skip value must be non-negative, but received: ${sentSkip}`, 2, 'BadValue');
  return { skip: Math.trunc(sentSkip), limit: Math.trunc(sentLimit) };
}

/** A page of `items` as MongoDB returns it for a window. */
export function applyWindow<T>(items: readonly T[], { skip, limit }: FindWindow): T[] {
  return limit ? items.slice(skip, skip + limit) : items.slice(skip);
}

/** MongoDB's order of BSON types in a sort: missing and null first, then numbers, strings, objects, arrays, ids, booleans, dates. */
function typeRank(value: unknown): number {
  if (value === undefined || value === null) return 1;
  if (typeof value === 'number') return 2;
  if (typeof value === 'string') return 3;
  if (Array.isArray(value)) return 5;
  if (typeof value === 'object') return 4;
  if (typeof value === 'boolean') return 8;
  return 3;
}

function compareValues(x: unknown, y: unknown): number {
  const rx = typeRank(x);
  const ry = typeRank(y);
  if (rx !== ry) return rx - ry;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'string' && typeof y === 'string') return x < y ? -1 : x > y ? 1 : 0;
  if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
  const a = JSON.stringify(x) ?? '';
  const b = JSON.stringify(y) ?? '';
  return a < b ? -1 : a > b ? 1 : 0;
}

function valueAtPath(doc: object, path: readonly string[]): unknown {
  let current: unknown = doc;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * A comparator on a dotted field as MongoDB sorts: by BSON type first (missing and `null` lowest),
 * then by value; equal values keep their stored order (use a stable sort).
 */
export function mongoCompare(field: string, direction: 1 | -1): (a: object, b: object) => number {
  const path = field.split('.');
  return (a, b) => compareValues(valueAtPath(a, path), valueAtPath(b, path)) * direction;
}
