// Installs the real server's dependencies into the install directory (default build/real-server):
// copies package.json, package-lock.json and stubs/ from this folder there and runs
// `npm ci --ignore-scripts --omit=optional` (output in install.log, shown only on failure).
// Skipped when the last install used the same inputs (their hash is kept in .install-stamp).
// A lock directory (.install-lock, holding the installer's PID) serialises concurrent installs.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const SOURCE_DIR = dirname(fileURLToPath(import.meta.url));
export const DEFAULT_INSTALL_DIR = resolve(SOURCE_DIR, '../../build/real-server');
const INPUTS = ['package.json', 'package-lock.json', 'stubs'];
const NPM_CI_ARGS = ['ci', '--ignore-scripts', '--omit=optional', '--no-audit', '--no-fund'];
const LOCK_WAIT_MS = 10 * 60_000;
const STALE_LOCK_MS = 10_000;

/** Where the server package lands inside an install directory. */
export function serverDirOf(installDir) {
  return join(installDir, 'node_modules', '@tiledesk', 'tiledesk-server');
}

function listFiles(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).sort().flatMap((name) => listFiles(join(path, name)));
}

/** sha256 of the install inputs (names and contents). */
function inputsHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => listFiles(join(SOURCE_DIR, input)))) {
    hash.update(relative(SOURCE_DIR, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function isInstalled(installDir, hash) {
  const stamp = join(installDir, '.install-stamp');
  return existsSync(join(serverDirOf(installDir), 'package.json')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;
}

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

/** Takes the install lock (waiting for a live holder, breaking a dead one's); returns its release. */
async function takeInstallLock(installDir) {
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

function runNpmCi(installDir) {
  const logFile = join(installDir, 'install.log');
  const fd = openSync(logFile, 'w');
  const child = spawn('npm', NPM_CI_ARGS, { cwd: installDir, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  return new Promise((resolvePromise, reject) => {
    child.on('error', (error) => reject(new Error(`npm ${NPM_CI_ARGS.join(' ')}: ${error.message}`)));
    child.on('exit', (code) => {
      if (code === 0) return resolvePromise();
      const tail = readFileSync(logFile, 'utf8').trim().split('\n').slice(-20).join('\n');
      return reject(new Error(`npm ${NPM_CI_ARGS.join(' ')} failed in ${installDir} (exit ${code}, full log: ${logFile}):\n${tail}`));
    });
  });
}

function copyInputs(installDir) {
  rmSync(join(installDir, 'stubs'), { recursive: true, force: true });
  for (const input of INPUTS) cpSync(join(SOURCE_DIR, input), join(installDir, input), { recursive: true });
}

/**
 * Makes sure the server's dependencies are installed in `installDir` for the current inputs;
 * `log` gets a line before a (re)install. Resolves to the seconds spent installing (0 if none).
 */
export async function ensureInstalled({ installDir = DEFAULT_INSTALL_DIR, log = () => {} } = {}) {
  const hash = inputsHash();
  if (isInstalled(installDir, hash)) return 0;
  mkdirSync(installDir, { recursive: true });
  const release = await takeInstallLock(installDir);
  try {
    if (isInstalled(installDir, hash)) return 0; // installed meanwhile by the lock's previous holder
    const started = Date.now();
    log(`installing the real server's dependencies into ${installDir} (npm ci, about a minute) ...`);
    rmSync(join(installDir, '.install-stamp'), { force: true });
    copyInputs(installDir);
    await runNpmCi(installDir);
    writeFileSync(join(installDir, '.install-stamp'), hash);
    return (Date.now() - started) / 1000;
  } finally {
    release();
  }
}
