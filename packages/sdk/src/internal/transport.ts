/**
 * Internal: the transport, the one code path that sends requests, for both client styles
 * (`createClient`'s methods and, through `createHttpClient`'s adapter, the generated functions).
 */
import ky, { isHTTPError, isNetworkError, isTimeoutError, type Hooks, type KyResponse, type Options as KyOptions } from 'ky';
import type { CredentialStore } from '../auth';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, ResponseParseError, ResponseTooLargeError, SupportKbError, ValidationError } from '../errors';
import { createQuerySerializer } from '../generated/client/utils.gen';
import { getAuthToken, type Auth } from '../generated/core/auth.gen';
import { jsonBodySerializer } from '../generated/core/bodySerializer.gen';
import { defaultPathSerializer, getUrl } from '../generated/core/utils.gen';
import type { MinRole } from '../generated/operations.gen';
import type { HttpClientOptions, RequestContext, RetryPolicy } from '../types';
import { breachOf, DEFAULT_MAX_RESPONSE_BYTES, guardFetch, readText, type Limits } from './body';
import { loadOnce } from './lazy';
import { kyRetryOptions } from './retry';

/**
 * What the transport needs to know about the operation it sends: an entry of the operations manifest,
 * or, for a route outside the contract, its method, path and security alone.
 */
export interface Route {
  /** The contract's operationId; named in every error and log line of the call. */
  readonly operationId?: string;
  /** HTTP method, upper case. */
  readonly method: string;
  /** Path template, e.g. `/{project_id}/tags/{id}`. */
  readonly path: string;
  /** Security schemes, in order of preference; the first one the credentials can fill is sent. */
  readonly security: readonly Auth[];
  /** Minimum role in the project, named in the advice of a 403. */
  readonly minRole?: MinRole;
  /** Path parameters of the template (read from it when absent). */
  readonly pathParams?: readonly string[];
  /**
   * Query parameter → the parameter it is an alias of (the contract's `x-alias-of`, e.g.
   * `{ sort: 'sortField' }`): the missing one of a pair is sent with the other's value.
   */
  readonly queryAliases?: Readonly<Record<string, string>>;
  /** The 200 is a text that is not JSON (`OperationInfo.textBody`, e.g. `text/csv`): the answer is read as text. */
  readonly textBody?: boolean;
  /** Boolean query parameters the server reads as true whatever their value (`x-false-is-true`): not sent when `false`. */
  readonly presenceFlags?: readonly string[];
}

/** Retry policy, per-attempt timeout (ms; `false`: none) and body size limit (bytes) of one call. */
export type CallPolicy = Pick<RetryPolicy, 'maxRetries' | 'retryNonIdempotent'> & { timeout?: number | false; maxResponseBytes?: number };

/**
 * The query as the server must read it, by the route's query rules from the contract: a presence
 * flag whose value is `false` is dropped (the server would read any value as true, and sending nothing
 * is what `false` means), and of an alias pair (`sort` and `sortField`) the one not given gets the
 * other's value, so servers reading either name get it. A pair given both ways is sent as given.
 * The caller's object is never changed. @internal
 */
export function wireQuery(
  { queryAliases: aliases, presenceFlags: flags }: Pick<Route, 'queryAliases' | 'presenceFlags'>,
  query: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (!query || (!aliases && !flags)) return query;
  const out = { ...query };
  for (const name of flags ?? []) if (out[name] === false) delete out[name];
  // `null` and `undefined` are not given; the serializer leaves out a pair given neither way.
  for (const alias in aliases) {
    const of = aliases[alias]!;
    out[alias] ??= out[of];
    out[of] ??= out[alias];
  }
  return out;
}

/** One call: the route and the request's parts. */
export interface Call {
  route: Route;
  /** Path parameters, filled into the template by hey-api's path serializer. */
  path?: Record<string, unknown>;
  /** Query parameters, serialised by hey-api's query serializer (form, exploded). */
  query?: Record<string, unknown>;
  /** JSON body; sent (with `Content-Type: application/json`) when not `undefined`. */
  body?: unknown;
  /** Headers of this call, over the client's; a `null` value removes a client header. */
  headers?: Record<string, string | null>;
  signal?: AbortSignal;
  policy?: CallPolicy;
  /** `text` resolves to the body as text; by default it is parsed as JSON (empty: `undefined`). */
  parseAs?: 'json' | 'text';
}

/** A 2xx answer: its body (parsed) and the request that was sent. */
export interface Sent {
  data: unknown;
  response: KyResponse;
  /** The request as sent: method, URL, headers (names lower case) and body. */
  request: { method: string; url: string; headers: Record<string, string>; body: string | undefined };
}

/** Sends one call; the only code of the SDK that sends requests. @internal */
export type Transport = (call: Call) => Promise<Sent>;

/**
 * What the SDK's errors for a failed or refused call say (`internal/failure.ts`): loaded with the first call,
 * while its request is on the way, and awaited only by a call that failed or is refused. @internal
 */
export const failure = loadOnce(() => import('./failure'));
type Failure = Awaited<ReturnType<typeof failure>>;

/** Whether the failure is the caller's `AbortSignal`. */
function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || (error as { code?: unknown }).code === 20);
}

/** `APIConnectionTimeoutError` saying which limit passed and how to change it. */
const timeoutError = (says: Failure, context: RequestContext, timeout?: number | false, cause?: unknown) => new APIConnectionTimeoutError(says.timedOut(context, timeout), context, { cause });

/**
 * Maps whatever ky throws (or the body reader, `answer`'s: a breach of its limits) to the SDK's typed
 * errors: the `APIError` subclass of a status (with the SDK's advice, if any, from `hint`), a body over its
 * limits, a timeout, an abort, a connection failure (their messages from `failure.ts`, `says`).
 */
function toSupportKbError(error: unknown, context: RequestContext, hint: (status: number) => string | undefined, says: Failure, answer?: Response): Error {
  if (error instanceof SupportKbError) return error;
  // A body over its limits: an error body (which ky read) or the 2xx body (`answer`, which readText read).
  const breach = breachOf(isHTTPError(error) ? error.response : answer!);
  if (breach) return breach.limit !== undefined ? new ResponseTooLargeError(breach.status, breach.limit, context) : timeoutError(says, context, breach.timeout);
  if (isHTTPError(error)) {
    const { response } = error;
    // Below 400, a failure is a redirect the transport did not follow (`redirect: 'manual'` below). Neither
    // its body nor its full Location (which may carry a token) goes into the error.
    if (response.status < 400) return APIError.from(response.status, response.headers, undefined, context, says.redirectAdvice(response, context));
    return APIError.from(response.status, response.headers, error.data, context, hint(response.status));
  }
  if (isTimeoutError(error)) return timeoutError(says, context, undefined, error);
  if (isAbort(error)) return new APIUserAbortError(context, { cause: error });
  if (isNetworkError(error) || error instanceof TypeError) return new APIConnectionError(says.connectionMessage(error, context), context, { cause: error });
  return error instanceof Error ? error : new SupportKbError(String(error));
}

const PATH_PARAM = /\{([^{}]+)\}/g;
/** A serialised path segment that URL parsing turns into another path: `.`, `..` (`%2e` is a dot too), or one holding `/`, a backslash, `?` or `#`. */
const NOT_A_SEGMENT = /^(?:\.|%2e){1,2}$|[/\\?#]/i;
/** Operations whose request carries credentials (in the body, or a custom token): never redirected. */
const SIGN_IN = /^signIn/;

/** hey-api's default query serializer (form style, arrays exploded, objects as deepObject). @internal */
export const querySerializer = createQuerySerializer({ allowReserved: false, array: { explode: true, style: 'form' }, object: { explode: true, style: 'deepObject' } });

/**
 * Creates the transport both client styles send through: `createClient`'s methods with their
 * manifest entry, and the generated functions through the adapter of `createHttpClient`. It builds
 * the URL with hey-api's path and query serializers (after applying the route's query rules,
 * {@link wireQuery}), the credentials with hey-api's `getAuthToken`
 * (the first security scheme the credentials fill, unless the call sets that header itself), the
 * body with hey-api's JSON serializer, and calls ky with a URL string: ky does the retries and the
 * per-attempt timeout, the guarded `fetch` holds each answer's body to the deadline and the size limit
 * (`body.ts`), and every failure becomes an SDK error naming the operationId, method and URL.
 * A request with a body, and a sign-in, is sent with `redirect: 'manual'`: a 3xx answer to it is not
 * followed (fetch would send the body, a password, to wherever it points) but throws an `APIError`
 * of its status (0 in browsers, which hide redirects) naming the target's origin.
 *
 * @throws (as a rejected promise) {@link SupportKbError} on a missing path parameter, and
 *   {@link ValidationError} on a path parameter that URL parsing would turn into another path (`.`,
 *   `..`; nothing is sent in either case), and the SDK errors of a failed call.
 */
export function createTransport(options: HttpClientOptions, credentials: CredentialStore): Transport {
  // ky's logging hooks load with the first call, only when logging is on (`internal/logging-hooks.ts`).
  const logLevel = options.logLevel;
  const loadLogging = logLevel && logLevel !== 'off' ? loadOnce(async () => (await import('./logging-hooks')).loggingHooks(options)) : undefined;
  let logging: Hooks | undefined;
  const fetch = guardFetch(options.fetch);
  const serialize = jsonBodySerializer.bodySerializer;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  // ky options are built once per call policy (on its first call, once the logging hooks are loaded) and shared by every call that uses it.
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
      // Not a ky option: ky hands it to the guarded fetch in its `init`.
      supportkbLimits: limits,
    } as KyOptions;
  };
  let standard: KyOptions | undefined;
  const shared = new Map<string, KyOptions>();
  const optionsFor = (policy: CallPolicy | undefined): KyOptions => {
    if (!policy || (policy.maxRetries === undefined && policy.retryNonIdempotent === undefined && policy.timeout === undefined && policy.maxResponseBytes === undefined))
      return (standard ??= forPolicy({}));
    const key = `${policy.maxRetries}|${policy.retryNonIdempotent}|${policy.timeout}|${policy.maxResponseBytes}`;
    let found = shared.get(key);
    if (!found) shared.set(key, (found = forPolicy(policy)));
    return found;
  };

  // Header names lower-cased, so that client and call headers override one another case-insensitively.
  const clientHeaders: Record<string, string> = {};
  for (const name in options.headers) clientHeaders[name.toLowerCase()] = options.headers[name]!;

  return async (call) => {
    const { route } = call;
    const method = route.method;
    for (const name of route.pathParams ?? Array.from(route.path.matchAll(PATH_PARAM), (m) => m[1]!)) {
      const value = call.path?.[name];
      if (value === undefined || value === null || value === '') throw new SupportKbError((await failure()).missingPathParameter(route, name));
      // Each parameter is a whole segment of the contract's paths. `.` and `..` are dot segments, which
      // URL parsing removes: `DELETE /{p}/labels/.` would become `DELETE /{p}/labels/`.
      const sent = defaultPathSerializer({ path: call.path!, url: `{${name}}` });
      if (NOT_A_SEGMENT.test(sent)) {
        throw new ValidationError('request', (await failure()).notASegment(sent, name), call.body, { operationId: route.operationId, method }, call);
      }
    }
    const headers = { ...clientHeaders };
    if (call.headers) {
      for (const name in call.headers) {
        const value = call.headers[name];
        if (value === null) delete headers[name.toLowerCase()];
        else if (value !== undefined) headers[name.toLowerCase()] = value;
      }
    }
    // As hey-api's `setAuthParams`: the first scheme the credentials fill, unless its header is already set.
    for (const scheme of route.security) {
      const name = (scheme.name ?? 'Authorization').toLowerCase();
      if (name in headers) break;
      const value = await getAuthToken(scheme, (s) => credentials.authorization(s));
      if (value) {
        headers[name] = value;
        break;
      }
    }
    let body: string | undefined;
    if (call.body !== undefined) {
      body = serialize(call.body);
      headers['content-type'] ??= 'application/json';
    } else delete headers['content-type'];
    const url = getUrl({ baseUrl, url: route.path, path: call.path, query: wireQuery(route, call.query), querySerializer });
    const context: RequestContext = route.operationId ? { operationId: route.operationId, method, url } : { method, url };
    if (loadLogging) logging = await loadLogging();
    // Loading with the request, so that a call that fails (the network gone, say) finds it loaded.
    failure().catch(() => {});
    let response: KyResponse | undefined;
    let text: string;
    try {
      response = await ky(url, {
        ...optionsFor(call.policy),
        method,
        headers,
        // A request with a body, or a sign-in, is not redirected: fetch would send the body (a password)
        // to wherever the answer points. Its 3xx becomes an error (toSupportKbError).
        ...(body !== undefined ? { body } : {}),
        redirect: body !== undefined || SIGN_IN.test(route.operationId ?? '') ? 'manual' : 'follow',
        ...(call.signal ? { signal: call.signal } : {}),
        ...(logging ? { context: { supportkb: context } } : {}),
      });
      text = await readText(response);
    } catch (error) {
      const says = await failure();
      throw toSupportKbError(error, context, (status) => says.advice(status, route, 'authorization' in headers), says, response);
    }
    let data: unknown = text;
    if (call.parseAs !== 'text' && !(route.textBody && response.ok)) {
      try {
        data = text === '' ? undefined : JSON.parse(text);
      } catch (cause) {
        throw new ResponseParseError(response.status, text, context, cause);
      }
    }
    return { data, response, request: { method, url, headers, body } };
  };
}
