/**
 * `@supportkb/mocks/browser`: the stateful mock in the browser, in the page, through MSW's
 * `setupWorker` (`setupBrowserMock`) and the service worker script shipped as
 * `@supportkb/mocks/mockServiceWorker.js` (`mocks/public/mockServiceWorker.js`, written by
 * `msw init`). Serve that file at the root of your app (copy it to your public folder, or run
 * `npx msw init <public dir>`).
 */
export { UnsupportedRuntimeError } from './runtime'; // the runtime check: where msw 3 cannot run, importing this entry throws one sentence saying why
import { setupWorker, type SetupWorker } from 'msw/browser';
import type { InProcessMock } from './running';
import { createMockService } from './service/create';
import type { MockServiceOptions } from './service/options';

export * from './overrides';
export type { InProcessMock } from './running';

/** What {@link setupBrowserMock} returns. */
export interface BrowserMock extends InProcessMock {
  /** MSW's worker with the 64 handlers: `await worker.start()`, `use()`, `resetHandlers()`, `stop()`. */
  worker: SetupWorker;
}

/** The worker script's file name, to serve at the root of the app. */
export const WORKER_SCRIPT = 'mockServiceWorker.js';

/**
 * Creates the stateful service and an MSW `setupWorker` with its handlers: once
 * `await worker.start()` resolves, the page's requests are answered by the mock, in the page.
 *
 * Webhook deliveries default to the in-process listener only in the browser (`webhooks.delivery`
 * `none`), since a page cannot usually reach a receiver; pass `webhooks: { delivery: 'http' }` to
 * POST for real.
 *
 * @param options service options (see `createMockService`).
 * @returns a {@link BrowserMock}: `{ worker, service }`; start it with `await worker.start({ onUnhandledFrame: 'bypass' })`.
 * @throws {RangeError} when `bodyLimit` is not a positive integer.
 */
export function setupBrowserMock(options: MockServiceOptions = {}): BrowserMock {
  const service = createMockService({ ...options, webhooks: { delivery: 'none', ...options.webhooks } });
  return { worker: setupWorker(...service.handlers), service };
}

/** @deprecated Renamed {@link setupBrowserMock} (same options and result); this alias goes in the next major version. */
export const setupMockWorker: (options?: MockServiceOptions) => BrowserMock = setupBrowserMock;
