#!/usr/bin/env node
// `npm run real-server [-- start|stop|--help]`: runs the real @tiledesk/tiledesk-server on loopback
// for manual calls and conformance runs (README.md in this folder). `start` (the default) installs
// it into build/real-server if needed, starts it in the background, records build/real-server/run/
// (pids, env.json, logs) and prints the base URL and credentials; `stop` stops it by PID.
// Runs on Node 20 and 24.
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_VERSION, defaultRunDirOf, startRealServer, stopRealServer } from './index.mjs';

/** A wrong command line: reported in one line, exit code 2. */
class UsageError extends Error {}

const USAGE = `usage: npm run real-server [-- start | stop | --help] [--version X [--git-dir DIR]]

  start    (default) install the real server into build/real-server if needed (npm ci, about a
           minute the first time), start it with its in-memory MongoDB, Redis and KB engine stub
           on free 127.0.0.1 ports, seed an owner and a project, write ${relative(process.cwd(), defaultRunDirOf())}/env.json
  stop     stop the processes recorded in ${relative(process.cwd(), defaultRunDirOf())}/pids
  --version X    another release than ${DEFAULT_VERSION} (start and stop): installed into build/real-server/X/,
                 from the npm registry if it publishes X, else from the tag X of --git-dir; its run
                 directory is build/real-server/X/run
  --git-dir DIR  a clone of Tiledesk/tiledesk-server with its release tags (git directory)
  --help   this text

Needs Debian's redis-server on PATH (apt-get install redis-server). Details: scripts/real-server/README.md`;

async function start({ version, gitDir }) {
  const server = await startRealServer({ runDir: defaultRunDirOf(version), version, gitDir, log: (line) => console.error(line) });
  const envFile = relative(process.cwd(), `${server.runDir}/env.json`);
  console.log(`real server (@tiledesk/tiledesk-server ${version ?? DEFAULT_VERSION}) at ${server.baseUrl}, started in ${server.startSeconds.toFixed(1)} s`);
  console.log(`owner ${server.email} / ${server.password}, project ${server.projectId}, project secret ${server.projectSecret}`);
  console.log(`Authorization: ${server.token}`);
  console.log(
    `check it against the contract: npm run conformance -- --base-url ${server.baseUrl} --project ${server.projectId} --email ${server.email} --password ${server.password} --project-secret ${server.projectSecret}`,
  );
  console.log(`all of it in ${envFile}, logs next to it; stop with: npm run real-server -- stop${version ? ` --version ${version}` : ''}`);
}

async function stop({ version }) {
  const stopped = await stopRealServer(defaultRunDirOf(version));
  console.log(stopped ? 'real server stopped' : 'nothing to stop (no run/pids)');
}

const COMMANDS = { start, stop };

async function main(args) {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { version: { type: 'string' }, 'git-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    throw new UsageError(error.message);
  }
  const { positionals, values } = parsed;
  if (values.help) return console.log(USAGE);
  if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
  const [command = 'start'] = positionals;
  if (!Object.hasOwn(COMMANDS, command)) throw new UsageError(`unknown option "${command}"`);
  if (values.version !== undefined && !/^\d+\.\d+\.\d+$/.test(values.version)) throw new UsageError(`--version must be a release such as 2.17.9, got "${values.version}"`);
  const version = values.version === DEFAULT_VERSION ? undefined : values.version;
  return COMMANDS[command]({ version, gitDir: values['git-dir'] });
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error) => {
    console.error(`real-server: ${error.message}${error instanceof UsageError ? ' (see npm run real-server -- --help)' : ''}`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
