import { redact } from './redact';

/**
 * Base class of every error the SDK throws. Catch this to handle any SDK failure:
 * HTTP errors ({@link APIError} and its per-status subclasses), connection problems
 * ({@link APIConnectionError}, {@link APIConnectionTimeoutError}), aborts ({@link APIUserAbortError})
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

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** Response headers that may carry a request id. The reference server sends none; proxies and gateways often add one. */
const REQUEST_ID_HEADERS = ['x-request-id', 'request-id', 'x-correlation-id', 'x-amzn-requestid', 'cf-ray'];

/**
 * Reads a human-readable message out of whichever of the service's error bodies came back
 * (contract: `components/schemas/ErrorBody`): plain text (`Unauthorized`), `{success:false,msg}`,
 * `{success:false,error}`, `{errors:[{msg,param}|string]}`, `{err}`, `{message}`. Returns `undefined`
 * when the body says nothing readable.
 */
export function errorBodyMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() ? body.trim().slice(0, 500) : undefined;
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const text = (v: unknown): string | undefined =>
    typeof v === 'string' && v.trim() ? v.trim() : v && typeof v === 'object' && typeof (v as any).message === 'string' ? (v as any).message : undefined;
  if (text(b.msg)) return text(b.msg);
  if (text(b.error)) return text(b.error);
  if (Array.isArray(b.errors) && b.errors.length) {
    return b.errors
      .map((e) => (typeof e === 'string' ? e : e && typeof e === 'object' ? [(e as any).param, (e as any).msg].filter(Boolean).join(': ') : String(e)))
      .filter(Boolean)
      .join('; ');
  }
  if (text(b.err)) return text(b.err);
  if (text(b.message)) return text(b.message);
  return undefined;
}

/**
 * A non-2xx HTTP answer. Thrown as the subclass for its status:
 * 400 {@link BadRequestError}, 401 {@link AuthenticationError}, 403 {@link PermissionDeniedError},
 * 404 {@link NotFoundError}, 409 {@link ConflictError}, 413 {@link PayloadTooLargeError},
 * 422 {@link UnprocessableEntityError}, 429 {@link RateLimitError}, 5xx {@link InternalServerError};
 * any other status as `APIError` itself.
 */
export class APIError extends SupportKbError {
  override name = 'APIError';
  /** HTTP status code. */
  readonly status: number;
  /** Response headers. */
  readonly headers: Headers;
  /** The parsed error body: JSON when the service sent JSON, else the text; secret-looking fields redacted. */
  readonly body: unknown;
  /** The request id from a response header (`x-request-id`, `request-id`, ...), when one was sent. */
  readonly requestId: string | undefined;
  /** operationId, method and URL of the failed call. */
  readonly request: RequestContext;

  constructor(status: number, headers: Headers, body: unknown, request: RequestContext = {}) {
    const detail = errorBodyMessage(body);
    const requestId = REQUEST_ID_HEADERS.map((h) => headers.get(h)).find(Boolean) ?? undefined;
    const where = request.operationId ?? [request.method, request.url && pathOf(request.url)].filter(Boolean).join(' ');
    super(`${status}${detail ? ` ${detail}` : ''}${where ? ` (${where})` : ''}${requestId ? ` [request ${requestId}]` : ''}`);
    this.status = status;
    this.headers = headers;
    this.body = redact(body);
    this.requestId = requestId;
    this.request = request;
  }

  /** Builds the subclass that matches `status`. */
  static from(status: number, headers: Headers, body: unknown, request?: RequestContext): APIError {
    const Class = STATUS_CLASSES[status] ?? (status >= 500 ? InternalServerError : APIError);
    return new Class(status, headers, body, request);
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
/** 409: conflict (not sent by the reference server, which upserts; gateways may). */
export class ConflictError extends APIError {
  override name = 'ConflictError';
}
/** 413: the body is over the service's limit (500 KB on the reference server: `{err:"Request entity too large", limit}`). */
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

const STATUS_CLASSES: Record<number, new (status: number, headers: Headers, body: unknown, request?: RequestContext) => APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/** No HTTP answer: DNS, connection refused or reset, TLS, or the body could not be read. `cause` holds the underlying error. */
export class APIConnectionError extends SupportKbError {
  override name = 'APIConnectionError';
  readonly request: RequestContext;
  constructor(message: string, request: RequestContext = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.request = request;
  }
}

/** An attempt took longer than the per-attempt `timeout` (and no retry was left). */
export class APIConnectionTimeoutError extends APIConnectionError {
  override name = 'APIConnectionTimeoutError';
}

/** The caller's `AbortSignal` aborted the call. */
export class APIUserAbortError extends SupportKbError {
  override name = 'APIUserAbortError';
  readonly request: RequestContext;
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
  /** zod's issue code, e.g. `invalid_type`. */
  code: string;
}

/**
 * A request or response that violates the contract, found by the opt-in zod validation
 * (`createClient({ validate: zodValidation() })`). Unknown enum values and extra fields are
 * tolerated (forward compatibility); only real violations raise this.
 */
export class ValidationError extends SupportKbError {
  override name = 'ValidationError';
  /** `request` (nothing was sent) or `response` (the service answered something the contract does not allow). */
  readonly direction: 'request' | 'response';
  /** The failed checks, each with its path. */
  readonly issues: ValidationIssue[];
  /** The raw value that failed (secret-looking fields redacted). */
  readonly body: unknown;
  readonly request: RequestContext;

  constructor(direction: 'request' | 'response', issues: ValidationIssue[], body: unknown, request: RequestContext = {}) {
    const first = issues[0];
    super(
      `${direction === 'request' ? 'Request' : 'Response'} of ${request.operationId ?? 'the call'} violates the contract: ` +
        `${first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'invalid'}${issues.length > 1 ? ` (+${issues.length - 1} more)` : ''}`,
    );
    this.direction = direction;
    this.issues = issues;
    this.body = redact(body);
    this.request = request;
  }
}
