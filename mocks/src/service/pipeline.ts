/**
 * The request pipeline of one operation, in one of two modes:
 *
 * - **as the server** (the default): the stages of the service's Express app in its order — body
 *   parsers (a malformed body is its global 500 `{err: "error"}`, before anything else), project,
 *   credentials, role — then the route, which reads the raw query and body as the server's route does
 *   (casts, defaults, errors and all). Requests the contract forbids are answered as the server
 *   answers them, and each kind of violation is reported once (`console.warn`).
 * - **strict**: project, credentials, role, then the request checked against the contract — path,
 *   query, a JSON body — and refused with 400 (422 where the operation declares it)
 *   `{errors: [{value, msg, param, location}]}` naming every violation; what passes goes to the same
 *   route.
 *
 * A body declared larger than the limit is refused before anything in both modes (413).
 *
 * The route runs in a storage transaction (../state/storage.ts): a write request that would take
 * the store over its storage limit (`behaviour.storageLimit`) is rolled back and answered 507
 * (see {@link insufficientStorage}), in both modes.
 */
import type { OperationId } from '@supportkb/sdk';
import { authorize } from '../auth/authorize';
import type { Role } from '../auth/roles';
import { isObjectIdLike } from '../mongoose/cast';
import { BodyEncodingError, BodyTooLargeError, contentEncodingOf, declaredTooLarge, jsonDepth, MAX_BODY_DEPTH, readBodyText } from '../http/body';
import { parseQuery, readServerBody } from '../http/request';
import { methodNotAllowed, payloadTooLarge, type Failure, type Result } from '../http/results';
import { badInput, contractViolations, type ValidationIssue } from '../http/validation';
import { badInputStatusOf, declaresTextBadRequest, operationIds, operationMeta, type OperationMeta } from '../manifest';
import { PatternLimitError } from '../pattern';
import { MAX_DOCUMENT_SIZE, StorageFullError, type StorageRefusal } from '../state/storage';
import type { HandlerContext, OperationHandler, RequestContext, ServiceCore } from './context';
import { concretePathOf } from './routes';

/** Every operation as the mock registers it (for the concrete-path check of strict mode). */
let allOperations: readonly OperationMeta[] | undefined;

/** What the stages before the route know: the request context and the body as the parsers left it. */
type Stages<K extends OperationId> = RequestContext<K> & { body: unknown };

/** The media type of a request (lower case, no parameters). */
function mediaTypeOf(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The project middleware: a malformed or unknown project id is a 400, before credentials. */
function checkProject(core: ServiceCore, path: Readonly<Record<string, string>>): Failure | { projectId: string } {
  if (!('project_id' in path)) return { projectId: '' };
  const projectId = path.project_id!;
  if (!isObjectIdLike(projectId)) return { status: 400, body: { error: `Invalid project id: ${projectId}` } };
  if (!core.store.projects.has(projectId)) return { status: 400, body: { error: `Project not found with id: ${projectId}` } };
  return { projectId };
}

/** Credentials and role: the caller and its teammate, or the failure. */
async function checkCaller<K extends OperationId>(core: ServiceCore, meta: OperationMeta, handler: OperationHandler<K>, request: Request, pre: Stages<K>): Promise<Failure | undefined> {
  if (!meta.authenticated || meta.authOptional || handler.customAuth) return undefined;
  // The server answers an `Authorization` value without a scheme with passport's 400 `Bad Request`;
  // strict mode treats it as what it is, no credentials: 401.
  // `?secret_token=` (one value): the server's JWT strategy reads it too; strict mode knows the
  // header only, the contract's one way to authenticate.
  const queryTokens = core.strict ? [] : pre.rawQuery.getAll('secret_token');
  const outcome = await core.auth.authenticate(request.headers.get('authorization'), !core.strict && declaresTextBadRequest(meta), queryTokens.length === 1 ? queryTokens[0] : undefined);
  if ('error' in outcome) return outcome.error;
  pre.caller = outcome.caller;
  if (pre.projectId) {
    const minRole: Role = meta.minRole === 'none' ? 'guest' : meta.minRole;
    const allowed = authorize(core.store, pre.projectId, outcome.caller, minRole, pre.operationId);
    if ('error' in allowed) return allowed.error;
    pre.teammate = allowed.teammate;
  }
  return undefined;
}

/**
 * The answer to a body nested deeper than MongoDB stores, in both modes: 400, before the mock walks
 * such a body (the server parses it and fails, or not, wherever its database refuses it).
 */
function tooDeep(): Failure {
  return badInput(400, [{ msg: `Nesting deeper than ${MAX_BODY_DEPTH} levels`, param: 'body', location: 'body' }]);
}

/**
 * Answers one request of operation `K`.
 * @param params the path parameters MSW matched.
 * @returns the route's answer (possibly no answer), or the error answer of the first stage that refused the request.
 * @throws whatever the handler throws (a mock bug; the caller answers 500).
 */
export async function runOperation<K extends OperationId>(
  core: ServiceCore,
  meta: OperationMeta & { operationId: K },
  handler: OperationHandler<K>,
  request: Request,
  params: Readonly<Record<string, unknown>>,
): Promise<Result> {
  // A body declared larger than the limit is refused before anything else, as the service's body
  // parser does (it runs before every route; it trusts the declared length only of a body it does
  // not inflate).
  if (contentEncodingOf(request) === 'identity' && declaredTooLarge(request, core.bodyLimit)) return payloadTooLarge(core.bodyLimit);
  const url = new URL(request.url);
  const path: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (typeof value === 'string') path[key] = value;
  const pre: Stages<K> = { core, operationId: meta.operationId, operation: meta, request, rawQuery: url.searchParams, projectId: '', body: {}, strict: core.strict };
  return core.strict ? strictMode(core, meta, handler, request, url, path, pre) : serverMode(core, meta, handler, request, url, path, pre);
}

async function serverMode<K extends OperationId>(
  core: ServiceCore,
  meta: OperationMeta & { operationId: K },
  handler: OperationHandler<K>,
  request: Request,
  url: URL,
  path: Record<string, string>,
  pre: Stages<K>,
): Promise<Result> {
  // 1. The body parsers run before every route.
  const mediaType = mediaTypeOf(request);
  const parsed = await readServerBody(request, core.bodyLimit);
  if ('failure' in parsed) return parsed.failure;
  if (parsed.text !== undefined && jsonDepth(parsed.text, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) return tooDeep();
  pre.body = parsed.body;
  // 2. The project, 3. credentials and role.
  const project = checkProject(core, path);
  if ('status' in project) return project;
  pre.projectId = project.projectId;
  const refused = await checkCaller(core, meta, handler, request, pre);
  if (refused) return refused;
  // 4. The route, on the request as sent.
  const result = await route(handler, path, pre, parseQuery(url));
  // 5. What the contract forbids in this request, reported once per kind.
  if (core.warnings) {
    const bodySent = meta.hasBody && parsed.text !== undefined && parsed.text !== '';
    const violations = checkedViolations(meta.operationId, path, url, bodySent ? { text: parsed.text!, body: parsed.body, mediaType } : undefined);
    if (violations.length) core.reportViolations(meta.operationId, violations, result);
  }
  return result;
}

/** The default mode's contract checks of recent requests, by operation and request parts (see {@link checkedViolations}). */
const CHECKED = new Map<string, readonly ValidationIssue[]>();
/** The most requests {@link CHECKED} holds (then it starts again), and the longest key it keeps. */
const MAX_CHECKED = 1000;
const MAX_CHECKED_KEY = 4096;

/**
 * {@link contractViolations} of a request the default mode answered, remembered for the next request
 * with the same operation, URL (path and query), media type and body text: the check is a
 * function of those alone (the schemas are the contract's), and a client repeats the same requests,
 * so each distinct request is checked once. Requests longer than {@link MAX_CHECKED_KEY} are checked
 * every time.
 */
function checkedViolations(
  operationId: OperationId,
  path: Readonly<Record<string, string>>,
  url: URL,
  body: { text: string; body: unknown; mediaType: string } | undefined,
): readonly ValidationIssue[] {
  const check = () => contractViolations(operationId, { path, search: url.searchParams, body: body?.body, bodySent: body !== undefined, mediaType: body?.mediaType });
  // The URL's path gives the path parameters (for one operation), its query the query.
  let key = `${operationId} ${url.href}`;
  if (body) key += `\n${body.mediaType}\n${body.text}`;
  if (key.length > MAX_CHECKED_KEY) return check();
  let violations = CHECKED.get(key);
  if (violations === undefined) {
    violations = check();
    if (CHECKED.size >= MAX_CHECKED) CHECKED.clear();
    CHECKED.set(key, violations);
  }
  return violations;
}

async function strictMode<K extends OperationId>(
  core: ServiceCore,
  meta: OperationMeta & { operationId: K },
  handler: OperationHandler<K>,
  request: Request,
  url: URL,
  path: Record<string, string>,
  pre: Stages<K>,
): Promise<Result> {
  // Routing: a path the contract lists literally, with other methods only, is a 405 (OpenAPI
  // matches concrete paths before templated ones), as the HTTP server answers a path it lists with
  // other methods.
  const concrete = concretePathOf(meta, path, (allOperations ??= operationIds.map(operationMeta)));
  if (concrete) return methodNotAllowed(request.method, concrete.path, concrete.methods);
  const project = checkProject(core, path);
  if ('status' in project) return project;
  pre.projectId = project.projectId;
  const refused = await checkCaller(core, meta, handler, request, pre);
  if (refused) return refused;
  const status = badInputStatusOf(meta);
  let bodySent = false;
  let mediaType: string | undefined;
  if (meta.hasBody) {
    let text: string;
    try {
      text = await readBodyText(request, core.bodyLimit);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return payloadTooLarge(core.bodyLimit);
      if (error instanceof BodyEncodingError)
        return badInput(status, [
          {
            value: error.encoding,
            msg: error.reason === 'unsupported' ? 'Unsupported Content-Encoding: send the body as identity, gzip or deflate' : `The body does not inflate as ${error.encoding}`,
            param: 'content-encoding',
            location: 'headers',
          },
        ]);
      throw error;
    }
    if (jsonDepth(text, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) return tooDeep();
    if (text.trim() !== '') {
      bodySent = true;
      mediaType = mediaTypeOf(request);
      try {
        pre.body = JSON.parse(text) as unknown;
      } catch {
        return badInput(status, [{ value: text.length > 200 ? `${text.slice(0, 200)}…` : text, msg: 'Malformed JSON body', param: 'body', location: 'body' }]);
      }
    }
  }
  const violations: ValidationIssue[] = contractViolations(meta.operationId, { path, search: url.searchParams, body: bodySent ? pre.body : undefined, bodySent, mediaType });
  // A request body is required unless the contract's requestBody says otherwise (closeConversation's).
  if (meta.hasBody && !meta.bodyOptional && !bodySent) violations.unshift({ msg: 'The request body is required', param: 'body', location: 'body' });
  if (violations.length) return badInput(status, violations);
  return route(handler, path, pre, parseQuery(url));
}

/**
 * 507 Insufficient Storage: the mock's storage cap refused the request (nothing of it was stored).
 * The real server has no such answer (the contract declares none): it is the mock's own limit, so
 * the body says what it is, its figures, and how to raise it or free the store.
 */
export function insufficientStorage(refusal: StorageRefusal): Failure {
  const err =
    refusal.reason === 'document'
      ? `Insufficient storage: the mock stores no document over ${MAX_DOCUMENT_SIZE} bytes of JSON (MongoDB's 16 MiB document limit)`
      : "Insufficient storage: the mock's storage cap is reached";
  const msg =
    refusal.reason === 'document'
      ? `This request would make a ${refusal.collection} document ${refusal.needed} bytes larger, over ${MAX_DOCUMENT_SIZE} bytes; nothing was stored.`
      : `The stateful mock keeps at most ${refusal.limit} bytes of stored JSON (behaviour.storageLimit of createMockService, setupNodeMock, setupBrowserMock or startHttpMock's serviceOptions; default 64 MiB). ${refusal.used} bytes are in use and this request needs ${refusal.needed} more, so nothing of it was stored. Raise behaviour.storageLimit, delete what you no longer need, or reset the mock: service.reset() (back to the seeded data), or restart the standalone server. Reads keep working.`;
  return { status: 507, body: { err, msg, limit: refusal.limit, used: refusal.used, needed: refusal.needed }, mockLimit: 'the storage cap (behaviour.storageLimit)' };
}

/**
 * Runs the route: the operation's handler with the request as sent, in a storage transaction
 * (begun and committed around the handler's synchronous run, so no other request's writes mix in);
 * a refused transaction is answered {@link insufficientStorage} whatever the handler answered.
 * Writes an asynchronous handler makes after an `await` are each admitted or refused on their own.
 */
async function route<K extends OperationId>(handler: OperationHandler<K>, path: Record<string, string>, pre: Stages<K>, query: Record<string, unknown>): Promise<Result> {
  const { body, ...context } = pre;
  const ctx: HandlerContext<K> = { ...context, raw: { path, query, body } };
  const storage = pre.core.store.storage;
  // Reads are never refused (what they store, a project's default knowledge base or the indexing
  // progress of contents, is bounded).
  const tx = storage.begin(pre.request.method !== 'GET');
  let answer: ReturnType<typeof handler.handle> | undefined;
  let failure: { error: unknown } | undefined;
  try {
    answer = handler.handle(ctx);
  } catch (error) {
    failure = { error };
  }
  const refused = storage.commit(tx);
  if (refused) {
    if (answer instanceof Promise) answer.catch(() => undefined);
    return insufficientStorage(refused);
  }
  if (failure) return limitAnswer(failure.error);
  const tails = storage.unscopedRefusals;
  try {
    const result = await answer!;
    // A write after an `await` refused while the handler went on (a route that catches every error).
    if (storage.unscopedRefusals !== tails && storage.lastUnscopedRefusal) return insufficientStorage(storage.lastUnscopedRefusal);
    return result;
  } catch (error) {
    return limitAnswer(error);
  }
}

/**
 * The answer to an error a route let through when it is one of the mock's own limits (the storage
 * cap, a pattern over the mock's bounds: a route that does not catch it itself, e.g. the team's
 * `presencestatus[$regex]`, answers 400 naming the query field); any other error is rethrown.
 */
function limitAnswer(error: unknown): Failure {
  if (error instanceof StorageFullError) return insufficientStorage(error.refusal);
  if (error instanceof PatternLimitError) return error.refusal(error.path ?? 'query', 'query');
  throw error;
}
