/**
 * `@supportkb/mocks`: mock backends of the Support and Knowledge Base Service.
 *
 * - {@link createMockService}: the stateful mock, MSW handlers for all 64 operations over an
 *   in-memory store (platform neutral; transports in `./node`, `./browser`, `./server`).
 * - {@link startMockServer}: the single seam the demo and tests use to get a running HTTP mock:
 *   the standalone stateful server (default) or Prism (`{ kind: 'prism' }`).
 * - {@link startPrism}: Prism on the contract (also in `./prism`).
 *
 * This entry imports no Node built-in at load time: the Node-only starters load their modules
 * when called.
 */
export { UnsupportedRuntimeError } from './runtime'; // the runtime check: where msw 3 cannot run, importing this entry throws one sentence saying why
import type { MockService, MockServiceOptions } from './service';
import type { PrismOptions } from './prism';

export { createMockService, type MockService, type MockServiceOptions, type Exchange } from './service';
export { SEED, SEED_PASSWORD, type SeededMember } from './seed';
export { createClock, createIdGenerator, SEED_NOW, type Clock, type ClockOptions, type IdGenerator, type Store, type Doc } from './store';
export { ROLES, roleRank, type Role, type Caller } from './auth';
/** Webhook delivery types (spec §6). */
export type { WebhookBody, WebhookDelivery, WebhookListener, WebhookOptions, DeliveryResult } from './webhooks';
/** Behaviour tunables of the service (indexing pace, plan limits, sitemap fixtures). */
export type { BehaviourOptions } from './context';
export { operations, type OperationId, type OperationMeta } from './generated/operations';
export type { OperationTypes } from '@supportkb/sdk';
export { builtinLabels, type LabelTranslation } from './labels-builtin';
export * from './overrides';

/** A running mock server (stateful or Prism). */
export interface RunningMock {
  /** API root to use as the SDK's `baseUrl`, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** TCP port it listens on. */
  port: number;
  /** Process id serving the requests: this process for the stateful server, the child for Prism. */
  pid: number;
  /** `stateful` or `prism`. */
  kind: 'stateful' | 'prism';
  /** The stateful service (absent for Prism). */
  service?: MockService;
  /** Stops the server and resolves when it is closed / the child has exited. */
  stop(): Promise<void>;
}

/** Options of {@link startMockServer} (and, for Prism, of {@link startPrism}). */
export interface StartMockOptions extends PrismOptions {
  /** `stateful` (default): the standalone stateful server, in this process; `prism`: Prism, as a child process. */
  kind?: 'stateful' | 'prism';
  /** Options of the stateful service. */
  service?: MockServiceOptions;
}

/** Path of the bundled contract Prism serves by default. */
export const defaultDocument: string = decodeURIComponent(new URL('../contract/openapi.yaml', import.meta.url).pathname);

/**
 * Starts the project's mock backend on loopback: the single seam the demo and tests use.
 *
 * @param options `kind` (`stateful` by default, or `prism`), `port` (`0` = free port), `host`,
 *   the stateful `service` options, or Prism's options.
 * @returns a {@link RunningMock}: `{ url, port, pid, kind, service?, stop }`.
 * @throws {Error} when the port cannot be bound or Prism fails to start. Node only.
 */
export async function startMockServer(options: StartMockOptions = {}): Promise<RunningMock> {
  if (options.kind === 'prism') {
    return startPrism(options);
  }
  const { startMockHttpServer } = await import('./server');
  const server = await startMockHttpServer({ port: options.port, host: options.host, serviceOptions: options.service });
  return { url: server.url, port: server.port, pid: server.pid, kind: 'stateful', service: server.service, stop: server.stop };
}

/**
 * Starts Prism (`prism mock`) on the contract as a child process. Node only.
 * @see `@supportkb/mocks/prism` for the options.
 */
export async function startPrism(options: PrismOptions = {}): Promise<RunningMock> {
  const prism = await import('./prism');
  return { ...(await prism.startPrism(options)), kind: 'prism' };
}

/** Asks the OS for a free TCP port on `host` (default `127.0.0.1`). Node only. */
export async function freePort(host?: string): Promise<number> {
  const prism = await import('./prism');
  return prism.freePort(host);
}
