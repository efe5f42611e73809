/**
 * A scenario's `responses` and `latency` as MSW handlers, built with the override helpers
 * (`override`, `latency`): they go before the stateful handlers, and a request none of them
 * answers falls through to the stateful mock.
 */
import { delay, HttpResponse, type HttpHandler } from 'msw';
import type { OperationId } from '@supportkb/sdk';
import { operationIds } from '../manifest';
import { expressJson, untilAborted } from '../http/results';
import { latency, override, RATE_LIMIT_BODY, SERVER_ERROR_BODY } from '../overrides';
import type { LatencyValue, Scenario, ScenarioResponse } from './format';

/**
 * Headers a scenario's answer never sends (RFC 9110 §7.6.1's per-connection ones, and the length
 * and coding of the body): whoever sends the body sets them. A scenario's `Transfer-Encoding` used to
 * go out beside the server's `Content-Length`, an answer `fetch` rejects.
 */
export const CONNECTION_HEADERS: ReadonlySet<string> = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'content-length', 'content-encoding']);

/** A scenario entry's headers without {@link CONNECTION_HEADERS}. */
export function answerHeaders(headers: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!headers) return undefined;
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !CONNECTION_HEADERS.has(name.toLowerCase())));
}

/** Whether `actual` holds every field of `expected` (objects recursively; arrays and scalars equal as JSON). */
export function subsetMatch(expected: unknown, actual: unknown): boolean {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    return Object.entries(expected).every(([key, value]) => subsetMatch(value, (actual as Record<string, unknown>)[key]));
  }
  return JSON.stringify(expected) === JSON.stringify(actual);
}

/** Milliseconds of a latency value: the fixed value, or uniform in `[min, max]`. */
export function latencyMs(value: LatencyValue, random: () => number = Math.random): number {
  return typeof value === 'number' ? value : value.min + random() * (value.max - value.min);
}

/** The latency of each operation, from the scenario's `latency`. */
function latencyByOperation(spec: Scenario['latency']): Map<OperationId, LatencyValue> {
  const out = new Map<OperationId, LatencyValue>();
  if (spec === undefined) return out;
  const perOperation = typeof spec === 'object' && !('min' in spec);
  for (const id of operationIds) {
    const value = perOperation ? ((spec as Record<string, LatencyValue | undefined>)[id] ?? (spec as { default?: LatencyValue }).default) : (spec as LatencyValue);
    // No delay at all: no handler (MSW's `delay(0)` still waits a timer turn, about 1 ms a request).
    if (value !== undefined && latencyMs(value, () => 1) > 0) out.set(id, value);
  }
  return out;
}

/** The answer of a response entry. */
async function answer(entry: ScenarioResponse, signal: AbortSignal): Promise<Response> {
  if (entry.delay) await delay(entry.delay);
  const headers = answerHeaders(entry.headers);
  if (entry.fault === 'reset') return HttpResponse.error();
  if (entry.fault === 'hang') {
    await untilAborted(signal);
    return HttpResponse.error();
  }
  if (entry.fault === 'error') return expressJson(SERVER_ERROR_BODY, { status: 500, headers });
  const status = entry.status ?? 200;
  const body = 'body' in entry ? entry.body : status === 429 ? RATE_LIMIT_BODY : status >= 500 ? SERVER_ERROR_BODY : undefined;
  if (body === undefined) return new HttpResponse(null, { status, headers });
  return expressJson(body, { status, headers });
}

/**
 * An entry's answer, or, should building it throw anyway (what validation refuses: a bad header, a
 * status no answer can have), the service's generic 500 `{err: "error"}` and one warning, never the
 * error's stack (MSW would put it, with the file paths of this machine, in the answer body).
 */
async function safeAnswer(operationId: OperationId, entry: ScenarioResponse, signal: AbortSignal): Promise<Response> {
  try {
    return await answer(entry, signal);
  } catch (error) {
    // The error's name only: its message may quote a header value, which may be a credential.
    console.warn(`[@supportkb/mocks] a scenario response of ${operationId} could not be sent (${error instanceof Error ? error.name : typeof error}): answered 500 {"err":"error"}`);
    return expressJson(SERVER_ERROR_BODY, { status: 500 });
  }
}

/** The handlers of a scenario, and the counters of its `times`. */
export interface ScenarioHandlers {
  /** Latency handlers first, then one handler per operation with responses. */
  handlers: HttpHandler[];
  /** Back to no entry used. */
  reset(): void;
}

/**
 * Builds the handlers of a scenario's `latency` and `responses`.
 * @param baseUrl where they answer (the service's `baseUrl`).
 */
export function scenarioHandlers(scenario: Scenario, baseUrl = '*', random: () => number = Math.random): ScenarioHandlers {
  const handlers: HttpHandler[] = [];
  for (const [id, value] of latencyByOperation(scenario.latency)) {
    handlers.push(
      typeof value === 'number'
        ? latency(id, value, { baseUrl })
        : override(
            id,
            async () => {
              await delay(latencyMs(value, random));
              return undefined;
            },
            { baseUrl },
          ),
    );
  }
  const used = new Map<ScenarioResponse, number>();
  for (const [id, entries] of Object.entries(scenario.responses ?? {}) as [OperationId, ScenarioResponse[]][]) {
    handlers.push(
      override(
        id,
        async ({ request, params }) => {
          const url = new URL(request.url);
          let body: unknown;
          let bodyRead = false;
          for (const entry of entries) {
            const count = used.get(entry) ?? 0;
            if (entry.times !== undefined && count >= entry.times) continue;
            const { match } = entry;
            if (match?.path && !Object.entries(match.path).every(([key, value]) => params[key] === value)) continue;
            if (match?.query && !Object.entries(match.query).every(([key, value]) => url.searchParams.get(key) === value)) continue;
            if (match?.body) {
              if (!bodyRead) {
                body = await request
                  .clone()
                  .json()
                  .catch(() => undefined);
                bodyRead = true;
              }
              if (!subsetMatch(match.body, body)) continue;
            }
            used.set(entry, count + 1);
            if (entry.stateful) {
              if (entry.delay) await delay(entry.delay);
              return undefined;
            }
            return safeAnswer(id, entry, request.signal);
          }
          return undefined; // the stateful mock answers
        },
        { baseUrl },
      ),
    );
  }
  return { handlers, reset: () => used.clear() };
}
