/**
 * Per-operation overrides and fault injection, the MSW way: each helper returns a request handler
 * for one operation of the contract; prepend it with `server.use(...)` (Node), `worker.use(...)`
 * (browser) or `mock.use(...)` (standalone server), and drop it with `resetHandlers()`.
 *
 * `latency` delays the operation and lets the stateful handler answer; `status`, `serverError`
 * and `networkError` answer instead of it.
 */
import { delay, http, HttpResponse, type HttpHandler, type HttpResponseResolver } from 'msw';
import type { OperationId, ResponseOf } from '@supportkb/sdk';
import { expressJson } from './http/results';
import { operationIds, operationMeta, type OperationMeta } from './manifest';
import { concretePathOf, joinPath, mswMethod } from './service/routes';

/** The 200 body of an operation: the SDK's own type (`ResponseOf<'getTag'>` is `GetTagResponses[200]`), re-exported. */
export type { ResponseOf } from '@supportkb/sdk';

/** A JSON body MSW can send. */

/** Options shared by the override helpers. */
export interface OverrideOptions {
  /** Base URL the handler answers at; default `*` (anywhere), as `createMockService`. */
  baseUrl?: string;
  /** Answer only the first matching request, then step aside (MSW `once`). */
  once?: boolean;
}

/**
 * A handler for one operation with your own resolver. The resolver may return `undefined` to let
 * the stateful handler answer.
 *
 * @param operationId the contract's operationId (typed).
 * @param resolver an MSW resolver; type its JSON with `HttpResponse.json<ResponseOf<'getTag'>>(...)`.
 * @throws {TypeError} when `operationId` is no operation of the contract (from untyped code).
 * @example server.use(override('getTag', () => HttpResponse.json({ _id: '...', tag: 'x', id_project: '...' })))
 */
export function override<Op extends OperationId>(operationId: Op, resolver: HttpResponseResolver, options: OverrideOptions = {}): HttpHandler {
  const meta = operationMeta(operationId);
  // A request to a more concrete path of the same method is that operation's, not this one's (as the
  // service routes it): an override of `getLead` (`/{project_id}/leads/{lead_id}`) leaves
  // `GET /{p}/leads/csv` to `exportLeadsCsv`.
  all ??= operationIds.map(operationMeta);
  const metas = all;
  return http[mswMethod(meta.method)](
    joinPath(options.baseUrl ?? '*', meta.mswPath),
    (info) => (concretePathOf(meta, pathParams(info.params), metas)?.methods.includes(meta.method) ? undefined : resolver(info)),
    { once: options.once ?? false },
  );
}

/** Every operation's meta, read on the first override. */
let all: OperationMeta[] | undefined;

/** MSW's path parameters as strings (a repeated one is an array: its first value). */
function pathParams(params: Readonly<Record<string, string | readonly string[] | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) if (value !== undefined) out[name] = typeof value === 'string' ? value : (value[0] ?? '');
  return out;
}

/**
 * A typed 200 answer for one operation: `respondWith('getTag', tag)` checks `tag` against the
 * SDK's `GetTagResponses[200]` at compile time.
 */
export function respondWith<Op extends OperationId>(operationId: Op, body: ResponseOf<Op>, options: OverrideOptions & { headers?: Record<string, string> } = {}): HttpHandler {
  return override(operationId, () => expressJson(body, { status: 200, headers: options.headers }), options);
}

/**
 * Delays every request of the operation by `ms` milliseconds (or MSW's `real`/`infinite`
 * modes), then lets the stateful handler answer.
 */
export function latency(operationId: OperationId, ms: number | 'real' | 'infinite', options: OverrideOptions = {}): HttpHandler {
  return override(
    operationId,
    async () => {
      await delay(ms);
      return undefined;
    },
    options,
  );
}

/** The service's rate-limit body (its inbound webhook limiter: no `Retry-After`). */
export const RATE_LIMIT_BODY = { message: 'Rate limit exceeded' } as const;
/** The service's global error body (its error handler's answer to an uncaught error). */
export const SERVER_ERROR_BODY = { err: 'error' } as const;

/**
 * Answers the operation with `status` (e.g. 429 or 503) and, when given, `Retry-After`
 * (seconds, or an HTTP date). The body is `{message}` (the service's rate-limit body) unless given.
 */
export function status(operationId: OperationId, code: number, init: OverrideOptions & { retryAfter?: number | string; body?: unknown } = {}): HttpHandler {
  const headers: Record<string, string> = {};
  if (init.retryAfter !== undefined) headers['Retry-After'] = String(init.retryAfter);
  const body = init.body ?? (code === 429 ? RATE_LIMIT_BODY : { message: `HTTP ${code}` });
  return override(operationId, () => expressJson(body, { status: code, headers }), init);
}

/** Answers the operation with a 5xx (default 500 `{err: "error"}`, the service's global error body). */
export function serverError(operationId: OperationId, code = 500, options: OverrideOptions = {}): HttpHandler {
  return status(operationId, code, { ...options, body: SERVER_ERROR_BODY });
}

/** Makes the operation fail at the network level (`TypeError: Failed to fetch` for the client). */
export function networkError(operationId: OperationId, options: OverrideOptions = {}): HttpHandler {
  return override(operationId, () => HttpResponse.error(), options);
}
