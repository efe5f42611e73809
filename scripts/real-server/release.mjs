// Older releases of the real server (README.md in this folder, "Older releases"). The default
// release, DEFAULT_VERSION (2.19.16), is installed from the npm registry by install.mjs. Another
// release X is installed into build/real-server/<X>/:
//  - from the npm registry, when it publishes X (`npm view @tiledesk/tiledesk-server@X version`):
//    the harness's package.json with the server's version replaced, `npm install`;
//  - otherwise from the server's git repository (`gitDir`, a clone with the release tags): the
//    tag's own sources (`git archive X`, unmodified) in node_modules/@tiledesk/tiledesk-server, on
//    the dependency tree of the default install (every other package of node_modules linked to
//    build/real-server/node_modules). The releases 2.10 to 2.19 declare the same dependencies but
//    for the versions of Tiledesk's own channel connectors (and 2.19 adds file-type and
//    libphonenumber-js), so the older sources load on that tree; what differs is recorded in the
//    install's .release.json (`dependencyDifferences`).
// A finished install is recorded in <X>/.release.json and not redone.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_INSTALL_DIR, SOURCE_DIR, ensureInstalled, serverDirOf } from './install.mjs';

/**
 * The release the harness runs by default (its package.json's): 2.19.16.
 * @type {string}
 */
export const DEFAULT_VERSION = JSON.parse(readFileSync(join(SOURCE_DIR, 'package.json'), 'utf8')).dependencies['@tiledesk/tiledesk-server'];
const SERVER = '@tiledesk/tiledesk-server';
const VERSION_RE = /^\d+\.\d+\.\d+$/;

/**
 * Where release `version` is installed: the default install for DEFAULT_VERSION, else `baseDir`/<version>.
 * @param {string} [version] default DEFAULT_VERSION
 * @param {string} [baseDir] default build/real-server
 * @returns {string}
 */
export function releaseInstallDir(version = DEFAULT_VERSION, baseDir = DEFAULT_INSTALL_DIR) {
  return version === DEFAULT_VERSION ? baseDir : join(baseDir, version);
}

/**
 * Whether the npm registry publishes `version` of the server (npm's own client asks it).
 * @param {string} version
 * @returns {boolean}
 */
export function registryHas(version) {
  const result = spawnSync('npm', ['view', `${SERVER}@${version}`, 'version', '--json'], { encoding: 'utf8' });
  if (result.status !== 0) return false;
  try {
    return JSON.parse(result.stdout || 'null') === version;
  } catch {
    return false;
  }
}

/** @param {string} file */
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

/**
 * Dependencies that differ between two package.json `dependencies` maps: { name: [ours, base] }.
 * @param {Record<string, string>} [ours]
 * @param {Record<string, string>} [base]
 */
function dependencyDifferences(ours = {}, base = {}) {
  /** @type {Record<string, [string | null, string | null]>} */
  const out = {};
  for (const name of new Set([...Object.keys(ours), ...Object.keys(base)])) if (ours[name] !== base[name]) out[name] = [ours[name] ?? null, base[name] ?? null];
  return out;
}

/**
 * What an install of a release was made from (its .release.json): the npm registry, or the git
 * tag's sources (`commit`) on the dependency tree of the default install (`dependencyTree`, the
 * default release; `dependencyDifferences`: { name: [the release's, the default's] } where their
 * package.json `dependencies` differ).
 * @typedef {object} ReleaseInstallInfo
 * @property {string} version
 * @property {'git' | 'npm'} source
 * @property {string} [tag]
 * @property {string} [commit]
 * @property {string} [dependencyTree]
 * @property {Record<string, [string | null, string | null]>} [dependencyDifferences]
 */
/**
 * Installs release `version` into `installDir` from its tag in `gitDir` (a clone of
 * Tiledesk/tiledesk-server), every other package linked to the default install in `baseDir`.
 * @param {{ version: string, gitDir: string, installDir: string, baseDir: string }} options
 * @returns {ReleaseInstallInfo}
 */
export function installFromGit({ version, gitDir, installDir, baseDir }) {
  const tag = [version, `v${version}`].find((t) => spawnSync('git', [`--git-dir=${gitDir}`, 'rev-parse', '--verify', '--quiet', `refs/tags/${t}`]).status === 0);
  if (!tag) throw new Error(`release ${version}: no tag ${version} (or v${version}) in ${gitDir}`);
  const commit = execFileSync('git', [`--git-dir=${gitDir}`, 'rev-parse', `${tag}^{commit}`], { encoding: 'utf8' }).trim();
  rmSync(installDir, { recursive: true, force: true });
  const modules = join(installDir, 'node_modules');
  const serverDir = serverDirOf(installDir);
  mkdirSync(serverDir, { recursive: true });
  // the tag's sources, unmodified
  const archive = execFileSync('git', [`--git-dir=${gitDir}`, 'archive', '--format=tar', commit], { maxBuffer: 1 << 30 });
  const untar = spawnSync('tar', ['-x', '-C', serverDir], { input: archive });
  if (untar.status !== 0) throw new Error(`release ${version}: tar failed: ${untar.stderr}`);
  // every other package: the default install's
  const baseModules = join(baseDir, 'node_modules');
  for (const name of readdirSync(baseModules)) {
    if (name === '.bin' || name.startsWith('.package-lock')) continue;
    if (name === '@tiledesk') {
      mkdirSync(join(modules, name), { recursive: true });
      for (const inner of readdirSync(join(baseModules, name))) {
        if (inner !== 'tiledesk-server') symlinkSync(join(baseModules, name, inner), join(modules, name, inner));
      }
      continue;
    }
    symlinkSync(join(baseModules, name), join(modules, name));
  }
  // packages npm nested under the default release's own folder (versions that conflict at top level)
  const nested = join(serverDirOf(baseDir), 'node_modules');
  if (existsSync(nested) && !existsSync(join(serverDir, 'node_modules'))) symlinkSync(nested, join(serverDir, 'node_modules'));
  const ours = readJson(join(serverDir, 'package.json'));
  const base = readJson(join(serverDirOf(baseDir), 'package.json'));
  if (ours?.version !== version) throw new Error(`release ${version}: the tag's package.json says version ${ours?.version}`);
  return { version, source: 'git', tag, commit, dependencyTree: DEFAULT_VERSION, dependencyDifferences: dependencyDifferences(ours.dependencies, base.dependencies) };
}

/**
 * Installs release `version` into `installDir` from the npm registry (the harness's package.json
 * with the server's version replaced).
 * @param {{ version: string, installDir: string, log: (line: string) => void }} options
 * @returns {ReleaseInstallInfo}
 */
function installFromRegistry({ version, installDir, log }) {
  rmSync(installDir, { recursive: true, force: true });
  mkdirSync(installDir, { recursive: true });
  const pkg = readJson(join(SOURCE_DIR, 'package.json'));
  pkg.dependencies[SERVER] = version;
  writeFileSync(join(installDir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  execFileSync('cp', ['-r', join(SOURCE_DIR, 'stubs'), join(installDir, 'stubs')]);
  log(`installing ${SERVER}@${version} from the npm registry into ${installDir} (npm install, about a minute) ...`);
  const result = spawnSync('npm', ['install', '--ignore-scripts', '--omit=optional', '--no-audit', '--no-fund'], { cwd: installDir, encoding: 'utf8' });
  writeFileSync(join(installDir, 'install.log'), `${result.stdout}\n${result.stderr}`);
  if (result.status !== 0) throw new Error(`release ${version}: npm install failed (log: ${join(installDir, 'install.log')})`);
  return { version, source: 'npm' };
}

/**
 * Makes sure release `version` is installed; resolves to its install directory. DEFAULT_VERSION is
 * the default install (install.mjs). Another release comes from the npm registry when it publishes
 * it, else from `gitDir` (a clone of Tiledesk/tiledesk-server with its release tags).
 * @param {{ version?: string, gitDir?: string, baseDir?: string, log?: (line: string) => void }} [options]
 * @returns {Promise<string>}
 */
export async function ensureReleaseInstalled({ version = DEFAULT_VERSION, gitDir, baseDir = DEFAULT_INSTALL_DIR, log = () => {} } = {}) {
  if (!VERSION_RE.test(version)) throw new Error(`--version must be a release such as 2.17.9, got "${version}"`);
  if (version === DEFAULT_VERSION) {
    await ensureInstalled({ installDir: baseDir, log });
    return baseDir;
  }
  const installDir = releaseInstallDir(version, baseDir);
  const recorded = readJson(join(installDir, '.release.json'));
  if (recorded?.version === version && existsSync(join(serverDirOf(installDir), 'package.json'))) return installDir;
  let info;
  if (registryHas(version)) {
    info = installFromRegistry({ version, installDir, log });
  } else {
    if (!gitDir)
      throw new Error(
        `release ${version} is not on the npm registry (npm view ${SERVER}@${version}): give the server's git repository (--git-dir DIR, a clone of Tiledesk/tiledesk-server with its tags) to run it from its tag`,
      );
    await ensureInstalled({ installDir: baseDir, log }); // the dependency tree it runs on
    log(`release ${version}: not on the npm registry; its tag's sources from ${gitDir} on the ${DEFAULT_VERSION} dependency tree, into ${installDir}`);
    info = installFromGit({ version, gitDir, installDir, baseDir });
  }
  writeFileSync(join(installDir, '.release.json'), `${JSON.stringify({ ...info, installedAt: new Date().toISOString() }, null, 2)}\n`);
  return installDir;
}
