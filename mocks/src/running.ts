/**
 * What the entry points give back. The in-process mocks (`setupNodeMock`, `setupBrowserMock`)
 * are {@link InProcessMock}s: MSW's server or worker and the stateful service. The mocks on a real
 * socket (`startHttpMock`, `startPrismMock`, `startMock`) are {@link RunningMock}s: where they
 * listen and how to stop them, plus the service and handler controls for the stateful one.
 */
import type { RequestHandler } from 'msw';
import type { MockService } from './service/options';

/** A mock in this process that intercepts requests (MSW): the stateful service behind its handlers. */
export interface InProcessMock {
  /** The stateful service behind the handlers (store, clock, reset, webhooks, credentials). */
  service: MockService;
}

/** A mock listening on a TCP socket: the stateful server ({@link HttpMock}) or Prism ({@link PrismMock}). */
export interface RunningMock {
  /** `stateful` or `prism`. */
  kind: 'stateful' | 'prism';
  /** API root to use as the SDK's `baseUrl`, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** TCP port it listens on. */
  port: number;
  /** Interface it listens on, e.g. `127.0.0.1`. */
  host: string;
  /** Process id serving the requests: this process for the stateful server, the child for Prism. */
  pid: number;
  /** The stateful service (absent for Prism). */
  service?: MockService | undefined;
  /** Stops the server and resolves when it is closed (the stateful server) or the child has exited (Prism). */
  stop(): Promise<void>;
}

/** The stateful mock on a real HTTP server, in this process. */
export interface HttpMock extends RunningMock {
  kind: 'stateful';
  /** The stateful service behind the server. */
  service: MockService;
  /** Prepends handlers (overrides, faults), as `server.use()` of MSW. */
  use(...handlers: RequestHandler[]): void;
  /** Drops the handlers added with `use()`. */
  resetHandlers(): void;
}

/** Prism on the contract, as a child process. */
export interface PrismMock extends RunningMock {
  kind: 'prism';
  service?: undefined;
}
