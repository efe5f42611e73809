/**
 * `createHttpClient`: the client the generated operation functions are called with, an adapter over
 * the transport (`internal/transport.ts`) that `createClient` sends through too.
 */
import { CredentialStore } from './auth';
import type { Client, Config } from './generated/client';
import { getUrl } from './generated/core/utils.gen';
import { createTransport, failure, querySerializer, type CallPolicy, type Route, type Transport } from './internal/transport';
import { loadOnce } from './internal/lazy';
import type { HttpClientOptions } from './types';

/** The client to pass to the generated operation functions, and the credentials it sends. */
export interface HttpClient {
  /**
   * Pass it as `client` to any generated operation function (`listTags({ client, path })`). It sends
   * through the same transport as `createClient`'s methods (same requests, errors, retries, timeouts,
   * limits and logs) and implements the part of hey-api's `Client` the generated functions use; what
   * it does not support (interceptors, server-sent events, `setConfig`, per-call serializers, ...)
   * throws a `TypeError` saying so.
   */
  readonly client: Client;
  /** The credentials it sends; `set({ token })` after a sign-in, `set(undefined)` to sign out. */
  readonly credentials: CredentialStore;
}

/** Options of a generated function's call that the adapter reads; any other set option is refused. */
const CALL_OPTIONS = new Set([
  'url',
  'method',
  'security',
  'path',
  'query',
  'body',
  'headers',
  'signal',
  'timeout',
  'retry',
  'kyOptions',
  'parseAs',
  'responseStyle',
  'throwOnError',
  'client',
  'meta',
]);
const VERBS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'connect', 'trace'];

const unsupported = (what: string, instead: string) => new TypeError(`${what} is not supported by the @supportkb/sdk client; ${instead}`);

/** hey-api's `headers` option as strings, names lower case; `null` removes a client header. */
function headerRecord(headers: unknown): Record<string, string | null> | undefined {
  if (headers == null) return undefined;
  const out: Record<string, string | null> = {};
  for (const [name, value] of headers instanceof Headers || Array.isArray(headers) ? (headers as Iterable<[string, unknown]>) : Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = value === null ? null : Array.isArray(value) ? value.join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return out;
}

/** What the adapter learns of a generated function's call from its method and path template: its operation. @internal */
export type RouteLookup = (method: string, path: string) => Promise<Pick<Route, 'operationId' | 'minRole' | 'queryAliases' | 'presenceFlags' | 'textBody'> | undefined>;

/** The manifest's compact route index, loaded with the first call (`internal/lazy-routes.ts`). */
const routes = loadOnce(() => import('./internal/lazy-routes'));

/**
 * The operationId, minimum role and query rules (`queryAliases`, `presenceFlags`) of
 * `METHOD /path/{template}`, from the manifest's compact route index (a generated function's call
 * names only its method and path template), which loads with the first call: a bundle of
 * `createHttpClient` and one generated function carries none of it before. `createClient` looks them
 * up in the manifest it loads anyway. @internal
 */
export const operationAt: RouteLookup = async (method, path) => {
  const found = (await routes()).routeIndex[`${method} ${path}`];
  return found && { operationId: found[0], minRole: found[1], ...found[2] };
};

type Refusals = typeof import('./internal/failure').REFUSALS;

/**
 * What makes the client refuse a generated function's call options, if anything: `[what, why]` of its
 * `TypeError` (`why`: a key of `REFUSALS`, `internal/failure.ts`, which loads with the error), or `[, why]`
 * of one whose whole message is `why`'s.
 */
function refusalOf(call: Record<string, unknown>): readonly [string | undefined, keyof Refusals] | undefined {
  for (const key in call) if (call[key] !== undefined && !CALL_OPTIONS.has(key)) return [`The call option ${key}`, 'option'];
  const { parseAs, responseStyle, timeout, retry, kyOptions } = call;
  if (call.throwOnError === false) return ['throwOnError: false', 'throwOnError'];
  if (parseAs !== undefined && parseAs !== 'auto' && parseAs !== 'json' && parseAs !== 'text') return [`parseAs: '${parseAs}'`, 'parseAs'];
  if (responseStyle !== undefined && responseStyle !== 'fields' && responseStyle !== 'data') return [undefined, 'responseStyle'];
  if (timeout !== undefined && timeout !== false && typeof timeout !== 'number') return [undefined, 'timeout'];
  if (retry !== undefined && typeof retry !== 'number') return ['retry as an object', 'retry'];
  const others = Object.keys(kyOptions ?? {}).filter((key) => key !== 'context');
  if (others.length) return [`kyOptions.${others.join(', kyOptions.')}`, 'kyOptions'];
  return undefined;
}

/** The per-call policy of a generated function's options (`timeout`, `retry`, `kyOptions.context.maxResponseBytes`), once {@link refusalOf} passed them. */
function policyOf({ timeout, retry, kyOptions }: Record<string, unknown>): CallPolicy | undefined {
  if (timeout === undefined && retry === undefined && kyOptions === undefined) return undefined;
  const limit = Number((kyOptions as { context?: { maxResponseBytes?: unknown } } | undefined)?.context?.maxResponseBytes);
  return { timeout: timeout as CallPolicy['timeout'], maxRetries: retry as number | undefined, maxResponseBytes: limit > 0 ? limit : undefined };
}

/**
 * The hey-api `Client` the generated functions call: each call goes to the transport with its manifest
 * entry (found by method and path template), so it is sent, retried, limited, logged and reported
 * exactly as `createClient`'s method of the same operation. Resolves to `{ data, request, response }`
 * (hey-api's shape with `throwOnError`), or `data` alone with `responseStyle: 'data'`.
 */
function adapter(send: Transport, baseUrl: string, options: HttpClientOptions, lookup: RouteLookup): Client {
  const request = async (call: Record<string, unknown>, verb = call.method): Promise<unknown> => {
    const refused = refusalOf(call);
    if (refused) {
      const why = (await failure()).REFUSALS[refused[1]];
      throw refused[0] === undefined ? new TypeError(why) : unsupported(refused[0], why);
    }
    const { url, security, parseAs, responseStyle } = call;
    const method = String(verb ?? 'GET').toUpperCase();
    const path = String(url);
    const route: Route = { ...(await lookup(method, path)), method, path, security: (security as Route['security']) ?? [] };
    const sent = await send({
      route,
      path: call.path as Record<string, unknown> | undefined,
      query: call.query as Record<string, unknown> | undefined,
      body: call.body,
      headers: headerRecord(call.headers),
      signal: call.signal as AbortSignal | undefined,
      policy: policyOf(call),
      parseAs: parseAs === 'text' ? parseAs : undefined,
    });
    if (responseStyle === 'data') return sent.data;
    let built: Request | undefined;
    return {
      data: sent.data,
      response: sent.response,
      /** The request as sent (built on first read). */
      get request(): Request {
        const { method: m, url: u, headers, body } = sent.request;
        return (built ??= new Request(u, { method: m, headers, body }));
      },
    };
  };
  const refuse = (what: string, instead: string) => () => {
    throw unsupported(what, instead);
  };
  const getConfig = (): Config => ({ baseUrl, headers: { ...options.headers }, timeout: options.timeout ?? 60_000, throwOnError: true, responseStyle: 'fields', parseAs: 'auto' }) as Config;
  const noInterceptors = {
    fns: [],
    clear() {},
    eject() {},
    exists: () => false,
    getInterceptorIndex: () => -1,
    update: refuse('interceptors', 'log with the logLevel and logger options, or wrap requests with the fetch option'),
  };
  const client: Record<string, unknown> = {
    request,
    buildUrl: (call: { url: string; path?: Record<string, unknown>; query?: Record<string, unknown>; baseUrl?: string }) =>
      getUrl({ baseUrl: call.baseUrl ?? baseUrl, url: call.url, path: call.path, query: call.query, querySerializer }),
    getConfig,
    setConfig: (config: Config) => {
      const set = Object.keys(config ?? {}).filter((key) => (config as Record<string, unknown>)[key] !== undefined);
      if (set.length) throw unsupported(`setConfig (${set.join(', ')})`, 'create another client with createHttpClient(options), and change credentials with http.credentials.set()');
      return getConfig();
    },
    interceptors: { request: { ...noInterceptors, use: noInterceptors.update }, response: { ...noInterceptors, use: noInterceptors.update }, error: { ...noInterceptors, use: noInterceptors.update } },
    sse: {},
  };
  for (const verb of VERBS) {
    client[verb] = (call: Record<string, unknown>) => request(call, verb);
    (client.sse as Record<string, unknown>)[verb] = async () => {
      throw unsupported(`sse.${verb}`, (await failure()).REFUSALS.sse);
    };
  }
  return client as unknown as Client;
}

/**
 * The credentials, the transport and the generated functions' client over it (naming each call's
 * operation with `lookup`): what both client styles are built on.
 * @throws {TypeError} when `baseUrl` is not an absolute http(s) URL or the credentials are incomplete.
 * @internal
 */
export function connect(options: HttpClientOptions, lookup: RouteLookup): { http: HttpClient; send: Transport } {
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new TypeError(`baseUrl must be an absolute URL, got ${JSON.stringify(options.baseUrl)}`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new TypeError(`baseUrl must be http(s), got ${base.protocol}`);
  const credentials = new CredentialStore(options.auth);
  const send = createTransport(options, credentials);
  return { http: { client: adapter(send, options.baseUrl.replace(/\/+$/, ''), options, lookup), credentials }, send };
}

/**
 * Creates the client for the tree-shakable style: one import per operation.
 *
 * ```ts
 * import { createHttpClient, listTags } from '@supportkb/sdk';
 * const http = createHttpClient({ baseUrl, auth: { token } });
 * const { data } = await listTags({ client: http.client, path: { project_id } }); // throws typed errors
 * ```
 *
 * A generated function called with `http.client` resolves to `{ data, request, response }` (`data`: the
 * parsed 200 body, `undefined` when it is empty) and throws what `createClient`'s method of the same
 * operation throws, with the same message, operationId, method and URL: the `APIError` subclass of a
 * status (with the same advice on a 401 without credentials and on a 403), `APIConnectionError`,
 * `APIConnectionTimeoutError`, `APIUserAbortError`, `ResponseParseError`, `ResponseTooLargeError`,
 * `ValidationError` for a path parameter `.` or `..` (which URL parsing would turn into another path) and
 * `SupportKbError` for a missing one (nothing sent in either case), and `APIError` for a 3xx answering a
 * sign-in or a request with a body (not followed). Per call it takes `signal`, `timeout`
 * (ms), `retry` (a number of retries), `kyOptions: { context: { maxResponseBytes } }`, `headers`,
 * `parseAs` (`'auto'`/`'json'`, or `'text'`) and `responseStyle`; any other option throws `TypeError`.
 *
 * @throws {TypeError} when `baseUrl` is not an absolute http(s) URL or the credentials are incomplete.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  return connect(options, operationAt).http;
}
