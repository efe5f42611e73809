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

/** The configured transport: the generated client plus what the SDK layer needs to drive it. */
export interface HttpClient {
  /** The generated (hey-api) client: pass it as `client` to any generated operation function. */
  readonly client: Client;
  /** The credentials it sends; sign-ins replace them. */
  readonly credentials: CredentialStore;
  /** Builds ky's options for one call: retries, timeout, logging and the typed-error hook. */
  kyOptionsFor(context: RequestContext, overrides?: RetryPolicy & { timeout?: number }): KyOptions;
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

/**
 * Creates the configured transport: the generated client with credentials, retries, timeout,
 * logging and typed errors. Enough on its own for the tree-shakable style:
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
  const logger = createLogger(options.logLevel, options.logger);

  // ky options are built once per retry policy and shared by every call: per-call data (the operationId
  // for error messages) travels in ky's `context`, which hooks read back. Nothing is allocated per call
  // but the `{ ...shared, context }` spread.
  const contextOf = (options: { context?: unknown }): RequestContext => (options.context as { supportkb?: RequestContext } | undefined)?.supportkb ?? {};
  const hooks: Hooks = { beforeError: [({ error, options: normalized }) => toSupportKbError(error, contextOf(normalized))] };
  if (logger) {
    // One call's attempts run one after another, so one start time per call context is enough.
    const startedAt = new WeakMap<object, number>();
    hooks.beforeRequest = [
      ({ request, options: normalized, retryCount }) => {
        startedAt.set(contextOf(normalized), Date.now());
        logger.debug(`→ ${request.method} ${request.url}`, { operationId: contextOf(normalized).operationId, attempt: retryCount + 1, headers: Object.fromEntries(request.headers) });
      },
    ];
    hooks.afterResponse = [
      ({ request, response, options: normalized, retryCount }) => {
        const context = contextOf(normalized);
        logger[response.ok ? 'debug' : 'info'](`← ${response.status} ${request.method} ${request.url} in ${Date.now() - (startedAt.get(context) ?? Date.now())} ms`, { operationId: context.operationId, attempt: retryCount + 1 });
      },
    ];
    hooks.beforeRetry = [
      ({ request, error, options: normalized, retryCount }) => {
        const context = contextOf(normalized);
        logger.warn(`retry ${retryCount} of ${request.method} ${request.url} after ${error.name}`, { operationId: context.operationId });
        startedAt.set(context, Date.now());
      },
    ];
  }
  const shared = new Map<string, KyOptions>();
  const kyOptionsFor = (context: RequestContext, overrides: RetryPolicy & { timeout?: number } = {}): KyOptions => {
    const { maxRetries, retryNonIdempotent, timeout } = overrides;
    const key = `${maxRetries}|${retryNonIdempotent}|${timeout}`;
    let base = shared.get(key);
    if (!base) {
      base = {
        throwHttpErrors: true,
        retry: kyRetryOptions({
          ...options,
          ...(maxRetries !== undefined ? { maxRetries } : {}),
          ...(retryNonIdempotent !== undefined ? { retryNonIdempotent } : {}),
        }),
        timeout: timeout ?? options.timeout ?? 60_000,
        hooks,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      };
      shared.set(key, base);
    }
    return { ...base, context: { supportkb: context } };
  };

  const defaults = kyOptionsFor({});
  const client = createClient(
    createConfig({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      auth: (scheme) => credentials.authorization(scheme),
      throwOnError: true,
      headers: options.headers,
      retry: defaults.retry,
      timeout: defaults.timeout,
      kyOptions: defaults,
    }),
  );
  return { client, credentials, kyOptionsFor };
}
