// Command-line helpers shared by supportkb-mock (`npm run mock`) and supportkb-prism
// (`npm run mock:prism`): option parsing with --help, and one-line errors that say the fix.
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';

/**
 * How the user called the command: `npm run mock` inside the repository (npm sets
 * npm_lifecycle_event), else the bin's name. `example(args)` spells a command line with `args`.
 * @returns {{ name: string, example: (args: string) => string }}
 */
export function invocation(bin, npmScript) {
  const viaNpm = process.env.npm_lifecycle_event === npmScript;
  return { name: viaNpm ? `npm run ${npmScript}` : bin, example: (args) => (viaNpm ? `npm run ${npmScript} -- ${args}` : `${bin} ${args}`) };
}

/** Prints `message` on stderr as one line prefixed with the command, and exits with `code` (2: usage, 1: runtime). */
export function fail(bin, message, code = 1) {
  console.error(`${bin}: ${message}`);
  process.exit(code);
}

/**
 * Parses the command line; prints `usage` and exits 0 on --help/-h; exits 2 with one line on an
 * unknown option, a missing value, a stray argument or a bad port.
 * @param {{ bin: string, usage: string, options: import('node:util').ParseArgsConfig['options'] }} spec
 * @returns {{ values: Record<string, string | boolean | undefined>, port: number }} the options and the port
 *   (--port, else $PORT, else 4010; 0 picks a free port).
 */
export function parseCommandLine({ bin, usage, options }) {
  let values;
  try {
    ({ values } = parseArgs({ options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    const message = String(error?.message ?? error);
    const quoted = /'([^']*)'/.exec(message)?.[1] ?? '';
    const option = /--[\w-]+/.exec(quoted)?.[0] ?? quoted;
    const problem =
      error?.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? `unknown option ${option}`
      : error?.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' ? (message.includes('ambiguous') ? `${option} needs a value (one starting with "-" goes as ${option}=VALUE)` : `${option} needs a value`)
      : error?.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' ? `unexpected argument ${quoted}`
      : message;
    fail(bin, `${problem}; --help lists the options`, 2);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const raw = values.port ?? (process.env.PORT || '4010');
  const port = /^\d+$/.test(String(raw)) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(port) || port > 65535) {
    fail(bin, `invalid port ${JSON.stringify(raw)}${values.port === undefined ? ' (from $PORT)' : ''}: pass --port N with 0 <= N <= 65535 (0 picks a free port)`, 2);
  }
  return { values, port };
}

/**
 * The one-line explanation, with the fix, of a failure to listen on `host:port` (a Node `listen` error).
 * @param {{ host: string, port: number, example?: (args: string) => string }} where `example` spells the fix's command line.
 * @returns {string}
 */
export function listenProblem(error, { host, port, example }) {
  const otherPort = `pass --port N or --port 0 (any free port)${example ? `, e.g. \`${example('--port 0')}\`` : ''}`;
  switch (error?.code) {
    case 'EADDRINUSE':
      return `port ${port} is in use${host === '127.0.0.1' ? '' : ` on ${host}`}: ${otherPort}`;
    case 'EACCES':
      return `not allowed to listen on port ${port}${port < 1024 ? ' (ports below 1024 need root)' : ''}: ${otherPort}`;
    case 'EADDRNOTAVAIL':
      return `${host} is not an address of this machine: pass --host with one of its addresses (127.0.0.1, the default; 0.0.0.0 for every interface)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot resolve the host ${JSON.stringify(host)}: pass --host with an address of this machine (127.0.0.1, the default; 0.0.0.0 for every interface)`;
    default:
      return `cannot listen on ${host}:${port}: ${error?.message ?? error}`;
  }
}

/**
 * Checks that `host:port` can be bound, by binding and releasing it (port 0 always can).
 * @returns {Promise<Error | undefined>} the listen error, if any.
 */
export function probeListen(host, port) {
  if (port === 0) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error) => resolve(error));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(undefined)));
  });
}
