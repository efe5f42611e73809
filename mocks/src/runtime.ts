/**
 * The runtime check of `@supportkb/mocks`, imported first by every entry point so that an
 * unsupported runtime fails at import with one sentence instead of failing later inside msw (on
 * Node 20, `fetch failed … Promise.withResolvers is not a function` on the first intercepted
 * request and `currentHandlers.intersection is not a function` in `resetHandlers()`).
 *
 * msw 3 calls `Promise.withResolvers` and the ES2025 `Set` methods (`Set.prototype.intersection`,
 * `difference`), and declares Node.js >= 22.12. In Node.js the version is checked as well (msw's
 * floor); in browsers, Deno, Bun and workers only the features are checked.
 *
 * This module has no imports, so it is evaluated before msw and the rest of the package.
 */

/** The oldest Node.js the package supports (msw 3's own `engines`); `mocks/package.json` says the same. */
export const MIN_NODE = '22.12.0';

/** Thrown at import when the runtime lacks what the mocks need. `code` is `ERR_SUPPORTKB_UNSUPPORTED_RUNTIME`. */
export class UnsupportedRuntimeError extends Error {
  readonly code = 'ERR_SUPPORTKB_UNSUPPORTED_RUNTIME';
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedRuntimeError';
  }
}

/** What the runtime in hand looks like: its globals and, in Node.js, `process`. */
export interface RuntimeFacts {
  /** `Promise.withResolvers` exists. */
  withResolvers: boolean;
  /** `Set.prototype.intersection` and `Set.prototype.difference` exist. */
  setMethods: boolean;
  /** Node.js only (not Bun or Deno, which report a Node.js compatibility version): `process.versions.node`. */
  nodeVersion?: string;
  /** Node.js only: `process.execPath`, to say which binary is too old. */
  execPath?: string;
}

/** Reads {@link RuntimeFacts} from the current global scope. */
export function currentRuntime(): RuntimeFacts {
  const proc = (globalThis as { process?: { versions?: Record<string, string | undefined>; execPath?: string } }).process;
  const versions = proc?.versions;
  const isNode = typeof versions?.node === 'string' && !versions.bun && !versions.deno;
  const set = Set.prototype as { intersection?: unknown; difference?: unknown };
  return {
    withResolvers: typeof (Promise as { withResolvers?: unknown }).withResolvers === 'function',
    setMethods: typeof set.intersection === 'function' && typeof set.difference === 'function',
    ...(isNode ? { nodeVersion: versions.node, execPath: proc?.execPath } : {}),
  };
}

const older = (version: string, min: string): boolean => {
  const have = version.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const need = min.split('.').map(Number);
  for (let i = 0; i < need.length; i += 1) if ((have[i] ?? 0) !== need[i]) return (have[i] ?? 0) < need[i]!;
  return false;
};

/**
 * The one-sentence problem with a runtime, or `undefined` when the mocks can run on it.
 * @param facts the runtime (default: this one).
 * @returns the message {@link assertSupportedRuntime} throws, naming the runtime, the missing
 *   feature and how to get a runtime that has it.
 */
export function runtimeProblem(facts: RuntimeFacts = currentRuntime()): string | undefined {
  const missing = [!facts.withResolvers && 'Promise.withResolvers', !facts.setMethods && 'Set.prototype.intersection'].filter(Boolean).join(' and ');
  if (facts.nodeVersion !== undefined) {
    if (!missing && !older(facts.nodeVersion, MIN_NODE)) return undefined;
    return (
      `@supportkb/mocks needs Node.js >= ${MIN_NODE} (${missing ? `msw 3 calls ${missing}, missing here` : 'the oldest Node.js msw 3 supports'}), ` +
      `but this is Node.js ${facts.nodeVersion}${facts.execPath ? ` (${facts.execPath})` : ''}: install Node.js 22.12 or newer ` +
      '(https://nodejs.org/en/download, or `nvm install 24`), or run your command on Node 24 from the npm registry, without installing it: `npx -y -p node@24 <command>` (e.g. `npx -y -p node@24 vitest`).'
    );
  }
  if (!missing) return undefined;
  return `@supportkb/mocks needs ${missing}, which this runtime lacks (msw 3 calls them): ` + 'use Chrome or Edge 122, Firefox 127 or Safari 17.4 or newer (or a current Deno or Bun).';
}

/**
 * Throws when the mocks cannot run here; runs once when any entry point of the package is imported.
 * @throws {UnsupportedRuntimeError} with the sentence of {@link runtimeProblem}.
 */
export function assertSupportedRuntime(facts: RuntimeFacts = currentRuntime()): void {
  const problem = runtimeProblem(facts);
  if (problem) throw new UnsupportedRuntimeError(problem);
}

assertSupportedRuntime();
