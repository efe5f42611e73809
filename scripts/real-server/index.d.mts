// Types of scripts/real-server/index.mjs (for the TypeScript tests that import it).
/** A running real server, as `startRealServer()` resolves it (the same data as run/env.json). */
export interface RealServer {
  /** API root, e.g. `http://127.0.0.1:41234`. */
  baseUrl: string;
  /** The seeded owner's email and password. */
  email: string;
  password: string;
  userId: string;
  /** The seeded project and its JWT secret (signs custom tokens). */
  projectId: string;
  projectSecret: string;
  /** The owner's sign-in token, `JWT ...`. */
  token: string;
  ports: { api: number; mongo: number; redis: number; kbEngine: number };
  pids: Record<string, number>;
  runDir: string;
  /** Seconds from the start of the processes to a seeded project. */
  startSeconds: number;
  /** Stops every process of this instance (and removes its own run directory). */
  stop(): Promise<void>;
}
export interface StartRealServerOptions {
  /** Logs, pids and env.json; default a fresh directory under build/real-server/runs/, removed by stop(). */
  runDir?: string;
  /** Where the server is installed; default build/real-server. */
  installDir?: string;
  /** Progress lines (e.g. `console.error`). */
  log?: (line: string) => void;
  /**
   * The server's database connect and server-selection timeout in milliseconds (passed as
   * `connectTimeoutMS` / `serverSelectionTimeoutMS` in its DATABASE_URI); default
   * `DEFAULT_DATABASE_TIMEOUT_MS` (120 s), so that a start on a loaded machine does not time out.
   */
  databaseTimeoutMs?: number;
  /**
   * For tests: variables added to, or replacing, the server's environment (e.g. a `DATABASE_URI`
   * where no database answers, to see a failed start name its cause).
   */
  serverEnv?: Record<string, string>;
}
export declare const DEFAULT_RUN_DIR: string;
/** build/real-server: where the server and the wire server's packages are installed. */
export declare const DEFAULT_INSTALL_DIR: string;
/** Installs the server's dependencies into `installDir` when missing or outdated; resolves to the seconds spent (0: nothing to do). */
export declare function ensureInstalled(options?: { installDir?: string; log?: (line: string) => void }): Promise<number>;
/** The server package's directory inside an install directory. */
export declare function serverDirOf(installDir: string): string;
/** Default of `databaseTimeoutMs`: 120 000 ms. */
export declare const DEFAULT_DATABASE_TIMEOUT_MS: number;
/** Installs the server if needed, starts it on free loopback ports and seeds an owner and a project. */
export declare function startRealServer(options?: StartRealServerOptions): Promise<RealServer>;
/** Stops the instance recorded in `runDir`/pids; resolves to whether one was recorded. */
export declare function stopRealServer(runDir?: string): Promise<boolean>;
