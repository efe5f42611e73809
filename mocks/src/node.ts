/**
 * `@supportkb/mocks/node`: the stateful mock inside Node tests, in this process, through MSW's
 * `setupServer` (`setupNodeMock`).
 */
export { UnsupportedRuntimeError } from './runtime'; // the runtime check: where msw 3 cannot run, importing this entry throws one sentence saying why
import { setupServer, type SetupServer } from 'msw/node';
import type { InProcessMock } from './running';
import { createMockService } from './service/create';
import type { MockServiceOptions } from './service/options';

export * from './overrides';
export type { InProcessMock } from './running';

/** What {@link setupNodeMock} returns. */
export interface NodeMock extends InProcessMock {
  /** MSW's server with the 64 handlers: call `listen()`, `use()`, `resetHandlers()`, `close()`. */
  server: SetupServer;
}

/**
 * Creates the stateful service and an MSW `setupServer` with its handlers: once `server.listen()`
 * is called, `fetch` (and `http`, `XMLHttpRequest`) in this Node process is answered by the mock,
 * with no socket. For tests in Node.
 *
 * @param options service options (see `createMockService`); `baseUrl` defaults to `*` (every origin).
 * @returns a {@link NodeMock}: `{ server, service }`.
 * @throws {RangeError} when `bodyLimit` is not a positive integer.
 * @example
 * const { server, service } = setupNodeMock({ clock: { frozen: true } });
 * beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
 * afterEach(() => { server.resetHandlers(); service.reset(); });
 * afterAll(() => server.close());
 */
export function setupNodeMock(options: MockServiceOptions = {}): NodeMock {
  const service = createMockService(options);
  return { server: setupServer(...service.handlers), service };
}

/** @deprecated Renamed {@link setupNodeMock} (same options and result); this alias goes in the next major version. */
export const setupMockServer: (options?: MockServiceOptions) => NodeMock = setupNodeMock;
