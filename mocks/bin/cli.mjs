// @ts-nocheck -- BASELINE: 7 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Command-line helpers shared by supportkb-mock (`npm run mock`) and supportkb-prism
// (`npm run mock:prism`): option parsing with --help, and one-line errors that say the fix.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';

/** The oldest Node.js the bins run on: the `engines` of @supportkb/mocks (msw 3's own minimum), e.g. `22.12`. */
export const MIN_NODE = /^>=\s*([\d.]+)$/.exec(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node)[1];

/**
 * The one-line problem with running `bin` on Node.js `version`, or `undefined` when it is new enough.
 * The hint works anywhere npm does: install a newer Node, or run the command once on Node 24 from
 * the npm registry (`npx -y -p node@24 <bin>`, which puts that Node first on the command's PATH).
 * @param {string} bin the command, e.g. `supportkb-mock`.
 * @param {{ version?: string, execPath?: string }} [runtime] default: this process.
 * @returns {string | undefined}
 */
export function nodeProblem(bin, { version = process.versions.node, execPath = process.execPath } = {}) {
  const have = version.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const need = MIN_NODE.split('.').map(Number);
  const index = need.findIndex((part, i) => (have[i] ?? 0) !== part);
  if (index === -1 || (have[index] ?? 0) > need[index]) return undefined;
  return `needs Node.js >= ${MIN_NODE}, but this is Node.js ${version} (${execPath}): install Node.js ${MIN_NODE} or newer (https://nodejs.org/en/download, or \`nvm install 24\`), or run it on Node 24 from the npm registry: \`npx -y -p node@24 ${bin}\``;
}

/** Exits with one line (code 1) when this Node.js is older than the bins need; call it before importing the built package. */
export function requireSupportedNode(bin) {
  const problem = nodeProblem(bin);
  if (problem) fail(bin, problem);
}

/**
 * Imports a module of the built package; a runtime it cannot run on (`UnsupportedRuntimeError`,
 * thrown at import by the package's runtime check) is one line on stderr and exit code 1, not a stack.
 * @param {string} bin the command's name, for the error line.
 * @param {URL} url the module.
 */
export async function importBuilt(bin, url) {
  try {
    return await import(url.href);
  } catch (error) {
    if (error?.code === 'ERR_SUPPORTKB_UNSUPPORTED_RUNTIME') fail(bin, String(error.message).split('\n')[0]);
    throw error;
  }
}

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
      error?.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
        ? `unknown option ${option}`
        : error?.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE'
          ? message.includes('ambiguous')
            ? `${option} needs a value (one starting with "-" goes as ${option}=VALUE)`
            : `${option} needs a value`
          : error?.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
            ? `unexpected argument ${quoted}`
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

/**
 * How long a stop may take before the command exits anyway, with code 1: a guard against a hang
 * only, as `docker stop`'s 10 s grace period (Prism's own exit on SIGTERM took over 2 s on a loaded
 * machine, where the command then said it did not stop).
 */
const STOP_DEADLINE_MS = 10_000;
/** How often, when run by npm, the command checks that npm is still there. */
const PARENT_POLL_MS = 200;
/**
 * The parent process when this command started. Read here, at startup, not when the server is up:
 * a parent that goes away in between (npm stopped right after the server printed its URL) has left
 * the process reparented already, and a later reading would watch the new parent forever.
 */
const STARTING_PARENT = process.ppid;

/**
 * Stops the server with `stop()` and exits — 0 once it stopped, 1 with one line on stderr when it
 * failed or took over 10 s — on SIGINT or SIGTERM, and, when run by npm (`npm run <npmScript>` or
 * `npx`), also as soon as this process's parent goes away: npm's run-script forwards SIGTERM only to
 * its direct child, and a shell in between (`sh -c`, dash on Debian, does not `exec` the command)
 * dies of it without passing it on, which used to leave the server running, orphaned, on its port.
 * Run directly (`node bin/mock.mjs &`), the command outlives its parent as any server does.
 * @param {string} bin the command's name, for the error line.
 * @param {() => Promise<unknown>} stop stops the server (releases the port).
 * @param {{ npmScript: string, stopped?: () => void }} options `stopped` prints the last line.
 */
export function stopOnSignals(bin, stop, { npmScript, stopped }) {
  let stopping = false;
  const shutdown = (why) => {
    if (stopping) return;
    stopping = true;
    const deadline = setTimeout(() => fail(bin, `did not stop within ${STOP_DEADLINE_MS / 1000} s of ${why}; exiting anyway`), STOP_DEADLINE_MS);
    deadline.unref();
    Promise.resolve()
      .then(stop)
      .then(
        () => {
          stopped?.();
          process.exit(0);
        },
        (error) => fail(bin, `could not stop cleanly on ${why}: ${String(error?.message ?? error).split('\n')[0]}`),
      );
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => shutdown(signal));
  const event = process.env.npm_lifecycle_event;
  if (event === npmScript || event === 'npx') {
    const parent = STARTING_PARENT;
    const gone = () => process.ppid !== parent;
    if (gone()) {
      shutdown(`the end of its parent process (pid ${parent})`);
      return;
    }
    const watch = setInterval(() => {
      if (gone()) {
        clearInterval(watch);
        shutdown(`the end of its parent process (pid ${parent})`);
      }
    }, PARENT_POLL_MS);
    watch.unref();
  }
}
