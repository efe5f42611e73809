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
}
export declare const DEFAULT_RUN_DIR: string;
/** Installs the server if needed, starts it on free loopback ports and seeds an owner and a project. */
export declare function startRealServer(options?: StartRealServerOptions): Promise<RealServer>;
/** Stops the instance recorded in `runDir`/pids; resolves to whether one was recorded. */
export declare function stopRealServer(runDir?: string): Promise<boolean>;
