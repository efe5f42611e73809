/**
 * `@supportkb/mocks/browser`: the stateful mock in the browser, in the page, through MSW's
 * `setupWorker` (`setupBrowserMock`) and the service worker script shipped as
 * `@supportkb/mocks/mockServiceWorker.js` (`mocks/public/mockServiceWorker.js`, written by
 * `msw init`). Serve that file at the root of your app (copy it to your public folder, or run
 * `npx msw init <public dir>`).
 */
export { UnsupportedRuntimeError } from './runtime'; // the runtime check: where msw 3 cannot run, importing this entry throws one sentence saying why
import { setupWorker, type SetupWorker } from 'msw/browser';
import type { Har } from 'har-format';
import type { InProcessMock } from './running';
import type { Scenario } from './scenario/format';
import { harToScenario, withReplay } from './scenario/har';
import { harToSeed } from './scenario/har-seed';
import { validateScenario } from './scenario/validate';
import { realtimeHandler } from './realtime/msw';
import { createMockService } from './service/create';
import type { MockServiceOptions } from './service/options';

export * from './overrides';
export type { InProcessMock } from './running';
// No loadScenario/loadHar here: they read files (node:fs), and a page has no file system.
export { defineScenario, ScenarioError, validateScenario, type Scenario, type ScenarioIssue } from './scenario/index';
export { harToScenario, withReplay, type HarToScenarioOptions } from './scenario/har';
export { harToSeed, type HarToSeedOptions } from './scenario/har-seed';

/**
 * Options of {@link setupBrowserMock}: the service's, with `scenario` and `fromHar` as objects (the
 * page has no file system: import the JSON file with your bundler, or fetch and parse it first).
 */
export interface BrowserMockOptions extends Omit<MockServiceOptions, 'scenario'> {
  /** A scenario object: a scenario file's parsed JSON (`import scenario from './inbox.json'`) or `defineScenario(...)`. */
  scenario?: Scenario;
  /**
   * A recording to replay, as a parsed HAR 1.2 object (what `supportkb-record` writes): its exchanges
   * answer matching requests in order, once each, before the scenario's responses; the rest goes
   * to the stateful mock. See `harToScenario`.
   */
  fromHar?: Har;
  /**
   * A recording whose documents become the seed, as a parsed HAR 1.2 object: the documents its
   * answers carry replace the scenario's seed (`mode: 'replace'`, the recorded project; see
   * `harToSeed`), so the page continues statefully from the recorded data.
   */
  seedFromHar?: Har;
}

/** What {@link setupBrowserMock} returns. */
export interface BrowserMock extends InProcessMock {
  /**
   * MSW's worker with a handler per operation and the websocket's (a `WebSocket` to path `/` of the
   * API's origin, served by `service.realtime` in the page): `await worker.start()`, `use()`,
   * `resetHandlers()`, `stop()`.
   */
  worker: SetupWorker;
  /**
   * With a `scenario` (or `fromHar`): the scenario, validated, and `reset()`, which brings the store,
   * the responses' `times` counters and the clock back to the scenario's start (as `service.reset()`).
   */
  scenario?: { readonly definition: Scenario; reset(): void };
}

/** The worker script's file name, to serve at the root of the app. */
export const WORKER_SCRIPT = 'mockServiceWorker.js';

/** A path or URL where the browser entry needs an object: the TypeError saying what to pass instead. */
function notAnObject(option: 'scenario' | 'fromHar' | 'seedFromHar', value: unknown): TypeError | undefined {
  if (typeof value === 'object' && value !== null && !(value instanceof URL) && !Array.isArray(value)) return undefined;
  const what = option === 'scenario' ? 'a scenario object (a parsed scenario file or defineScenario(...))' : 'a parsed HAR object';
  const given = typeof value === 'string' || value instanceof URL ? `the path ${String(value)}` : Array.isArray(value) ? 'an array' : String(value);
  return new TypeError(
    `setupBrowserMock: ${option} must be ${what}, got ${given}; a page has no file system: import the JSON file with your bundler (import data from './file.json') or fetch and parse it first`,
  );
}

/**
 * Creates the stateful service and an MSW `setupWorker` with its handlers: once
 * `await worker.start()` resolves, the page's requests are answered by the mock, in the page. So
 * is the service's websocket: a `WebSocket` the page opens to path `/` of the API's origin (as
 * `createRealtime` of `@supportkb/sdk/realtime` does) is served by `service.realtime`, in the page
 * (one asking for a subprotocol, such as Vite's HMR socket, is left to `onUnhandledFrame`).
 *
 * With `scenario` (and/or `fromHar`, `seedFromHar`), as `setupNodeMock`: the scenario is validated first, the
 * recording's exchanges come before the scenario's own responses, and the result has `scenario`
 * (`{ definition, reset }`).
 *
 * Webhook deliveries default to the in-process listener only in the browser (`webhooks.delivery`
 * `none`), since a page cannot usually reach a receiver; pass `webhooks: { delivery: 'http' }` to
 * POST for real.
 *
 * @param options service options (see `createMockService`); `scenario`, a scenario object;
 *   `fromHar`, a parsed HAR object to replay; `seedFromHar`, a parsed HAR object whose documents become the seed.
 * @returns a {@link BrowserMock}: `{ worker, service, scenario? }`; start it with `await worker.start({ onUnhandledFrame: 'bypass' })`.
 * @throws {RangeError} when `bodyLimit` is not a positive integer.
 * @throws {ScenarioError} when the scenario is invalid (the message names the JSON path and the violation), or a `seedFromHar` recording holds a document that does not fit the contract.
 * @throws {TypeError} when `scenario` or `fromHar` is not an object (a path: the page has no file system), or `fromHar` is not an HTTP Archive.
 * @example
 * import scenario from './scenarios/inbox.json';
 * const { worker } = setupBrowserMock({ baseUrl: '/api', scenario });
 * await worker.start({ onUnhandledFrame: 'bypass' });
 */
export function setupBrowserMock(options: BrowserMockOptions = {}): BrowserMock {
  const { scenario: given, fromHar, seedFromHar, ...rest } = options;
  const refused =
    (given !== undefined && notAnObject('scenario', given)) || (fromHar !== undefined && notAnObject('fromHar', fromHar)) || (seedFromHar !== undefined && notAnObject('seedFromHar', seedFromHar));
  if (refused) throw refused;
  let loaded = given === undefined ? undefined : validateScenario(given);
  if (seedFromHar !== undefined) loaded = validateScenario({ ...loaded, seed: harToSeed(seedFromHar) });
  const scenario = fromHar === undefined ? loaded : validateScenario(withReplay(loaded, harToScenario(fromHar)));
  const service = createMockService({ ...rest, scenario, webhooks: { delivery: 'none', ...rest.webhooks } });
  const mock: BrowserMock = { worker: setupWorker(...service.handlers, realtimeHandler(service.realtime, service.baseUrl)), service };
  if (scenario) mock.scenario = { definition: scenario, reset: () => service.reset() };
  return mock;
}
