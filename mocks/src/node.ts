/**
 * `@supportkb/mocks/node`: the stateful mock inside Node tests, through MSW's `setupServer`.
 */
export { UnsupportedRuntimeError } from './runtime'; // the runtime check: where msw 3 cannot run, importing this entry throws one sentence saying why
import { setupServer, type SetupServer } from 'msw/node';
import { createMockService, type MockService, type MockServiceOptions } from './service';

export * from './overrides';

/** What {@link setupMockServer} returns. */
export interface NodeMock {
  /** MSW's server with the 64 handlers: call `listen()`, `use()`, `resetHandlers()`, `close()`. */
  server: SetupServer;
  /** The stateful service behind the handlers (store, clock, reset, webhooks, credentials). */
  service: MockService;
}

/**
 * Creates the service and an MSW `setupServer` with its handlers. Intercepts `fetch` (and
 * `http`/`XMLHttpRequest`) in this process once `server.listen()` is called.
 *
 * @param options service options (see `createMockService`); `baseUrl` defaults to `*`.
 * @returns `{ server, service }`.
 * @example
 * const { server, service } = setupMockServer({ clock: { frozen: true } });
 * beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
 * afterEach(() => { server.resetHandlers(); service.reset(); });
 * afterAll(() => server.close());
 */
export function setupMockServer(options: MockServiceOptions = {}): NodeMock {
  const service = createMockService(options);
  return { server: setupServer(...service.handlers), service };
}
