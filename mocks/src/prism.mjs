import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';

const require = createRequire(import.meta.url);

/** The bundled contract (`npm run bundle` writes it). */
export const defaultDocument = fileURLToPath(new URL('../../openapi/dist/openapi.yaml', import.meta.url));

/** Asks the OS for a free TCP port on `host`. */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts Prism (`prism mock`) on the contract, as a child process, and resolves once it listens.
 *
 * @param {object} [options]
 * @param {number} [options.port] TCP port; `0` (the default) picks a free one.
 * @param {string} [options.host] Interface to bind, default `127.0.0.1` (loopback only).
 * @param {string} [options.document] OpenAPI document to serve, default the bundled contract.
 * @param {boolean} [options.errors] Pass `--errors` (request/response violations become error responses).
 * @param {'inherit' | 'ignore'} [options.log] Prism's own log lines: `ignore` (default) or `inherit`.
 * @param {number} [options.startTimeoutMs] How long to wait for Prism to listen, default 30000 ms.
 * @returns {Promise<{ url: string, port: number, pid: number, stop: () => Promise<void> }>}
 *   `url` is the API root to give the SDK as `baseUrl`; `stop()` kills Prism by its PID and waits for it to exit.
 * @throws {Error} when the document is missing or Prism exits or does not listen in time.
 */
export async function startPrism(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const document = options.document ?? defaultDocument;
  if (!existsSync(document)) {
    throw new Error(`Contract not found at ${document}: run \`npm run bundle\` first.`);
  }
  const port = options.port || (await freePort(host));
  const bin = require.resolve('@stoplight/prism-cli/dist/index.js');
  const args = [bin, 'mock', document, '--host', host, '--port', String(port)];
  if (options.errors) args.push('--errors');
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`Prism did not listen on ${host}:${port} within ${options.startTimeoutMs ?? 30000} ms:\n${output}`));
    }, options.startTimeoutMs ?? 30000);
    const onData = (chunk) => {
      const text = chunk.toString();
      if (options.log === 'inherit') process.stderr.write(text);
      output += text;
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve(undefined);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited (code ${code}, signal ${signal}) before listening:\n${output}`));
    });
  });
  // Keep draining Prism's output so its pipes never fill up.
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  if (options.log === 'inherit') {
    child.stdout.pipe(process.stderr);
    child.stderr.pipe(process.stderr);
  } else {
    child.stdout.resume();
    child.stderr.resume();
  }

  return {
    url: `http://${host}:${port}`,
    port,
    pid: /** @type {number} */ (child.pid),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(/** @type {number} */ (child.pid), 'SIGTERM');
      }
      await exited;
    },
  };
}
