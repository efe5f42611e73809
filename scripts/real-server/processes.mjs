// Process plumbing of the real-server harness: free loopback ports, detached children logging to a
// file, waiting for a child to be ready (a log line, a TCP answer, an HTTP answer), saying why a
// child that ended while starting did so (from the tail of its log), and stopping recorded children
// by PID (their whole process group, SIGTERM then SIGKILL).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const POLL_MS = 100;
const STOP_GRACE_MS = 5_000;
const HTTP_PROBE_TIMEOUT_MS = 10_000; // one readiness probe; a loaded machine may take seconds to answer
const LOG_TAIL_BYTES = 4 * 1024 * 1024; // what failureCause() reads of a log (the server's grows ~3 KB/s with AMQP retries)
const WATCH_OVERLAP_BYTES = 1024; // re-read of a watched log, for a line cut between two reads
const CAUSE_MAX_CHARS = 400;

/** `count` distinct free TCP ports on 127.0.0.1 (held together while probing, then released). */
export async function freePorts(count) {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * Starts `command` detached (its own process group, so it outlives the caller until stopped) with
 * stdout and stderr written to `logFile` (truncated first). Returns `{ pid, exited(), exit() }`
 * (exited: whether it ended; exit: how, `{ code, signal, error }`, once it has).
 * @param {string} command
 * @param {string[]} args
 * @param {{ logFile: string, env: NodeJS.ProcessEnv, cwd?: string }} options `cwd`: default ours
 */
export function spawnLogged(command, args, { logFile, env, cwd }) {
  const fd = openSync(logFile, 'w');
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  /** @type {{ code: number | null, signal: NodeJS.Signals | null, error?: Error } | null} */
  let ended = null;
  child.on('exit', (code, signal) => {
    ended = { code, signal };
  });
  child.on('error', (error) => {
    ended = { code: null, signal: null, error };
  });
  child.unref();
  return { pid: child.pid, exited: () => ended !== null, exit: () => ended };
}

/** The last `bytes` of a file as text ('' when missing). */
function tail(file, bytes) {
  if (!existsSync(file)) return '';
  const size = statSync(file).size;
  const length = Math.min(size, bytes);
  const buffer = Buffer.alloc(length);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, length, size - length);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
}

function clip(text) {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > CAUSE_MAX_CHARS ? `${line.slice(0, CAUSE_MAX_CHARS - 3)}...` : line;
}

/** `text` with a bracket that the first line of a multi-line message left open closed again. */
function closeBrackets(text) {
  const open = (text.match(/\[/g) || []).length - (text.match(/]/g) || []).length;
  return open > 0 ? `${text}${']'.repeat(open)}` : text;
}

/**
 * Why a child ended while starting, from the tail of its log: the line naming the fatal error, or
 * null when none is recognised. In order: the server's own "Failed to connect to MongoDB" (app.js
 * exits on it; the error's name comes from winston's JSON metadata), a busy port (bin/www's "Port N is
 * already in use", EADDRINUSE, redis-server's "Address already in use"), Node's report of an uncaught
 * exception (the error line above "Node.js vNN"), a missing module (not the optional @tiledesk-ent/*
 * ones). The server logs non-fatal errors at every start (e.g. "uncaughtException:
 * voice_twilio.init is not a function", which winston catches), so a plain "error:" line is not
 * taken for the cause.
 */
export function failureCause(logText) {
  const lines = logText.split('\n');
  const mongo = lines.findLast((line) => line.includes('Failed to connect to MongoDB on '));
  if (mongo) {
    const message = mongo.replace(/^.*?Failed to connect to MongoDB on \S+\s+/, '').replace(/\s+\{".*$/, '');
    const name = /"name":"(\w+)"/.exec(logText.slice(logText.lastIndexOf(mongo)))?.[1];
    return clip(`${name && !message.startsWith(name) ? `${name}: ` : ''}${closeBrackets(message)}`);
  }
  const busy = lines.findLast((line) => /EADDRINUSE|is already in use|Address already in use/.test(line));
  if (busy) return clip(busy.replace(/^(?:error|warn|info):\s*/, ''));
  const nodeReport = logText.lastIndexOf('\nNode.js v');
  if (nodeReport >= 0) {
    const before = logText.slice(0, nodeReport).split('\n');
    const thrown = before.findLast((line) => /^(?:Uncaught )?[A-Za-z_$][\w$]*(?:Error|Exception)\b.*\S/.test(line));
    if (thrown) return clip(thrown);
  }
  // the optional enterprise modules (@tiledesk-ent/*) are missing at every start: "jwthistory not present ..."
  const missing = logText
    .match(/Cannot find (?:module|package) '[^']+'/g)
    ?.filter((match) => !match.includes("'@tiledesk-ent/"))
    .at(-1);
  return missing ? clip(`Error: ${missing}`) : null;
}

/** "exit code 1" / "killed by SIGKILL" / "could not be started: <error>". */
function describeExit(exit) {
  if (!exit) return 'exited';
  if (exit.error) return `could not be started: ${exit.error.message}`;
  return exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
}

/**
 * A function returning the first match of `pattern` in what `logFile` gained since the last call
 * (null when none): a cheap way to spot a fatal line while the process still runs.
 */
export function watchLog(logFile, pattern) {
  let offset = 0;
  return () => {
    if (!existsSync(logFile)) return null;
    const size = statSync(logFile).size;
    if (size <= offset) return null;
    const from = Math.max(0, offset - WATCH_OVERLAP_BYTES);
    const buffer = Buffer.alloc(size - from);
    const fd = openSync(logFile, 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, from);
    } finally {
      closeSync(fd);
    }
    offset = size;
    return pattern.exec(buffer.toString('utf8'))?.[0] ?? null;
  };
}

/**
 * Polls `check` until it returns a truthy value; fails when `child` ends (naming the cause found in
 * its log, see failureCause), when `fatal` (optional, e.g. a watchLog()) returns a cause while the
 * child still runs, or after `timeoutMs`.
 */
export async function waitFor(check, { child, timeoutMs, what, logFile, fatal = () => null }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const result = await check();
    if (result) return result;
    const fatalCause = fatal();
    if (fatalCause) throw new Error(`${what} failed while starting: ${clip(fatalCause)} (still running, stopped by the harness; log: ${logFile})`);
    if (child.exited()) {
      const cause = failureCause(tail(logFile, LOG_TAIL_BYTES));
      throw new Error(`${what} exited while starting${cause ? `: ${cause}` : ''} (${describeExit(child.exit())}, log: ${logFile})`);
    }
    await sleep(POLL_MS);
  }
  const cause = failureCause(tail(logFile, LOG_TAIL_BYTES));
  throw new Error(`${what} not ready after ${timeoutMs / 1000} s${cause ? `; its log says: ${cause}` : ''} (log: ${logFile})`);
}

/** The port a child printed as "LISTENING <port>" in its log, or null. */
export function listeningPort(logFile) {
  const match = existsSync(logFile) ? /^LISTENING (\d+)$/m.exec(readFileSync(logFile, 'utf8')) : null;
  return match ? Number(match[1]) : null;
}

/** True when a Redis server answers PING on 127.0.0.1:`port`. */
export function redisAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** True when GET `url` answers 2xx. */
export async function httpAnswers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(HTTP_PROBE_TIMEOUT_MS) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** Whether `pid` is alive and (where /proc exists) still runs a command containing `marker`. */
export function isOurs({ pid, marker }) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const cmdline = `/proc/${pid}/cmdline`;
  return !existsSync(cmdline) || readFileSync(cmdline, 'utf8').includes(marker);
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Stops the recorded processes (`[{ pid, marker }]`): SIGTERM to each process group, SIGKILL to
 * what is left after a grace period; resolves when none is alive.
 */
export async function stopProcesses(processes) {
  const ours = processes.filter(isOurs);
  for (const { pid } of ours) signalGroup(pid, 'SIGTERM');
  const deadline = Date.now() + STOP_GRACE_MS;
  while (ours.some(isOurs) && Date.now() < deadline) await sleep(POLL_MS);
  for (const { pid } of ours.filter(isOurs)) signalGroup(pid, 'SIGKILL');
  const killDeadline = Date.now() + STOP_GRACE_MS;
  while (ours.some(isOurs) && Date.now() < killDeadline) await sleep(POLL_MS);
  const left = ours.filter(isOurs).map(({ pid }) => pid);
  if (left.length) throw new Error(`processes still alive after SIGKILL: ${left.join(' ')}`);
}
