import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WAIT_TIMEOUT_MS } from '../../../test/time-limits';

/** The package's folder (with `bin/` and the built `dist/`). */
export const mocksDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Starts `bin/mock.mjs` (`npx supportkb-mock`) on a free port with `args`; resolves once it printed
 * its URL (15 s at most). `out()` is what it printed so far (stdout), `stop()` sends SIGTERM and
 * resolves to its exit code.
 * @throws {Error} with its output when it printed no URL in time.
 */
export async function startBin(args: string[]) {
  const child = spawn(process.execPath, [`${mocksDir}bin/mock.mjs`, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (err += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + WAIT_TIMEOUT_MS; // a start takes about a second idle
  while (!/at http/.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const url = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
  if (!url) {
    child.kill('SIGTERM');
    throw new Error(`bin/mock.mjs ${args.join(' ')} printed no URL: ${out}${err}`);
  }
  return {
    url,
    out: () => out,
    /** Waits until the output matches `pattern` (by the same deadline); resolves to the output. */
    async waitFor(pattern: RegExp): Promise<string> {
      while (!pattern.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      return out;
    },
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
