// Types of scripts/runtimes/matrix.mjs (for the TypeScript tests that import it).
export interface Runtime {
  /** The matrix's id, e.g. `node22`, `firefox-msw` (`--only` takes these). */
  id: string;
  /** The first cell of its README row. */
  label: string;
  kind: 'cli' | 'workerd' | 'browser';
  binary?: 'node22' | 'node24' | 'bun' | 'deno';
  browser?: 'chromium' | 'firefox';
  mode?: 'sdk' | 'mock-worker';
  /** Where its expected version comes from; `debian` has none. */
  pin: 'node' | 'root:node' | 'bun' | 'deno' | 'workerd' | 'debian';
}
export declare const RUNTIMES: readonly Runtime[];
/** The version each registry-installed runtime must report, by id (`undefined` for Debian's browsers). */
export declare function expectedVersions(): Record<string, string | undefined>;
/** The README version cell for a runtime that reported `version`. */
export declare function versionCell(runtime: Runtime, version: string): string;
export interface ReadmeRow {
  label: string;
  version: string;
  from: string;
  proves: string;
}
/** The rows of the README's `## Runtimes` table; throws when the section or its table is missing. */
export declare function readmeRows(readme: string): ReadmeRow[];
/** The differences between the README table and the versions tested (empty: the table is right). */
export declare function readmeProblems(readme: string, reported: Record<string, string | undefined>): string[];
