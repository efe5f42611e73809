// Tarballs and scratch installs, made once per build and shared by every run that needs the same:
// `npm run release:check`, and the tests that check the packages as users get them (they run it, or
// pack and install themselves, often at the same time in parallel vitest workers).
//
// - packed(dir): `npm pack` of a package directory, cached in build/release-check/tarballs/ under a hash
//   of the package's files (node_modules excluded), so a rebuild packs again and nothing else does.
// - installed(manifest, at): a project whose package.json is `manifest`, `npm install`ed once per
//   distinct manifest into a directory of the OS temp dir (outside the repo, so Node and tsc cannot
//   fall back on the repo's node_modules), then copied to `at` for each run with hard links (the
//   runs write their own files into the project; nothing writes into node_modules).
// Each entry is made under a lock (a directory made atomically): a second process asking for the same
// entry waits for the first instead of packing or installing again. A lock whose process is gone is
// taken over. Entries not used for a day are removed.
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { root } from './common.mjs';

const exec = promisify(execFile);
const DAY = 24 * 60 * 60 * 1000;
/** Where the tarballs are kept (inside the repo's git-ignored build/). */
const TARBALLS = join(root, 'build/release-check/tarballs');
/** Where the installs are kept: outside the repo, beside the runs' scratch projects (same depth, so the lockfile's relative `file:` paths hold in a copy). */
const INSTALLS = join(tmpdir(), 'supportkb-release-installs');

/** @param {string | Buffer} data */
const sha = (data) => createHash('sha256').update(data).digest('hex').slice(0, 16);
const sleep = (/** @type {number} */ ms) => new Promise((done) => setTimeout(done, ms));

/**
 * A hash of every file under `dir` (paths and contents; node_modules excluded).
 * @param {string} dir
 */
function hashTree(dir) {
  const hash = createHash('sha256');
  const walk = (/** @type {string} */ at, /** @type {string} */ rel) => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name === 'node_modules') continue;
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path, `${rel}${entry.name}/`);
      else if (entry.isFile())
        hash
          .update(`${rel}${entry.name}\0${statSync(path).mode & 0o111}\0`)
          .update(readFileSync(path))
          .update('\0');
      else if (entry.isSymbolicLink()) hash.update(`${rel}${entry.name}\0-> ${readlinkSync(path)}\0`);
    }
  };
  walk(dir, '');
  return hash.digest('hex').slice(0, 16);
}

/** Whether a process with this id runs. */
function alive(/** @type {number} */ pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Makes `entry` (a directory) once: when it exists, returns at once; else the first process to take
 * `${entry}.lock` runs `make(tmp)`, which fills a temporary directory then renamed to `entry`; the
 * others wait for it. A failed `make` throws in its process; a waiter then tries itself.
 * @param {string} entry
 * @param {(tmp: string) => Promise<void>} make
 * @param {number} [timeout] ms a waiter waits at most
 */
async function once(entry, make, timeout = 600_000) {
  const lock = `${entry}.lock`;
  const started = Date.now();
  for (;;) {
    if (existsSync(join(entry, '.done'))) {
      const now = new Date();
      utimesSync(entry, now, now); // used: kept another day
      return;
    }
    let taken = false;
    try {
      mkdirSync(lock);
      taken = true;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    if (!taken) {
      let owner = NaN;
      try {
        owner = Number(readFileSync(join(lock, 'pid'), 'utf8')) || NaN;
      } catch {}
      // A lock without a pid is being taken (give it a moment) or was left by a crash.
      const stale = Number.isFinite(owner) ? !alive(owner) : Date.now() - (lstatSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 10_000;
      if (stale) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() - started > timeout) throw new Error(`waited ${timeout / 1000} s for ${lock} (process ${owner})`);
      else await sleep(250);
      continue;
    }
    try {
      writeFileSync(join(lock, 'pid'), String(process.pid));
      if (existsSync(join(entry, '.done'))) continue;
      rmSync(entry, { recursive: true, force: true });
      const tmp = `${entry}.tmp-${process.pid}`;
      rmSync(tmp, { recursive: true, force: true });
      mkdirSync(tmp, { recursive: true });
      try {
        await make(tmp);
        writeFileSync(join(tmp, '.done'), '');
        renameSync(tmp, entry);
      } catch (error) {
        rmSync(tmp, { recursive: true, force: true });
        throw error;
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** Removes the entries of `dir` (and their leftovers) not used for a day, except `keep`. */
function prune(/** @type {string} */ dir, /** @type {string} */ keep) {
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const path = join(dir, name);
    if (name === keep || name.endsWith('.lock')) continue;
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > DAY) rmSync(path, { recursive: true, force: true });
  }
}

/**
 * `npm pack` of the package in `dir`, made once per content of the directory.
 * @param {string} dir
 * @returns {Promise<{ tarball: string, packed: { filename: string, size: number, unpackedSize: number, entryCount: number, files: { path: string }[] } }>}
 */
export async function packed(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const key = `${String(manifest.name).replace(/^@/, '').replace('/', '-')}-${hashTree(dir)}`;
  const entry = join(TARBALLS, key);
  mkdirSync(TARBALLS, { recursive: true });
  await once(entry, async (tmp) => {
    const { stdout } = await exec('npm', ['pack', '--json', '--pack-destination', tmp], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    writeFileSync(join(tmp, 'pack.json'), JSON.stringify(JSON.parse(stdout.slice(stdout.indexOf('[')))[0]));
  });
  prune(TARBALLS, key);
  const pack = JSON.parse(readFileSync(join(entry, 'pack.json'), 'utf8'));
  return { tarball: join(entry, pack.filename), packed: pack };
}

/** Copies a directory tree with hard links for files (symbolic links copied as links). */
function linkTree(/** @type {string} */ from, /** @type {string} */ to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else linkSync(source, target);
  }
}

/**
 * A project at `at` (a new directory) whose package.json is `manifest`, with its dependencies installed
 * (`npm install --ignore-scripts`, preferring the npm cache), installed once per distinct manifest.
 * @param {Record<string, any>} manifest
 * @param {string} at
 */
export async function installed(manifest, at) {
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  const key = sha(text);
  const entry = join(INSTALLS, key);
  mkdirSync(INSTALLS, { recursive: true });
  await once(entry, async (tmp) => {
    writeFileSync(join(tmp, 'package.json'), text);
    await exec('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--loglevel=error'], { cwd: tmp, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  });
  prune(INSTALLS, key);
  mkdirSync(at, { recursive: true });
  for (const name of readdirSync(entry)) {
    if (name === '.done') continue;
    if (lstatSync(join(entry, name)).isDirectory()) linkTree(join(entry, name), join(at, name));
    else writeFileSync(join(at, name), readFileSync(join(entry, name)));
  }
}
