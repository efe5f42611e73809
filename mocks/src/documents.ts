/**
 * Helpers over JSON documents: reading a dotted path, telling plain objects apart. (What the server
 * reads as an ObjectId and how it sorts are the engine's business: `mongoose/cast.ts`, `mongoose/query.ts`.)
 */

/** Whether `value` is a plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A deep copy of a stored document, the same as `structuredClone(value)` gives for one (plain
 * objects and arrays of JSON values, `undefined` and dates included; a plain object's copy has
 * `Object.prototype`, its own enumerable string keys in their order), made in JavaScript: for the small
 * documents of an answer several times faster than `structuredClone`, which serialises and
 * deserialises. What is not a plain object, a dense array, a date or a primitive (a `Map`, a sparse
 * array, a function, a symbol key) is handed to `structuredClone`, whatever it makes of it (a function
 * throws as it would).
 * Documents are trees: an object reached twice is copied twice.
 */
export function copyDocument<T>(value: T): T;
export function copyDocument(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'function' || typeof value === 'symbol') return structuredClone(value);
    return value;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  // A date (one `structuredClone` call costs more than copying a whole document).
  if (proto === Date.prototype && value instanceof Date && Object.keys(value).length === 0 && Object.getOwnPropertySymbols(value).length === 0) return new Date(value.getTime());
  if (Array.isArray(value)) {
    if (proto !== Array.prototype || Object.keys(value).length !== value.length || Object.getOwnPropertySymbols(value).length) return structuredClone(value);
    const copy: unknown[] = [];
    for (const item of value) copy.push(copyDocument(item));
    return copy;
  }
  // Symbol keys, and an own `__proto__` (a JSON body's), which an assignment would take as the prototype.
  if ((proto !== Object.prototype && proto !== null) || Object.getOwnPropertySymbols(value).length || Object.hasOwn(value, '__proto__')) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = copyDocument(Reflect.get(value, key));
  return copy;
}

/**
 * Reads the value at `path` (property names, outermost first) of `root`.
 * @returns the value, or `undefined` when a step is missing or not an object.
 */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
