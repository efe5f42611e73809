/**
 * Internal: the transport's logging, ky's hooks that log each attempt through the client's logger
 * (`internal/logging.ts`). Loaded with a client's first call, and only when its `logLevel` is on: a
 * client that does not log carries none of it.
 */
import type { Hooks } from 'ky';
import type { HttpClientOptions, RequestContext } from '../types';
import { createLogger } from './logging';

/** Reads the SDK's per-call context back out of ky's `context` option (hooks get it there). */
const contextOf = (options: { context?: unknown }): RequestContext => (options.context as { supportkb?: RequestContext } | undefined)?.supportkb ?? {};

/** ky's logging hooks for a log level, or `undefined` when logging is off. @internal */
export function loggingHooks(options: HttpClientOptions): Hooks | undefined {
  const logger = createLogger(options.logLevel, options.logger);
  if (!logger) return undefined;
  // One call's attempts run one after another, so one start time per call context is enough.
  const startedAt = new WeakMap<object, number>();
  return {
    beforeRequest: [
      ({ request, options: normalized, retryCount }) => {
        startedAt.set(contextOf(normalized), Date.now());
        logger.debug(`→ ${request.method} ${request.url}`, { operationId: contextOf(normalized).operationId, attempt: retryCount + 1, headers: Object.fromEntries(request.headers) });
      },
    ],
    afterResponse: [
      ({ request, response, options: normalized, retryCount }) => {
        const context = contextOf(normalized);
        logger[response.ok ? 'debug' : 'info'](`← ${response.status} ${request.method} ${request.url} in ${Date.now() - (startedAt.get(context) ?? Date.now())} ms`, {
          operationId: context.operationId,
          attempt: retryCount + 1,
        });
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
