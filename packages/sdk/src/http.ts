import { isHTTPError, isNetworkError, isTimeoutError, type Hooks, type Options as KyOptions } from 'ky';
import { CredentialStore, type Credentials } from './auth';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, SupportKbError, type RequestContext } from './errors';
import { createClient, createConfig, type Client } from './generated/client';
import { createLogger, type Logger, type LogLevel } from './logging';
import { kyRetryOptions, type RetryPolicy } from './retry';

/** Options shared by {@link createHttpClient} and `createClient`. Times in milliseconds. */
export interface HttpClientOptions extends RetryPolicy {
  /** API root, e.g. `https://api.tiledesk.com/v2` or a mock's `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** Credentials sent on operations that declare security (spec §5). Sign-ins through `createClient` set them for you. */
  auth?: Credentials;
  /** Per-attempt timeout (default 60000 ms); a timed-out attempt is retried, the last one throws `APIConnectionTimeoutError`. */
  timeout?: number;
  /** A `fetch` to use instead of the global one (proxies, tests). */
  fetch?: typeof globalThis.fetch;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Log level (default `off`). */
  logLevel?: LogLevel;
  /** Where logs go (default `console`); secrets are redacted before they reach it. */
  logger?: Logger;
}

/** The configured generated client and the credentials it sends. */
export interface HttpClient {
  /** The generated (hey-api) client: pass it as `client` to any generated operation function. */
  readonly client: Client;
  /** The credentials it sends; sign-ins replace them. */
  readonly credentials: CredentialStore;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || (error as { code?: unknown }).code === 20);
}

/**
 * Maps whatever ky throws to the SDK's typed errors. This is the fix for hey-api issue #4339:
 * with ky 2 an `HTTPError` arrives with its body already read into `error.data`, and the generated
 * client's own error path (`response.text()`) then fails with `TypeError: Body is unusable`.
 * Throwing an SDK error from ky's `beforeError` hook means the generated client never takes that path,
 * while ky keeps doing the retries (which need `throwHttpErrors: true`).
 */
export function toSupportKbError(error: unknown, context: RequestContext): Error {
  if (error instanceof SupportKbError) return error;
  if (isHTTPError(error)) {
    return APIError.from(error.response.status, error.response.headers, error.data, context);
  }
  if (isTimeoutError(error)) {
    return new APIConnectionTimeoutError(`Request timed out${context.operationId ? ` (${context.operationId})` : ''}`, context, { cause: error });
  }
  if (isAbort(error)) return new APIUserAbortError(context, { cause: error });
  if (isNetworkError(error) || error instanceof TypeError) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (error as Error).message;
    return new APIConnectionError(`Connection error${context.operationId ? ` (${context.operationId})` : ''}: ${why}`, context, { cause: error });
  }
  return error instanceof Error ? error : new SupportKbError(String(error));
}

/** Reads the SDK's per-call context back out of ky's `context` option (hooks get it there). */
export const contextOf = (options: { context?: unknown }): RequestContext => (options.context as { supportkb?: RequestContext } | undefined)?.supportkb ?? {};

/** Retry policy and per-attempt timeout (ms) of one call. */
export type CallPolicy = Pick<RetryPolicy, 'maxRetries' | 'retryNonIdempotent'> & { timeout?: number };

/**
 * The ky settings both request paths share (the generated client of {@link createHttpClient} and
 * `createClient`'s transport): the logging hooks (when a log level is set) and the ky options of a
 * retry policy (retries, per-attempt timeout, `throwHttpErrors`, the custom `fetch`).
 * @internal
 */
export function kySettings(options: HttpClientOptions): { logging: Hooks | undefined; forPolicy: (policy: CallPolicy) => KyOptions } {
  const logger = createLogger(options.logLevel, options.logger);
  let logging: Hooks | undefined;
  if (logger) {
    // One call's attempts run one after another, so one start time per call context is enough.
    const startedAt = new WeakMap<object, number>();
    logging = {
      beforeRequest: [
        ({ request, options: normalized, retryCount }) => {
          startedAt.set(contextOf(normalized), Date.now());
          logger.debug(`→ ${request.method} ${request.url}`, { operationId: contextOf(normalized).operationId, attempt: retryCount + 1, headers: Object.fromEntries(request.headers) });
        },
      ],
      afterResponse: [
        ({ request, response, options: normalized, retryCount }) => {
          const context = contextOf(normalized);
          logger[response.ok ? 'debug' : 'info'](`← ${response.status} ${request.method} ${request.url} in ${Date.now() - (startedAt.get(context) ?? Date.now())} ms`, { operationId: context.operationId, attempt: retryCount + 1 });
        },
      ],
      beforeRetry: [
        ({ request, error, options: normalized, retryCount }) => {
          const context = contextOf(normalized);
          logger.warn(`retry ${retryCount} of ${request.method} ${request.url} after ${error.name}`, { operationId: context.operationId });
          startedAt.set(context, Date.now());
        },
      ],
    };
  }
  const forPolicy = (policy: CallPolicy): KyOptions => ({
    throwHttpErrors: true,
    retry: kyRetryOptions({
      ...options,
      ...(policy.maxRetries !== undefined ? { maxRetries: policy.maxRetries } : {}),
      ...(policy.retryNonIdempotent !== undefined ? { retryNonIdempotent: policy.retryNonIdempotent } : {}),
    }),
    timeout: policy.timeout ?? options.timeout ?? 60_000,
    ...(logging ? { hooks: logging } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return { logging, forPolicy };
}

/**
 * Creates the generated (hey-api) client configured with credentials, retries, timeout, logging and
 * typed errors. Enough on its own for the tree-shakable style:
 *
 * ```ts
 * import { createHttpClient, listTags } from '@supportkb/sdk';
 * const http = createHttpClient({ baseUrl, auth: { token } });
 * const { data } = await listTags({ client: http.client, path: { project_id } }); // throws typed errors
 * ```
 *
 * @throws {TypeError} when `baseUrl` is not an absolute http(s) URL or the credentials are incomplete.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new TypeError(`baseUrl must be an absolute URL, got ${JSON.stringify(options.baseUrl)}`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new TypeError(`baseUrl must be http(s), got ${base.protocol}`);
  const credentials = new CredentialStore(options.auth);

  const { logging, forPolicy } = kySettings(options);

  // The generated client: ky's `beforeError` hook turns every failure into an SDK error (the #4339 fix above).
  const defaults = forPolicy({});
  const client = createClient(
    createConfig({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      auth: (scheme) => credentials.authorization(scheme),
      throwOnError: true,
      headers: options.headers,
      retry: defaults.retry,
      timeout: defaults.timeout,
      kyOptions: { ...defaults, hooks: { ...logging, beforeError: [({ error, options: normalized }) => toSupportKbError(error, contextOf(normalized))] } },
    }),
  );

  return { client, credentials };
}
