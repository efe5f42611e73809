import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INSTALL_DIR, ensureInstalled, startRealServer } from '../scripts/real-server/index.mjs';

/**
 * A real-server start that fails says why, in the error itself: the cause read from the failing
 * process's log (the server's own "Failed to connect to MongoDB" error, a busy port, ...), not just
 * "exited while starting". Each case starts the real server (a few seconds) and fails it on purpose.
 */

let hole: net.Server; // accepts connections and never answers: a database that does not respond
const held: net.Socket[] = [];
const runDirs: string[] = [];

function runDir(): string {
  const dir = mkdtempSync(join(DEFAULT_INSTALL_DIR, 'runs', 'start-test-'));
  runDirs.push(dir);
  return dir;
}

beforeAll(async () => {
  await ensureInstalled();
  hole = net.createServer((socket) => {
    held.push(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => hole?.close(resolve));
  for (const dir of runDirs) rmSync(dir, { recursive: true, force: true });
});

const holePort = () => (hole.address() as net.AddressInfo).port;

/** PIDs of live processes whose environment holds `variable` (Linux /proc; the harness needs Linux anyway). */
function processesWithEnv(variable: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(variable);
      } catch {
        return false; // gone, or not ours to read
      }
    })
    .map(Number);
}

describe('a failed real-server start names its cause', () => {
  it('a database that never answers: the driver connect timeout, from the server log', async () => {
    const dir = runDir();
    const uri = `mongodb://127.0.0.1:${holePort()}/tiledesk?connectTimeoutMS=1000&serverSelectionTimeoutMS=1000`;
    const error: Error = await startRealServer({ runDir: dir, serverEnv: { DATABASE_URI: uri } }).then(
      () => {
        throw new Error('the start should have failed');
      },
      (failure: Error) => failure,
    );
    expect(error.message).toMatch(
      /^the real server exited while starting: MongoNetworkError: failed to connect to server \[127\.0\.0\.1:\d+\] on first connect \[MongoNetworkTimeoutError: connection timed out\] \(exit code 1, log: .*server\.log\)$/,
    );
    expect(existsSync(join(dir, 'pids')), 'the harness stopped what it had started').toBe(false);
    expect(processesWithEnv(`DATABASE_URI=${uri}`)).toEqual([]);
  });

  it('a busy HTTP port: the server keeps running without serving, the harness stops it and says why', async () => {
    const dir = runDir();
    const error: Error = await startRealServer({ runDir: dir, serverEnv: { PORT: String(holePort()) } }).then(
      () => {
        throw new Error('the start should have failed');
      },
      (failure: Error) => failure,
    );
    expect(error.message).toMatch(
      /^the real server failed while starting: Error: listen EADDRINUSE: address already in use 127\.0\.0\.1:\d+ \(still running, stopped by the harness; log: .*server\.log\)$/,
    );
    expect(existsSync(join(dir, 'pids'))).toBe(false);
    expect(processesWithEnv(`PORT=${holePort()}`), 'the server, still running when the start failed, was stopped').toEqual([]);
  });

  it('refuses a database timeout that is not a positive number of milliseconds', async () => {
    await expect(startRealServer({ databaseTimeoutMs: 0 })).rejects.toThrow('databaseTimeoutMs must be a positive integer (milliseconds), got 0');
  });
});
