/**
 * Helpers over JSON documents: reading a dotted path, telling plain objects apart. (What the server
 * reads as an ObjectId and how it sorts are the engine's business: `mongoose/cast.ts`, `mongoose/query.ts`.)
 */

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
