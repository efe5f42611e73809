// Programmatic API of the real-server harness (README.md in this folder): runs the real, unmodified
// @tiledesk/tiledesk-server on 127.0.0.1 with the in-memory MongoDB wire server (wire-mongo/),
// Debian's redis-server and the KB engine stub (kb-engine-stub.mjs), seeds an owner and a project,
// and stops it all again. Used by cli.mjs (`npm run real-server`) and by tests.
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { DEFAULT_INSTALL_DIR, SOURCE_DIR, ensureInstalled, serverDirOf } from './install.mjs';
import { freePorts, httpAnswers, isOurs, listeningPort, redisAnswers, spawnLogged, stopProcesses, waitFor } from './processes.mjs';
import { seedProject } from './seed.mjs';

export const DEFAULT_RUN_DIR = join(DEFAULT_INSTALL_DIR, 'run');

const WIRE_MONGO = join(SOURCE_DIR, 'wire-mongo', 'main.mjs');
const KB_ENGINE_STUB = join(SOURCE_DIR, 'kb-engine-stub.mjs');
const GUARD = join(SOURCE_DIR, 'guard-loopback.cjs');
const CLOSED_PORT_URL = 'http://127.0.0.1:9'; // discard port: nothing listens, calls fail fast
const READY_TIMEOUT_MS = { child: 15_000, server: 180_000 };

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
function serverEnvironment({ serverDir, apiPort, mongoPort, redisPort, kbEnginePort }) {
  const kbEngine = `http://127.0.0.1:${kbEnginePort}/api`;
  return childEnvironment({
    PORT: String(apiPort),
    API_URL: `http://127.0.0.1:${apiPort}`,
    DATABASE_URI: `mongodb://127.0.0.1:${mongoPort}/tiledesk`,
    MONGODB_LOGS_URI: `mongodb://127.0.0.1:${mongoPort}/tiledesk-logs`,
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
  });
}

/** Starts a child that prints "LISTENING <port>" and waits for it; returns `{ process, port }`. */
async function startListeningChild(name, script, { runDir, env }) {
  const logFile = join(runDir, `${name}.log`);
  const child = spawnLogged(process.execPath, [script], { logFile, env });
  const port = await waitFor(() => listeningPort(logFile), { child, timeoutMs: READY_TIMEOUT_MS.child, what: name, logFile });
  return { process: { pid: child.pid, marker: script }, port };
}

async function startRedis({ runDir, port }) {
  const logFile = join(runDir, 'redis.log');
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--protected-mode', 'yes', '--save', '', '--appendonly', 'no', '--dir', runDir];
  const child = spawnLogged('redis-server', args, { logFile, env: childEnvironment({}) });
  await waitFor(() => redisAnswers(port), { child, timeoutMs: READY_TIMEOUT_MS.child, what: 'redis-server', logFile });
  return { pid: child.pid, marker: 'redis-server' };
}

async function startServer({ runDir, serverDir, env, baseUrl }) {
  const logFile = join(runDir, 'server.log');
  const child = spawnLogged(process.execPath, ['-r', GUARD, './bin/www'], { logFile, env, cwd: serverDir });
  await waitFor(() => httpAnswers(`${baseUrl}/`), { child, timeoutMs: READY_TIMEOUT_MS.server, what: 'the real server', logFile });
  return { pid: child.pid, marker: GUARD };
}

/** Starts every process, recording each in run/pids as soon as it runs; returns ports and pids. */
async function startProcesses({ runDir, installDir, processes }) {
  const record = (name, entry) => {
    processes[name] = entry;
    writePids(runDir, processes);
  };
  const mongo = await startListeningChild('mongo', WIRE_MONGO, { runDir, env: childEnvironment({ WIRE_MONGO_MODULES: installDir, WIRE_MONGO_SPARSE_INDEXES: 'users.phone_1' }) });
  record('mongo', mongo.process);
  const kbEngine = await startListeningChild('kb-engine', KB_ENGINE_STUB, { runDir, env: childEnvironment({}) });
  record('kbEngine', kbEngine.process);
  const [redisPort, apiPort] = await freePorts(2);
  record('redis', await startRedis({ runDir, port: redisPort }));
  const serverDir = serverDirOf(installDir);
  const baseUrl = `http://127.0.0.1:${apiPort}`;
  const env = serverEnvironment({ serverDir, apiPort, mongoPort: mongo.port, redisPort, kbEnginePort: kbEngine.port });
  record('server', await startServer({ runDir, serverDir, env, baseUrl }));
  return { baseUrl, serverDir, ports: { api: apiPort, mongo: mongo.port, redis: redisPort, kbEngine: kbEngine.port } };
}

/** Stops the instance recorded in `runDir`/pids, if any; resolves to whether one was recorded. */
export async function stopRealServer(runDir = DEFAULT_RUN_DIR) {
  const recorded = readPids(runDir);
  if (!recorded) return false;
  await stopProcesses(Object.values(recorded));
  rmSync(join(runDir, 'pids'), { force: true });
  return true;
}

/**
 * Installs the server if needed, starts it on free loopback ports and seeds it.
 * Options: `runDir` (logs, pids, env.json; default: a fresh directory under
 * build/real-server/runs/, removed by stop()), `installDir` (default build/real-server),
 * `log` (progress lines, e.g. console.error). Resolves to `{ baseUrl, email, password, userId,
 * projectId, projectSecret, token, ports, pids, runDir, stop() }`; run/env.json holds the same data.
 */
export async function startRealServer({ runDir, installDir = DEFAULT_INSTALL_DIR, log = () => {} } = {}) {
  const installSeconds = await ensureInstalled({ installDir, log });
  if (installSeconds) log(`installed in ${installSeconds.toFixed(0)} s`);
  requireRedis();
  const started = Date.now();
  const ownRunDir = !runDir;
  const dir = ownRunDir ? freshRunDir(installDir) : resolve(runDir);
  claimRunDir(dir);
  const processes = {};
  try {
    const { baseUrl, serverDir, ports } = await startProcesses({ runDir: dir, installDir, processes });
    const seeded = await seedProject({ baseUrl, mongoUri: `mongodb://127.0.0.1:${ports.mongo}/tiledesk`, serverDir });
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
