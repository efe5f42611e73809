/**
 * What a handler answers, before it becomes a `Response`: a typed 200 ({@link Success}) or an
 * error ({@link Failure}) with the service's error bodies.
 */
import { HttpResponse } from 'msw';

/** The statuses the mock answers errors with. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 422 | 500 | 507;

/** A 200 answer with its JSON body (`undefined`: an empty body, as `deleteGroup` may send). */
export interface Success<B> {
  readonly status: 200;
  readonly body: B;
  /** Extra response headers. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * With `body` `undefined`: Express's `res.json(undefined)`, which sends no entity at all (no
   * `Content-Length`, no `ETag`), where `res.send(null)` sends an empty one (`Content-Length: 0`
   * and the empty body's `ETag`).
   */
  readonly noEntity?: true;
  /**
   * With a string `body`: Express's `res.send(text)`, the text as it is (not JSON), with the
   * `Content-Type` that `headers` names (`text/csv` for `exportLeadsCsv`).
   */
  readonly raw?: true;
}

/**
 * 304 Not Modified: what Express sends instead of a 2xx answer when a GET or HEAD request's
 * `If-None-Match` matches its `ETag` (../http/conditional.ts): the answer's headers (its `ETag`
 * included) without a body or `Content-Type`.
 */
export interface NotModified {
  readonly status: 304;
  readonly headers: Readonly<Record<string, string>>;
}

/** An error answer: a JSON `body`, or a plain-text `text` (`Unauthorized`, `Bad Request`). */
export interface Failure {
  readonly status: ErrorStatus;
  readonly body?: unknown;
  readonly text?: string;
  /** Extra response headers. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Set when the answer is a limit of the mock, not the real server's answer (a pattern over the
   * mock's bounds, a webhook target that is not HTTP(S), the storage cap): what the limit is. The
   * default mode's warnings then say so instead of "as the real server does".
   */
  readonly mockLimit?: string;
  /**
   * Answered by the server's body parsers (malformed JSON, a body over the limit), which run before
   * its CORS middleware (`app.js`: `bodyParser` at line 310, `cors()` at 393): the real answer
   * carries no `Access-Control-Allow-Origin`, so a page on another origin sees a network error.
   */
  readonly beforeCors?: true;
}

/**
 * The answers of {@link toResponse} made from a {@link Failure.beforeCors} failure: the standalone
 * server writes them without `Access-Control-Allow-Origin`.
 */
export const BEFORE_CORS = new WeakSet<Response>();

/** `failure`, marked as the mock's own limit (see {@link Failure.mockLimit}). */
export function mockLimit(failure: Failure, limit: string): Failure {
  return { ...failure, mockLimit: limit };
}

/**
 * No answer at all: the real server never answers this request (its route drops an error or throws
 * where Express cannot catch it), so a client waits until its own timeout. The mock resets the
 * connection instead (or waits for the client to give up: `behaviour.unanswered: 'hang'`), so a
 * test never hangs; `reason` says why production stays silent.
 */
export interface Unanswered {
  readonly status: 0;
  readonly reason: string;
}

/** Any answer. */
export type Result = Success<unknown> | Failure | NotModified | Unanswered;

/** No answer, for `reason` (see {@link Unanswered}). */
export function unanswered(reason: string): Unanswered {
  return { status: 0, reason };
}

/**
 * The signals {@link untilAborted} waits on, held until they abort. A request's signal can follow the
 * client's through a weak reference only (undici's `Request`, and the clone MSW hands a handler), so
 * a signal nothing else holds could be garbage-collected while an answer waits on it, with its
 * listener: the abort would then never arrive and the answer would wait forever.
 */
const WAITED_ON = new Set<AbortSignal>();

/**
 * Resolves when `signal` aborts (never, without one): how long an answer held back (`hang`: the
 * server's silences, a scenario's `fault: 'hang'`) waits for the client to give up.
 */
export function untilAborted(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!signal) return;
    if (signal.aborted) {
      resolve();
      return;
    }
    WAITED_ON.add(signal);
    signal.addEventListener(
      'abort',
      () => {
        WAITED_ON.delete(signal);
        resolve();
      },
      { once: true },
    );
  });
}

/** Whether a result is no answer. */
export function isUnanswered(result: Result): result is Unanswered {
  return result.status === 0;
}

/** 200 with `body` as JSON (an empty body when `body` is `undefined`). */
export function ok<B>(body: B, headers?: Record<string, string>): Success<B> {
  return headers ? { status: 200, body, headers } : { status: 200, body };
}

/** An error with a JSON body. */
export function fail(status: ErrorStatus, body: unknown): Failure {
  return { status, body };
}

/** `{success: false, msg}` (ErrorMessage), the body of most resources' errors. */
export function failMsg(status: ErrorStatus, msg: string, extra?: Record<string, unknown>): Failure {
  return { status, body: { success: false, msg, ...extra } };
}

/** `{success: false, error}` (ErrorDescription), the body of knowledge-base and delete errors. */
export function failError(status: ErrorStatus, error: string, extra?: Record<string, unknown>): Failure {
  return { status, body: { success: false, error, ...extra } };
}

/** 401 `Unauthorized` as plain text with `WWW-Authenticate: Basic realm="Users"`. */
export function unauthorized(): Failure {
  return { status: 401, text: 'Unauthorized', headers: { 'WWW-Authenticate': 'Basic realm="Users"' } };
}

/** 400 `Bad Request` as plain text (an `Authorization` value without a scheme). */
export function badRequestText(): Failure {
  return { status: 400, text: 'Bad Request' };
}

/** 404 `{success: false, msg: "Object not found."}`. */
export function objectNotFound(): Failure {
  return failMsg(404, 'Object not found.');
}

/**
 * The body of every 413 the mock sends, the service's global error handler's: `{err: "Request entity
 * too large", limit}`, `limit` in bytes; without `limit` where the parser gives none (too many form
 * parameters).
 */
export function payloadTooLargeBody(limit?: number): { err: string; limit?: number } {
  return limit === undefined ? { err: 'Request entity too large' } : { err: 'Request entity too large', limit };
}

/** 413 with {@link payloadTooLargeBody}: a body over `limit` bytes (or, without `limit`, over the parser's parameter count). */
export function payloadTooLarge(limit?: number): Failure {
  return { status: 413, body: payloadTooLargeBody(limit), beforeCors: true };
}

/** 500 `{err: "error"}`: the answer to a handler that threw (a bug of the mock, never bad input). */
export function internalError(): Failure {
  return { status: 500, body: { err: 'error' } };
}

/**
 * Whether `result` is the empty 200 of `res.send(null)` (a body `undefined` with no type named, not
 * `res.json(undefined)`), which Express sends with `Content-Length: 0` and no `Content-Type`
 * (checked on server 2.19.16: a forced delete of an unknown group).
 */
export function isUntypedEmpty(result: Success<unknown> | Failure | NotModified, headers: Pick<Headers, 'has'>): boolean {
  return result.status === 200 && 'body' in result && result.body === undefined && !('noEntity' in result && result.noEntity) && !headers.has('Content-Type');
}

/** Whether a result is a 304 Not Modified. */
export function isNotModified(result: Result): result is NotModified {
  return result.status === 304;
}

/** The body of an answer as text: the plain text, `''` for an empty 200 or a 304, else `undefined` (JSON). */
export function textOf(result: Success<unknown> | Failure | NotModified): string | undefined {
  if (result.status === 304) return '';
  if ('text' in result && result.text !== undefined) return result.text;
  if ('raw' in result && result.raw === true && typeof result.body === 'string') return result.body;
  return result.status === 200 && result.body === undefined ? '' : undefined;
}

/** The JSON texts of answers already serialised (for their ETag), so an answer is serialised once. */
const JSON_TEXTS = new WeakMap<object, string>();

/** The JSON text Express's `res.json()` sends for a JSON answer's body (`''` for `undefined`). */
export function jsonTextOf(result: Success<unknown> | Failure): string {
  let text = JSON_TEXTS.get(result);
  if (text === undefined) {
    text = JSON.stringify(result.body) ?? '';
    JSON_TEXTS.set(result, text);
  }
  return text;
}

/**
 * A JSON answer as the real server's `res.json()` sends it (Express): the JSON text with
 * `Content-Type: application/json; charset=utf-8`, unless `init.headers` names another type.
 */
export function expressJson(body: unknown, init: { status: number; headers?: HeadersInit }): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json; charset=utf-8');
  return new HttpResponse(JSON.stringify(body), { status: init.status, headers });
}

/** Serialises an answer into a Fetch `Response` (MSW's `HttpResponse`); no answer becomes a network error. */
export function toResponse(result: Result): Response {
  if (isUnanswered(result)) return HttpResponse.error();
  const headers = new Headers(result.headers);
  if (isNotModified(result)) return new HttpResponse(null, { status: 304, headers });
  const text = textOf(result);
  if (text !== undefined) {
    // `res.send(null)`: Express sends the empty body without a Content-Type (a Fetch body of '' would get text/plain).
    if (isUntypedEmpty(result, headers)) return marked(result, new HttpResponse(null, { status: result.status, headers }));
    // A text answer is plain text unless the handler names its type (an HTML error page, or the
    // empty body of `res.json(undefined)`, which Express sends as `application/json`).
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'text/plain; charset=utf-8');
    return marked(result, new HttpResponse(text, { status: result.status, headers }));
  }
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json; charset=utf-8');
  return marked(result, new HttpResponse(jsonTextOf(result), { status: result.status, headers }));
}

/** `response`, remembered in {@link BEFORE_CORS} when `result` is a body parser's failure. */
function marked(result: Result, response: Response): Response {
  if ('beforeCors' in result && result.beforeCors) BEFORE_CORS.add(response);
  return response;
}

/**
 * 405 with `Allow` (strict mode): the contract lists `path` with other methods only. The body names
 * the method as a validation item.
 */
export function methodNotAllowed(method: string, path: string, allowed: readonly string[]): Failure {
  return {
    status: 405,
    body: { errors: [{ value: method, msg: `The contract has no ${method} ${path}; it allows ${allowed.join(', ')}`, param: 'method', location: 'method' }] },
    headers: { allow: allowed.join(', ') },
  };
}
