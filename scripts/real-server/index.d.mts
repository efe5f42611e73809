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
  /**
   * The release to run; default DEFAULT_VERSION (2.19.16). Another release is installed into
   * `installDir`/<version> from the npm registry when it publishes it, else from its tag in `gitDir`
   * (release.mjs, README "Older releases").
   */
  version?: string;
  /**
   * Another running instance whose database this one uses instead of its own (an upgrade: this
   * release's migrations run on the documents the other stored; its owner and project are reused,
   * nothing is seeded). Stop this one before the other.
   */
  database?: RealServer;
  /** A clone of Tiledesk/tiledesk-server with its release tags: the source of a release the npm registry lacks. */
  gitDir?: string;
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
/** The release the harness runs by default (its package.json): 2.19.16. */
export declare const DEFAULT_VERSION: string;
/** Where a release is installed: `baseDir` (default build/real-server) for DEFAULT_VERSION, else `baseDir`/<version>. */
export declare function releaseInstallDir(version?: string, baseDir?: string): string;
/** Installs a release if needed (npm registry, else its tag in `gitDir`); resolves to its install directory. */
export declare function ensureReleaseInstalled(options?: { version?: string; gitDir?: string; baseDir?: string; log?: (line: string) => void }): Promise<string>;
/** The run directory `npm run real-server` uses for a release. */
export declare function defaultRunDirOf(version?: string): string;
