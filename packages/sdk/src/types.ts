/**
 * The public types that several modules of the SDK share: credentials, the retry policy, logging, the
 * options of both client styles and of one call, the 200 body of an operation, the context of a failed
 * call and a validation issue. Types only: this module costs nothing at run time, and the modules that
 * share a type import it from here rather than from one another, so that no two modules import each
 * other (test/structure.test.ts checks that `src/` has no import cycle). `index.ts` exports them all.
 */
import type { APIPromise } from './api-promise';
import type { OperationId, OperationTypes } from './generated/operations.gen';

/**
 * Credentials for the Support and Knowledge Base Service.
 *
 * - `{ token }`: a JWT returned by a sign-in (`signIn`, `signInAnonymously`, `signInWithCustomToken`),
 *   with or without its `JWT ` prefix; sent as `Authorization: JWT <token>` (the service rejects `Bearer`).
 * - `{ basic: { email, password } }`: an agent's email and password, sent as HTTP Basic.
 */
export type Credentials = { token: string } | { basic: { email: string; password: string } };

/** Retry policy of a client or a single call. Times in milliseconds. */
export interface RetryPolicy {
  /** Retries after the first attempt (default 2; 0 disables retrying). */
  maxRetries?: number;
  /** Also retry POST and PATCH (not idempotent: a retried create may create twice). Default false. */
  retryNonIdempotent?: boolean;
  /** Delay before the first retry, doubled each time (default 500 ms). */
  initialRetryDelay?: number;
  /** Cap of the exponential delay (default 8000 ms). */
  maxRetryDelay?: number;
  /** Ceiling for a server's `Retry-After` (seconds or HTTP-date); longer asks are cut to it (default 60000 ms). */
  maxRetryAfter?: number;
}

/** Log levels, most verbose first. `off` (the default) logs nothing and installs no hook. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off';

/** A logger: `console` fits, as do pino, winston and the like. */
export interface Logger {
  debug(message: string, details?: Record<string, unknown>): void;
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

/** Options shared by `createHttpClient` and `createClient`. Times in milliseconds. */
export interface HttpClientOptions extends RetryPolicy {
  /** API root, e.g. `https://api.tiledesk.com/v2` or a mock's `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** Credentials sent on operations that declare security. Sign-ins through `createClient` set them for you. */
  auth?: Credentials;
  /**
   * Per-attempt timeout (default 60000 ms), covering the whole exchange: sending the request, the
   * answer's headers and its whole body. An attempt whose headers did not arrive in time is retried;
   * the last one, or a body still arriving at the deadline, throws `APIConnectionTimeoutError`.
   */
  timeout?: number;
  /**
   * Largest answer body accepted, in bytes (default 10 MiB: 10485760). Enforced while reading: at the
   * limit the SDK stops reading, closes the connection and throws `ResponseTooLargeError`. Per call:
   * `maxResponseBytes` in `createClient`'s request options, or `kyOptions: { context: { maxResponseBytes } }`
   * with a generated function.
   */
  maxResponseBytes?: number;
  /** A `fetch` to use instead of the global one (proxies, tests). */
  fetch?: typeof globalThis.fetch;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Log level (default `off`). */
  logLevel?: LogLevel;
  /** Where logs go (default `console`); secrets are redacted before they reach it. */
  logger?: Logger;
}

/** Per-call options, the last argument of every client method. */
export interface RequestOptions extends Pick<RetryPolicy, 'maxRetries' | 'retryNonIdempotent'> {
  /** `project_id` for this call (overrides the client's `projectId`). */
  projectId?: string;
  /** Aborts the call (and its retries); the call then throws `APIUserAbortError`. */
  signal?: AbortSignal;
  /** Per-attempt timeout for this call, in milliseconds (sending, headers and the whole body). */
  timeout?: number;
  /** Largest answer body accepted for this call, in bytes (overrides the client's `maxResponseBytes`). */
  maxResponseBytes?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
  /** `false` skips the client's validator for this call. */
  validate?: boolean;
}

/** The 200 body of an operation (`ResponseOf<'getTag'>` is `GetTagResponses[200]`, the `Tag`). */
export type ResponseOf<K extends OperationId> = OperationTypes[K]['response'];

/** The client methods whose parameters differ from their operation's. */
export interface SignInMethods {
  /** Signs in with a JWT your backend signed with the project's secret (`aud` `https://tiledesk.com/projects/<project_id>`); keeps the returned token. */
  signInWithCustomToken: (params: { customToken: string }, options?: RequestOptions) => APIPromise<ResponseOf<'signInWithCustomToken'>>;
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

/** One failed check of a `ValidationError`. */
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
