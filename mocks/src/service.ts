/**
 * `createMockService`: the stateful mock of the Support and Knowledge Base Service. One MSW
 * request handler per contract operation (64), over an in-memory store, with the service's
 * authentication, roles, validation and error bodies. The same handlers serve Node tests
 * (`setupServer`), the browser (`setupWorker`) and the standalone HTTP server.
 */
import { http, type HttpHandler } from 'msw';
import * as schemas from '@supportkb/sdk/zod';
import { Authenticator, authorize, signToken, TOKEN_ISSUER, type Role } from './auth';
import type { BehaviourOptions, OpContext, OperationSpec, OperationTable, ServiceCore } from './context';
import { operations, type OperationId, type OperationMeta } from './generated/operations';
import { BodyTooLargeError, coerceQuery, DEFAULT_BODY_LIMIT, isObject, issuesToErrors, jsonDepth, MAX_BODY_DEPTH, OBJECT_ID, payloadTooLarge, readBodyText, toResponse, type ObjectSchemaLike, type Result, type SchemaLike, type ValidationIssue } from './http';
import { analyticsOperations } from './resources/analytics';
import { authOperations, guestToken, userToken } from './resources/auth';
import { groupOperations } from './resources/groups';
import { kbOperations } from './resources/kb';
import { labelOperations } from './resources/labels';
import { leadOperations } from './resources/leads';
import { messageOperations } from './resources/messages';
import { segmentOperations } from './resources/segments';
import { subscriptionOperations } from './resources/subscriptions';
import { tagOperations } from './resources/tags';
import { teamOperations } from './resources/team';
import { SEED, seed } from './seed';
import { clearStore, createClock, createIdGenerator, createStore, snapshotStore, type Clock, type ClockOptions, type IdGenerator, type Store } from './store';
import { WebhookDispatcher, type WebhookListener, type WebhookOptions } from './webhooks';

/** Options of {@link createMockService}. */
export interface MockServiceOptions {
  /**
   * Where the handlers answer: `*` (the default) matches any origin and path prefix
   * (`https://api.tiledesk.com/v2/...`, `http://127.0.0.1:4010/...`); pass an API root such as
   * `http://localhost:4010` to answer only there.
   */
  baseUrl?: string;
  /** Seed the default dataset (default true); `false` starts with only the project. */
  seed?: boolean;
  /** Clock options; `{ frozen: true }` for tests that move time with `service.clock.advance()`. */
  clock?: ClockOptions;
  /** `sequential` (default, the same ids on every run) or `random` ids. */
  ids?: 'sequential' | 'random';
  /** Webhook delivery options (retries, backoff base, `delivery: 'none'`). */
  webhooks?: WebhookOptions;
  /** Behaviour tunables: indexing pace and failing sources, plan limits, sitemap fixtures. */
  behaviour?: BehaviourOptions;
  /** Secret of the service's own tokens; default the contract's example `supportkb-example-server-secret`. */
  serverSecret?: string;
  /** Secret every subscription of this run gets; default the contract's example value. */
  subscriptionSecret?: string;
  /**
   * Largest request body accepted, in bytes; default 512000 (the service's 500 KB). A larger body
   * is answered 413 `{err: "Request entity too large", limit}` without being read past the limit
   * (a declared `Content-Length` over it is refused before anything else, as the service does).
   * Every stored string is bounded by it.
   */
  bodyLimit?: number;
  /**
   * Called with every answer the handlers produce (not the answers of overrides), e.g. to check
   * them against the contract.
   */
  onResponse?: (exchange: Exchange) => void;
}

/** One request and the answer the mock made, as {@link MockServiceOptions.onResponse} sees it. */
export interface Exchange {
  operationId: OperationId;
  method: string;
  url: string;
  status: number;
  /** `application/json` or `text/plain`. */
  contentType: 'application/json' | 'text/plain';
  /** The JSON body (after a JSON round trip) or the text. */
  body: unknown;
  headers: Record<string, string>;
}

/** The running mock. */
export interface MockService {
  /** The MSW request handlers of all 64 operations (give them to `setupServer`/`setupWorker`). */
  readonly handlers: HttpHandler[];
  /** The base URL the handlers answer at (`*` = anywhere). */
  readonly baseUrl: string;
  /** Largest request body accepted, in bytes (see {@link MockServiceOptions.bodyLimit}). */
  readonly bodyLimit: number;
  /** The in-memory state. */
  readonly store: Store;
  /** The mock's clock. */
  readonly clock: Clock;
  /** The id generator. */
  readonly ids: IdGenerator;
  /** The contract's operations, as the handlers were registered. */
  readonly operations: readonly OperationMeta[];
  /** Ids and credentials of the seeded dataset. */
  readonly seed: typeof SEED;
  /** Back to the seeded dataset (or the empty project), ids and clock restarted. */
  reset(): void;
  /** Deep copy of the whole state, for comparisons. */
  snapshot(): Record<string, unknown>;
  /** Registers an in-process webhook listener; returns the function that removes it. */
  onWebhook(listener: WebhookListener): () => void;
  /** Resolves when every webhook delivery started so far is over (retries included). */
  webhooksIdle(): Promise<void>;
  /**
   * An `Authorization` header value for a seeded member: `JWT <token>` signed like a sign-in
   * (`owner`, `admin`, `agent`) or an anonymous sign-in (`guest`).
   */
  authorization(role: 'owner' | 'admin' | 'agent' | 'guest'): Promise<string>;
  /** Basic credentials (`Basic base64(email:password)`) of a seeded owner, admin or agent. */
  basic(role: 'owner' | 'admin' | 'agent'): string;
  /**
   * Signs a custom token for `signInWithCustomToken` with the project's secret: `aud` is set to
   * `https://tiledesk.com/projects/<projectId>`, `sub` to `userexternal`, `iat` to now.
   * @param claims at least `_id`; optional `role`, `firstname`, `lastname`, `email`.
   * @returns the compact JWT, without the `JWT ` prefix.
   */
  customToken(claims: Record<string, unknown>, projectId?: string): Promise<string>;
}

const ALL_OPERATIONS: OperationTable = {
  ...authOperations,
  ...kbOperations,
  ...teamOperations,
  ...groupOperations,
  ...segmentOperations,
  ...tagOperations,
  ...labelOperations,
  ...leadOperations,
  ...analyticsOperations,
  ...messageOperations,
  ...subscriptionOperations,
};

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);
const zod = schemas as unknown as Record<string, SchemaLike | undefined>;

/** The zod schemas of an operation's inputs. */
function inputSchemas(operationId: string): { path?: SchemaLike; query?: ObjectSchemaLike; body?: SchemaLike } {
  const p = pascal(operationId);
  return { path: zod[`z${p}Path`], query: zod[`z${p}Query`] as ObjectSchemaLike | undefined, body: zod[`z${p}Body`] };
}

/** Handlers are tried in order: at the same place, a literal segment must precede a parameter. */
function routeOrder(a: OperationMeta, b: OperationMeta): number {
  const shape = (m: OperationMeta) => m.path.split('/').map((s) => (s.startsWith('{') ? '1' : '0')).join('');
  const ka = `${a.method} ${String(a.path.split('/').length).padStart(2, '0')} ${shape(a)}`;
  const kb = `${b.method} ${String(b.path.split('/').length).padStart(2, '0')} ${shape(b)}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** Joins a base URL and an MSW path. */
export function joinPath(baseUrl: string, mswPath: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${mswPath}`;
}

/**
 * Creates the stateful mock service.
 *
 * @param options see {@link MockServiceOptions}.
 * @returns a {@link MockService}: `handlers` for MSW, the `store`, `clock`, `reset()` and helpers.
 * @throws {Error} when an operation of the contract has no implementation (a build problem).
 *
 * @example
 * const service = createMockService({ clock: { frozen: true } });
 * const server = setupServer(...service.handlers);
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const baseUrl = options.baseUrl ?? '*';
  const store = createStore();
  const clock = createClock(options.clock);
  let ids = createIdGenerator(options.ids);
  const serverSecret = options.serverSecret ?? SEED.serverSecret;
  const auth = new Authenticator(store, { server: serverSecret });
  const webhooks = new WebhookDispatcher(store, options.webhooks);
  const core: ServiceCore = {
    store,
    clock,
    get ids() {
      return ids;
    },
    auth,
    webhooks,
    behaviour: {
      maxKnowledgeBases: 50,
      sitemaps: {
        'https://www.acme-support.test/sitemap.xml': [
          'https://www.acme-support.test/help/shipping',
          'https://www.acme-support.test/help/returns',
          'https://www.acme-support.test/help/payments',
        ],
      },
      ...options.behaviour,
    },
    serverSecret,
    subscriptionSecret: options.subscriptionSecret ?? SEED.subscriptionSecret,
    bodyLimit: bodyLimitOf(options.bodyLimit),
  };

  const load = () => {
    clearStore(store);
    auth.clear();
    ids = createIdGenerator(options.ids);
    if (options.seed === false) {
      store.projects.set(SEED.projectId, { _id: SEED.projectId, name: SEED.projectName, jwtSecret: SEED.projectSecret, status: 100, createdAt: clock.iso(), updatedAt: clock.iso(), __v: 0 });
    } else {
      seed(core);
    }
  };
  load();

  const metas = [...operations].sort(routeOrder) as OperationMeta[];
  const handlers = metas.map((meta) => {
    const spec = ALL_OPERATIONS[meta.operationId as OperationId];
    if (!spec) throw new Error(`No implementation for operation ${meta.operationId}`);
    const method = meta.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    return http[method](joinPath(baseUrl, meta.mswPath), async ({ request, params }) => {
      let result: Result;
      try {
        result = await run(core, meta, spec, request, params as Record<string, string>);
      } catch (error) {
        // A bug, never bad input: answer like the service's global handler and say so.
        console.error(`[@supportkb/mocks] ${meta.operationId} threw:`, error);
        result = { status: 500, body: { err: 'error' } };
      }
      if (options.onResponse) report(options.onResponse, meta, request, result);
      return toResponse(result);
    });
  });

  const seededMember = (role: 'owner' | 'admin' | 'agent') => SEED.members[role];

  return {
    handlers,
    baseUrl,
    bodyLimit: core.bodyLimit,
    store,
    clock,
    get ids() {
      return ids;
    },
    operations: metas,
    seed: SEED,
    reset: load,
    snapshot: () => snapshotStore(store),
    onWebhook: (listener) => webhooks.onDelivery(listener),
    webhooksIdle: () => webhooks.idle(),
    async authorization(role) {
      if (role === 'guest') return guestToken(core, { _id: SEED.guest.uuid, firstname: SEED.guest.firstname });
      const user = store.users.get(seededMember(role).userId);
      if (!user) throw new Error(`The seeded ${role} is not in the store (seed: false?)`);
      return userToken(core, user);
    },
    basic(role) {
      const member = seededMember(role);
      return `Basic ${btoa(`${member.email}:${member.password}`)}`;
    },
    async customToken(claims, projectId = SEED.projectId) {
      const project = store.projects.get(projectId);
      if (!project) throw new Error(`Unknown project ${projectId}`);
      const payload = { sub: 'userexternal', iat: Math.floor(clock.now() / 1000), ...claims, aud: `${TOKEN_ISSUER}/projects/${projectId}` };
      return signToken(payload, project.jwtSecret);
    },
  };
}

function report(listener: (exchange: Exchange) => void, meta: OperationMeta, request: Request, result: Result): void {
  const headers: Record<string, string> = { ...(result.headers ?? {}) };
  try {
    listener({
      operationId: meta.operationId as OperationId,
      method: request.method,
      url: request.url,
      status: result.status,
      contentType: result.text !== undefined ? 'text/plain' : 'application/json',
      body: result.text !== undefined ? result.text : JSON.parse(JSON.stringify(result.body ?? null)),
      headers,
    });
  } catch {
    // The listener's failures are its own.
  }
}

/** Validates the `bodyLimit` option. @throws {RangeError} when it is not a positive integer. */
function bodyLimitOf(value: number | undefined): number {
  if (value === undefined) return DEFAULT_BODY_LIMIT;
  if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`bodyLimit must be a positive integer number of bytes, got ${String(value)}`);
  return value;
}

/** Bad input answer: 422 `{errors}` when the operation declares 422, else 400 with the same body. */
function badInput(status: 400 | 422, errors: ValidationIssue[]): Result {
  return { status, body: { errors } };
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The request pipeline: declared body size → project → credentials → role → body (read up to the
 * limit, nesting checked) → pre-checks → validation → handler. The body is read only once the
 * caller is known to be allowed, so a refused request costs no body read.
 */
async function run(core: ServiceCore, meta: OperationMeta, spec: OperationSpec, request: Request, rawParams: Record<string, string>): Promise<Result> {
  const url = new URL(request.url);
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(rawParams)) if (typeof value === 'string') params[key] = value;
  const badInputStatus: 400 | 422 = meta.responses['422'] ? 422 : 400;
  const ctx: OpContext = { core, meta, request, params, query: {}, rawQuery: url.searchParams, body: {}, projectId: '', badInputStatus };

  // 0. A body declared larger than the limit is refused before anything else, as the service's
  //    body parser does (it runs before every route).
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > core.bodyLimit) return payloadTooLarge(core.bodyLimit);

  // 1. The project (checked before credentials, as the service's project middleware does).
  if ('project_id' in params) {
    const projectId = params.project_id!;
    if (!OBJECT_ID.test(projectId)) return { status: 400, body: { error: `Invalid project id: ${projectId}` } };
    if (!core.store.projects.has(projectId)) return { status: 400, body: { error: `Project not found with id: ${projectId}` } };
    ctx.projectId = projectId;
  }

  // 2. Credentials and role.
  if (meta.authenticated && !meta.authOptional && !spec.customAuth) {
    const outcome = await core.auth.authenticate(request.headers.get('authorization'), meta.responses['400']?.['text/plain'] !== undefined);
    if ('error' in outcome) return outcome.error;
    ctx.caller = outcome.caller;
    if (ctx.projectId) {
      const minRole: Role = meta.minRole === 'none' ? 'guest' : meta.minRole;
      const allowed = authorize(core.store, ctx.projectId, outcome.caller, minRole, meta.operationId);
      if ('error' in allowed) return allowed.error;
      ctx.teammate = allowed.teammate;
    }
  }

  // 3. The body, read up to the limit (413 beyond it): empty means `{}` (as Express's JSON parser
  //    leaves it); malformed JSON, or JSON nested deeper than MongoDB stores, is bad input.
  const schemasOf = inputSchemas(meta.operationId);
  if (BODY_METHODS.has(meta.method) && schemasOf.body) {
    let text: string;
    try {
      text = await readBodyText(request, core.bodyLimit);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return payloadTooLarge(core.bodyLimit);
      throw error;
    }
    if (jsonDepth(text, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
      return badInput(badInputStatus, [{ msg: `Nesting deeper than ${MAX_BODY_DEPTH} levels`, param: 'body', location: 'body' }]);
    }
    if (text.trim() !== '') {
      try {
        ctx.body = JSON.parse(text);
      } catch {
        return badInput(badInputStatus, [{ value: text.length > 200 ? `${text.slice(0, 200)}…` : text, msg: 'Malformed JSON body', param: 'body', location: 'body' }]);
      }
    }
  }

  // 4. The service's own checks with their own bodies.
  const early = spec.pre?.(ctx);
  if (early) return early;

  // 5. Schema validation of path, query and body.
  if (schemasOf.path) {
    const parsed = schemasOf.path.safeParse(params);
    if (!parsed.success) return badInput(badInputStatus, issuesToErrors(parsed.error.issues, params, 'params'));
  }
  if (schemasOf.query) {
    const candidate = coerceQuery(url.searchParams, schemasOf.query);
    const parsed = schemasOf.query.safeParse(candidate);
    if (!parsed.success) return badInput(badInputStatus, issuesToErrors(parsed.error.issues, candidate, 'query'));
    ctx.query = parsed.data;
  }
  if (schemasOf.body) {
    const parsed = schemasOf.body.safeParse(ctx.body);
    if (!parsed.success || !isObject(ctx.body)) {
      const issues = parsed.success ? [{ path: [], message: 'Expected an object' }] : parsed.error.issues;
      return badInput(badInputStatus, issuesToErrors(issues, ctx.body, 'body'));
    }
  }

  return spec.handle(ctx);
}
