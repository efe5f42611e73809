// Installs the real server's dependencies into the install directory (default build/real-server):
// copies package.json, package-lock.json and stubs/ from this folder there and runs
// `npm ci --ignore-scripts --omit=optional` (output in install.log, shown only on failure).
// Skipped when the last install used the same inputs (their hash is kept in .install-stamp).
// A lock directory (.install-lock, holding the installer's PID) serialises concurrent installs.
// The mechanics are shared with the runtime matrix: scripts/lib/npm-ci-install.mjs.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNpmCiInstalled } from '../lib/npm-ci-install.mjs';

export const SOURCE_DIR = dirname(fileURLToPath(import.meta.url));
/** build/real-server: where the server and the wire server's packages are installed. */
export const DEFAULT_INSTALL_DIR = resolve(SOURCE_DIR, '../../build/real-server');
const INPUTS = ['package.json', 'package-lock.json', 'stubs'];
const NPM_CI_ARGS = ['ci', '--ignore-scripts', '--omit=optional', '--no-audit', '--no-fund'];

/**
 * Where the server package lands inside an install directory.
 * @param {string} installDir
 * @returns {string}
 */
export function serverDirOf(installDir) {
  return join(installDir, 'node_modules', '@tiledesk', 'tiledesk-server');
}

/**
 * Makes sure the server's dependencies are installed in `installDir` for the current inputs;
 * `log` gets a line before a (re)install. Resolves to the seconds spent installing (0 if none).
 * @param {{ installDir?: string, log?: (line: string) => void }} [options]
 */
export async function ensureInstalled({ installDir = DEFAULT_INSTALL_DIR, log = () => {} } = {}) {
  return ensureNpmCiInstalled({
    sourceDir: SOURCE_DIR,
    installDir,
    inputs: INPUTS,
    npmArgs: NPM_CI_ARGS,
    isComplete: (dir) => existsSync(join(serverDirOf(dir), 'package.json')),
    installing: `installing the real server's dependencies into ${installDir} (npm ci, about a minute) ...`,
    log,
  });
}
