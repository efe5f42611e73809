/** A running mock server. */
export interface RunningMock {
  /** API root to use as the SDK's `baseUrl`, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** TCP port it listens on. */
  port: number;
  /** Process id of the server. */
  pid: number;
  /** Stops the server (SIGTERM by PID) and resolves when it has exited. */
  stop(): Promise<void>;
}

/** Options of {@link startPrism} and {@link startMockServer}. */
export interface StartMockOptions {
  /** TCP port; `0` (the default) picks a free one. */
  port?: number;
  /** Interface to bind, default `127.0.0.1`. */
  host?: string;
  /** OpenAPI document to serve, default the bundled contract. */
  document?: string;
  /** Pass Prism's `--errors` flag. */
  errors?: boolean;
  /** Prism's own log lines: `ignore` (default) or `inherit` (to stderr). */
  log?: 'inherit' | 'ignore';
  /** How long to wait for the server to listen, default 30000 ms. */
  startTimeoutMs?: number;
}

/** Path of the bundled contract Prism serves by default. */
export declare const defaultDocument: string;
/** Asks the OS for a free TCP port on `host` (default `127.0.0.1`). */
export declare function freePort(host?: string): Promise<number>;
/** Starts Prism on the contract; resolves once it listens. Throws when the document is missing or Prism fails to start. */
export declare function startPrism(options?: StartMockOptions): Promise<RunningMock>;
/** Starts the project's mock backend (today Prism); the single seam the demo and tests use. */
export declare function startMockServer(options?: StartMockOptions): Promise<RunningMock>;
