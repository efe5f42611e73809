#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 7 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Installs the project's pinned Schemathesis (requirements.txt in this folder: the full lock of its
// dependency tree with sha256 hashes) into a virtualenv under build/schemathesis/venv (git-ignored):
//
//   <python> -m venv build/schemathesis/venv
//   venv/bin/python -m pip install --require-hashes --only-binary :all: --no-deps -r requirements.txt
//
// (output in build/schemathesis/install.log, shown only on failure). Skipped when the last install
// used the same requirements.txt and the same Python (their hash is kept in .install-stamp) and the
// venv's `schemathesis` is there. A lock directory (.install-lock, holding the installer's PID)
// serialises concurrent installs. The Python is $SCHEMATHESIS_PYTHON, else `python3` on PATH; it
// must be CPython >= 3.11 with the venv module and ensurepip (Debian: `apt-get install python3-venv`).
//
// As a command (Node 20 or 24): `node scripts/schemathesis/install.mjs` installs when needed and
// prints one line; `npm run schemathesis` and test/schemathesis.test.ts call ensureInstalled().
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { takeInstallLock } from '../lib/install-lock.mjs';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const SOURCE_DIR = dirname(fileURLToPath(import.meta.url));
export const DEFAULT_INSTALL_DIR = resolve(SOURCE_DIR, '../../build/schemathesis');
export const REQUIREMENTS = join(SOURCE_DIR, 'requirements.txt');
const pinned = /^schemathesis==(\S+)/m.exec(readFileSync(join(SOURCE_DIR, 'requirements.in'), 'utf8'))?.[1];
if (!pinned) throw new Error('scripts/schemathesis/requirements.in pins no schemathesis==X.Y.Z');
/** The pinned version, read from requirements.in (`schemathesis==X.Y.Z`). */
export const SCHEMATHESIS_VERSION = pinned;
const MIN_PYTHON = [3, 11];

/** The venv's python and schemathesis executables inside an install directory. */
export function venvPaths(installDir = DEFAULT_INSTALL_DIR) {
  const bin = join(installDir, 'venv', process.platform === 'win32' ? 'Scripts' : 'bin');
  const exe = process.platform === 'win32' ? '.exe' : '';
  return { venv: join(installDir, 'venv'), python: join(bin, `python${exe}`), schemathesis: join(bin, `schemathesis${exe}`) };
}

/** The base Python: its command, version and executable; throws one line saying the fix when unusable. */
function basePython(command) {
  const probe = spawnSync(command, ['-c', 'import sys; print(sys.version_info[0], sys.version_info[1], sys.executable, sys.version.split()[0])'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `Schemathesis needs Python >= ${MIN_PYTHON.join('.')}, but \`${command}\` does not run (${probe.error?.code ?? probe.stderr.trim()}): apt-get install python3 python3-venv, or set SCHEMATHESIS_PYTHON`,
    );
  }
  const [major, minor, executable, version] = probe.stdout.trim().split(' ');
  if (Number(major) < MIN_PYTHON[0] || (Number(major) === MIN_PYTHON[0] && Number(minor) < MIN_PYTHON[1])) {
    throw new Error(`Schemathesis ${SCHEMATHESIS_VERSION} needs Python >= ${MIN_PYTHON.join('.')}, but \`${command}\` is ${version} (${executable}): set SCHEMATHESIS_PYTHON to a newer python3`);
  }
  return { command, executable, version };
}

/** sha256 of what an install depends on: requirements.txt and the base Python. */
function stampOf(python) {
  return createHash('sha256').update(readFileSync(REQUIREMENTS)).update('\0').update(`${python.executable} ${python.version}`).digest('hex');
}

function isInstalled(installDir, stamp) {
  const file = join(installDir, '.install-stamp');
  return existsSync(venvPaths(installDir).schemathesis) && existsSync(venvPaths(installDir).python) && existsSync(file) && readFileSync(file, 'utf8') === stamp;
}

/** Runs a command with its output appended to the install log; rejects with the log's tail. */
function runLogged(command, args, logFile, hint = '') {
  writeFileSync(logFile, `$ ${command} ${args.join(' ')}\n`, { flag: 'a' });
  const fd = openSync(logFile, 'a');
  const child = spawn(command, args, { stdio: ['ignore', fd, fd], env: { ...process.env, PIP_DISABLE_PIP_VERSION_CHECK: '1', PIP_NO_INPUT: '1' } });
  closeSync(fd);
  return new Promise((resolvePromise, reject) => {
    child.on('error', (error) => reject(new Error(`${command} ${args.join(' ')}: ${error.message}`)));
    child.on('exit', (code) => {
      if (code === 0) return resolvePromise();
      const log = readFileSync(logFile, 'utf8');
      const tail = log.trim().split('\n').slice(-15).join('\n');
      const extra = hint && /ensurepip|venv/.test(log) ? `\n${hint}` : '';
      return reject(new Error(`${command} ${args.join(' ')} failed (exit ${code}, full log: ${logFile}):\n${tail}${extra}`));
    });
  });
}

/**
 * Makes sure `installDir`/venv holds the pinned Schemathesis; `log` gets a line before a (re)install.
 * Resolves to `{ seconds, schemathesis, python, version }`: the seconds spent installing (0 if none),
 * the venv's executables and the Schemathesis version.
 * @param {{ installDir?: string, python?: string, log?: (line: string) => void }} [options] `installDir` (default
 *   build/schemathesis), `python` (the base Python, >= 3.11; default $SCHEMATHESIS_PYTHON, else `python3`), `log`.
 * @returns {Promise<{ seconds: number, schemathesis: string, python: string, version: string }>}
 * @throws {Error} when Python is missing or too old, the venv cannot be made, pip fails, or the lock stays held for 10 min.
 */
export async function ensureInstalled({ installDir = DEFAULT_INSTALL_DIR, python = process.env.SCHEMATHESIS_PYTHON || 'python3', log = () => {} } = {}) {
  const paths = venvPaths(installDir);
  const result = (seconds) => ({ seconds, schemathesis: paths.schemathesis, python: paths.python, version: SCHEMATHESIS_VERSION });
  const base = basePython(python);
  const stamp = stampOf(base);
  if (isInstalled(installDir, stamp)) return result(0);
  mkdirSync(installDir, { recursive: true });
  const release = await takeInstallLock(installDir);
  try {
    if (isInstalled(installDir, stamp)) return result(0); // installed meanwhile by the lock's previous holder
    const started = Date.now();
    log(`installing Schemathesis ${SCHEMATHESIS_VERSION} into ${paths.venv} (Python ${base.version}, pip with hashes, about 15 s) ...`);
    const logFile = join(installDir, 'install.log');
    writeFileSync(logFile, '');
    rmSync(join(installDir, '.install-stamp'), { force: true });
    rmSync(paths.venv, { recursive: true, force: true });
    await runLogged(base.executable, ['-m', 'venv', paths.venv], logFile, "Python's venv module or ensurepip is missing: apt-get install python3-venv");
    copyFileSync(REQUIREMENTS, join(installDir, 'requirements.txt'));
    await runLogged(paths.python, ['-m', 'pip', 'install', '--require-hashes', '--only-binary', ':all:', '--no-deps', '-r', join(installDir, 'requirements.txt')], logFile);
    const check = spawnSync(paths.schemathesis, ['--version'], { encoding: 'utf8' });
    if (!check.stdout?.includes(SCHEMATHESIS_VERSION))
      throw new Error(`${paths.schemathesis} --version printed ${JSON.stringify(check.stdout ?? check.error?.message)}, expected ${SCHEMATHESIS_VERSION}`);
    writeFileSync(join(installDir, '.install-stamp'), stamp);
    return result((Date.now() - started) / 1000);
  } finally {
    release();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const installed = await ensureInstalled({ log: (line) => console.error(line) });
    console.log(`Schemathesis ${installed.version} ready: ${installed.schemathesis} (${installed.seconds ? `installed in ${installed.seconds.toFixed(0)} s` : 'already installed'})`);
  } catch (error) {
    console.error(`schemathesis install: ${error.message}`);
    process.exit(1);
  }
}
