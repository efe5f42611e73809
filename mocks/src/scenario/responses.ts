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

/** A JSON body MSW can send. */

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
  if (entry.fault === 'reset') return HttpResponse.error();
  if (entry.fault === 'hang') {
    await untilAborted(signal);
    return HttpResponse.error();
  }
  if (entry.fault === 'error') return expressJson(SERVER_ERROR_BODY, { status: 500, headers: entry.headers });
  const status = entry.status ?? 200;
  const body = 'body' in entry ? entry.body : status === 429 ? RATE_LIMIT_BODY : status >= 500 ? SERVER_ERROR_BODY : undefined;
  if (body === undefined) return new HttpResponse(null, { status, headers: entry.headers });
  return expressJson(body, { status, headers: entry.headers });
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
                body = await request.clone().json().catch(() => undefined);
                bodyRead = true;
              }
              if (!subsetMatch(match.body, body)) continue;
            }
            used.set(entry, count + 1);
            if (entry.stateful) {
              if (entry.delay) await delay(entry.delay);
              return undefined;
            }
            return answer(entry, request.signal);
          }
          return undefined; // the stateful mock answers
        },
        { baseUrl },
      ),
    );
  }
  return { handlers, reset: () => used.clear() };
}
