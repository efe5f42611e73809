/**
 * `@supportkb/mocks/node`: the stateful mock inside Node tests, in this process, through MSW's
 * `setupServer` (`setupNodeMock`).
 */
export { UnsupportedRuntimeError } from './runtime'; // the runtime check: where msw 3 cannot run, importing this entry throws one sentence saying why
import { setupServer, type SetupServer } from 'msw/node';
import type { Har } from 'har-format';
import type { InProcessMock } from './running';
import { realtimeHandler } from './realtime/msw';
import { createMockService } from './service/create';
import type { Scenario } from './scenario/format';
import { loadScenario } from './scenario/file';
import { loadHar, loadHarSeed } from './scenario/har-file';
import { withReplay } from './scenario/har';
import type { MockServiceOptions } from './service/options';

export * from './overrides';
export type { InProcessMock } from './running';
export { defineScenario, ScenarioError, validateScenario, type Scenario, type ScenarioIssue } from './scenario/index';
export { loadScenario } from './scenario/file';
export { harToScenario, withReplay, type HarToScenarioOptions } from './scenario/har';
export { harToSeed, type HarToSeedOptions } from './scenario/har-seed';
export { loadHar, loadHarSeed } from './scenario/har-file';

/** Options of {@link setupNodeMock}: the service's, with `scenario` as an object or the path of a JSON file. */
export interface NodeMockOptions extends Omit<MockServiceOptions, 'scenario'> {
  /** A scenario (`defineScenario(...)`) or the path (or `file:` URL) of a scenario file; see `loadScenario`. */
  scenario?: Scenario | string | URL;
  /**
   * A recording to replay (a HAR 1.2 object or the path of a `.har` file, as `supportkb-record`
   * writes it): its exchanges answer matching requests in order, once each, before the scenario's
   * responses; the rest goes to the stateful mock. See `harToScenario`.
   */
  fromHar?: Har | string | URL;
  /**
   * A recording to seed from (a HAR 1.2 object or the path of a `.har` file): the documents its
   * answers carry become the seed (`mode: 'replace'`, the recorded project; see `harToSeed`), so
   * the test continues statefully from the recorded data. With `scenario`, the recording's seed
   * replaces the scenario's (its responses, latency and clock stay); with `fromHar`, the replay
   * comes first as usual.
   */
  seedFromHar?: Har | string | URL;
  /**
   * Largest scenario file or recording read from a path (`scenario`, `fromHar`, `seedFromHar`), in
   * bytes; default 128 MiB. A larger file (or an endless one, such as a device) is refused, naming
   * the limit, without being read whole.
   */
  maxFileBytes?: number;
}

/** What {@link setupNodeMock} returns. */
export interface NodeMock extends InProcessMock {
  /**
   * MSW's server with a handler per operation and the websocket's (`WebSocket` to path `/` of the
   * API's origin, served by `service.realtime`): call `listen()`, `use()`, `resetHandlers()`, `close()`.
   */
  server: SetupServer;
  /**
   * With a `scenario`: the scenario, validated, and `reset()`, which brings the store, the
   * responses' `times` counters and the clock back to the scenario's start (as `service.reset()`).
   */
  scenario?: { readonly definition: Scenario; reset(): void };
}

/**
 * The scenario a mock serves for these options, loaded and validated (what `setupNodeMock` and
 * `npx supportkb-mock` do with them): `scenario` (an object or a file), its seed replaced by the
 * documents of the `seedFromHar` recording, and the `fromHar` recording's exchanges before its own
 * responses. `undefined` when none is given.
 * @throws {ScenarioError} when the scenario is invalid or a recorded document does not fit the contract (the message names the file and JSON path).
 * @throws {TypeError} when a file cannot be read or a recording is no HTTP Archive, or one of its entries cannot be replayed (the message names the file and `log.entries[<index>]`).
 * @throws {ScenarioError} / {TypeError} when a file is over `maxFileBytes` (default 128 MiB; the message names the limit and how to raise it).
 */
export function loadMockScenario(options: Pick<NodeMockOptions, 'scenario' | 'fromHar' | 'seedFromHar' | 'maxFileBytes'>): Scenario | undefined {
  const { scenario: given, fromHar, seedFromHar, maxFileBytes } = options;
  let loaded = given === undefined ? undefined : loadScenario(given, { maxFileBytes });
  if (seedFromHar !== undefined) loaded = { ...loaded, seed: loadHarSeed(seedFromHar, { maxFileBytes }) };
  return fromHar === undefined ? loaded : loadScenario(withReplay(loaded, loadHar(fromHar, { maxFileBytes })));
}

/**
 * Creates the stateful service and an MSW `setupServer` with its handlers: once `server.listen()`
 * is called, `fetch` (and `http`, `XMLHttpRequest`) in this Node process is answered by the mock,
 * with no socket. For tests in Node. So is the service's websocket: a `WebSocket` opened to path `/`
 * of the API's origin (`ws://host/?token=<JWT>`, as `createRealtime` of `@supportkb/sdk/realtime`
 * opens it) is served by `service.realtime` (openapi/asyncapi.yaml).
 *
 * @param options service options (see `createMockService`); `baseUrl` defaults to `*` (every origin);
 *   `scenario`, an object or a file path; `fromHar`, a recording to replay (an object or a file path);
 *   `seedFromHar`, a recording whose documents become the seed (an object or a file path).
 * @returns a {@link NodeMock}: `{ server, service }`.
 * @throws {RangeError} when `bodyLimit` is not a positive integer; {@link ScenarioError} when the scenario is invalid or its file unreadable,
 *   or a `seedFromHar` recording holds a document that does not fit the contract; {@link TypeError} when a recording cannot be read or is no HAR.
 * @example
 * const { server, service } = setupNodeMock({ clock: { frozen: true } });
 * beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
 * afterEach(() => { server.resetHandlers(); service.reset(); });
 * afterAll(() => server.close());
 */
export function setupNodeMock(options: NodeMockOptions = {}): NodeMock {
  const { scenario: given, fromHar, seedFromHar, maxFileBytes, ...rest } = options;
  const scenario = loadMockScenario({ scenario: given, fromHar, seedFromHar, maxFileBytes });
  const service = createMockService({ ...rest, scenario });
  const mock: NodeMock = { server: setupServer(...service.handlers, realtimeHandler(service.realtime, service.baseUrl)), service };
  if (scenario) mock.scenario = { definition: scenario, reset: () => service.reset() };
  return mock;
}
