// Programmatic API of the real-server harness (README.md in this folder): runs the real, unmodified
// @tiledesk/tiledesk-server on 127.0.0.1 with the in-memory MongoDB wire server (wire-mongo/),
// Debian's redis-server and the KB engine stub (kb-engine-stub.mjs), seeds an owner and a project,
// and stops it all again. Used by cli.mjs (`npm run real-server`) and by tests.
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { DEFAULT_INSTALL_DIR, SOURCE_DIR, ensureInstalled, serverDirOf } from './install.mjs';
import { freePorts, httpAnswers, isOurs, listeningPort, redisAnswers, spawnLogged, stopProcesses, waitFor, watchLog } from './processes.mjs';
import { DEFAULT_VERSION, ensureReleaseInstalled, releaseInstallDir } from './release.mjs';
import { seedProject, signIn, waitForMigrations } from './seed.mjs';

/**
 * A running real server, as `startRealServer()` resolves it (the same data as run/env.json).
 * @typedef {object} RealServer
 * @property {string} baseUrl API root, e.g. `http://127.0.0.1:41234`
 * @property {string} email the seeded owner's email
 * @property {string} password the seeded owner's password
 * @property {string} userId
 * @property {string} projectId the seeded project
 * @property {string} projectSecret the project's JWT secret (signs custom tokens)
 * @property {string} token the owner's sign-in token, `JWT ...`
 * @property {{ api: number, mongo: number, redis: number, kbEngine: number }} ports
 * @property {Record<string, number>} pids
 * @property {string} runDir
 * @property {number} startSeconds seconds from the start of the processes to a seeded project
 * @property {() => Promise<void>} stop stops every process of this instance (and removes its own run directory)
 */
/**
 * The options of {@link startRealServer}.
 * @typedef {object} StartRealServerOptions
 * @property {string} [runDir] logs, pids and env.json; default a fresh directory under build/real-server/runs/, removed by stop()
 * @property {string} [installDir] where the server is installed; default build/real-server
 * @property {string} [version] the release to run; default DEFAULT_VERSION (2.19.16). Another release is
 *   installed into `installDir`/<version> from the npm registry when it publishes it, else from its
 *   tag in `gitDir` (release.mjs, README "Older releases")
 * @property {RealServer} [database] another running instance whose database this one uses instead of
 *   its own (an upgrade: this release's migrations run on the documents the other stored; its owner
 *   and project are reused, nothing is seeded). Stop this one before the other.
 * @property {string} [gitDir] a clone of Tiledesk/tiledesk-server with its release tags: the source of a release the npm registry lacks
 * @property {(line: string) => void} [log] progress lines (e.g. `console.error`)
 * @property {number} [databaseTimeoutMs] the server's database connect and server-selection timeout in
 *   milliseconds (`connectTimeoutMS` / `serverSelectionTimeoutMS` in its DATABASE_URI); default
 *   DEFAULT_DATABASE_TIMEOUT_MS (120 s), so that a start on a loaded machine does not time out
 * @property {Record<string, string>} [serverEnv] for tests: variables added to, or replacing, the
 *   server's environment (e.g. a `DATABASE_URI` where no database answers, to see a failed start name its cause)
 */

/** The run directory of `npm run real-server` for DEFAULT_VERSION: build/real-server/run. */
export const DEFAULT_RUN_DIR = join(DEFAULT_INSTALL_DIR, 'run');
export { DEFAULT_INSTALL_DIR, ensureInstalled, serverDirOf } from './install.mjs';
export { DEFAULT_VERSION, ensureReleaseInstalled, releaseInstallDir } from './release.mjs';

/**
 * The run directory of `npm run real-server` for a release: build/real-server/run, or build/real-server/<version>/run.
 * @param {string} [version] default DEFAULT_VERSION
 * @returns {string}
 */
export function defaultRunDirOf(version = DEFAULT_VERSION) {
  return join(releaseInstallDir(version), 'run');
}

const WIRE_MONGO = join(SOURCE_DIR, 'wire-mongo', 'main.mjs');
const KB_ENGINE_STUB = join(SOURCE_DIR, 'kb-engine-stub.mjs');
const GUARD = join(SOURCE_DIR, 'guard-loopback.cjs');
const CLOSED_PORT_URL = 'http://127.0.0.1:9'; // discard port: nothing listens, calls fail fast
// How long each process may take to be ready. Only a hung start waits this long (a child that exits
// fails at once); on a loaded machine (README: "Start on a loaded machine") the server can take
// several times its idle 5 s, so these are generous.
const READY_TIMEOUT_MS = { child: 60_000, server: 300_000 };
// The server's mongoose connection: mongoose 5.13 with the mongodb 3.7 driver's legacy topology
// (app.js leaves useUnifiedTopology false) fails the first connect after connectTimeoutMS (driver
// default 10 s) and app.js then exits. app.js calls mongoose.connect() before it loads its routes, and
// that synchronous loading keeps the driver from reading the handshake answer: on a busy machine it
// takes more than 10 s and the connect timed out. The URI options raise the limit (the server stays
// unmodified); serverSelectionTimeoutMS covers the unified-topology connection of
// services/fileGridFsService.js, which reads the same DATABASE_URI.
/** Default of `databaseTimeoutMs`: 120 000 ms. */
export const DEFAULT_DATABASE_TIMEOUT_MS = 120_000;

/** Throws one clear line when Debian's redis-server is not on PATH. */
function requireRedis() {
  const found = (process.env.PATH || '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, 'redis-server'), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  if (!found) throw new Error('redis-server is not on PATH: apt-get install redis-server');
}

function readPids(runDir) {
  const file = join(runDir, 'pids');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

function writePids(runDir, processes) {
  writeFileSync(join(runDir, 'pids'), `${JSON.stringify(processes, null, 2)}\n`);
}

function freshRunDir(installDir) {
  const parent = join(installDir, 'runs');
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(join(parent, 'run-'));
}

/** Creates the run directory (dropping a previous run's pids and env.json); refuses when it records an instance that is still running. */
function claimRunDir(runDir) {
  mkdirSync(runDir, { recursive: true });
  const recorded = readPids(runDir);
  if (recorded && Object.values(recorded).some(isOurs)) {
    throw new Error(`a real server is already running from ${runDir} (stop it first: npm run real-server -- stop)`);
  }
  rmSync(join(runDir, 'pids'), { force: true });
  rmSync(join(runDir, 'env.json'), { force: true });
}

/** Minimal environment for a child: PATH and HOME from ours, plus `variables`. */
function childEnvironment(variables) {
  return { PATH: process.env.PATH, ...(process.env.HOME ? { HOME: process.env.HOME } : {}), ...variables };
}

/**
 * The environment of the real server (README: "Environment given to the server"): loopback
 * addresses for everything it talks to, no e-mail, the KB engine stub, the chatbot engine closed.
 */
function serverEnvironment({ serverDir, apiPort, mongoPort, redisPort, kbEnginePort, databaseTimeoutMs, serverEnv }) {
  const kbEngine = `http://127.0.0.1:${kbEnginePort}/api`;
  const timeouts = `connectTimeoutMS=${databaseTimeoutMs}&serverSelectionTimeoutMS=${databaseTimeoutMs}`;
  return childEnvironment({
    PORT: String(apiPort),
    API_URL: `http://127.0.0.1:${apiPort}`,
    DATABASE_URI: `mongodb://127.0.0.1:${mongoPort}/tiledesk?${timeouts}`,
    // models/routerLogger.js connects with the driver's legacy URL parser, which knows no serverSelectionTimeoutMS
    MONGODB_LOGS_URI: `mongodb://127.0.0.1:${mongoPort}/tiledesk-logs?connectTimeoutMS=${databaseTimeoutMs}`,
    CACHE_REDIS_HOST: '127.0.0.1',
    CACHE_REDIS_PORT: String(redisPort),
    GLOBAL_SECRET: 'real-server-global-secret',
    EMAIL_ENABLED: 'false',
    KB_ENDPOINT_TRAIN: kbEngine,
    KB_ENDPOINT_TRAIN_GPU: kbEngine,
    KB_ENDPOINT_QA: kbEngine,
    KB_ENDPOINT_QA_GPU: kbEngine,
    TILEBOT_ENDPOINT: `${CLOSED_PORT_URL}/tilebot`,
    APP_ROOT_PATH: serverDir,
    LOG_LEVEL: 'info',
    ...serverEnv,
  });
}

/**
 * Starts a child that prints "LISTENING <port>", records it (`record(entry)`) at once, so that a
 * start failing while it waits still stops it, and waits for the port.
 */
async function startListeningChild(name, script, { runDir, env, record }) {
  const logFile = join(runDir, `${name}.log`);
  const child = spawnLogged(process.execPath, [script], { logFile, env });
  record({ pid: child.pid, marker: script });
  return waitFor(() => listeningPort(logFile), { child, timeoutMs: READY_TIMEOUT_MS.child, what: name, logFile });
}

async function startRedis({ runDir, port, record }) {
  const logFile = join(runDir, 'redis.log');
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--protected-mode', 'yes', '--save', '', '--appendonly', 'no', '--dir', runDir];
  const child = spawnLogged('redis-server', args, { logFile, env: childEnvironment({}) });
  record({ pid: child.pid, marker: 'redis-server' });
  await waitFor(() => redisAnswers(port), { child, timeoutMs: READY_TIMEOUT_MS.child, what: 'redis-server', logFile });
}

// A busy HTTP port does not stop the server: the `ws` server attached to it re-emits the listen error
// with no listener, winston logs it as an uncaughtException (exitOnError: false) and the process
// keeps running without serving. Seen in its log, it ends the wait at once.
const LISTEN_FAILURE = /Error: listen E[A-Z]+: [^\n"]*/;

async function startServer({ runDir, serverDir, env, baseUrl, record }) {
  const logFile = join(runDir, 'server.log');
  const child = spawnLogged(process.execPath, ['-r', GUARD, './bin/www'], { logFile, env, cwd: serverDir });
  record({ pid: child.pid, marker: GUARD });
  const fatal = watchLog(logFile, LISTEN_FAILURE);
  await waitFor(() => httpAnswers(`${baseUrl}/`), { child, timeoutMs: READY_TIMEOUT_MS.server, what: 'the real server', logFile, fatal });
}

/**
 * Starts every process, recording each in run/pids as soon as it is spawned (before it is ready, so
 * that a failed start stops it too); returns the base URL, the server directory and the ports.
 */
async function startProcesses({ runDir, installDir, processes, databaseTimeoutMs, serverEnv }) {
  const recorder = (name) => (entry) => {
    processes[name] = entry;
    writePids(runDir, processes);
  };
  const mongoEnv = childEnvironment({ WIRE_MONGO_MODULES: installDir, WIRE_MONGO_SPARSE_INDEXES: 'users.phone_1' });
  const mongoPort = await startListeningChild('mongo', WIRE_MONGO, { runDir, env: mongoEnv, record: recorder('mongo') });
  const kbEnginePort = await startListeningChild('kb-engine', KB_ENGINE_STUB, { runDir, env: childEnvironment({}), record: recorder('kbEngine') });
  const [redisPort, apiPort] = await freePorts(2);
  await startRedis({ runDir, port: redisPort, record: recorder('redis') });
  const serverDir = serverDirOf(installDir);
  const baseUrl = `http://127.0.0.1:${apiPort}`;
  const env = serverEnvironment({ serverDir, apiPort, mongoPort, redisPort, kbEnginePort, databaseTimeoutMs, serverEnv });
  await startServer({ runDir, serverDir, env, baseUrl, record: recorder('server') });
  return { baseUrl, serverDir, ports: { api: apiPort, mongo: mongoPort, redis: redisPort, kbEngine: kbEnginePort } };
}

/**
 * Stops the instance recorded in `runDir`/pids, if any; resolves to whether one was recorded.
 * @param {string} [runDir] default DEFAULT_RUN_DIR
 * @returns {Promise<boolean>}
 */
export async function stopRealServer(runDir = DEFAULT_RUN_DIR) {
  const recorded = readPids(runDir);
  if (!recorded) return false;
  await stopProcesses(Object.values(recorded));
  rmSync(join(runDir, 'pids'), { force: true });
  return true;
}

/**
 * Installs the server if needed, starts it on free loopback ports and seeds an owner and a project
 * (or uses `database`'s). run/env.json holds the same data as the result, but `stop`. A start that
 * fails rejects with the cause found in the failing process's log and stops what it started.
 * @param {StartRealServerOptions} [options]
 * @returns {Promise<RealServer>}
 */
export async function startRealServer({
  runDir,
  installDir: givenInstallDir,
  version,
  gitDir,
  database,
  log = () => {},
  databaseTimeoutMs = DEFAULT_DATABASE_TIMEOUT_MS,
  serverEnv: givenServerEnv = {},
} = {}) {
  if (!Number.isInteger(databaseTimeoutMs) || databaseTimeoutMs <= 0) throw new Error(`databaseTimeoutMs must be a positive integer (milliseconds), got ${databaseTimeoutMs}`);
  let installDir = givenInstallDir ?? DEFAULT_INSTALL_DIR;
  if (version === undefined || version === DEFAULT_VERSION) {
    const installSeconds = await ensureInstalled({ installDir, log });
    if (installSeconds) log(`installed in ${installSeconds.toFixed(0)} s`);
  } else {
    // an older release (release.mjs): build/real-server/<version>, from the npm registry or the tag
    installDir = await ensureReleaseInstalled({ version, gitDir, baseDir: givenInstallDir ?? DEFAULT_INSTALL_DIR, log });
  }
  requireRedis();
  // `database`: another running instance (startRealServer's result) whose database this one uses, as
  // an upgrade does: this release's migrations run on the documents the other one stored, and the
  // other's owner and project are this one's (no seeding)
  const sharedMongo = database ? `mongodb://127.0.0.1:${database.ports.mongo}` : undefined;
  const serverEnv = sharedMongo
    ? {
        DATABASE_URI: `${sharedMongo}/tiledesk?connectTimeoutMS=${databaseTimeoutMs}&serverSelectionTimeoutMS=${databaseTimeoutMs}`,
        MONGODB_LOGS_URI: `${sharedMongo}/tiledesk-logs?connectTimeoutMS=${databaseTimeoutMs}`,
        ...givenServerEnv,
      }
    : givenServerEnv;
  const started = Date.now();
  const ownRunDir = !runDir;
  const dir = ownRunDir ? freshRunDir(installDir) : resolve(runDir);
  claimRunDir(dir);
  const processes = {};
  try {
    const { baseUrl, serverDir, ports } = await startProcesses({ runDir: dir, installDir, processes, databaseTimeoutMs, serverEnv });
    let seeded;
    if (database) {
      await waitForMigrations({ serverDir, mongoUri: `${sharedMongo}/tiledesk` });
      const { email, password, userId, projectId, projectSecret } = database;
      seeded = { email, password, userId, projectId, projectSecret, ...(await signIn({ baseUrl, email, password })) };
    } else {
      seeded = await seedProject({ baseUrl, mongoUri: `mongodb://127.0.0.1:${ports.mongo}/tiledesk`, serverDir });
    }
    const pids = Object.fromEntries(Object.entries(processes).map(([name, { pid }]) => [name, pid]));
    const env = { baseUrl, ...seeded, ports, pids, runDir: dir, startSeconds: (Date.now() - started) / 1000 };
    writeFileSync(join(dir, 'env.json'), `${JSON.stringify(env, null, 2)}\n`);
    const stop = async () => {
      await stopRealServer(dir);
      if (ownRunDir) rmSync(dir, { recursive: true, force: true });
    };
    return { ...env, stop };
  } catch (error) {
    await stopRealServer(dir);
    throw error;
  }
}
