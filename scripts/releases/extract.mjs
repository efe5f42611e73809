#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 25 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// `node scripts/releases/extract.mjs --git-dir DIR [--from 2.10.0] [--to 2.19.16] [--out FILE]`
//
// Walks every release tag (X.Y.Z or vX.Y.Z, no pre-releases) of the server's git repository
// (Tiledesk/tiledesk-server) from --from to --to in semver order and extracts, per release:
//  - the route behind each of the contract's operations (method + path, the router file and line,
//    the app.use() mount), read from app.js and pubmodules/pubModulesManager.js (routes.mjs);
//  - the Mongoose fields of the models behind those operations, by evaluating each model file in a
//    node:vm context with a recording mongoose stand-in (model-eval.mjs); a file that cannot be
//    evaluated is recorded with the reason.
// and writes them deduplicated as ranges (README.md in this folder): per operation and per field the
// first release that has it (`since`) and the last (`until`, omitted while it is in --to), and per
// field the ranges over which its declaration (type, default, required, enum, index) stayed the same.
// The git directory is reading material: the output (data/releases.json) is committed; nothing reads
// the git directory at test or run time.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { evaluateModels } from './model-eval.mjs';
import { expressMatches, releaseRoutes, samePath } from './routes.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
export const DEFAULT_OUT = join(HERE, 'data', 'releases.json');

/** The model files described, by the contract's resources (the operations' answers and bodies). */
export const MODEL_FILES = [
  'models/lead.js',
  'models/project_user.js',
  'models/user.js',
  'models/group.js',
  'models/tag.js',
  'models/tagLibrary.js',
  'models/segment.js',
  'models/message.js',
  'models/request.js',
  'models/kb_setting.js',
  'models/label.js',
  'models/subscription.js',
  'models/department.js',
  'models/analytics.js',
  'models/analyticResult.js',
  'models/analyticMessagesResult.js',
];

const SEMVER = /^v?(\d+)\.(\d+)\.(\d+)$/;
const parse = (v) => SEMVER.exec(v).slice(1, 4).map(Number);
/**
 * Semver order of two versions (`2.10.0`, or tags `v2.10.0`): negative when `a` comes first.
 * @param {string} a
 * @param {string} b
 * @returns {number}
 */
export const compareVersions = (a, b) => {
  const [x, y] = [parse(a), parse(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

function git(gitDir, args, input) {
  return execFileSync('git', [`--git-dir=${gitDir}`, ...args], { input, maxBuffer: 1 << 30, ...(input === undefined ? { encoding: 'utf8' } : {}) });
}

/**
 * The release tags between from and to (inclusive), semver order.
 * @param {string} gitDir a clone's git directory
 * @param {string} from
 * @param {string} to
 * @returns {{ version: string, tag: string }[]}
 */
export function releaseTags(gitDir, from, to) {
  const byVersion = new Map();
  for (const tag of git(gitDir, ['tag'])
    .split('\n')
    .filter((t) => SEMVER.test(t))) {
    const version = tag.replace(/^v/, '');
    if (!byVersion.has(version) || !tag.startsWith('v')) byVersion.set(version, tag);
  }
  return [...byVersion.entries()]
    .filter(([v]) => compareVersions(v, from) >= 0 && compareVersions(v, to) <= 0)
    .sort(([a], [b]) => compareVersions(a, b))
    .map(([version, tag]) => ({ version, tag }));
}

/** Reads blobs in one `git cat-file --batch` call: Map id → text. */
function readBlobs(gitDir, ids) {
  const out = new Map();
  if (!ids.length) return out;
  const buf = git(gitDir, ['cat-file', '--batch'], `${ids.join('\n')}\n`);
  let pos = 0;
  while (pos < buf.length) {
    const nl = buf.indexOf(10, pos);
    const [id, , size] = buf.subarray(pos, nl).toString().split(' ');
    const start = nl + 1;
    const end = start + Number(size);
    out.set(id, buf.subarray(start, end).toString('utf8'));
    pos = end + 1;
  }
  return out;
}

/**
 * The contract's operations (`method` upper case).
 * @param {string} [root] the repository (default this one)
 * @returns {{ operationId: string, method: string, path: string }[]}
 */
export function contractOperations(root = ROOT) {
  const doc = YAML.parse(readFileSync(join(root, 'openapi/openapi.yaml'), 'utf8'));
  const ops = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const file = join(root, 'openapi', item.$ref);
    const def = YAML.parse(readFileSync(file, 'utf8'));
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      if (def[method]) ops.push({ operationId: def[method].operationId, method: method.toUpperCase(), path });
    }
  }
  return ops;
}

/** Turns a per-release series of values (undefined = absent) into ranges of equal values. */
function ranges(releases, valueAt) {
  const out = [];
  let current;
  releases.forEach((version, i) => {
    const value = valueAt(i);
    const key = value === undefined ? undefined : JSON.stringify(value);
    if (current && key === current.key) {
      current.until = version;
      return;
    }
    if (current) out.push(current);
    current = key === undefined ? undefined : { key, since: version, until: version, value };
  });
  if (current) out.push(current);
  const last = releases[releases.length - 1];
  return out.map(({ since, until, value }) => ({ since, ...(until === last ? {} : { until }), ...value }));
}

/** since / until of presence, and the gaps (releases in between that lack it), from ranges. */
function presence(rangeList, releases) {
  if (!rangeList.length) return {};
  const last = releases[releases.length - 1];
  const since = rangeList[0].since;
  const until = rangeList[rangeList.length - 1].until;
  const gaps = [];
  for (let i = 1; i < rangeList.length; i++) {
    const prevEnd = releases.indexOf(rangeList[i - 1].until ?? last);
    const nextStart = releases.indexOf(rangeList[i].since);
    if (nextStart > prevEnd + 1) gaps.push({ since: releases[prevEnd + 1], until: releases[nextStart - 1] });
  }
  return { since, ...(until ? { until } : {}), ...(gaps.length ? { absentIn: gaps } : {}) };
}

/**
 * Reads every release tag of a tiledesk-server clone between `from` and `to` (inclusive) and
 * describes them: releases.json's content.
 * @param {{ gitDir: string, from?: string, to?: string, log?: (line: string) => void }} options
 */
export function extract({ gitDir, from = '2.10.0', to = '2.19.16', log = () => {} }) {
  const tags = releaseTags(gitDir, from, to);
  const releases = tags.map((t) => t.version);
  log(`${releases.length} releases from ${releases[0]} to ${releases[releases.length - 1]}`);
  // 1. the trees: path → blob id, for the files read
  const trees = tags.map(({ tag }) => {
    const listing = git(gitDir, ['ls-tree', '-r', tag, '--', 'app.js', 'routes', 'models', 'pubmodules']);
    const files = new Map();
    for (const line of listing.split('\n')) {
      const m = /^\d+ blob ([0-9a-f]+)\t(.+)$/.exec(line);
      if (m && m[2].endsWith('.js')) files.set(m[2], m[1]);
    }
    return files;
  });
  const needed = new Set();
  for (const files of trees)
    for (const [path, id] of files)
      if ((!path.includes('/test/') && !path.startsWith('pubmodules/')) || /^pubmodules\/[^/]+\/[^/]+\.js$|^pubmodules\/pubModulesManager\.js$/.test(path)) needed.add(id);
  const blobs = readBlobs(gitDir, [...needed]);
  log(`${blobs.size} distinct files read`);
  const reader = (files) => ({
    read: (path) => (files.has(path) ? blobs.get(files.get(path)) : undefined),
    exists: (path) => files.has(path),
  });

  // 2. routes per release, memoised on the blobs of the files they come from
  const ops = contractOperations();
  const opRoutes = ops.map(() => []);
  const routeCache = new Map();
  trees.forEach((files, r) => {
    const { read, exists } = reader(files);
    const key = [...files]
      .filter(([p]) => p === 'app.js' || p.startsWith('routes/') || p.startsWith('pubmodules/'))
      .map(([, id]) => id)
      .join();
    let routes = routeCache.get(key);
    if (!routes) routeCache.set(key, (routes = releaseRoutes(read, exists)));
    ops.forEach((op, i) => {
      const candidates = routes.filter((rt) => (rt.method === op.method || rt.method === 'ALL') && samePath(rt.path, op.path));
      if (!candidates.length) return;
      const route = candidates[0];
      // what Express dispatches a concrete request to first (a parameter route registered earlier
      // in the same router shadows a literal one)
      const concrete = op.path.replace(/\{[^}]+\}/g, '\u0000');
      const first = routes.find((rt) => (rt.method === op.method || rt.method === 'ALL') && expressMatches(rt.path, concrete));
      opRoutes[i][r] = {
        route: `${route.method} ${route.path}`,
        file: route.file,
        mount: `${route.mount.file}: app.use('${route.mount.prefix}')`,
        ...(first && first !== route ? { shadowedBy: `${first.method} ${first.path} (${first.file})` } : {}),
        line: route.line,
      };
    });
  });
  const operations = {};
  ops.forEach((op, i) => {
    const series = (r) => {
      const v = opRoutes[i][r];
      if (!v) return undefined;
      const { line, ...rest } = v; // lines move with every edit: kept for the newest release only
      return rest;
    };
    const rangeList = ranges(releases, series);
    const lastPresent = [...releases.keys()].reverse().find((r) => opRoutes[i][r]);
    operations[op.operationId] = {
      method: op.method,
      path: op.path,
      ...presence(rangeList, releases),
      ...(lastPresent !== undefined ? { line: { release: releases[lastPresent], file: opRoutes[i][lastPresent].file, line: opRoutes[i][lastPresent].line } } : {}),
      ranges: rangeList,
    };
  });

  // 3. model fields per release, memoised on the blobs of models/
  const modelCache = new Map();
  const perRelease = trees.map((files) => {
    const key = [...files]
      .filter(([p]) => p.startsWith('models/'))
      .map(([p, id]) => `${p}:${id}`)
      .join();
    if (!modelCache.has(key)) {
      const { read } = reader(files);
      modelCache.set(key, evaluateModels(MODEL_FILES, read));
    }
    return modelCache.get(key);
  });
  log(`${modelCache.size} distinct models/ trees evaluated`);
  const models = {};
  const modelNames = new Map(); // name → file
  for (const result of perRelease) for (const [file, { models: m }] of Object.entries(result)) for (const name of Object.keys(m)) modelNames.set(name, file);
  for (const [name, file] of [...modelNames].sort(([a], [b]) => a.localeCompare(b))) {
    const fieldNames = new Set();
    for (const result of perRelease) for (const f of Object.keys(result[file]?.models?.[name]?.fields ?? {})) fieldNames.add(f);
    const fields = {};
    for (const field of [...fieldNames].sort()) {
      const rangeList = ranges(releases, (r) => perRelease[r][file]?.models?.[name]?.fields?.[field]);
      fields[field] = { ...presence(rangeList, releases), ranges: rangeList };
    }
    const modelRanges = ranges(releases, (r) => (perRelease[r][file]?.models?.[name] ? { file } : undefined));
    models[name] = { file, ...presence(modelRanges, releases), ranges: modelRanges.map(({ since, until }) => ({ since, ...(until ? { until } : {}) })), fields };
  }
  const evaluation = {};
  for (const file of MODEL_FILES) {
    const rangeList = ranges(releases, (r) => {
      const res = perRelease[r][file];
      if (!res) return { status: 'absent' };
      return res.error ? { status: 'failed', reason: res.error } : { status: 'evaluated' };
    });
    evaluation[file] = rangeList;
  }
  return {
    about:
      'Per release of @tiledesk/tiledesk-server (git tags, semver order): the route of each contract operation and the Mongoose fields of the models behind them. `since`/`until`: first/last release that has it (inclusive; no `until` = still in the newest). Generated by scripts/releases/extract.mjs; do not edit.',
    source: { repository: 'Tiledesk/tiledesk-server', from: releases[0], to: releases[releases.length - 1], count: releases.length },
    releases,
    operations,
    models,
    evaluation,
  };
}

function main(argv) {
  const args = { from: '2.10.0', to: '2.19.16', out: DEFAULT_OUT };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i].replace(/^--/, '');
    if (!['git-dir', 'from', 'to', 'out'].includes(key) || argv[i + 1] === undefined) throw new Error(`usage: extract.mjs --git-dir DIR [--from V] [--to V] [--out FILE] (bad argument ${argv[i]})`);
    args[key] = argv[++i];
  }
  if (!args['git-dir']) throw new Error('usage: extract.mjs --git-dir DIR [--from V] [--to V] [--out FILE]');
  const data = extract({ gitDir: args['git-dir'], from: args.from, to: args.to, log: (l) => console.error(l) });
  mkdirSync(dirname(resolve(args.out)), { recursive: true });
  writeFileSync(args.out, `${JSON.stringify(data, null, 1)}\n`);
  const missing = Object.entries(data.operations)
    .filter(([, o]) => !o.since)
    .map(([id]) => id);
  console.error(
    `wrote ${relative(process.cwd(), resolve(args.out))}: ${Object.keys(data.operations).length} operations (${missing.length} never found${missing.length ? `: ${missing.join(', ')}` : ''}), ${Object.keys(data.models).length} models`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`extract: ${error.message}`);
    process.exit(1);
  }
}
