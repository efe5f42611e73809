/**
 * Internal: keeps secrets out of logs and errors (every body the SDK logs or attaches to an error passes
 * through {@link redact}), and `__proto__` keys of parsed input from touching prototypes ({@link setField}).
 */

/** Field names whose values are secrets: never logged, never put in an error. */
const SECRET_KEY = /pass(word)?|secret|token|authorization|api[-_]?key|cookie/i;

/** What replaces a secret value. */
export const REDACTED = '[redacted]';

/**
 * Sets `target[key] = value` as an own data property, whatever the key: a key `__proto__` (which
 * `JSON.parse` produces as an ordinary field) stays a field instead of replacing the prototype.
 */
export function setField(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** Deepest nesting {@link redact} copies; what lies deeper becomes {@link TOO_DEEP}. Stored documents nest less (MongoDB stops at 100 levels), wrapper included. */
export const MAX_REDACT_DEPTH = 128;

/** What replaces an object or array nested deeper than {@link MAX_REDACT_DEPTH} levels in a redacted copy. */
export const TOO_DEEP = '[too deep]';

/**
 * Returns a deep copy of `value` where every property whose name looks like a secret
 * (`password`, `token`, `secret`, `authorization`, ...) is replaced by `"[redacted]"`.
 * Used on every body the SDK logs or attaches to an error. Cycles are cut (`"[circular]"`); an object
 * or array nested deeper than {@link MAX_REDACT_DEPTH} (128) levels becomes `"[too deep]"`, so a hostile
 * body of arrays 5,000 deep costs no stack overflow; every field, `__proto__` included, is copied as
 * data (the copies have the plain `Object` prototype).
 */
export function redact<T>(value: T, seen = new WeakSet<object>(), depth = 0): T {
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value as object)) return '[circular]' as T;
  if (depth >= MAX_REDACT_DEPTH) return TOO_DEEP as T;
  seen.add(value as object);
  if (Array.isArray(value)) return value.map((item) => redact(item, seen, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    setField(out, key, SECRET_KEY.test(key) && item !== undefined && item !== null ? REDACTED : redact(item, seen, depth + 1));
  }
  return out as T;
}

/** Returns the headers as a plain object with `Authorization`, `Cookie`, `x-hook-secret` and the like redacted. */
export function redactHeaders(headers: Headers | Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  const entries = headers instanceof Headers ? headers.entries() : Object.entries(headers);
  for (const [key, value] of entries) setField(out, key, SECRET_KEY.test(key) ? REDACTED : value);
  return out;
}

/**
 * Redacts secrets in raw text that may not parse (a truncated or malformed JSON body): the value
 * after any `"<secret-looking key>":`, quoted (closed or cut off) or bare, and anything shaped like a
 * JWT (`eyJ...`), become `[redacted]`.
 */
export function redactText(text: string): string {
  return text.replace(new RegExp(`("[^"]*(?:${SECRET_KEY.source})[^"]*"\\s*:\\s*)(?:"(?:[^"\\\\]|\\\\.)*"?|[^\\s,}\\]]+)`, 'gi'), `$1"${REDACTED}"`).replace(/eyJ[\w-]*(?:\.[\w-]*)*/g, REDACTED);
}
