import { callName } from './describe';
import { redact, redactText } from './redact';

/**
 * Base class of every error the SDK throws. Catch this to handle any SDK failure:
 * HTTP errors ({@link APIError} and its per-status subclasses), connection problems
 * ({@link APIConnectionError}, {@link APIConnectionTimeoutError}), aborts ({@link APIUserAbortError}),
 * answers that cannot be used ({@link ResponseParseError}, {@link ResponseTooLargeError})
 * and contract violations ({@link ValidationError}).
 */
export class SupportKbError extends Error {
  override name = 'SupportKbError';
}

/** Context of a failed call, attached to the errors that have one. */
export interface RequestContext {
  /** The contract's operationId, e.g. `listTags`, when the call went through an operation. */
  operationId?: string;
  /** HTTP method, e.g. `GET`. */
  method?: string;
  /** Request URL (never carries credentials: the SDK sends them in headers only). */
  url?: string;
}

/** Response headers that may carry a request id. The Tiledesk server sends none itself; proxies and gateways often add one. */
const REQUEST_ID_HEADERS = ['x-request-id', 'request-id', 'x-correlation-id', 'x-amzn-requestid', 'cf-ray'];

/**
 * Reads a human-readable message out of whichever of the service's error bodies came back, whatever
 * the status (contract: `components/schemas/ErrorBody`): plain text (`Unauthorized`), else the first
 * of `msg` (`{success:false,msg:"Error getting object."}`), `error` when a string
 * (`{success:false,error:"Default namespace cannot be deleted"}`), `errors` (`[{msg,param}|string]`),
 * `message` (`{message:"Rate limit exceeded"}`), `err` when a string (`{err:"error"}`); a body whose
 * only readable text is the `message` of an object under `error` or `err` (a serialised
 * database error) gives that. So `{success:false,msg:"Error creating message",err:{...}}` reads
 * `Error creating message`. Returns `undefined` when the body says nothing readable.
 */
export function errorBodyMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() ? body.trim().slice(0, 500) : undefined;
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const inner = (v: unknown): string | undefined => (v && typeof v === 'object' ? text((v as { message?: unknown }).message) : undefined);
  const errors = Array.isArray(b.errors)
    ? b.errors
        .map((e) => (typeof e === 'string' ? e : e && typeof e === 'object' ? [(e as any).param, (e as any).msg].filter(Boolean).join(': ') : String(e)))
        .filter(Boolean)
        .join('; ')
    : undefined;
  return text(b.msg) ?? text(b.error) ?? text(errors) ?? text(b.message) ?? text(b.err) ?? inner(b.error) ?? inner(b.err);
}

/**
 * A non-2xx HTTP answer. Thrown as the subclass for its status:
 * 400 {@link BadRequestError}, 401 {@link AuthenticationError}, 403 {@link PermissionDeniedError},
 * 404 {@link NotFoundError}, 409 {@link ConflictError}, 413 {@link PayloadTooLargeError},
 * 422 {@link UnprocessableEntityError}, 429 {@link RateLimitError}, 5xx {@link InternalServerError};
 * any other status as `APIError` itself. That includes a redirect (3xx; status 0 in browsers, which
 * hide it) answering a sign-in or a request with a body: the SDK does not follow those, since fetch
 * would send the body (a password) again to the new address; the message names the target's origin
 * and says to point `baseUrl` at the final address.
 */
export class APIError extends SupportKbError {
  override name = 'APIError';
  /** HTTP status code. */
  declare readonly status: number;
  /** Response headers. */
  declare readonly headers: Headers;
  /**
   * The parsed error body: JSON when the service sent JSON, else the text; secret-looking fields
   * redacted, and objects nested deeper than 128 levels replaced by `"[too deep]"`. `undefined` for a
   * redirect (status 3xx, or 0 in browsers): its body is not kept.
   */
  declare readonly body: unknown;
  /** The request id from a response header (`x-request-id`, `request-id`, ...), when one was sent. */
  declare readonly requestId: string | undefined;
  /** operationId, method and URL of the failed call. */
  declare readonly request: RequestContext;

  /**
   * @param hint the SDK's advice, appended to the message after the service's own words
   *   (e.g. that no credentials were sent, or the operation's minimum role).
   */
  constructor(status: number, headers: Headers, body: unknown, request: RequestContext = {}, hint?: string) {
    const detail = errorBodyMessage(body);
    const requestId = REQUEST_ID_HEADERS.map((h) => headers.get(h)).find(Boolean) ?? undefined;
    super(`${status}${detail ? ` ${detail}` : ''}${callName(request)}${requestId ? ` [request ${requestId}]` : ''}${hint ? ` — ${hint}` : ''}`);
    this.status = status;
    this.headers = headers;
    this.body = redact(body);
    this.requestId = requestId;
    this.request = request;
  }

  /** Builds the subclass that matches `status`. */
  static from(status: number, headers: Headers, body: unknown, request?: RequestContext, hint?: string): APIError {
    const Class = STATUS_CLASSES[status] ?? (status >= 500 ? InternalServerError : APIError);
    return new Class(status, headers, body, request, hint);
  }
}

/** 400: the request is malformed, or the project id is malformed or unknown (the service answers 400, not 404). */
export class BadRequestError extends APIError {
  override name = 'BadRequestError';
}
/** 401: no credentials, a wrong password, or a bad token (body: plain-text `Unauthorized`, or `{success:false,msg}` on sign-in). */
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}
/** 403: the caller's role is below the operation's minimum, the caller is not an active member, or a plan limit was hit. */
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError';
}
/** 404: no object with that id. */
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}
/** 409: conflict (the Tiledesk server never sends it, as it upserts; gateways may). */
export class ConflictError extends APIError {
  override name = 'ConflictError';
}
/** 413: the body is over the service's limit (500 KB on the Tiledesk server, which answers `{err:"Request entity too large", limit}`). */
export class PayloadTooLargeError extends APIError {
  override name = 'PayloadTooLargeError';
}
/** 422: the body or a parameter failed validation (`{errors:[...]}`). */
export class UnprocessableEntityError extends APIError {
  override name = 'UnprocessableEntityError';
}
/** 429: too many requests; retried by default, honouring `Retry-After`. */
export class RateLimitError extends APIError {
  override name = 'RateLimitError';
}
/** 5xx: a server error; retried by default for idempotent methods. */
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}

const STATUS_CLASSES: Record<number, new (status: number, headers: Headers, body: unknown, request?: RequestContext, hint?: string) => APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/**
 * No HTTP answer: DNS, connection refused or reset, TLS, or the body could not be read. The message
 * names the system error code and the host, e.g. `Connection error (signIn): ECONNREFUSED 127.0.0.1:4499`;
 * `cause` holds the underlying error.
 */
export class APIConnectionError extends SupportKbError {
  override name = 'APIConnectionError';
  declare readonly request: RequestContext;
  constructor(message: string, request: RequestContext = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.request = request;
  }
}

/**
 * An attempt took longer than the per-attempt `timeout` (and no retry was left): the timeout covers
 * the whole exchange, from sending the request to the last byte of the answer's body. A 2xx answer
 * whose body is still arriving at the deadline is not retried (the service has answered).
 */
export class APIConnectionTimeoutError extends APIConnectionError {
  override name = 'APIConnectionTimeoutError';
}

/**
 * A 2xx answer whose body is not valid JSON: cut off, or not JSON at all (an HTML page from a
 * proxy, ...). The body itself is not kept, since it may carry a token: {@link ResponseParseError.excerpt}
 * is its beginning with secrets redacted, and `cause` is the parser's `SyntaxError` without the
 * body text it would quote.
 */
export class ResponseParseError extends SupportKbError {
  override name = 'ResponseParseError';
  /** HTTP status of the answer (2xx). */
  declare readonly status: number;
  /** The first 200 characters of the body, secret-looking values and JWTs replaced by `[redacted]`. */
  declare readonly excerpt: string;
  /** operationId, method and URL of the call. */
  declare readonly request: RequestContext;

  /**
   * @param text the body as received (or its beginning)
   * @param parserError what `JSON.parse` threw
   */
  constructor(status: number, text: string, request: RequestContext = {}, parserError?: unknown) {
    const excerpt = redactText(text.slice(0, 1000)).slice(0, 200);
    // V8 quotes the body in some messages (`Unexpected token 'h', "<html>…" is not valid JSON`): cut that off.
    const reason = String((parserError as Error | undefined)?.message ?? 'invalid JSON').replace(/, ".*|\s*\(line.*/s, '');
    super(`The ${status} answer${callName(request)} is not valid JSON (${reason}); it begins: ${excerpt}`, { cause: new SyntaxError(reason) });
    this.status = status;
    this.excerpt = excerpt;
    this.request = request;
  }
}

/**
 * An answer whose body is larger than `maxResponseBytes` (default 10 MiB): the SDK stopped reading at
 * the limit and closed the connection. Raise the limit with the `maxResponseBytes` option of the
 * client or of the call.
 */
export class ResponseTooLargeError extends SupportKbError {
  override name = 'ResponseTooLargeError';
  /** HTTP status of the answer. */
  declare readonly status: number;
  /** The limit that was exceeded, in bytes. */
  declare readonly limit: number;
  /** operationId, method and URL of the call. */
  declare readonly request: RequestContext;

  constructor(status: number, limit: number, request: RequestContext = {}) {
    super(`The ${status} answer${callName(request)} is over maxResponseBytes (${limit} bytes): reading stopped, connection closed; raise the maxResponseBytes option (client or per call) to accept it`);
    this.status = status;
    this.limit = limit;
    this.request = request;
  }
}

/** The caller's `AbortSignal` aborted the call. */
export class APIUserAbortError extends SupportKbError {
  override name = 'APIUserAbortError';
  declare readonly request: RequestContext;
  constructor(request: RequestContext = {}, options?: { cause?: unknown }) {
    super(`Request aborted${request.operationId ? ` (${request.operationId})` : ''}`, options);
    this.request = request;
  }
}

/** One failed check of a {@link ValidationError}. */
export interface ValidationIssue {
  /** Where in the value, e.g. `['leads', 0, 'createdAt']`. */
  path: (string | number)[];
  /** What is wrong. */
  message: string;
  /**
   * zod's issue code, e.g. `invalid_type`, or one of the SDK's own: `invalid_path_segment` (a path
   * parameter such as `.` or `..` that URL parsing would turn into another path) and `too_deep` (a
   * value nested too deeply to check).
   */
  code: string;
}

/**
 * A request or response that violates the contract, found by the opt-in zod validation
 * (`createClient({ validate: zodValidation() })`), or by the SDK's own checks: a sign-in answered
 * without a token, and, validation on or not and in both client styles, a path parameter that URL
 * parsing would turn into another path (`.`, `..`: `DELETE /{project_id}/labels/.` would become
 * `DELETE /{project_id}/labels/`, another operation), refused before sending (issue code
 * `invalid_path_segment`). Unknown enum values and extra fields are
 * tolerated (forward compatibility); only real violations raise this. Each issue's `path` starts
 * with the part it is in: `body`, `path` or `query` for a request, the 200 body's own path for a response.
 */
export class ValidationError extends SupportKbError {
  override name = 'ValidationError';
  /** `request` (nothing was sent) or `response` (the service answered something the contract does not allow). */
  declare readonly direction: 'request' | 'response';
  /** The failed checks, each with its path. */
  declare readonly issues: ValidationIssue[];
  /**
   * The body that failed, secret-looking fields redacted (and objects nested deeper than 128 levels
   * replaced by `"[too deep]"`): the request body (`direction` `request`;
   * `undefined` for an operation without one) or the 200 body (`response`). Request-side errors
   * used to hold `{ path, query, body }` here; the parameters are now {@link ValidationError.pathParams}
   * and {@link ValidationError.queryParams}.
   */
  declare readonly body: unknown;
  /** The request's path parameters (`direction` `request`), secret-looking fields redacted; else `undefined`. */
  declare readonly pathParams: unknown;
  /** The request's query parameters (`direction` `request`), secret-looking fields redacted; else `undefined`. */
  declare readonly queryParams: unknown;
  declare readonly request: RequestContext;

  /** @param parameters the path and query parameters of a request that failed. */
  constructor(direction: 'request' | 'response', issues: ValidationIssue[], body: unknown, request: RequestContext = {}, parameters: { path?: unknown; query?: unknown } = {}) {
    const first = issues[0];
    super(
      `${direction === 'request' ? 'Request' : 'Response'} of ${request.operationId ?? 'the call'} violates the contract: ` +
        `${first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'invalid'}${issues.length > 1 ? ` (+${issues.length - 1} more)` : ''}`,
    );
    this.direction = direction;
    this.issues = issues;
    this.body = redact(body);
    this.pathParams = redact(parameters.path);
    this.queryParams = redact(parameters.query);
    this.request = request;
  }
}
