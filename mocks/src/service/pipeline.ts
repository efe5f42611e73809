/**
 * The request pipeline of one operation: declared body size → project → credentials → role →
 * body (read up to the limit, nesting checked) → the service's own checks → validation of path,
 * query and body against the operation's schemas → the handler. The body is read only once the
 * caller is known to be allowed, so a refused request costs no body read.
 */
import type { OperationId } from '@supportkb/sdk';
import { operationSchemas } from '@supportkb/sdk/zod';
import { safeParse } from 'zod/v4/core';
import { authorize } from '../auth/authorize';
import type { Role } from '../auth/roles';
import { isObject, OBJECT_ID } from '../documents';
import { BodyTooLargeError, declaredTooLarge, jsonDepth, MAX_BODY_DEPTH, readBodyText } from '../http/body';
import { coerceQuery } from '../http/query';
import { payloadTooLarge, type Result } from '../http/results';
import { badInput, issuesToErrors } from '../http/validation';
import { badInputStatusOf, declaresTextBadRequest, type OperationMeta } from '../manifest';
import type { BodyOf, HandlerContext, OperationHandler, PathOf, PreCheckContext, QueryOf, ServiceCore } from './context';

/**
 * Answers one request of operation `K`.
 * @param params the path parameters MSW matched.
 * @returns the handler's answer, or the error answer of the first stage that refused the request.
 * @throws whatever the handler throws (a mock bug; the caller answers 500).
 */
export async function runOperation<K extends OperationId>(core: ServiceCore, meta: OperationMeta & { operationId: K }, handler: OperationHandler<K>, request: Request, params: Readonly<Record<string, unknown>>): Promise<Result> {
  const operationId = meta.operationId;
  const url = new URL(request.url);
  const path: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (typeof value === 'string') path[key] = value;
  const badInputStatus = badInputStatusOf(meta);
  const pre: PreCheckContext<K> = { core, operationId, operation: meta, request, rawQuery: url.searchParams, projectId: '', badInputStatus, body: {} };

  // 0. A body declared larger than the limit is refused before anything else, as the service's
  //    body parser does (it runs before every route).
  if (declaredTooLarge(request, core.bodyLimit)) return payloadTooLarge(core.bodyLimit);

  // 1. The project (checked before credentials, as the service's project middleware does).
  if ('project_id' in path) {
    const projectId = path.project_id!;
    if (!OBJECT_ID.test(projectId)) return { status: 400, body: { error: `Invalid project id: ${projectId}` } };
    if (!core.store.projects.has(projectId)) return { status: 400, body: { error: `Project not found with id: ${projectId}` } };
    pre.projectId = projectId;
  }

  // 2. Credentials and role.
  if (meta.authenticated && !meta.authOptional && !handler.customAuth) {
    const outcome = await core.auth.authenticate(request.headers.get('authorization'), declaresTextBadRequest(meta));
    if ('error' in outcome) return outcome.error;
    pre.caller = outcome.caller;
    if (pre.projectId) {
      const minRole: Role = meta.minRole === 'none' ? 'guest' : meta.minRole;
      const allowed = authorize(core.store, pre.projectId, outcome.caller, minRole, operationId);
      if ('error' in allowed) return allowed.error;
      pre.teammate = allowed.teammate;
    }
  }

  // 3. The body, read up to the limit (413 beyond it): empty means `{}` (as Express's JSON parser
  //    leaves it); malformed JSON, or JSON nested deeper than MongoDB stores, is bad input.
  if (meta.hasBody) {
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
        pre.body = JSON.parse(text) as unknown;
      } catch {
        return badInput(badInputStatus, [{ value: text.length > 200 ? `${text.slice(0, 200)}…` : text, msg: 'Malformed JSON body', param: 'body', location: 'body' }]);
      }
    }
  }

  // 4. The service's own checks with their own bodies.
  const early = handler.pre?.(pre);
  if (early) return early;

  // 5. Schema validation of path, query and body.
  const schemas = operationSchemas[operationId];
  const pathSchema = schemas.path?.();
  if (pathSchema) {
    const parsed = safeParse(pathSchema, path);
    if (!parsed.success) return badInput(badInputStatus, issuesToErrors(parsed.error.issues, path, 'params'));
  }
  let query: Record<string, unknown> = {};
  const querySchema = schemas.query?.();
  if (querySchema) {
    const candidate = coerceQuery(url.searchParams, querySchema);
    const parsed = safeParse(querySchema, candidate);
    if (!parsed.success) return badInput(badInputStatus, issuesToErrors(parsed.error.issues, candidate, 'query'));
    query = { ...meta.queryDefaults, ...(parsed.data as Record<string, unknown>) };
  }
  const bodySchema = schemas.body?.();
  if (bodySchema) {
    const parsed = safeParse(bodySchema, pre.body);
    if (!parsed.success || !isObject(pre.body)) {
      const issues = parsed.success ? [{ path: [], message: 'Expected an object' }] : parsed.error.issues;
      return badInput(badInputStatus, issuesToErrors(issues, pre.body, 'body'));
    }
  }

  // The parts are now what the operation's schemas accept, so they have the operation's types.
  const ctx: HandlerContext<K> = {
    ...pre,
    path: path as unknown as PathOf<K>,
    query: query as QueryOf<K>,
    body: pre.body as BodyOf<K>,
    queryValue(name) {
      const value = query[name];
      if (value === undefined || value === null) throw new Error(`${operationId}: query parameter ${name} has no value and the contract declares no default for it`);
      return value as NonNullable<QueryOf<K>[typeof name]>;
    },
  };
  return handler.handle(ctx);
}
