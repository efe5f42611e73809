// The lock of an install into a build folder (the real server's `npm ci`, Schemathesis' virtualenv):
// concurrent starts (parallel tests) wait for the one installing instead of installing twice. The lock
// is a directory holding its holder's PID; a dead holder's lock, or one nobody wrote a PID into within
// a few seconds, is broken.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const LOCK_WAIT_MS = 10 * 60_000;
const STALE_LOCK_MS = 10_000;

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A lock is stale when its holder died, or when no holder wrote its PID within a few seconds. */
function isStaleLock(lock) {
  try {
    return !processAlive(Number(readFileSync(join(lock, 'pid'), 'utf8')));
  } catch {
    return existsSync(lock) && Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS;
  }
}

/**
 * Takes the install lock of `installDir` (waiting for a live holder, breaking a dead one's).
 * @returns {Promise<() => void>} the release.
 * @throws {Error} when a live holder keeps it for more than 10 minutes.
 */
export async function takeInstallLock(installDir) {
  const lock = join(installDir, '.install-lock');
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    if (isStaleLock(lock)) rmSync(lock, { recursive: true, force: true });
    if (Date.now() > deadline) throw new Error(`install lock ${lock} held for more than ${LOCK_WAIT_MS / 60_000} min`);
    await sleep(500);
  }
}
