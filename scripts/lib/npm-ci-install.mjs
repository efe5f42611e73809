// @ts-nocheck -- BASELINE: 1 type error when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Installs a folder's pinned dependencies (package.json + package-lock.json and any other inputs)
// into an install directory with `npm ci`, only when missing or changed. Used by the real server
// (scripts/real-server/install.mjs) and the runtime matrix (scripts/runtimes/install.mjs).
//
// The inputs are copied from the source folder into the install directory and `npm ci` runs there
// (output in install.log, shown only on failure). An install is skipped when the last one used the
// same inputs (their sha256 is kept in .install-stamp) and `isComplete(installDir)` holds. A lock
// directory (.install-lock, holding the installer's PID) serialises concurrent installs.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { takeInstallLock } from './install-lock.mjs';

function listFiles(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => listFiles(join(path, name)));
}

/** sha256 of the install inputs (names and contents), relative to `sourceDir`. */
export function inputsHash(sourceDir, inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => listFiles(join(sourceDir, input)))) {
    hash.update(relative(sourceDir, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function isInstalled(installDir, hash, isComplete) {
  const stamp = join(installDir, '.install-stamp');
  return isComplete(installDir) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;
}

function runNpmCi(installDir, npmArgs) {
  const logFile = join(installDir, 'install.log');
  const fd = openSync(logFile, 'w');
  const child = spawn('npm', npmArgs, { cwd: installDir, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  return new Promise((resolvePromise, reject) => {
    child.on('error', (error) => reject(new Error(`npm ${npmArgs.join(' ')}: ${error.message}`)));
    child.on('exit', (code) => {
      if (code === 0) return resolvePromise();
      const tail = readFileSync(logFile, 'utf8').trim().split('\n').slice(-20).join('\n');
      return reject(new Error(`npm ${npmArgs.join(' ')} failed in ${installDir} (exit ${code}, full log: ${logFile}):\n${tail}`));
    });
  });
}

/** Copies the inputs into the install directory; an input folder replaces the previous copy. */
function copyInputs(sourceDir, installDir, inputs) {
  for (const input of inputs) {
    if (statSync(join(sourceDir, input)).isDirectory()) rmSync(join(installDir, input), { recursive: true, force: true });
  }
  for (const input of inputs) cpSync(join(sourceDir, input), join(installDir, input), { recursive: true });
}

/**
 * Makes sure `installDir` holds `npm ci` of the current inputs of `sourceDir`.
 *
 * @param {object} options
 * @param {string} options.sourceDir folder holding the inputs.
 * @param {string} options.installDir where they are copied and installed (created if missing).
 * @param {string[]} options.inputs file or folder names inside `sourceDir` (package.json, package-lock.json, ...).
 * @param {string[]} options.npmArgs npm's arguments, e.g. `['ci', '--no-audit', '--no-fund']`.
 * @param {(installDir: string) => boolean} options.isComplete whether the installed files are all there.
 * @param {string} options.installing the progress line logged before a (re)install.
 * @param {(line: string) => void} [options.log] receives that line.
 * @returns {Promise<number>} the seconds spent installing (0 when nothing had to be done).
 * @throws {Error} when `npm ci` fails (with the tail of install.log) or the lock stays held for 10 min.
 */
export async function ensureNpmCiInstalled({ sourceDir, installDir, inputs, npmArgs, isComplete, installing, log = () => {} }) {
  const hash = inputsHash(sourceDir, inputs);
  if (isInstalled(installDir, hash, isComplete)) return 0;
  mkdirSync(installDir, { recursive: true });
  const release = await takeInstallLock(installDir);
  try {
    if (isInstalled(installDir, hash, isComplete)) return 0; // installed meanwhile by the lock's previous holder
    const started = Date.now();
    log(installing);
    rmSync(join(installDir, '.install-stamp'), { force: true });
    copyInputs(sourceDir, installDir, inputs);
    await runNpmCi(installDir, npmArgs);
    writeFileSync(join(installDir, '.install-stamp'), hash);
    return (Date.now() - started) / 1000;
  } finally {
    release();
  }
}
