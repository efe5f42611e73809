/**
 * Every error class of the SDK, whichever entry throws it (`@supportkb/sdk`, `/zod`, `/webhooks`), and
 * {@link isAPIError}, which reads an HTTP error's body as the contract declares it. The build keeps
 * this module in one shared chunk for every entry, ESM and CommonJS alike, so `instanceof` holds
 * across entries (test/error-identity.test.ts checks it on the packed package). Across the two builds
 * too (an ESM app whose CommonJS dependency also uses the SDK, two copies of the package): every class
 * carries a brand (its name under the static property `'@supportkb/sdk.errorClass'`) that its
 * `Symbol.hasInstance` checks, so a CommonJS `NotFoundError` is `instanceof` the ESM `NotFoundError`,
 * `APIError` and `SupportKbError`, and `isAPIError` accepts it (test/error-brand.test.ts).
 */
import type { OperationId, OperationTypes } from './generated/operations.gen';
import { callName } from './internal/describe';
import { redact, redactText } from './internal/redact';
import type { RequestContext, ValidationIssue } from './types';

/**
 * The brand of the SDK's error classes: each class has its name under this static property, the
 * same in every copy and build of the SDK. A string key with a literal value keeps each class free of
 * side effects, so bundlers still drop the classes an entry does not use (a `Symbol.for` key would not).
 */
const ERROR_CLASS = '@supportkb/sdk.errorClass';

/**
 * Base class of every error the SDK throws. Catch this to handle any SDK failure:
 * HTTP errors ({@link APIError} and its per-status subclasses), connection problems
 * ({@link APIConnectionError}, {@link APIConnectionTimeoutError}), aborts ({@link APIUserAbortError}),
 * answers that cannot be used ({@link ResponseParseError}, {@link ResponseTooLargeError}), an operation
 * the server's release lacks (`OperationNotInReleaseError`), contract violations ({@link ValidationError}) and rejected webhook deliveries ({@link WebhookVerificationError}).
 */
export class SupportKbError extends Error {
  override name = 'SupportKbError';
  /** @internal The class's brand (see `Symbol.hasInstance`). */
  static readonly '@supportkb/sdk.errorClass': string = 'SupportKbError';

  /**
   * `error instanceof X` for every error class of the SDK: true for an instance of `X` from this copy of
   * the SDK, and for an error of the same class from another copy or the other build (ESM and
   * CommonJS), recognised by the class's registered brand along its prototype chain. A subclass of
   * your own keeps the ordinary `instanceof`.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    const kind: unknown = Object.getOwnPropertyDescriptor(this, ERROR_CLASS)?.value;
    if (typeof kind !== 'string' || typeof value !== 'object' || value === null) return false;
    for (let proto: unknown = Object.getPrototypeOf(value); typeof proto === 'object' && proto !== null; proto = Object.getPrototypeOf(proto)) {
      const Class: unknown = Object.getOwnPropertyDescriptor(proto, 'constructor')?.value;
      if (typeof Class === 'function' && Object.getOwnPropertyDescriptor(Class, ERROR_CLASS)?.value === kind) return true;
    }
    return false;
  }
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
  /** @internal The class's brand (see `Symbol.hasInstance`). */
  static readonly '@supportkb/sdk.errorClass': string = 'APIError';
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
  /** @internal The class's brand (see `Symbol.hasInstance`). */
  static readonly '@supportkb/sdk.errorClass': string = 'BadRequestError';
  override name = 'BadRequestError';
}
/** 401: no credentials, a wrong password, or a bad token (body: plain-text `Unauthorized`, or `{success:false,msg}` on sign-in). */
export class AuthenticationError extends APIError {
  /** @internal The class's brand (see `Symbol.hasInstance`). */
  static readonly '@supportkb/sdk.errorClass': string = 'AuthenticationError';
  override name = 'AuthenticationError';
}
/** 403: the caller's role is below the operation's minimum, the caller is not an active member, or a plan limit was hit. */
export class PermissionDeniedError extends APIError {
  /** @internal The class's brand (see `Symbol.hasInstance`). */
  static readonly '@supportkb/sdk.errorClass': string = 'PermissionDeniedError';
  override name = 'PermissionDeniedError';
}
/** 404: no object with that id. */
export class NotFoundError extends APIError {
  /** @internal The class's brand (see `Symbol.hasInstance`). */
  static readonly '@supportkb/sdk.errorClass': string = 'NotFoundError';
  override name = 'NotFoundError';
}
/** 409: conflict (the Tiledesk server never sends it, as it upserts; gateways may). */
export class ConflictError extends APIError {
  /** @internal The class's brand (see `Symbol.hasInstance`). */
  static readonly '@supportkb/sdk.errorClass': string = 'ConflictError';
  override name = 'ConflictError';
}
/** 413: the body is over the service's limit (500 KB on the Tiledesk server, which answers `{err:"Request entity too large", limit}`). */
export class PayloadTooLargeError extends APIError {
  /** @internal The class's brand (see `Symbol.hasInstance`). */
  static readonly '@supportkb/sdk.errorClass': string = 'PayloadTooLargeError';
  override name = 'PayloadTooLargeError';
}
/** 422: the body or a parameter failed validation (`{errors:[...]}`). */
export class UnprocessableEntityError extends APIError {
  /** @internal The class's brand (see `Symbol.hasInstance`). */
  static readonly '@supportkb/sdk.errorClass': string = 'UnprocessableEntityError';
  override name = 'UnprocessableEntityError';
}
/** 429: too many requests; retried by default, honouring `Retry-After`. */
export class RateLimitError extends APIError {
  /** @internal The class's brand (see `Symbol.hasInstance`). */
  static readonly '@supportkb/sdk.errorClass': string = 'RateLimitError';
  override name = 'RateLimitError';
}
/** 5xx: a server error; retried by default for idempotent methods. */
export class InternalServerError extends APIError {
  /** @internal The class's brand (see `Symbol.hasInstance`). */
  static readonly '@supportkb/sdk.errorClass': string = 'InternalServerError';
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

/** Error bodies by status the contract declares for operation `K` (hey-api's `<OperationId>Errors`, from the generated manifest). */
type OperationErrors<K extends OperationId> = OperationTypes[K]['errors'];

/**
 * The statuses for which the contract declares an error body of operation `K`, e.g.
 * `ErrorStatus<'getTag'>` is `400 | 401 | 403 | 404 | 500`.
 */
export type ErrorStatus<K extends OperationId> = Extract<keyof OperationErrors<K>, number>;

/**
 * The body the contract declares for operation `K`'s answer of status `S` (hey-api's
 * `<OperationId>Errors[S]`), e.g. `ErrorBodyOf<'getTag', 404>` is `ErrorMessage` and
 * `ErrorBodyOf<'getTag', 401>` is `string` (the service's plain-text `Unauthorized`); `unknown` for a
 * status the contract does not declare for `K` (a 429 or 502 from a gateway, say).
 */
export type ErrorBodyOf<K extends OperationId, S extends number> = S extends keyof OperationErrors<K> ? OperationErrors<K>[S] : unknown;

/**
 * An {@link APIError} of operation `K` with status `S`, its `body` typed as the contract declares it
 * ({@link ErrorBodyOf}): what {@link isAPIError} narrows to. A union of statuses gives a union
 * discriminated by `status`.
 */
export type APIErrorOf<K extends OperationId, S extends number> = S extends number
  ? APIError & {
      readonly status: S;
      readonly body: ErrorBodyOf<K, S>;
      readonly request: RequestContext & { readonly operationId: K };
    }
  : never;

/**
 * Whether `error` is the {@link APIError} of operation `operationId` answered with `status`; if so, its
 * `body` has the type the contract declares for that status ({@link ErrorBodyOf}), so reading a field
 * needs no cast:
 *
 * ```ts
 * try {
 *   await sk.tags.get({ id });
 * } catch (error) {
 *   if (isAPIError(error, 'getTag', 404)) console.log(error.body.msg); // body: ErrorMessage
 *   else if (isAPIError(error, 'getTag', 401)) console.log(error.body); // body: string ('Unauthorized')
 *   else throw error;
 * }
 * ```
 *
 * It checks what it can know at run time: `error` is an `APIError` (this SDK's class; either client
 * style throws it, named with the operationId, which the client of `createHttpClient` reads from the
 * call's method and path), its `request.operationId` is `operationId` and its `status` is `status`. It
 * does not check the body: the contract describes what real servers send, and the body is whatever
 * came back (parsed JSON, else the text; secret-looking fields replaced by `"[redacted]"`, nesting past
 * 128 levels by `"[too deep]"`), which a server or a proxy in between may have shaped otherwise. Nor does
 * validation: `zodValidation()` checks requests and 200 bodies, never error bodies. Read a field you
 * depend on defensively. A status the contract does not declare for the operation types the body as
 * `unknown`; an unknown operationId does not compile.
 */
export function isAPIError<K extends OperationId, S extends ErrorStatus<K> | (number & {})>(error: unknown, operationId: K, status: S): error is APIErrorOf<K, S> {
  return error instanceof APIError && error.request.operationId === operationId && error.status === status;
}

/**
 * No HTTP answer: DNS, connection refused or reset, TLS, or the body could not be read. The message
 * names the system error code and the host, e.g. `Connection error (signIn): ECONNREFUSED 127.0.0.1:4499`;
 * `cause` holds the underlying error.
 */
export class APIConnectionError extends SupportKbError {
  /** @internal The class's brand (see `Symbol.hasInstance`). */
  static readonly '@supportkb/sdk.errorClass': string = 'APIConnectionError';
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
  /** @internal The class's brand (see `Symbol.hasInstance`). */
  static readonly '@supportkb/sdk.errorClass': string = 'APIConnectionTimeoutError';
  override name = 'APIConnectionTimeoutError';
}

/**
 * A 2xx answer whose body is not valid JSON: cut off, or not JSON at all (an HTML page from a
 * proxy, ...). The body itself is not kept, since it may carry a token: {@link ResponseParseError.excerpt}
 * is its beginning with secrets redacted, and `cause` is the parser's `SyntaxError` without the
 * body text it would quote.
 */
export class ResponseParseError extends SupportKbError {
  /** @internal The class's brand (see `Symbol.hasInstance`). */
  static readonly '@supportkb/sdk.errorClass': string = 'ResponseParseError';
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
  /** @internal The class's brand (see `Symbol.hasInstance`). */
  static readonly '@supportkb/sdk.errorClass': string = 'ResponseTooLargeError';
  override name = 'ResponseTooLargeError';
  /** HTTP status of the answer. */
  declare readonly status: number;
  /** The limit that was exceeded, in bytes. */
  declare readonly limit: number;
  /** operationId, method and URL of the call. */
  declare readonly request: RequestContext;

  constructor(status: number, limit: number, request: RequestContext = {}) {
    super(
      `The ${status} answer${callName(request)} is over maxResponseBytes (${limit} bytes): reading stopped, connection closed; raise the maxResponseBytes option (client or per call) to accept it`,
    );
    this.status = status;
    this.limit = limit;
    this.request = request;
  }
}

/** The caller's `AbortSignal` aborted the call. */
export class APIUserAbortError extends SupportKbError {
  /** @internal The class's brand (see `Symbol.hasInstance`). */
  static readonly '@supportkb/sdk.errorClass': string = 'APIUserAbortError';
  override name = 'APIUserAbortError';
  declare readonly request: RequestContext;
  constructor(request: RequestContext = {}, options?: { cause?: unknown }) {
    super(`Request aborted${request.operationId ? ` (${request.operationId})` : ''}`, options);
    this.request = request;
  }
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
  /** @internal The class's brand (see `Symbol.hasInstance`). */
  static readonly '@supportkb/sdk.errorClass': string = 'ValidationError';
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

/**
 * Why a delivery was rejected:
 * - `missing_secret` / `secret_mismatch`: no `x-hook-secret` header, or not the secret;
 * - `body_too_large`: over `maxBodyBytes` (default 1 MiB), by its `Content-Length` or as read;
 * - `malformed_body`: not JSON (or nested absurdly deep);
 * - `invalid_token`: no token, a bad signature, issuer, subject or audience (another hook), or no `iat`;
 * - `hook_mismatch`: the body's `hook` is not the hook the token was signed for;
 * - `subscription_mismatch` / `event_mismatch`: a genuine delivery, but not for the pinned subscription or event;
 * - `project_mismatch`: the payload names another project (`payload.id_project`) than the signed hook's;
 * - `timestamp_out_of_tolerance`: `timestamp` or the token's `iat` too far from now (a late replay);
 * - `timestamp_mismatch`: `timestamp` and the token's `iat` disagree by more than the tolerance;
 * - `replayed`: the replay guard has seen this delivery already;
 * - `invalid_payload`: the body violates the contract (its envelope; for `message.create`, `MessageCreateEvent`).
 */
export type WebhookVerificationReason =
  | 'missing_secret'
  | 'secret_mismatch'
  | 'body_too_large'
  | 'malformed_body'
  | 'invalid_token'
  | 'hook_mismatch'
  | 'subscription_mismatch'
  | 'event_mismatch'
  | 'project_mismatch'
  | 'timestamp_out_of_tolerance'
  | 'timestamp_mismatch'
  | 'replayed'
  | 'invalid_payload';

/**
 * A webhook delivery that must be rejected, thrown by `verifyWebhook` (`@supportkb/sdk/webhooks`):
 * answer it with a 4xx (the service does not retry those). Never carries the secret. Exported by both
 * entries (the same class).
 */
export class WebhookVerificationError extends SupportKbError {
  /** @internal The class's brand (see `Symbol.hasInstance`). */
  static readonly '@supportkb/sdk.errorClass': string = 'WebhookVerificationError';
  override name = 'WebhookVerificationError';
  readonly reason: WebhookVerificationReason;
  constructor(reason: WebhookVerificationReason, message: string, options?: { cause?: unknown }) {
    super(`Webhook rejected (${reason}): ${message}`, options);
    this.reason = reason;
  }
}
