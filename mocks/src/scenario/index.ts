/**
 * Scenarios: a JSON file (or a `defineScenario` object) that drives the stateful mock — its seed,
 * ordered responses per operation, latency and clock. See ./format.ts for the format.
 */
import type { HttpHandler } from 'msw';
import type { ClockOptions } from '../state/clock';
import type { Scenario } from './format';
import { scenarioHandlers } from './responses';
import { seedScenario, type ScenarioSeedTarget } from './seed';
import { validateScenario } from './validate';

export {
  defineScenario,
  scenarioJsonSchema,
  type LatencyValue,
  type Scenario,
  type ScenarioContent,
  type ScenarioConversation,
  type ScenarioKnowledgeBase,
  type ScenarioLabelEntry,
  type ScenarioLabels,
  type ScenarioProject,
  type ScenarioResponse,
  type ScenarioSeed,
  type ScenarioSubscription,
  type ScenarioUser,
  type SeedDocument,
} from './format';
export { parseScenario, ScenarioError, validateScenario, type ScenarioIssue } from './validate';

/** A scenario attached to a service: what the service seeds with, the handlers before its own, the clock it starts from. */
export interface ScenarioRuntime {
  readonly scenario: Scenario;
  /** The clock options of the scenario (none: the service's). */
  readonly clock: ClockOptions | undefined;
  /** Seeds the (cleared) store and brings the clock and the response counters back to the start: the service's load step. */
  load(target: ScenarioSeedTarget & { readonly clock: { set(time: string): void } }): void;
  /** The `latency` and `responses` handlers, to put before the service's. */
  handlers(baseUrl: string): HttpHandler[];
}

/** Prepares a validated scenario for a service (`createMockService(options, { scenario })`). */
export function scenarioRuntime(input: Scenario): ScenarioRuntime {
  const scenario = validateScenario(input);
  const built: { reset(): void }[] = [];
  return {
    scenario,
    clock: scenario.clock ? { start: scenario.clock.start, frozen: scenario.clock.frozen ?? false } : undefined,
    load(target) {
      if (scenario.clock) target.clock.set(scenario.clock.start);
      for (const handlers of built) handlers.reset();
      seedScenario(target, scenario.seed);
    },
    handlers(baseUrl) {
      const built1 = scenarioHandlers(scenario, baseUrl);
      built.push(built1);
      return built1.handlers;
    },
  };
}
