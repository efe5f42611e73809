/**
 * Helpers over JSON documents: reading a dotted path, telling plain objects apart, sorting by a
 * field, and the ObjectId syntax.
 */

/** ObjectId syntax: 24 hexadecimal characters. */
export const OBJECT_ID = /^[0-9a-fA-F]{24}$/;

/** Whether `value` is a plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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

/**
 * A sort comparator on a dotted field of JSON documents: numbers by value, anything else by its
 * string form; missing and `null` values sort first in ascending order.
 * @param field dotted path, e.g. `createdAt` or `attributes.plan`.
 * @param direction `1` ascending, `-1` descending.
 */
export function compareBy(field: string, direction: 1 | -1): (a: object, b: object) => number {
  const path = field.split('.');
  return (a, b) => {
    const x = valueAt(a, path);
    const y = valueAt(b, path);
    let cmp: number;
    if (x === y) cmp = 0;
    else if (x === undefined || x === null) cmp = -1;
    else if (y === undefined || y === null) cmp = 1;
    else if (typeof x === 'number' && typeof y === 'number') cmp = x - y;
    else cmp = String(x) < String(y) ? -1 : String(x) > String(y) ? 1 : 0;
    return cmp * direction;
  };
}
