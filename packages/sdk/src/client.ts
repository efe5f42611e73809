/** `createClient`: a method per operation of the contract, grouped by resource, over the transport of `createHttpClient`. */
import { APIPromise, type WithResponse } from './api-promise';
import { SupportKbError } from './errors';
import { connect, type HttpClient, type RouteLookup } from './http';
import { operations, type OperationId, type OperationInfo, type OperationTypes, type PagedOperationId, type ResourceTree } from './generated/operations.gen';
import { REDACTED, setField } from './internal/redact';
import { signInBehaviours } from './internal/sign-in';
import { PagePromise } from './pagination';
import { createLogger } from './internal/logging';
import type { Credentials, HttpClientOptions, Logger, RequestOptions, ResponseOf, SignInMethods } from './types';

/**
 * Opt-in validation of requests and responses against the contract. `@supportkb/sdk/zod` provides
 * one built from the generated zod schemas (`zodValidation()`); the default import never loads zod.
 */
export interface Validator {
  /**
   * Checks the parts of a request before it is sent; throws {@link ValidationError}, or returns a
   * promise (awaited before sending) that rejects with it, e.g. while it loads what it checks with.
   */
  request?(operationId: OperationId, parts: { path?: unknown; query?: unknown; body?: unknown }): void | Promise<void>;
  /**
   * Checks a 200 body, as `request` does. Unknown enum values and extra fields must pass. `context.serverVersion`
   * is the client's `serverVersion`: the body must then be what that release sends. `context.logger` is the
   * client's logger (its `logLevel` and `logger`, secrets redacted), absent when logging is off: where to
   * report what passes but deserves a look (`zodValidation()` warns there of fields no release sends).
   */
  response?(operationId: OperationId, data: unknown, context?: { serverVersion?: string | undefined; logger?: Logger | undefined }): void | Promise<void>;
}

/** Options of {@link createClient}. Times in milliseconds. */
export interface ClientOptions extends HttpClientOptions {
  /** Default `project_id` for project-scoped operations, so calls need not repeat it. */
  projectId?: string;
  /** Validate requests and responses (e.g. `zodValidation()` from `@supportkb/sdk/zod`). Off by default. */
  validate?: Validator;
  /**
   * The release of the server the client talks to, `X.Y.Z` (e.g. `'2.18.3'`), when known. An operation that
   * release lacks (any, for a release older than the contract's window, `releaseWindow`: 2.10.0 to 2.19.16)
   * then fails before sending with `OperationNotInReleaseError`, naming the release the contract describes it
   * from, and validation (`validate`) holds 200 bodies to what that release sends. Without it, the client
   * accepts what any release of the window sends.
   */
  serverVersion?: string;
}

type Part<T> = [T] extends [never] ? {} : [T] extends [undefined] ? {} : NonNullable<T>;
type PathOf<D> = D extends { path?: infer P } ? Part<P> : {};
type QueryOf<D> = D extends { query?: infer Q } ? Part<Q> : {};
/** Whether a body type is a list (`OperationInfo.listBody`). */
type IsList<B> = [NonNullable<B>] extends [never] ? false : [NonNullable<B>] extends [readonly unknown[]] ? true : false;
/** The body's fields; a list body is the field `body`. */
type BodyOf<D> = D extends { body?: infer B } ? (IsList<B> extends true ? { body: NonNullable<B> } : Part<B>) : {};
type ProjectScoped<D> = 'project_id' extends keyof PathOf<D> ? { /** Overrides the client's `projectId`. */ project_id?: string } : {};
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * The one parameter object of a client method: the operation's path parameters (except `project_id`,
 * which comes from the client's `projectId`), its query parameters and its body fields, side by side.
 */
export type Params<K extends OperationId> = Simplify<
  Omit<PathOf<OperationTypes[K]['data']>, 'project_id'> & ProjectScoped<OperationTypes[K]['data']> & QueryOf<OperationTypes[K]['data']> & BodyOf<OperationTypes[K]['data']>
>;

/** The item type of a paged list body: the array itself, or the one array property of its wrapper. */
export type ItemOf<R> = R extends readonly (infer I)[] ? I : { [P in keyof R]-?: NonNullable<R[P]> extends readonly (infer I)[] ? I : never }[keyof R];

type Result<K extends OperationId> = K extends PagedOperationId ? PagePromise<ResponseOf<K>, ItemOf<ResponseOf<K>>> : APIPromise<ResponseOf<K>>;

/**
 * The type of a client method: the method of operation `K` on `createClient()`'s client (e.g.
 * `ClientMethod<'listTags'>` is the type of `sk.tags.list`). It takes the operation's {@link Params}
 * (optional when none is required) and per-call {@link RequestOptions}, and returns an
 * {@link APIPromise} of the 200 body, or a {@link PagePromise} for a paged list.
 */
export type ClientMethod<K extends OperationId> = {} extends Params<K> ? (params?: Params<K>, options?: RequestOptions) => Result<K> : (params: Params<K>, options?: RequestOptions) => Result<K>;

type Methods = Omit<{ [K in OperationId]: ClientMethod<K> }, keyof SignInMethods> & SignInMethods;

/** The SDK client: every operation of the contract, grouped by resource. */
export type SupportKbClient = ResourceTree<Methods> & {
  /** The client for calling generated functions directly (`listTags({ client: sk.http.client, ... })`), over the same transport, and the credentials it shares with the client's methods (a sign-in through `sk.auth.signIn` applies to both). */
  readonly http: HttpClient;
  /** Replaces the credentials (e.g. after a sign-in done elsewhere); `undefined` signs out. */
  setAuth(credentials: Credentials | undefined): void;
  /** `jwt`, `basic` or `none`: which credentials are held (never their value). */
  readonly authKind: 'jwt' | 'basic' | 'none';
};

/**
 * Creates a client with typed, per-resource access to every operation of the contract:
 *
 * ```ts
 * const sk = createClient({ baseUrl: 'https://api.tiledesk.com/v2', projectId });
 * await sk.auth.signIn({ email, password });        // keeps the JWT for the calls that follow
 * const tag = await sk.tags.create({ tag: 'vip', color: '#e53935' });
 * for await (const lead of sk.leads.list()) console.log(lead.fullname);
 * ```
 *
 * Every method takes one parameter object (path parameters, query parameters and body fields) and
 * per-call {@link RequestOptions}, and returns an {@link APIPromise} of the typed 200 body (paged lists a
 * {@link PagePromise}). Failures throw {@link SupportKbError} subclasses: `APIError` per status,
 * `APIConnectionError`, `APIConnectionTimeoutError`, `APIUserAbortError`, `ResponseParseError`,
 * `ResponseTooLargeError`, `ValidationError` (also, validation on or off, for a path parameter `.` or `..`,
 * which URL parsing would turn into another operation's path), and `SupportKbError` itself for a call
 * without its project or a path parameter (nothing is sent in these three cases). A 3xx answering a
 * sign-in or a request with a body is not followed: it throws `APIError`. Retries (default 2, idempotent methods, 408/429/5xx/connection
 * errors), the per-attempt timeout and the body size limit come from `options`.
 *
 * @throws {TypeError} on an invalid `baseUrl`, incomplete credentials, or a `serverVersion` that is not a
 * release `X.Y.Z`.
 */
export function createClient(options: ClientOptions): SupportKbClient {
  const { serverVersion } = options;
  if (serverVersion !== undefined && !/^\d+\.\d+\.\d+$/.test(serverVersion)) throw new TypeError(`serverVersion must be a release X.Y.Z, not ${serverVersion}`);
  let releaseGuard: Promise<typeof import('./release-guard')> | undefined;
  // The generated functions' client (`sk.http.client`) finds a call's operation in this manifest
  // (`createHttpClient` bundles a compact route index instead).
  let routes: Map<string, OperationInfo> | undefined;
  const lookup: RouteLookup = (method, path) => {
    const info = (routes ??= new Map(Object.values(operations).map((entry) => [`${entry.method} ${entry.path}`, entry]))).get(`${method} ${path}`);
    return info && { operationId: info.operationId, minRole: info.minRole, queryAliases: info.queryAliases, presenceFlags: info.presenceFlags };
  };
  const { http, send } = connect(options, lookup);
  const validator = options.validate;
  const logger = validator?.response && createLogger(options.logLevel, options.logger);
  const behaviours = signInBehaviours(http.credentials);

  /** The method's parameters split into the request's path, query and body, with the project filled in. */
  function parts(info: OperationInfo, params: Record<string, unknown>, requestOptions: RequestOptions) {
    const path: Record<string, unknown> = {};
    const query: Record<string, unknown> = {};
    const body: Record<string, unknown> = {};
    for (const key in params) {
      const value = params[key];
      if (value === undefined || !Object.hasOwn(params, key) || (info.listBody && key === 'body')) continue;
      // setField: a `__proto__` key of parsed input stays a field, as it is in `params`.
      setField(info.pathParams.includes(key) ? path : info.queryParams.includes(key) || !info.hasBody ? query : body, key, value);
    }
    if (info.pathParams.includes('project_id')) {
      path.project_id ??= requestOptions.projectId ?? options.projectId;
      if (path.project_id === undefined) {
        throw new SupportKbError(`${info.operationId} needs a project: pass project_id, or projectId to createClient() or to the call.`);
      }
    }
    return {
      ...(Object.keys(path).length ? { path } : {}),
      ...(Object.keys(query).length ? { query } : {}),
      ...(info.hasBody ? { body: info.listBody ? params.body : body } : {}),
    };
  }

  async function call(info: OperationInfo, params: Record<string, unknown>, requestOptions: RequestOptions): Promise<WithResponse<unknown>> {
    if (serverVersion) {
      releaseGuard ??= import('./release-guard');
      releaseGuard.catch(() => (releaseGuard = undefined));
      (await releaseGuard).guardRelease(info, serverVersion);
    }
    const useValidator = requestOptions.validate === false ? undefined : validator;
    const behaviour = behaviours[info.operationId];
    let headers = requestOptions.headers;
    if (behaviour?.prepare) ({ params, headers } = behaviour.prepare(params, headers));
    const request = parts(info, params, requestOptions);
    const checking = useValidator?.request?.(info.operationId, request);
    if (checking) await checking;
    const {
      data,
      response,
      request: sent,
    } = await send({
      route: info,
      ...request,
      ...(headers ? { headers } : {}),
      ...(requestOptions.signal ? { signal: requestOptions.signal } : {}),
      policy: requestOptions,
    });
    // An empty 200 body is the answer itself where the contract declares one (resolves to `undefined`).
    if (!(data === undefined && info.emptyBody)) {
      const checked = useValidator?.response?.(info.operationId, data, { serverVersion, logger });
      if (checked) await checked;
    }
    behaviour?.complete?.(data, { operationId: info.operationId, method: sent.method, url: sent.url });
    return { data, response };
  }

  function method(info: OperationInfo) {
    return (params: Record<string, unknown> = {}, requestOptions: RequestOptions = {}) => {
      if (info.pagination) {
        const pagination = info.pagination;
        const first = Number(params.page ?? 0);
        return new PagePromise(pagination, Number.isInteger(first) && first >= 0 ? first : 0, (page) => call(info, { ...params, page }, requestOptions));
      }
      return new APIPromise(() => call(info, params, requestOptions));
    };
  }

  const root: Record<string, unknown> = {};
  for (const info of Object.values(operations)) {
    let node = root;
    for (const key of info.resource) node = (node[key] ??= {}) as Record<string, unknown>;
    node[info.name] = method(info);
  }
  Object.defineProperties(root, {
    http: { value: http, enumerable: false },
    setAuth: { value: (credentials: Credentials | undefined) => http.credentials.set(credentials), enumerable: false },
    authKind: { get: () => http.credentials.kind, enumerable: false },
    toJSON: { value: () => ({ baseUrl: options.baseUrl, projectId: options.projectId, auth: http.credentials.kind === 'none' ? 'none' : REDACTED }), enumerable: false },
  });
  return root as unknown as SupportKbClient;
}
