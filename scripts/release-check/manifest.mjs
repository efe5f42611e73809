// The `files` check: what a package's manifest points at is in its tarball, and so is every file its
// code reaches with `new URL('<relative>', import.meta.url)`; and the entries users reach (exports map).
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { bin, run, step } from './common.mjs';

/** Every [conditionPath, target] of an exports value (null targets are kept: they block a condition). */
function targetsOf(value, conditions = []) {
  if (typeof value === 'string' || value === null) return [[conditions, value]];
  if (Array.isArray(value)) return value.flatMap((v) => targetsOf(v, conditions));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => targetsOf(v, [...conditions, k]));
  return [];
}

/** The exports map as { subpath: value } (sugar forms normalised). */
function exportsMap(manifest) {
  const { exports } = manifest;
  if (exports === undefined) return manifest.main ? { '.': manifest.main } : {};
  if (typeof exports === 'string' || Array.isArray(exports)) return { '.': exports };
  if (Object.keys(exports).some((k) => !k.startsWith('.'))) return { '.': exports };
  return exports;
}

/**
 * How users reach a subpath of the exports map.
 * @typedef {{ subpath: string, spec: string, kind: 'code' | 'asset' | 'browser', requireable: boolean, dualCjs: boolean }} Entry
 */

/**
 * How users reach each subpath: code (typed), asset (untyped file) or browser-only code.
 * @returns {Entry[]}
 */
export function entriesOf(manifest) {
  /** @type {Entry[]} */
  const out = [];
  for (const [subpath, value] of Object.entries(exportsMap(manifest))) {
    if (subpath.includes('*') || subpath === './package.json') continue;
    const targets = targetsOf(value);
    const conds = new Set(targets.flatMap(([c]) => c));
    const typed = conds.has('types') || (subpath === '.' && !!(manifest.types ?? manifest.typings));
    const nodeBlocked = targets.some(([c, t]) => t === null && c.includes('node'));
    const browserOnly = conds.has('browser') && nodeBlocked;
    const requireable = conds.has('require') || conds.has('default') || (!conds.has('import') && targets.some(([c]) => c.length === 0));
    out.push({
      subpath,
      spec: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`,
      kind: !typed ? 'asset' : browserOnly ? 'browser' : 'code',
      requireable,
      dualCjs: conds.has('require'),
    });
  }
  return out;
}

/** Does a package-relative path (or `*` pattern) exist in the tarball's file list? */
function inTarball(files, target) {
  const path = posix.normalize(target.replace(/^\.\//, ''));
  if (!path.includes('*')) return files.has(path);
  const [head, tail] = path.split('*');
  return [...files].some((f) => f.startsWith(head) && f.endsWith(tail));
}

/** Every manifest field that points into the package: [field, target]. */
function manifestTargets(manifest) {
  const out = [];
  for (const [subpath, value] of Object.entries(exportsMap(manifest))) {
    for (const [conds, target] of targetsOf(value)) if (target !== null) out.push([`exports["${subpath}"]${conds.map((c) => `.${c}`).join('')}`, target]);
  }
  for (const field of ['main', 'module', 'types', 'typings']) if (typeof manifest[field] === 'string') out.push([field, manifest[field]]);
  if (typeof manifest.browser === 'string') out.push(['browser', manifest.browser]);
  else if (manifest.browser && typeof manifest.browser === 'object') for (const [k, v] of Object.entries(manifest.browser)) if (typeof v === 'string') out.push([`browser["${k}"]`, v]);
  if (typeof manifest.bin === 'string') out.push(['bin', manifest.bin]);
  else for (const [k, v] of Object.entries(manifest.bin ?? {})) out.push([`bin.${k}`, v]);
  return out;
}

/** `new URL('<relative>', import.meta.url)` references in the tarball's code: [file, line, target, optional]. */
function runtimeReferences(dir, files) {
  const out = [];
  const pattern = /new URL\(\s*(['"`])(\.{1,2}\/[^'"`$]*)\1\s*,\s*import\.meta\.url\s*\)/g;
  for (const file of files) {
    if (!/\.(m|c)?js$/.test(file)) continue;
    const lines = readFileSync(join(dir, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const m of line.matchAll(pattern)) {
        const ref = m[2] ?? '';
        const target = posix.normalize(posix.join(posix.dirname(file), ref));
        out.push({ file, line: i + 1, ref, target, optional: line.includes('existsSync(') });
      }
    });
  }
  return out;
}

export function checkFiles(manifest, fileList, extracted, dir) {
  const files = new Set(fileList);
  const problems = [];
  const targets = manifestTargets(manifest);
  for (const [field, target] of targets) {
    if (inTarball(files, target)) continue;
    const built = target.includes('*') || existsSync(join(dir, target));
    problems.push(`${field} → ${target} is not in the tarball${built ? '' : ' (nor in the package directory: not built? `npm run build`)'}`);
  }
  const refs = runtimeReferences(extracted, fileList);
  const optional = [];
  let shipped = 0;
  for (const ref of refs) {
    const where = `${ref.file}:${ref.line} new URL('${ref.ref}', import.meta.url)`;
    const outside = ref.target.startsWith('../');
    if (!outside && files.has(ref.target)) shipped++;
    else if (ref.optional) optional.push(`${where} (guarded by existsSync)`);
    else problems.push(`${where} → ${outside ? 'resolves outside the package (nothing is there once it is installed)' : `${ref.target} is not in the tarball`}`);
  }
  const okTargets = targets.filter(([, t]) => inTarball(files, t)).length;
  return {
    problems,
    detail: `${okTargets}/${targets.length} manifest targets and ${shipped}/${refs.length - optional.length} runtime file references (new URL(…, import.meta.url)) are in the tarball${optional.length ? `; optional fallbacks not shipped: ${optional.join(', ')}` : ''}`,
  };
}

/**
 * `publint run <tarball> --strict` is clean.
 * @param {{ tarball: string }} p
 */
export function publintStep(p) {
  return step('publint', async () => {
    const { stdout } = await run(process.execPath, [bin('publint', 'src/cli.js'), 'run', p.tarball, '--strict'], { encoding: 'utf8' });
    const problems = /All good!/.test(stdout) ? [] : [stdout.trim()];
    return { problems, detail: '--strict: all good' };
  });
}
