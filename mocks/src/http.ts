/**
 * Shared response helpers and request parsing for the handlers: the error bodies of the contract
 * (`components/responses`, `ErrorBody`), query coercion and zod-to-422 conversion.
 */
import { HttpResponse } from 'msw';
import { RE2JS } from 're2js';

/** What a handler answers, before it becomes a `Response`. */
export interface Result {
  /** HTTP status; every success is 200 (contract, "Errors"). */
  status: number;
  /** JSON body (omitted for text answers). */
  body?: unknown;
  /** Plain-text body (`Unauthorized`, `Bad Request`). */
  text?: string;
  /** Extra response headers. */
  headers?: Record<string, string>;
}

/** 200 with a JSON body. */
export function ok(body: unknown, headers?: Record<string, string>): Result {
  return headers ? { status: 200, body, headers } : { status: 200, body };
}

/** A JSON error answer. */
export function fail(status: number, body: unknown): Result {
  return { status, body };
}

/** `{success: false, msg}` (ErrorMessage), the body of most resources' errors. */
export function failMsg(status: number, msg: string, extra?: Record<string, unknown>): Result {
  return { status, body: { success: false, msg, ...extra } };
}

/** `{success: false, error}` (ErrorDescription), the body of knowledge-base and delete errors. */
export function failError(status: number, error: string, extra?: Record<string, unknown>): Result {
  return { status, body: { success: false, error, ...extra } };
}

/** 401 `Unauthorized` as plain text with `WWW-Authenticate: Basic realm="Users"` (contract `Unauthorized`). */
export function unauthorized(): Result {
  return { status: 401, text: 'Unauthorized', headers: { 'WWW-Authenticate': 'Basic realm="Users"' } };
}

/** 400 `Bad Request` as plain text (an `Authorization` value without a scheme). */
export function badRequestText(): Result {
  return { status: 400, text: 'Bad Request' };
}

/** 404 `{success: false, msg: "Object not found."}` (contract `NotFound`). */
export function objectNotFound(): Result {
  return failMsg(404, 'Object not found.');
}

/** One failed check, as express-validator reports it (contract `ValidationErrors`). */
export interface ValidationIssue {
  value?: unknown;
  msg: string;
  param: string;
  location: 'body' | 'query' | 'params' | 'headers';
}

/** Serialises a {@link Result} into a Fetch `Response` (MSW's `HttpResponse`). */
export function toResponse(result: Result): Response {
  const headers = new Headers(result.headers);
  if (result.text !== undefined) {
    headers.set('Content-Type', 'text/plain; charset=utf-8');
    return new HttpResponse(result.text, { status: result.status, headers });
  }
  return HttpResponse.json(result.body as any, { status: result.status, headers });
}

/** Reads a value at a dotted `path` of `root` (`undefined` when absent). */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current: any = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = current[key as any];
  }
  return current;
}

/** Minimal view of a zod issue (zod 4). */
interface ZodIssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * Converts zod issues into the contract's validation items: one per failing field, `param` the
 * dotted path, `value` the value received, `msg` `Invalid value` as express-validator writes it.
 */
export function issuesToErrors(issues: readonly ZodIssueLike[], input: unknown, location: ValidationIssue['location']): ValidationIssue[] {
  const seen = new Set<string>();
  const out: ValidationIssue[] = [];
  for (const issue of issues) {
    const param = issue.path.map(String).join('.') || (location === 'body' ? 'body' : location);
    if (seen.has(param)) continue;
    seen.add(param);
    const value = issue.path.length ? valueAt(input, issue.path) : input;
    out.push(value === undefined ? { msg: 'Invalid value', param, location } : { value, msg: 'Invalid value', param, location });
  }
  return out;
}

/** Minimal zod schema view: what the helpers call. */
export interface SchemaLike {
  safeParse(input: unknown): { success: true; data: any } | { success: false; error: { issues: readonly ZodIssueLike[] } };
}

/** A zod object schema with its field schemas. */
export interface ObjectSchemaLike extends SchemaLike {
  shape?: Record<string, SchemaLike>;
}

/**
 * Turns URL query values (strings) into the types the operation's zod query schema expects:
 * for each declared parameter the raw string is tried first, then as a number, then as a boolean;
 * the first candidate the field accepts wins (otherwise the raw string is kept and fails
 * validation). A repeated parameter becomes an array (which fails a scalar field).
 * @returns the candidate query object, not yet validated; undeclared parameters are dropped.
 */
export function coerceQuery(params: URLSearchParams, schema: ObjectSchemaLike | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const shape = schema?.shape;
  if (!shape) return out;
  for (const [key, field] of Object.entries(shape)) {
    const values = params.getAll(key);
    if (values.length === 0) continue;
    if (values.length > 1) {
      out[key] = values;
      continue;
    }
    const raw = values[0]!;
    const candidates: unknown[] = [raw];
    if (raw.trim() !== '' && !Number.isNaN(Number(raw))) candidates.push(Number(raw));
    if (raw === 'true') candidates.push(true);
    if (raw === 'false') candidates.push(false);
    out[key] = candidates.find((candidate) => field.safeParse(candidate).success) ?? raw;
  }
  return out;
}

/** Whether `value` is a plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, any> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** ObjectId test (24 hexadecimal characters). */
export const OBJECT_ID = /^[0-9a-fA-F]{24}$/;

/** Sort comparator on a field of JSON documents; missing values sort first in ascending order. */
export function compareBy(field: string, direction: 1 | -1): (a: Record<string, any>, b: Record<string, any>) => number {
  return (a, b) => {
    const x = valueAt(a, field.split('.'));
    const y = valueAt(b, field.split('.'));
    let cmp: number;
    if (x === y) cmp = 0;
    else if (x === undefined || x === null) cmp = -1;
    else if (y === undefined || y === null) cmp = 1;
    else if (typeof x === 'number' && typeof y === 'number') cmp = x - y;
    else cmp = String(x) < String(y) ? -1 : String(x) > String(y) ? 1 : 0;
    return cmp * direction;
  };
}

/** A compiled user pattern: what the filters call. */
export interface UserPattern {
  /** Whether the pattern matches somewhere in `text` (unanchored, like `RegExp.prototype.test`). */
  test(text: string): boolean;
  /** `regex` when RE2 runs it, `literal` when the text is matched as a plain substring. */
  readonly kind: 'regex' | 'literal';
}

const PATTERN_CACHE_LIMIT = 256;
const patternCache = new Map<string, UserPattern>();

/**
 * Compiles user text (a segment filter's `contains` value, the content `search` parameter) as a
 * regular expression run by RE2 (`re2js`), whose matching time is linear in the text: no pattern
 * can backtrack catastrophically (`^(a+)+$` over any text answers in microseconds to
 * milliseconds). JavaScript spellings RE2 lacks are translated first (`\uXXXX`, `(?<name>…)`,
 * `\/`). Text RE2 cannot compile — a syntax error (`[`), a backreference (`\1`), a lookahead or
 * lookbehind (`(?=…)`, `(?<=…)`), a repeat count over 1000 — is matched literally, as a plain
 * substring (so `search=(?=x)` finds sources containing the characters `(?=x)`), never refused.
 * Compiled patterns are cached (the 256 most recent).
 *
 * @param source the user's text, any length (bounded in practice by the request size limit).
 * @returns a {@link UserPattern}; never throws.
 */
export function userPattern(source: string): UserPattern {
  const cached = patternCache.get(source);
  if (cached) {
    patternCache.delete(source);
    patternCache.set(source, cached);
    return cached;
  }
  let pattern: UserPattern;
  try {
    const re = RE2JS.compile(RE2JS.translateRegExp(source));
    pattern = { kind: 'regex', test: (text) => re.test(text) };
  } catch {
    pattern = { kind: 'literal', test: (text) => text.includes(source) };
  }
  if (patternCache.size >= PATTERN_CACHE_LIMIT) patternCache.delete(patternCache.keys().next().value!);
  patternCache.set(source, pattern);
  return pattern;
}

/** The service's body size limit: 500 KB (`500KB` as body-parser reads it), in bytes. */
export const DEFAULT_BODY_LIMIT = 512_000;

/** Nesting limit of JSON bodies: MongoDB stores no document nested deeper than 100 levels. */
export const MAX_BODY_DEPTH = 100;

/** 413 `{err: "Request entity too large", limit}` (the service's global error handler, ServerError). */
export function payloadTooLarge(limit: number): Result {
  return { status: 413, body: { err: 'Request entity too large', limit } };
}

/** Thrown by {@link readBodyText} when a body exceeds the limit; `limit` in bytes. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request entity too large (limit ${limit} bytes)`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Reads a request body as UTF-8 text, stopping as soon as more than `limit` bytes arrived: the
 * rest is never read (the stream is cancelled), so an oversized body costs at most `limit` bytes
 * plus one chunk of memory. A declared `Content-Length` over the limit fails before any read.
 * Where the runtime offers no body stream (Firefox's service workers) the body is read whole and
 * measured afterwards.
 *
 * @param request the Fetch request (its body is consumed).
 * @param limit maximum size in bytes.
 * @returns the text (`''` without a body).
 * @throws {BodyTooLargeError} when the body is, or is declared, larger than `limit`.
 */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit);
  if (!request.body) {
    // Runtimes without request body streams (Firefox's service workers: `Request.body` is
    // undefined there) give the body only whole; the limit is then checked after reading.
    const text = await request.text();
    if (new TextEncoder().encode(text).byteLength > limit) throw new BodyTooLargeError(limit);
    return text;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: the cancellation of one branch of a teed stream (MSW clones every request)
      // settles only once the other branch is cancelled too. Either way nothing more is read.
      void reader.cancel().catch(() => {});
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * The nesting depth of JSON text (objects and arrays; `0` for a scalar), by one linear scan that
 * skips strings — no recursion, so any depth is measured safely. Stops counting past `stopAt`.
 * @param text JSON text (need not be valid: brackets inside strings are skipped, others counted).
 * @param stopAt depth at which to stop (the answer is then `stopAt + 1`).
 */
export function jsonDepth(text: string, stopAt = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) {
        max = depth;
        if (max > stopAt) return max;
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}
