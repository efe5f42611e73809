// Types of scripts/schemathesis/install.mjs (for the TypeScript tests that import it).
export declare const SOURCE_DIR: string;
/** build/schemathesis: the virtualenv (venv/), install.log, .install-stamp, reports/. */
export declare const DEFAULT_INSTALL_DIR: string;
/** scripts/schemathesis/requirements.txt: the hashed lock of the whole dependency tree. */
export declare const REQUIREMENTS: string;
/** The pinned Schemathesis version (requirements.in). */
export declare const SCHEMATHESIS_VERSION: string;
export interface Installed {
  /** Seconds spent installing; 0 when the install was already there. */
  seconds: number;
  /** The venv's `schemathesis` and `python` executables. */
  schemathesis: string;
  python: string;
  version: string;
}
export interface EnsureInstalledOptions {
  /** Default build/schemathesis. */
  installDir?: string;
  /** The base Python (>= 3.11); default $SCHEMATHESIS_PYTHON, else `python3`. */
  python?: string;
  /** Gets one line before a (re)install. */
  log?: (line: string) => void;
}
export declare function venvPaths(installDir?: string): { venv: string; python: string; schemathesis: string };
/** Installs the pinned Schemathesis into a venv when missing or when requirements.txt or the Python changed (with a lock). */
export declare function ensureInstalled(options?: EnsureInstalledOptions): Promise<Installed>;
