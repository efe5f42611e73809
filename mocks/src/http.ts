/**
 * Shared response helpers and request parsing for the handlers: the error bodies of the contract
 * (`components/responses`, `ErrorBody`), query coercion and zod-to-422 conversion.
 */
import { HttpResponse } from 'msw';

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

/** Builds a RegExp from user text; text that is not a valid expression is matched literally. */
export function safeRegExp(source: string, flags = ''): RegExp {
  try {
    return new RegExp(source, flags);
  } catch {
    return new RegExp(source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), flags);
  }
}
