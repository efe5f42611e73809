// The scratch project: the tarballs installed as a user would, and what installing them brings.
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { installed } from './cache.mjs';
import { readJson, step } from './common.mjs';

/**
 * Installs every tarball into `project` (a new directory) as a user would, internal dependencies
 * pinned to the tarballs, with the peer dependencies users need and the tools the checks use.
 * @param {any[]} packages
 * @param {string} project
 * @param {{ rootManifest: any }} options
 */
export function installStep(packages, project, { rootManifest }) {
  return step('install', async () => {
    /** @type {Record<string, string>} */
    const deps = Object.fromEntries(packages.map((p) => [p.manifest.name, `file:${p.tarball}`]));
    // The same tools whichever checks run (types needs @types/node, readme typescript too), so that
    // every run on the same tarballs shares one install.
    for (const tool of ['@types/node', 'typescript']) if (rootManifest.devDependencies?.[tool]) deps[tool] = rootManifest.devDependencies[tool];
    // Peer dependencies users need, at the version the package is developed against: the required
    // ones, and the optional ones its type declarations import (an optional peer needed only at run
    // time, such as Prism for the mocks' `supportkb-prism`, is left out, as users get the package).
    for (const p of packages) for (const name of neededPeers(p)) deps[name] ??= p.manifest.devDependencies?.[name] ?? rootManifest.devDependencies?.[name] ?? p.manifest.peerDependencies[name];
    const overrides = Object.fromEntries(packages.map((p) => [p.manifest.name, `file:${p.tarball}`]));
    // Installed once per manifest, then copied here (cache.mjs).
    await installed({ name: 'supportkb-release-check', private: true, dependencies: deps, overrides }, project);
    // Every copy of our packages in the tree must be one of the tarballs, never a registry download.
    const lock = readJson(join(project, 'package-lock.json'));
    for (const p of packages) {
      for (const [key, entry] of Object.entries(lock.packages ?? {})) {
        if (key.endsWith(`node_modules/${p.manifest.name}`) && !String(entry.resolved ?? '').startsWith('file:'))
          throw new Error(`${key} was installed from ${entry.resolved ?? 'somewhere else'}, not from the tarball`);
      }
    }
    const footprint = installFootprint(packages, project, lock);
    return { problems: footprint.problems, detail: `${readdirSync(join(project, 'node_modules')).length} top-level modules; ${footprint.detail}` };
  });
}

/** The peer dependencies a user of `p` has: the required ones, and the optional ones its type declarations import. */
function neededPeers(p) {
  const peers = Object.keys(p.manifest.peerDependencies ?? {});
  const declarations = p.packed.files
    .map((f) => f.path)
    .filter((f) => /\.d\.[mc]?ts$/.test(f))
    .map((f) => readFileSync(join(p.extracted, f), 'utf8'));
  const imported = (name) => declarations.some((text) => text.includes(`'${name}'`) || text.includes(`"${name}"`) || text.includes(`'${name}/`) || text.includes(`"${name}/`));
  return peers.filter((name) => !p.manifest.peerDependenciesMeta?.[name]?.optional || imported(name));
}

/** Bytes of the files of an installed package's directory, its own node_modules excluded. */
function packageBytes(dir) {
  let bytes = 0;
  const walk = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(join(path, entry.name));
      } else if (entry.isFile()) bytes += lstatSync(join(path, entry.name)).size;
    }
  };
  walk(dir);
  return bytes;
}

/**
 * What installing each package brings, read from the scratch project's lockfile: its dependency closure
 * (dependencies, optional dependencies and required peers, resolved as Node resolves them), the packages'
 * size on disk, and the packages with an install script (a problem: npm warns every user about them).
 */
function installFootprint(packages, project, lock) {
  const entries = lock.packages ?? {};
  /** The lockfile key that `name` resolves to from the package at `from` (a lockfile key). */
  const resolveFrom = (from, name) => {
    for (let at = from; ;) {
      const key = `${at ? `${at}/` : ''}node_modules/${name}`;
      if (entries[key]) return key;
      if (!at) return undefined;
      const cut = at.lastIndexOf('node_modules/');
      at = cut <= 0 ? '' : at.slice(0, cut - 1);
    }
  };
  const closureOf = (names) => {
    const seen = new Set();
    const queue = names.map((name) => resolveFrom('', name)).filter(Boolean);
    while (queue.length) {
      const key = queue.pop();
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = entries[key];
      const requiredPeers = Object.keys(entry.peerDependencies ?? {}).filter((name) => !entry.peerDependenciesMeta?.[name]?.optional);
      for (const name of [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...requiredPeers]) {
        const dep = resolveFrom(key, name);
        if (dep && !seen.has(dep)) queue.push(dep);
      }
    }
    return seen;
  };
  const sizes = new Map();
  const sizeOf = (key) => sizes.get(key) ?? sizes.set(key, packageBytes(join(project, key))).get(key);
  const describe = (keys) => `${keys.size} packages, ${([...keys].reduce((sum, key) => sum + sizeOf(key), 0) / 1e6).toFixed(1)} MB`;
  const names = packages.map((p) => p.manifest.name);
  const all = closureOf(names);
  const scripts = [...all].filter((key) => entries[key].hasInstallScript);
  const parts = packages.map((p) => `${p.manifest.name} ${describe(closureOf([p.manifest.name]))}`);
  if (packages.length > 1) parts.push(`together ${describe(all)}`);
  return {
    problems: scripts.map(
      (key) => `${key.replace(/^.*node_modules\//, '')}@${entries[key].version} has an install script: npm warns every user who installs ${names.join(' or ')} about it (some are telemetry)`,
    ),
    detail: `installing brings ${parts.join('; ')}; ${scripts.length ? `${scripts.length} with an install script` : 'none with an install script'}`,
  };
}
