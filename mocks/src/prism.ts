/**
 * `@supportkb/mocks/prism`: Prism, the stateless example-based mock of the contract (`prism mock`,
 * or `prism proxy` in front of another server), run as a child process. Node only.
 *
 * Prism (`@stoplight/prism-cli`) is an optional peer dependency: installing `@supportkb/mocks` does not
 * install it (it is about 180 packages), so only those who start Prism install it, with
 * {@link PRISM_INSTALL_COMMAND}. Without it, importing this entry works and {@link startPrismMock}
 * rejects with one sentence naming that command.
 */
export { UnsupportedRuntimeError } from './runtime'; // the runtime check: where msw 3 cannot run, importing this entry throws one sentence saying why
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { defaultDocument } from './contract-file';
import type { PrismMock } from './running';

export type { PrismMock, RunningMock } from './running';

const require = createRequire(import.meta.url);

/** The command that installs Prism, the optional peer dependency `@stoplight/prism-cli` (major version 5). */
export const PRISM_INSTALL_COMMAND = 'npm install --save-dev @stoplight/prism-cli@5';

/**
 * The path of Prism's CLI script, resolved from this package as Node resolves its imports.
 * @throws {Error} (code `ERR_SUPPORTKB_PRISM_NOT_INSTALLED`) in one sentence naming {@link PRISM_INSTALL_COMMAND}
 *   when `@stoplight/prism-cli` is not installed.
 */
function prismCli(): string {
  try {
    return require.resolve('@stoplight/prism-cli/dist/index.js');
  } catch (cause) {
    if ((cause as { code?: string })?.code !== 'MODULE_NOT_FOUND') throw cause;
    const error = new Error(`Prism is not installed: @stoplight/prism-cli is an optional peer dependency of @supportkb/mocks; install it with \`${PRISM_INSTALL_COMMAND}\``, { cause });
    (error as Error & { code: string }).code = 'ERR_SUPPORTKB_PRISM_NOT_INSTALLED';
    throw error;
  }
}

export { defaultDocument } from './contract-file';

/**
 * Asks the OS for a free TCP port.
 * @param host interface, default `127.0.0.1`.
 * @returns the port number.
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Options of {@link startPrismMock}. */
export interface PrismOptions {
  /** TCP port; `0` (the default) picks a free one. */
  port?: number;
  /** Interface to bind, default `127.0.0.1` (loopback only). */
  host?: string;
  /** OpenAPI document to serve, default the bundled contract. */
  document?: string;
  /** Pass `--errors` (request/response violations become error responses). */
  errors?: boolean;
  /** Prism's own log lines: `ignore` (default) or `inherit` (to stderr). */
  log?: 'inherit' | 'ignore';
  /**
   * How long to wait for Prism to listen, default 120000 ms: a guard against a hang only (Prism starts
   * in about a second on an idle machine; a failure to start ends the wait at once, with Prism's output).
   */
  startTimeoutMs?: number;
  /**
   * `mock` (default) serves examples; `proxy` forwards to `upstream` and validates requests and
   * responses against the document (with `errors`, a violation becomes an error response).
   */
  mode?: 'mock' | 'proxy';
  /** Upstream URL for `mode: 'proxy'`. */
  upstream?: string;
  /** Called with every chunk Prism writes (stdout and stderr), e.g. to collect violation logs. */
  onOutput?: (text: string) => void;
}

/**
 * Starts Prism on the contract as a child process and resolves once it listens.
 *
 * @param options see {@link PrismOptions}.
 * @returns a {@link PrismMock}: `{ kind: 'prism', url, port, host, pid, stop }`.
 * @throws {Error} when Prism is not installed (code `ERR_SUPPORTKB_PRISM_NOT_INSTALLED`; the message names
 *   {@link PRISM_INSTALL_COMMAND}), the document is missing, `mode: 'proxy'` has no `upstream`, or Prism exits
 *   or does not listen within `startTimeoutMs`.
 */
export async function startPrismMock(options: PrismOptions = {}): Promise<PrismMock> {
  const bin = prismCli();
  const host = options.host ?? '127.0.0.1';
  const document = options.document ?? defaultDocument;
  if (!existsSync(document)) {
    throw new Error(`Contract not found at ${document}: run \`npm run bundle\` first.`);
  }
  const port = options.port || (await freePort(host));
  const mode = options.mode ?? 'mock';
  if (mode === 'proxy' && !options.upstream) throw new Error('startPrismMock: mode proxy needs an upstream URL');
  const args = mode === 'proxy' ? [bin, 'proxy', document, options.upstream!] : [bin, 'mock', document];
  args.push('--host', host, '--port', String(port));
  if (options.errors) args.push('--errors');
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const timeoutMs = options.startTimeoutMs ?? 120_000;

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`Prism did not listen on ${host}:${port} within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      if (options.log === 'inherit') process.stderr.write(text);
      options.onOutput?.(text);
      output += text;
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited (code ${code}, signal ${signal}) before listening:\n${output}`));
    });
  });
  // Keep draining Prism's output so its pipes never fill up.
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  const forward = (chunk: Buffer) => {
    const text = chunk.toString();
    if (options.log === 'inherit') process.stderr.write(text);
    options.onOutput?.(text);
  };
  child.stdout.on('data', forward);
  child.stderr.on('data', forward);

  return {
    kind: 'prism',
    url: `http://${host}:${port}`,
    port,
    host,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, 'SIGTERM');
      await exited;
    },
  };
}
