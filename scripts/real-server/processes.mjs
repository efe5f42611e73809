// Process plumbing of the real-server harness: free loopback ports, detached children logging to a
// file, waiting for a child to be ready (a log line, a TCP answer, an HTTP answer) and stopping
// recorded children by PID (their whole process group, SIGTERM then SIGKILL).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const POLL_MS = 100;
const STOP_GRACE_MS = 5_000;

/** `count` distinct free TCP ports on 127.0.0.1 (held together while probing, then released). */
export async function freePorts(count) {
  const servers = await Promise.all(Array.from({ length: count }, () => new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  })));
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * Starts `command` detached (its own process group, so it outlives the caller until stopped) with
 * stdout and stderr written to `logFile` (truncated first). Returns `{ pid, exited() }` (exited: whether it ended).
 */
export function spawnLogged(command, args, { logFile, env, cwd }) {
  const fd = openSync(logFile, 'w');
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  let ended = false;
  child.on('exit', () => { ended = true; });
  child.on('error', () => { ended = true; });
  child.unref();
  return { pid: child.pid, exited: () => ended };
}

/** Polls `check` until it returns a truthy value; fails when `child` ends or after `timeoutMs`. */
export async function waitFor(check, { child, timeoutMs, what, logFile }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const result = await check();
    if (result) return result;
    if (child.exited()) throw new Error(`${what} exited while starting (log: ${logFile})`);
    await sleep(POLL_MS);
  }
  throw new Error(`${what} not ready after ${timeoutMs / 1000} s (log: ${logFile})`);
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
    const done = (answer) => { socket.destroy(); resolve(answer); };
    socket.setTimeout(1_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** True when GET `url` answers 2xx. */
export async function httpAnswers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
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
