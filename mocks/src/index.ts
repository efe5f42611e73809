/**
 * `@supportkb/mocks`: mock backends of the Support and Knowledge Base Service.
 *
 * - {@link createMockService}: the stateful mock, MSW handlers for every operation over an
 *   in-memory store (platform neutral; transports in `./node`, `./browser`, `./server`).
 * - {@link createMockFetch}: a `fetch` that mock answers in this process (platform neutral).
 * - {@link startMock}: the one call that starts a mock on a real socket: the stateful server
 *   (default, as `startHttpMock`) or Prism (`{ kind: 'prism' }`, as `startPrismMock`).
 * - {@link startPrismMock}: Prism on the contract (also in `./prism`).
 *
 * This entry imports no Node built-in at load time: the Node-only starters load their modules
 * when called.
 */
export { UnsupportedRuntimeError } from './runtime'; // the runtime check: where msw 3 cannot run, importing this entry throws one sentence saying why
import type { HttpMockOptions } from './server';
import type { PrismOptions } from './prism';
import type { HttpMock, PrismMock } from './running';

export { createMockService } from './service/create';
export { createMockFetch, type MockFetch, type MockFetchOptions } from './fetch';
export type { BehaviourOptions, Exchange, MockService, MockServiceOptions, SeededRole } from './service/options';
export type { HttpMock, InProcessMock, PrismMock, RunningMock } from './running';
export type { HttpMockOptions } from './server';
export type { PrismOptions } from './prism';
export { SEED, SEED_PASSWORD, type SeededMember } from './state/seed';
export { createClock, SEED_NOW, type Clock, type ClockOptions } from './state/clock';
export { createIdGenerator, type IdGenerator } from './state/ids';
export type { Department, Project, StoredConversation, StoredKnowledgeBase, StoredLabels, StoredMessage, StoredTeammate, Store } from './state/store';
export { ROLES, roleRank, type Role } from './auth/roles';
export type { Caller } from './auth/authenticator';
export type { MockRealtime, RealtimeConnection, RealtimeHandshake, RealtimeOptions, RealtimeTransport } from './realtime/types';
export { realtimeHandler } from './realtime/msw';
export type { DeliveryResult, WebhookBody, WebhookDelivery, WebhookEventName, WebhookListener, WebhookLogEntry, WebhookOptions } from './webhooks';
export type { OperationMeta } from './manifest';
export { operations, type OperationId, type OperationInfo, type OperationTypes } from '@supportkb/sdk';
export { apiOperations, type ApiOperation } from '@supportkb/sdk/manifest';
export { builtinLabels, type LabelTranslation } from './labels-builtin';
export * from './overrides';
export {
  defineScenario,
  parseScenario,
  ScenarioError,
  scenarioJsonSchema,
  validateScenario,
  type LatencyValue,
  type Scenario,
  type ScenarioContent,
  type ScenarioConversation,
  type ScenarioIssue,
  type ScenarioKnowledgeBase,
  type ScenarioLabelEntry,
  type ScenarioLabels,
  type ScenarioProject,
  type ScenarioResponse,
  type ScenarioSeed,
  type ScenarioSubscription,
  type ScenarioUser,
  type SeedDocument,
} from './scenario/index';
export { harToScenario, type HarToScenarioOptions } from './scenario/har';
export { harToSeed, type HarToSeedOptions } from './scenario/har-seed';

/** Options of {@link startMock}: the stateful server's (`port`, `host`, `service`, `serviceOptions`) and Prism's. */
export interface StartMockOptions extends HttpMockOptions, PrismOptions {
  /** `stateful` (default): the stateful mock on a real HTTP server, in this process; `prism`: Prism, as a child process. */
  kind?: 'stateful' | 'prism';
}

export { defaultDocument } from './contract-file';

/**
 * Starts a mock of the service on a real socket on loopback: the one call the demo and tests use
 * when a client needs a URL. Node only.
 *
 * @param options `kind` (`stateful` by default, or `prism`), `port` (`0`, the default: a free
 *   one), `host`, then the stateful server's `service`/`serviceOptions` or Prism's options.
 * @returns an {@link HttpMock} (stateful) or a {@link PrismMock}; both have `url`, `port`, `host`, `pid` and `stop()`.
 * @throws {Error} when the port cannot be bound or Prism fails to start.
 */
export async function startMock(options: StartMockOptions & { kind: 'prism' }): Promise<PrismMock>;
export async function startMock(options?: StartMockOptions & { kind?: 'stateful' }): Promise<HttpMock>;
export async function startMock(options?: StartMockOptions): Promise<HttpMock | PrismMock>;
export async function startMock(options: StartMockOptions = {}): Promise<HttpMock | PrismMock> {
  if (options.kind === 'prism') return startPrismMock(options);
  const { startHttpMock } = await import('./server');
  return startHttpMock(options);
}

/**
 * Starts Prism (`prism mock`) on the contract as a child process. Node only.
 * @see `@supportkb/mocks/prism` for the options and errors.
 */
export async function startPrismMock(options: PrismOptions = {}): Promise<PrismMock> {
  const prism = await import('./prism');
  return prism.startPrismMock(options);
}

/** Asks the OS for a free TCP port on `host` (default `127.0.0.1`). Node only. */
export async function freePort(host?: string): Promise<number> {
  const prism = await import('./prism');
  return prism.freePort(host);
}
