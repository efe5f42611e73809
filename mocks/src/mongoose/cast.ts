/**
 * How the service's models turn request values into stored ones: the casts of Mongoose 5.13 (the
 * ODM of the open-source server the contract describes), rule for rule, so the mock stores what the
 * server stores (`tag: 5` becomes `"5"`, `members: "x"` becomes `["x"]`) and refuses what it
 * refuses (an object where a string goes: a cast error, which the server's routes answer with a 500).
 */
import { isObject } from '../documents';

/** A value the model cannot store in a field (Mongoose's `CastError`). */
export class CastError extends Error {
  constructor(
    /** What the field holds: `string`, `Number`, `boolean`, `ObjectId`, `date`, `Array`, `[string]`, `Embedded`. */
    readonly kind: string,
    readonly value: unknown,
    /** The field's dotted path. */
    readonly path: string,
  ) {
    super(`Cast to ${kind} failed for value "${describeValue(value)}" at path "${path}"`);
    this.name = 'CastError';
  }
}

function describeValue(value: unknown): string {
  try {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 80 ? `${text.slice(0, 80)}…` : text;
  } catch {
    return String(value);
  }
}

const isPlainObject = isObject;

/**
 * Mongoose's string cast: numbers and booleans become their text, a document-like `{_id: "…"}`
 * its `_id`; arrays and plain objects are refused; `null`/`undefined` stay.
 */
export function castString(value: unknown, path: string): string | null | undefined {
  if (value === null || value === undefined) return value;
  if (isPlainObject(value) && typeof value._id === 'string' && value._id !== '') return value._id;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new CastError('string', value, path);
}

/**
 * Mongoose's number cast: `''` becomes `null`, numeric strings and booleans their number, a
 * document-like `{_id}` its `_id`'s number; `NaN`, arrays and other objects are refused
 * (`cast/number.js` asserts `!isNaN(val)` before anything else).
 */
export function castNumber(value: unknown, path: string): number | null | undefined {
  if (value === null || value === undefined) return value;
  const candidate = isPlainObject(value) && value._id !== undefined ? value._id : value;
  if (candidate === '') return null;
  if (typeof candidate === 'string' || typeof candidate === 'boolean') {
    const n = Number(candidate);
    if (Number.isNaN(n)) throw new CastError('Number', candidate, path);
    return n;
  }
  if (typeof candidate === 'number') {
    if (Number.isNaN(candidate)) throw new CastError('Number', candidate, path);
    return candidate;
  }
  // Mongoose 5.13.23's cast/number.js asserts `!isNaN(val)` first: a plain object (NaN) is refused.
  throw new CastError('Number', value, path);
}

const TRUE = new Set<unknown>([true, 'true', 1, '1', 'yes']);
const FALSE = new Set<unknown>([false, 'false', 0, '0', 'no']);

/** Mongoose's boolean cast: `true`, `'true'`, `1`, `'1'`, `'yes'` and their opposites; anything else is refused. */
export function castBoolean(value: unknown, path: string): boolean | null | undefined {
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  if (value === null || value === undefined) return value;
  throw new CastError('boolean', value, path);
}

const HEX24 = /^[0-9a-fA-F]{24}$/;

/**
 * Whether a string is an ObjectId as the server's driver reads one (`ObjectId.isValid`): 24
 * hexadecimal characters, or any 12 characters (read as 12 bytes).
 */
export function isObjectIdLike(value: string): boolean {
  return HEX24.test(value) || (value.length === 12 && [...value].every((c) => c.charCodeAt(0) < 256));
}

/** `Array.prototype.toString` of a JSON array (items joined with `,`, `null` as empty, objects `[object Object]`). */
function arrayText(items: readonly unknown[]): string {
  return items.map((item) => (item === null || item === undefined ? '' : Array.isArray(item) ? arrayText(item) : typeof item === 'object' ? '[object Object]' : String(item))).join(',');
}

/**
 * The ObjectId a value names, as 24 lower-case hexadecimal characters: 24 hex characters, or 12
 * characters read as bytes (the driver's rule), of the value's text (an array's items joined: a
 * one-item array of an id is that id); a document-like `{_id}` its `_id`.
 * @throws {CastError} for anything else (the server's routes answer it with a 500).
 */
export function castObjectId(value: unknown, path: string): string {
  const candidate = isPlainObject(value) && value._id ? value._id : value;
  // `new ObjectId(value.toString())` (cast/objectid.js): numbers, booleans and arrays by their text
  // (`["<24 hex>"]` is that id), plain objects as `[object Object]`.
  const text =
    typeof candidate === 'string' ? candidate : typeof candidate === 'number' || typeof candidate === 'boolean' ? String(candidate) : Array.isArray(candidate) ? arrayText(candidate) : undefined;
  if (text !== undefined && HEX24.test(text)) return text.toLowerCase();
  if (text !== undefined && text.length === 12 && isObjectIdLike(text)) return [...text].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
  throw new CastError('ObjectId', value, path);
}

/**
 * Mongoose's date cast: `''`/`null` become `null`, numbers epoch milliseconds, strings parsed as
 * dates; booleans and unparsable values are refused.
 * @returns the ISO string (how the JSON answers send dates).
 */
export function castDate(value: unknown, path: string): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (typeof value === 'boolean') throw new CastError('date', value, path);
  let date: Date;
  if (typeof value === 'number') date = new Date(value);
  else if (typeof value === 'string' && !Number.isNaN(Number(value)) && (Number(value) >= 275761 || Number(value) < -271820)) date = new Date(Number(value));
  else if (typeof value === 'string') date = new Date(value);
  else throw new CastError('date', value, path);
  if (Number.isNaN(date.valueOf())) throw new CastError('date', value, path);
  return date.toISOString();
}
