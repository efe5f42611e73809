import { isHTTPError, isNetworkError, isTimeoutError, type Hooks, type Options as KyOptions } from 'ky';
import { CredentialStore, type Credentials } from './auth';
import { breachError, breachOf, DEFAULT_MAX_RESPONSE_BYTES, guardFetch, readText, timeoutError, type Limits } from './body';
import { callName } from './describe';
import { APIConnectionError, APIError, APIUserAbortError, ResponseParseError, SupportKbError, type RequestContext } from './errors';
import { createClient, createConfig, type Client } from './generated/client';
import { getParseAs } from './generated/client/utils.gen';
import { routeRoles } from './generated/roles.gen';
import { createLogger, type Logger, type LogLevel } from './logging';
import { kyRetryOptions, type RetryPolicy } from './retry';

/** Options shared by {@link createHttpClient} and `createClient`. Times in milliseconds. */
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
 * `APIConnectionError` naming what failed where: the system error code and the host of the innermost
 * cause (`ECONNREFUSED 127.0.0.1:4499`, `ENOTFOUND api.example.test`), which fetch buries a few causes deep.
 */
function connectionError(error: unknown, context: RequestContext): APIConnectionError {
  let why: string | undefined;
  let host: string | undefined;
  let coded = false;
  for (let e = error as { code?: unknown; address?: string; port?: number; hostname?: string; message?: string; cause?: unknown; errors?: unknown[] } | undefined, depth = 0; e && depth < 8; depth++) {
    if (typeof e.code === 'string') {
      // `connect ECONNREFUSED 127.0.0.1:4499` names its code; `other side closed` (UND_ERR_SOCKET) does not.
      why = e.message?.includes(e.code) ? e.code : `${e.code} (${e.message})`;
      host = e.address ? `${e.address}${e.port ? `:${e.port}` : ''}` : e.hostname;
      coded = true;
    } else if (!coded && e.message) why = e.message; // the innermost message, when no cause has a code
    e = (e.cause ?? e.errors?.[0]) as typeof e;
  }
  try {
    host ??= new URL(context.url!).host;
  } catch {}
  return new APIConnectionError(`Connection error${callName(context)}: ${why}${host ? ` ${host}` : ''}; check that baseUrl is right and the service is reachable`, context, { cause: error });
}

/**
 * Maps whatever ky throws to the SDK's typed errors. This is the fix for hey-api issue #4339:
 * with ky 2 an `HTTPError` arrives with its body already read into `error.data`, and the generated
 * client's own error path (`response.text()`) then fails with `TypeError: Body is unusable`.
 * Throwing an SDK error from ky's `beforeError` hook means the generated client never takes that path,
 * while ky keeps doing the retries (which need `throwHttpErrors: true`).
 *
 * @param hint for an HTTP error, the SDK's advice for its status (appended to the message), if any.
 * @returns the `SupportKbError` subclass that fits; an SDK error is returned as it is.
 */
export function toSupportKbError(error: unknown, context: RequestContext, hint?: (status: number) => string | undefined): Error {
  if (error instanceof SupportKbError) return error;
  if (isHTTPError(error)) {
    const { response } = error;
    const breach = breachOf(response);
    if (breach) return breachError(breach, context);
    return APIError.from(response.status, response.headers, error.data, context, hint?.(response.status));
  }
  if (isTimeoutError(error)) return timeoutError(context, undefined, error);
  if (isAbort(error)) return new APIUserAbortError(context, { cause: error });
  if (isNetworkError(error) || error instanceof TypeError) return connectionError(error, context);
  return error instanceof Error ? error : new SupportKbError(String(error));
}

/**
 * The SDK's advice for an HTTP error status, appended to the service's own message: a 401 on an
 * operation that needs credentials when none were sent (how to sign in), a 403 (the operation's
 * minimum role, from the contract).
 * @param signIn how to sign in with the client style at hand
 * @internal
 */
export function advice(status: number, operation: string, secured: boolean, sentCredentials: boolean, minRole: string | undefined, signIn: string): string | undefined {
  if (status === 401 && secured && !sentCredentials) return `no credentials were sent: ${signIn}, or pass the auth option ({ token } or { basic: { email, password } })`;
  if (status === 403 && minRole && minRole !== 'none') return `${operation} needs the ${minRole} role or higher in the project`;
  return undefined;
}

/** The minimum role of a route of the contract (`POST /{project_id}/subscriptions`), from the generated table. */
function roleOf(route: string): string {
  const { routes, fallback } = routeRoles;
  for (const role in routes) if (routes[role as keyof typeof routes]!.split(',').includes(route)) return role;
  return fallback;
}

/** Reads the SDK's per-call context back out of ky's `context` option (hooks get it there). */
export const contextOf = (options: { context?: unknown }): RequestContext => (options.context as { supportkb?: RequestContext } | undefined)?.supportkb ?? {};

/** Retry policy, per-attempt timeout (ms) and body size limit (bytes) of one call. */
export type CallPolicy = Pick<RetryPolicy, 'maxRetries' | 'retryNonIdempotent'> & { timeout?: number; maxResponseBytes?: number };

/**
 * The ky settings both request paths share (the generated client of {@link createHttpClient} and
 * `createClient`'s transport): the logging hooks (when a log level is set) and the ky options of a
 * call policy (retries, per-attempt timeout, `throwHttpErrors`, the guarded `fetch` and its limits).
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
  const fetch = guardFetch(options.fetch);
  const forPolicy = (policy: CallPolicy): KyOptions => {
    const timeout = policy.timeout ?? options.timeout ?? 60_000;
    const limits: Limits = { timeout, maxBytes: policy.maxResponseBytes ?? options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES };
    return {
      throwHttpErrors: true,
      retry: kyRetryOptions({
        ...options,
        ...(policy.maxRetries !== undefined ? { maxRetries: policy.maxRetries } : {}),
        ...(policy.retryNonIdempotent !== undefined ? { retryNonIdempotent: policy.retryNonIdempotent } : {}),
      }),
      timeout,
      ...(logging ? { hooks: logging } : {}),
      fetch,
      // Not a ky option: ky hands it to the guarded fetch.
      supportkbLimits: limits,
    } as KyOptions;
  };
  return { logging, forPolicy };
}

/**
 * Creates the generated (hey-api) client configured with credentials, retries, timeout, body size
 * limit, logging and typed errors. Enough on its own for the tree-shakable style:
 *
 * ```ts
 * import { createHttpClient, listTags } from '@supportkb/sdk';
 * const http = createHttpClient({ baseUrl, auth: { token } });
 * const { data } = await listTags({ client: http.client, path: { project_id } }); // throws typed errors
 * ```
 *
 * The generated functions then throw what `createClient`'s methods throw: the `APIError` subclass of
 * a status (with the same advice on a 401 without credentials and on a 403), `APIConnectionError`,
 * `APIConnectionTimeoutError`, `APIUserAbortError`, `ResponseParseError`, `ResponseTooLargeError`.
 * Their messages name the call by method and path (`GET /v2/…/tags`), not by operationId.
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
  // The timeout stays out of `kyOptions`, which would override a generated function's own `timeout`.
  const { timeout, ...defaults } = forPolicy({});
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const client = createClient(
    createConfig({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      auth: (scheme) => credentials.authorization(scheme),
      throwOnError: true,
      headers: options.headers,
      retry: defaults.retry,
      timeout,
      kyOptions: {
        ...defaults,
        hooks: {
          ...logging,
          // This call's limits for the guarded fetch: its own timeout, and `maxResponseBytes` from ky's `context`.
          init: [
            (call) => {
              const perCall = Number((call.context as { maxResponseBytes?: unknown } | undefined)?.maxResponseBytes);
              (call as { supportkbLimits?: Limits }).supportkbLimits = { timeout: call.timeout ?? timeout!, maxBytes: perCall > 0 ? perCall : maxBytes };
            },
          ],
          beforeError: [({ error, request }) => toSupportKbError(error, { method: request.method, url: request.url })],
        },
      },
    }),
  );
  // A 2xx body is read here, under the call's limits, and handed on as text (kept for the excerpt of a
  // parse error): through `text()`, which the generated client calls for JSON and text, or else (a body
  // it would read as a blob or a stream) as a new Response.
  const texts = new WeakMap<Response, string>();
  client.interceptors.response.use(async (response, request, call) => {
    const text = await readText(response, { method: request.method, url: request.url });
    const as = !call.parseAs || call.parseAs === 'auto' ? getParseAs(response.headers.get('content-type')) : call.parseAs;
    let read = response;
    if (as === 'json' || as === 'text') read.text = () => Promise.resolve(text);
    else Object.defineProperty((read = new Response(text, response)), 'url', { value: response.url });
    texts.set(read, text);
    return read;
  });
  // After ky: a 2xx body that is not JSON, a failure while reading a body, and the advice on 401/403.
  client.interceptors.error.use((error, response, request, call) => {
    const context: RequestContext = (error as { request?: RequestContext } | undefined)?.request ?? { method: request?.method, url: request?.url };
    if (error instanceof SyntaxError && response?.ok) return new ResponseParseError(response.status, texts.get(response) ?? '', context, error);
    const failure = toSupportKbError(error, context);
    if (!(failure instanceof APIError) || !call) return failure;
    const route = `${call.method} ${call.url}`;
    const secured = Boolean(call.security?.length);
    const hint = advice(failure.status, route, secured, Boolean(request?.headers.has('authorization')), secured ? roleOf(route) : undefined, 'call signIn() and then http.credentials.set({ token })');
    return hint ? APIError.from(failure.status, failure.headers, failure.body, failure.request, hint) : failure;
  });

  return { client, credentials };
}
