/**
 * `createMockService`: the stateful mock of the Support and Knowledge Base Service. One MSW
 * request handler per contract operation, over an in-memory store, with the service's
 * authentication, roles, validation and error bodies. The same handlers serve Node tests
 * (`setupServer`), the browser (`setupWorker`) and the standalone HTTP server.
 */
import { http, matchRequestUrl, type HttpCustomPredicate, type PathParams } from 'msw';
import type { OperationId } from '@supportkb/sdk';
import { Authenticator } from '../auth/authenticator';
import { guestToken, projectTokenAudience, signToken, userToken } from '../auth/tokens';
import { withExpressEtag } from '../http/conditional';
import { internalError, isUnanswered, toResponse, untilAborted, type Result } from '../http/results';
import type { ValidationIssue } from '../http/validation';
import { operationIds, operationMeta, type OperationMeta } from '../manifest';
import { heartbeatOf, RealtimeHub } from '../realtime/hub';
import { scenarioRuntime } from '../scenario/index';
import { createClock } from '../state/clock';
import { createIdGenerator } from '../state/ids';
import { SEED, seed, seedProject } from '../state/seed';
import { clearStore, createStore, snapshotStore } from '../state/store';
import { WebhookDispatcher } from '../webhooks';
import type { HandlerTable, ServiceCore } from './context';
import { handlers } from './handlers';
import { bodyLimitOf, DEFAULT_BEHAVIOUR, type MockService, type MockServiceOptions, type SeededRole } from './options';
import { releaseShape, serverVersionOf } from './release';
import { caselessHandler, type CaselessRoute } from './caseless';
import { runOperation } from './pipeline';
import { report } from './report';
import { joinPath, mayAnswerPath, mswMethod, routeOrder } from './routes';
import { excerpt, OnceWarnings, unansweredKind, violationKind } from './warnings';

/** What production does with a request the contract forbids, as the default mode's one-time warning says it. */
function violationWarning(operationId: OperationId, violation: ValidationIssue, result: Result): string {
  const param = excerpt(violation.param, 200);
  const where = violation.location === 'headers' ? param : `${violation.location === 'params' ? 'path' : violation.location} ${param}`;
  const outcome = isUnanswered(result) ? 'no answer' : String(result.status);
  const limit = 'mockLimit' in result ? result.mockLimit : undefined;
  const answered = limit ? `the mock refused it (${outcome}): a limit of the mock, ${limit}, where the real server answers otherwise` : `the mock answered it as the real server does (${outcome})`;
  return `[@supportkb/mocks] ${operationId}: ${where}: ${excerpt(violation.msg)}. The contract forbids this request; ${answered}. Strict mode (strict: true, or --strict) refuses it with a 4xx naming the violation.`;
}

/** The one-time warning for a request the real server never answers. */
function unansweredWarning(operationId: OperationId, reason: string, mode: 'reset' | 'hang'): string {
  const what =
    mode === 'hang'
      ? 'the mock answers nothing until the client gives up, as production does'
      : "the mock closes the connection (a network error) instead of hanging; behaviour: { unanswered: 'hang' } waits like production";
  return `[@supportkb/mocks] ${operationId}: the real server never answers this request (${excerpt(reason, 600)}): a client waits until its own timeout. Here ${what}.`;
}

/**
 * The answer function behind each of a service's own operation handlers (not a scenario's, not an
 * override): what the MSW handler's resolver calls before serialising the result. The standalone
 * server (../server.ts) calls it directly when MSW would pick that handler, skipping MSW's
 * per-request machinery (a clone of the request, cookie parsing, an AbortController per resolver)
 * and the `Response` it would then read back; what it answers is the same.
 */
export const operationAnswers: WeakMap<object, OperationAnswer> = new WeakMap();

/**
 * Per MSW handler of an operation, under the default base URL (`*`): whether it may answer a request
 * path its pattern matched (`mayAnswerPath`, ./routes.ts). The handler's predicate (`guardedPath`)
 * and the standalone server's dispatch both ask it.
 */
export const operationPathGuards: WeakMap<object, (pathname: string) => boolean> = new WeakMap();

/**
 * Per MSW handler of an operation, its path pattern (`/:project_id/tags` after the base URL): under the default base
 * URL the handler matches through a custom predicate (`guardedPath`), whose pattern MSW's `info.path`
 * no longer shows; the standalone server's dispatch and prefilter read it here.
 */
export const operationPatterns: WeakMap<object, string> = new WeakMap();

/** An operation's answer to a request its handler matched, with `params` its path parameters. */
export type OperationAnswer = (request: Request, params: Readonly<Record<string, unknown>>) => Promise<Result>;

/**
 * MSW's match of `pattern`, narrowed to the requests `guard` lets the operation answer. A request it
 * leaves stays unmatched and goes on to the next handler (in the end MSW's unhandled request, under
 * the caller's `onUnhandledFrame` strategy): a handler that matched it and answered nothing would
 * make MSW pass it on to the network.
 */
function guardedPath(pattern: string, guard: (pathname: string) => boolean): HttpCustomPredicate<PathParams> {
  return ({ request }) => {
    const url = new URL(request.url);
    const match = matchRequestUrl(url, pattern);
    return match.matches && guard(url.pathname) ? { matches: true, params: match.params ?? {} } : false;
  };
}

/** The handler of operation `K` (a generic lookup keeps each handler tied to its operation). */
function handlerOf<K extends OperationId>(table: HandlerTable, operationId: K): HandlerTable[K] {
  return table[operationId];
}

/**
 * Creates the stateful mock service.
 *
 * @param options see {@link MockServiceOptions}.
 * @returns a {@link MockService}: `handlers` for MSW, the `store`, `clock`, `reset()` and helpers.
 * @throws {RangeError} when `bodyLimit` is not a positive integer, `realtime.heartbeatMs` not a whole number >= 0, or `serverVersion` not a release of the contract's window; {@link TypeError} when `clock.start` is not a time.
 *
 * @example
 * const service = createMockService({ clock: { frozen: true } });
 * const server = setupServer(...service.handlers);
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const baseUrl = options.baseUrl ?? '*';
  const release = releaseShape(serverVersionOf(options.serverVersion));
  const store = createStore();
  const scenario = options.scenario ? scenarioRuntime(options.scenario) : undefined;
  const clock = createClock(scenario?.clock ? { ...options.clock, ...scenario.clock } : options.clock);
  const serverSecret = options.serverSecret ?? SEED.serverSecret;
  /** The warnings given so far (operation and kind), so each is given once per service and reset. */
  const warnings = new OnceWarnings(options.warnings !== false);
  const core: ServiceCore = {
    store,
    clock,
    ids: createIdGenerator(options.ids),
    auth: new Authenticator(store, serverSecret),
    webhooks: new WebhookDispatcher(store, options.webhooks, { warnings: options.warnings !== false }),
    behaviour: { ...DEFAULT_BEHAVIOUR, ...options.behaviour },
    serverSecret,
    subscriptionSecret: options.subscriptionSecret ?? SEED.subscriptionSecret,
    bodyLimit: bodyLimitOf(options.bodyLimit),
    strict: options.strict === true,
    warnings: options.warnings !== false,
    reportViolations(operationId, violations, result) {
      for (const violation of violations) warnings.warn(violationKind(operationId, violation), () => violationWarning(operationId, violation, result));
    },
    warnOnce: (kind, text) => warnings.warn(kind, text),
  };
  const unanswered = options.behaviour?.unanswered ?? 'reset';
  const realtime = new RealtimeHub(core, heartbeatOf(options.realtime), scenario?.scenario.realtime);

  const load = () => {
    clearStore(store);
    warnings.clear();
    core.auth.clear();
    core.webhooks.clear();
    core.ids = createIdGenerator(options.ids);
    if (scenario) scenario.load(core);
    else if (options.seed === false) seedProject(core);
    else seed(core);
  };
  load();

  // The operations of the release: one it lacks answers as any unknown route of that release.
  const metas: OperationMeta[] = operationIds
    .map(operationMeta)
    .filter((meta) => release.has(meta))
    .sort(routeOrder);
  /** The operations' routes for the case-insensitive fallback (./caseless.ts), in MSW's order. */
  const caselessRoutes: CaselessRoute[] = [];
  const operationHandlers = metas
    .map(<K extends OperationId>(meta: OperationMeta & { operationId: K }) => {
      const handler = handlerOf(handlers, meta.operationId);
      /** The operation's answer to a request MSW (or the standalone server's dispatch) matched, with `params` its path parameters. */
      const answer = async (request: Request, params: Readonly<Record<string, unknown>>): Promise<Result> => {
        let result: Result;
        try {
          result = await runOperation(core, meta, handler, request, params);
        } catch (error) {
          // A bug, never bad input: answer like the service's global handler and say so.
          console.error(`[@supportkb/mocks] ${meta.operationId} threw:`, error);
          result = internalError();
        }
        // The answer as the chosen release sends it (fields it lacks left out).
        if (!isUnanswered(result) && result.status === 200) result = release.shape(meta, result);
        // Express's ETag on an answer with a body, and 304 to a GET or HEAD whose If-None-Match matches.
        result = await withExpressEtag(request, result);
        if (options.onResponse) report(options.onResponse, meta.operationId, request, result);
        if (isUnanswered(result)) {
          warnings.warn(unansweredKind(meta.operationId, result.reason), () => unansweredWarning(meta.operationId, result.reason, unanswered));
          if (unanswered === 'hang') await untilAborted(request.signal);
        }
        return result;
      };
      const respond = async (request: Request, params: Readonly<Record<string, unknown>>) => toResponse(await answer(request, params));
      // Under the default base URL (`*`, any leading part) a pattern also matches another operation's
      // path with a prefix: such a request goes on to the next handler (in the end, an unknown route).
      const guard = baseUrl === '*' ? (pathname: string) => mayAnswerPath(meta, pathname, metas) : undefined;
      const predicate = guard ? guardedPath(joinPath(baseUrl, meta.mswPath), guard) : joinPath(baseUrl, meta.mswPath);
      const mswHandler = http[mswMethod(meta.method)](predicate, ({ request, params }) => respond(request, params));
      operationAnswers.set(mswHandler, answer);
      operationPatterns.set(mswHandler, joinPath(baseUrl, meta.mswPath));
      if (guard) operationPathGuards.set(mswHandler, guard);
      caselessRoutes.push({ method: meta.method, path: meta.path, answer: respond });
      if (meta.method !== 'GET') return [mswHandler];
      // HEAD on a GET route: Express routes it to the GET handler and sends its status and headers
      // (Content-Length included) without the body (checked on server 2.19.16: `HEAD /{p}/tags` 200).
      const answerHead: OperationAnswer = (request, params) => answer(new Request(request, { method: 'GET' }), params);
      const respondHead = async (request: Request, params: Readonly<Record<string, unknown>>) => {
        const response = toResponse(await answerHead(request, params));
        return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
      };
      const headHandler = http.head(predicate, ({ request, params }) => respondHead(request, params));
      operationAnswers.set(headHandler, answerHead);
      operationPatterns.set(headHandler, joinPath(baseUrl, meta.mswPath));
      if (guard) operationPathGuards.set(headHandler, guard);
      caselessRoutes.push({ method: 'HEAD', path: meta.path, answer: respondHead });
      return [mswHandler, headHandler];
    })
    .flat();
  // Express routes paths case-insensitively (`/{p}/Leads` is listLeads): a last handler routes again
  // what no operation's handler matched, literal segments compared without case.
  const mswHandlers = [...operationHandlers, caselessHandler(baseUrl, caselessRoutes)];

  const seededMember = (role: SeededRole) => SEED.members[role];

  return {
    handlers: scenario ? [...scenario.handlers(baseUrl), ...mswHandlers] : mswHandlers,
    scenario: scenario?.scenario,
    baseUrl,
    bodyLimit: core.bodyLimit,
    store,
    clock,
    get ids() {
      return core.ids;
    },
    strict: core.strict,
    serverVersion: release.version,
    operations: metas,
    seed: SEED,
    reset: load,
    snapshot: () => snapshotStore(store),
    onWebhook: (listener) => core.webhooks.onDelivery(listener),
    webhooksIdle: () => core.webhooks.idle(),
    webhookLog: () => core.webhooks.log(),
    realtime,
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
      return signToken({ sub: 'userexternal', iat: Math.floor(clock.now() / 1000), ...claims, aud: projectTokenAudience(projectId) }, project.jwtSecret);
    },
  };
}
