/**
 * The request as the service's Express app reads it before any route runs: the query parsed by
 * `qs` (Express's "extended" parser: `a[b]=1` is an object, a repeated name an array), and the body
 * parsed by `body-parser` — JSON (`application/json`; an empty body is `{}`; only an object or an
 * array at the top), URL-encoded forms (`qs`, 32 levels deep at most), anything else left unread as
 * `{}`; a `gzip` or `deflate` body inflated first. Malformed bodies, and bodies in another
 * `Content-Encoding`, are the service's global error: 500 `{err: "error"}`.
 */
import { parse } from 'qs';
import { BodyEncodingError, BodyTooLargeError, readBodyText } from './body';
import { payloadTooLarge, type Failure } from './results';

/** A query as Express hands it to routes: strings, arrays of them, nested objects. */
export type ParsedQuery = Record<string, unknown>;

/** `req.query`: the URL's query parsed as Express's extended query parser does (`qs`, arrays up to 1000 items). */
export function parseQuery(url: URL): ParsedQuery {
  const search = url.search.startsWith('?') ? url.search.slice(1) : url.search;
  return parse(search, { allowPrototypes: true, arrayLimit: 1000 }) as ParsedQuery;
}

/** The media type of a `Content-Type` value, lower-case, without parameters. */
function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The service's answer to a body its parsers refuse (the global error handler). */
const parseFailure = (): Failure => ({ status: 500, body: { err: 'error' }, beforeCors: true });

/**
 * `req.body` as the service's parsers leave it.
 * @param limit the body limit in bytes (413 beyond it, as the parsers answer).
 * @returns `{ body }` (`{}` when nothing was parsed), or the failure the service answers.
 */
export async function readServerBody(request: Request, limit: number): Promise<{ body: unknown; text?: string } | { failure: Failure }> {
  const type = mediaType(request.headers.get('content-type'));
  const json = type === 'application/json';
  const form = type === 'application/x-www-form-urlencoded';
  if (!json && !form) return { body: {} };
  const charset = /;\s*charset\s*=\s*"?([^";]+)/i.exec(request.headers.get('content-type') ?? '')?.[1]?.toLowerCase();
  if (charset && !charset.startsWith('utf-')) return { failure: parseFailure() };
  let text: string;
  try {
    text = await readBodyText(request, limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { failure: payloadTooLarge(limit) };
    // body-parser's 415 (an encoding it does not inflate) and 400 (bytes that do not inflate) reach
    // the global error handler, which answers both 500 {err: "error"}.
    if (error instanceof BodyEncodingError) return { failure: parseFailure() };
    throw error;
  }
  if (text === '') return { body: {}, text };
  if (form) {
    // More than 1000 parameters: body-parser's 413 "too many parameters", which the global handler
    // answers as any 413 (no limit known).
    if (text.split('&').length > 1000) return { failure: payloadTooLarge() };
    try {
      return { body: parse(text, { allowPrototypes: true, arrayLimit: Math.max(100, text.split('&').length), depth: 32, strictDepth: true, parameterLimit: 1000 }), text };
    } catch {
      return { failure: parseFailure() };
    }
  }
  const first = /^[\x20\x09\x0a\x0d]*([^\x20\x09\x0a\x0d])/.exec(text)?.[1];
  if (first !== '{' && first !== '[') return { failure: parseFailure() };
  try {
    return { body: JSON.parse(text) as unknown, text };
  } catch {
    return { failure: parseFailure() };
  }
}

/**
 * `req.body[name]` as a route reads it: the own property of an object or array body, else
 * `undefined` (never an inherited property).
 */
export function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && Object.hasOwn(body, name) ? (body as Record<string, unknown>)[name] : undefined;
}

/** `req.query[name]` (an own property, else `undefined`). */
export function queryField(query: ParsedQuery, name: string): unknown {
  return Object.hasOwn(query, name) ? query[name] : undefined;
}

/**
 * A value as JavaScript's arithmetic reads it (`req.query.page * limit`): a string's number, an
 * array's joined text's number, `NaN` for an object.
 */
export function jsNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return Number(value);
  if (value === null) return 0;
  if (value === undefined) return Number.NaN;
  if (Array.isArray(value)) return Number(value.map((v) => (v === null || v === undefined ? '' : typeof v === 'object' ? '[object Object]' : String(v))).join(','));
  if (typeof value === 'object') return Number.NaN;
  return Number(value);
}

/** A value as `String(value)` reads it in the service's code (arrays joined with `,`, objects `[object Object]`). */
export function jsString(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => (v === null || v === undefined ? '' : jsString(v))).join(',');
  if (typeof value === 'object' && value !== null) return '[object Object]';
  return String(value);
}

/** `parseInt(value)` as the service's code calls it on a query value. */
export function jsParseInt(value: unknown): number {
  return Number.parseInt(jsString(value), 10);
}

/** Whether JavaScript reads a query value as true (`if (req.query.x)`): any non-empty string, any array or object. */
export function truthy(value: unknown): boolean {
  return Boolean(value);
}
