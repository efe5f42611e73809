/**
 * `@supportkb/mocks/browser`: the stateful mock in the browser, through MSW's `setupWorker` and
 * the service worker script shipped as `@supportkb/mocks/mockServiceWorker.js`
 * (`mocks/public/mockServiceWorker.js`, written by `msw init`). Serve that file at the root of
 * your app (copy it to your public folder, or run `npx msw init <public dir>`).
 */
export { UnsupportedRuntimeError } from './runtime'; // the runtime check: where msw 3 cannot run, importing this entry throws one sentence saying why
import { setupWorker, type SetupWorker } from 'msw/browser';
import { createMockService, type MockService, type MockServiceOptions } from './service';

export * from './overrides';

/** What {@link setupMockWorker} returns. */
export interface BrowserMock {
  /** MSW's worker with the 64 handlers: `await worker.start()`, `use()`, `resetHandlers()`, `stop()`. */
  worker: SetupWorker;
  /** The stateful service behind the handlers (state lives in the page). */
  service: MockService;
}

/** The worker script's file name, to serve at the root of the app. */
export const WORKER_SCRIPT = 'mockServiceWorker.js';

/**
 * Creates the service and an MSW `setupWorker` with its handlers.
 *
 * Webhook deliveries default to the in-process listener only in the browser (`webhooks.delivery`
 * `none`), since a page cannot usually reach a receiver; pass `webhooks: { delivery: 'http' }` to
 * POST for real.
 *
 * @param options service options (see `createMockService`).
 * @returns `{ worker, service }`; start it with `await worker.start({ onUnhandledFrame: 'bypass' })`.
 */
export function setupMockWorker(options: MockServiceOptions = {}): BrowserMock {
  const service = createMockService({ ...options, webhooks: { delivery: 'none', ...options.webhooks } });
  return { worker: setupWorker(...service.handlers), service };
}
