/**
 * The request checks of the service's sign-in routes (`routes/auth.js`), as express-validator 6.15
 * runs them: `check(field)` reads the field in **every** request location — `req.body`,
 * `req.cookies`, `req.headers`, `req.params`, `req.query`, in that order — and validates each one
 * that has a value (the body's when none has), on the value's string form (express-validator's
 * `toString`: an array's first item, an object's `toString()`); a failure is
 * `{value, msg: "Invalid value", param, location}` (`value` absent when the field is missing).
 * `isEmail` is validator.js 13's with its default options.
 */
import type { ParsedQuery } from '../http/request';

/** One failed check, as `validationResult(req).array()` lists it. */
export interface ValidationFailure {
  value?: unknown;
  msg: string;
  param: string;
  location: RequestLocation;
}

/** Where express-validator's `check()` looks for a field. */
export type RequestLocation = 'body' | 'cookies' | 'headers' | 'params' | 'query';

/** The request as express-validator reads it. */
export interface ValidatedRequest {
  body: unknown;
  query: ParsedQuery;
  params: Readonly<Record<string, string>>;
  /** The request's headers (names are read lower-cased). */
  headers: Headers;
}

/** `req.cookies` as cookie-parser leaves it: the `Cookie` header's pairs, URI-decoded, `j:` values parsed as JSON. */
export function parseCookies(header: string | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!header) return out;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    if (!name || Object.hasOwn(out, name)) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length > 1) value = value.slice(1, -1);
    let decoded: unknown = value;
    if (value.includes('%')) {
      try {
        decoded = decodeURIComponent(value);
      } catch {
        decoded = value;
      }
    }
    if (typeof decoded === 'string' && decoded.startsWith('j:')) {
      try {
        decoded = JSON.parse(decoded.slice(2)) as unknown;
      } catch {
        // cookie-parser keeps the text when it is no JSON
      }
    }
    out[name] = decoded;
  }
  return out;
}

/** express-validator's `toString`: what a standard validator sees of a value. */
export function validatorString(value: unknown, deep = true): string {
  if (Array.isArray(value) && value.length && deep) return validatorString(value[0], false);
  if (value && typeof value === 'object') {
    // A JSON object whose own `toString` is no function falls back to the prototype's.
    return Array.isArray(value) ? value.map((item) => (item === null || item === undefined ? '' : jsText(item))).join(',') : '[object Object]';
  }
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isNaN(value)) return '';
  return String(value);
}

/** `String(value)` of a JSON value inside an array (`Array.prototype.join`). */
function jsText(value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => (item === null || item === undefined ? '' : jsText(item))).join(',');
  if (typeof value === 'object' && value !== null) return '[object Object]';
  return String(value);
}

/** The value of a (simple) field in one location, as lodash's `_.get` reads it. */
function valueIn(request: ValidatedRequest, location: RequestLocation, field: string, cookies: Record<string, unknown>): unknown {
  const own = (object: unknown, key: string): unknown => (typeof object === 'object' && object !== null && Object.hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined);
  switch (location) {
    case 'body':
      return own(request.body, field);
    case 'cookies':
      return own(cookies, field);
    case 'headers':
      return request.headers.get(field.toLowerCase()) ?? undefined;
    case 'params':
      return own(request.params, field);
    case 'query':
      return own(request.query, field);
  }
}

const LOCATIONS: readonly RequestLocation[] = ['body', 'cookies', 'headers', 'params', 'query'];

/**
 * Runs `check(field).<validator>()` over the request: the values of `field` in every location that
 * has one (the body's, missing, when none has), each failing `test` (on its string form) reported.
 */
export function check(request: ValidatedRequest, field: string, test: (text: string) => boolean): ValidationFailure[] {
  const cookies = parseCookies(request.headers.get('cookie'));
  const instances = LOCATIONS.map((location) => ({ location, value: valueIn(request, location, field, cookies) }));
  const withValue = instances.filter((instance) => instance.value !== undefined);
  const checked = withValue.length ? withValue : [instances[0]!];
  const failures: ValidationFailure[] = [];
  for (const { location, value } of checked) {
    if (test(validatorString(value))) continue;
    failures.push(value === undefined ? { msg: 'Invalid value', param: field, location } : { value, msg: 'Invalid value', param: field, location });
  }
  return failures;
}

/** validator.js `notEmpty` (express-validator's `not().isEmpty()`). */
export const notEmpty = (text: string): boolean => text.length > 0;

/** validator.js `isByteLength(text, {max})`: the length of the UTF-8 encoding. */
function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

const EMAIL_USER_UTF8_PART = /^[a-z\d!#$%&'*+\-/=?^_`{|}~\u00A1-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]+$/i;
const QUOTED_EMAIL_USER_UTF8 =
  // eslint-disable-next-line no-control-regex -- validator.js's pattern: control characters are allowed in a quoted local part
  /^([\s\x01-\x08\x0b\x0c\x0e-\x1f\x7f\x21\x23-\x5b\x5d-\x7e\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]|(\\[\x01-\x09\x0b\x0c\x0d-\x7f\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]))*$/i;

/** validator.js `isFQDN` with `require_tld: true`, no underscores, no trailing dot, no numeric TLD. */
function isFQDN(text: string): boolean {
  const parts = text.split('.');
  const tld = parts[parts.length - 1]!;
  if (parts.length < 2) return false;
  if (!/^([a-z\u00A1-\u00A8\u00AA-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]{2,}|xn[a-z0-9-]{2,})$/i.test(tld)) return false;
  if (/\s/.test(tld)) return false;
  if (/^\d+$/.test(tld)) return false;
  return parts.every((part) => part.length <= 63 && /^[a-z_\u00a1-\uffff0-9-]+$/i.test(part) && !/[\uff01-\uff5e]/.test(part) && !/^-|-$/.test(part) && !/_/.test(part));
}

/** validator.js 13 `isEmail(text)` with its default options (no display name, no IP domain, a TLD required, 254 characters at most). */
export function isEmail(text: string): boolean {
  if (text.length > 254) return false;
  const parts = text.split('@');
  const domain = parts.pop()!;
  let user = parts.join('@');
  if (byteLength(user) > 64 || byteLength(domain) > 254) return false;
  if (!isFQDN(domain)) return false;
  if (user.startsWith('"') && user.endsWith('"') && user.length >= 1) {
    user = user.slice(1, user.length - 1);
    return QUOTED_EMAIL_USER_UTF8.test(user);
  }
  return user.split('.').every((part) => EMAIL_USER_UTF8_PART.test(part));
}
