// Helpers on the documents the wire server stores: deep copies that keep BSON values, dotted paths,
// a canonical key for equality (unique indexes, distinct) and the operator-document test.
import { BSON } from './deps.mjs';

/** Deep copy of plain objects and arrays; dates are copied, BSON values (immutable) are shared. */
export function clone(value) {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime());
  if (Array.isArray(value)) return value.map(clone);
  if (!isPlainObject(value)) return value;
  const copy = {};
  for (const key of Object.keys(value)) copy[key] = clone(value[key]);
  return copy;
}

export function isPlainObject(value) {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The value at a dotted path, or undefined. */
export function getPath(doc, path) {
  let current = doc;
  for (const part of path.split('.')) {
    if (current == null || typeof current !== 'object') return undefined;
    current = current[part];
  }
  return current;
}

/** Sets the value at a dotted path, creating intermediate objects. */
export function setPath(doc, path, value) {
  const parts = path.split('.');
  let current = doc;
  for (const part of parts.slice(0, -1)) {
    if (current[part] == null || typeof current[part] !== 'object') current[part] = {};
    current = current[part];
  }
  current[parts[parts.length - 1]] = value;
}

/** Canonical Extended JSON of a value (missing = null), so equal BSON values give equal keys. */
export function keyString(value) {
  return BSON.EJSON.stringify({ v: value === undefined ? null : value }, { relaxed: false });
}

/** True for `{ $set: ..., $inc: ... }`, false for a replacement document. */
export function isOperatorDoc(update) {
  if (!isPlainObject(update)) return false;
  const keys = Object.keys(update);
  return keys.length > 0 && keys.every((key) => key.startsWith('$'));
}
