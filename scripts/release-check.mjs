#!/usr/bin/env node
// Release check (`npm run release:check`): checks the packages as users get them, from their tarballs.
//
// For every public workspace package (or each `--package <dir>`):
//   files    `npm pack` it into a scratch dir OUTSIDE the repo (os.tmpdir()); every path that
//            `exports` (all conditions), `main`, `module`, `types`/`typings`, `browser` and `bin` point
//            at is in the tarball, and every `new URL('<relative>', import.meta.url)` in its code
//            points at a file inside the tarball (a reference on a line that tests `existsSync(` is an
//            optional fallback and is only listed).
//   publint  `publint run <tarball> --strict` is clean.
//   types    `attw <tarball>` (profile node16 for dual packages, esm-only for ESM-only ones; untyped
//            asset entries excluded) finds no problem; then, in a scratch project where the tarballs
//            are installed (registry dependencies allowed), `tsc` (module nodenext) compiles an ESM
//            consumer of every typed entry and a CJS consumer of every `require` entry.
//   entries  in that project, Node imports (ESM) and requires (CJS; require(esm) for ESM-only
//            packages, whose `default` condition promises both) every code entry of the exports map,
//            each exports something, and a dual package's ESM and CJS builds export the same names;
//            asset entries (no types) resolve to a file; browser-only entries (a `browser` condition
//            with `node: null`) are bundled for the browser instead;
//            every bin is linked, starts with `#!/usr/bin/env node` and parses.
// Bundle-size budgets are not checked here: size-limit checks them once, in `npm test`
// (`npm run size -w @supportkb/sdk`, the budgets in packages/sdk/package.json).
// Options: --package <dir> (repeatable), --only <files,publint,types,entries>, --keep (keep the
// scratch dir and print it). Needs the built packages (`npm run build`).
// Output: a report per package (tarball sizes, each check with its time). Exit 1 when a check fails
// (each failure listed), 2 on bad arguments or when packing or installing fails.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);
const CHECKS = ['files', 'publint', 'types', 'entries'];
const bin = (pkg, file) => join(root, 'node_modules', pkg, file);

let opts;
try {
  opts = parseArgs({ options: { package: { type: 'string', multiple: true }, only: { type: 'string' }, keep: { type: 'boolean', default: false } } }).values;
} catch (error) {
  console.error(`release-check: ${error.message}`);
  process.exit(2);
}
const only = new Set((opts.only ?? CHECKS.join(',')).split(',').map((s) => s.trim()).filter(Boolean));
for (const check of only) if (!CHECKS.includes(check)) (console.error(`release-check: unknown check "${check}" (${CHECKS.join(', ')})`), process.exit(2));

// ---------------------------------------------------------------------------------------------------
// Helpers

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const kib = (n) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MiB` : `${(n / 1024).toFixed(1)} KiB`);

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

/** How users reach each subpath: code (typed), asset (untyped file) or browser-only code. */
function entriesOf(manifest) {
  const out = [];
  for (const [subpath, value] of Object.entries(exportsMap(manifest))) {
    if (subpath.includes('*') || subpath === './package.json') continue;
    const targets = targetsOf(value);
    const conds = new Set(targets.flatMap(([c]) => c));
    const typed = conds.has('types') || (subpath === '.' && !!(manifest.types ?? manifest.typings));
    const nodeBlocked = targets.some(([c, t]) => t === null && c.includes('node'));
    const browserOnly = conds.has('browser') && nodeBlocked;
    const requireable = conds.has('require') || conds.has('default') || (!conds.has('import') && targets.some(([c]) => c.length === 0));
    out.push({ subpath, spec: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`, kind: !typed ? 'asset' : browserOnly ? 'browser' : 'code', requireable, dualCjs: conds.has('require') });
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
        const target = posix.normalize(posix.join(posix.dirname(file), m[2]));
        out.push({ file, line: i + 1, ref: m[2], target, optional: line.includes('existsSync(') });
      }
    });
  }
  return out;
}

function checkFiles(manifest, fileList, extracted, dir) {
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

async function step(name, fn) {
  const started = Date.now();
  try {
    const { problems = [], detail = '' } = (await fn()) ?? {};
    return { name, ok: problems.length === 0, problems, detail, ms: Date.now() - started };
  } catch (error) {
    const text = [error.stdout, error.stderr].filter(Boolean).join('\n').trim() || error.message;
    return { name, ok: false, problems: [text], detail: '', ms: Date.now() - started };
  }
}

// ---------------------------------------------------------------------------------------------------
// Packages

const rootManifest = readJson(join(root, 'package.json'));
const packageDirs = opts.package?.length
  ? opts.package.map((p) => resolve(p))
  : rootManifest.workspaces.map((w) => join(root, w)).filter((d) => existsSync(join(d, 'package.json')) && !readJson(join(d, 'package.json')).private);

const scratch = mkdtempSync(join(tmpdir(), 'supportkb-release-check-'));
const tarballDir = join(scratch, 'tarballs');
mkdirSync(tarballDir);
const startedAll = Date.now();
const packages = [];
/** Steps on the scratch project as a whole (install, tsc over every package). */
const projectSteps = [];
let exitCode = 0;

try {
  for (const dir of packageDirs) {
    const manifest = readJson(join(dir, 'package.json'));
    let packed;
    try {
      const out = execFileSync('npm', ['pack', '--json', '--pack-destination', tarballDir], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      packed = JSON.parse(out.slice(out.indexOf('[')))[0];
    } catch (error) {
      console.error(`release-check: npm pack failed in ${relative(root, dir) || dir}:\n${error.stderr ?? error.message}`);
      exitCode = 2;
      throw error;
    }
    const tarball = join(tarballDir, packed.filename);
    const extracted = join(scratch, 'extracted', packed.filename.replace(/\.tgz$/, ''));
    mkdirSync(extracted, { recursive: true });
    execFileSync('tar', ['-xzf', tarball, '-C', extracted, '--strip-components=1']);
    packages.push({ dir, manifest, packed, tarball, extracted, entries: entriesOf(manifest), steps: [] });
  }

  // files and publint work on the tarballs alone; types (attw) too.
  const tarballSteps = packages.map(async (p) => {
    if (only.has('files')) p.steps.push(await step('files', () => checkFiles(p.manifest, p.packed.files.map((f) => f.path), p.extracted, p.dir)));
    const work = [];
    if (only.has('publint')) {
      work.push(
        step('publint', async () => {
          const { stdout } = await run(process.execPath, [bin('publint', 'src/cli.js'), 'run', p.tarball, '--strict'], { encoding: 'utf8' });
          const problems = /All good!/.test(stdout) ? [] : [stdout.trim()];
          return { problems, detail: '--strict: all good' };
        }),
      );
    }
    if (only.has('types')) {
      work.push(
        step('types (attw)', async () => {
          const dual = p.entries.some((e) => e.dualCjs);
          const profile = dual ? 'node16' : 'esm-only';
          const assets = p.entries.filter((e) => e.kind === 'asset').map((e) => e.subpath);
          const args = [bin('@arethetypeswrong/cli', 'dist/index.js'), p.tarball, '--profile', profile, '--no-definitely-typed', '--format', 'ascii', '--no-color', '--no-emoji'];
          if (assets.length) args.push('--exclude-entrypoints', ...assets);
          try {
            await run(process.execPath, args, { encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
          } catch (error) {
            return { problems: [`attw --profile ${profile}:\n${error.stdout}${error.stderr}`] };
          }
          return { detail: `attw --profile ${profile}: no problems${assets.length ? ` (asset entries not typed: ${assets.join(', ')})` : ''}` };
        }),
      );
    }
    p.steps.push(...(await Promise.all(work)));
  });

  // The scratch project: the tarballs installed as a user would, internal dependencies pinned to them.
  const needsProject = ['types', 'entries'].some((c) => only.has(c));
  const project = join(scratch, 'project');
  const install = needsProject
    ? step('install', async () => {
        mkdirSync(project);
        const deps = Object.fromEntries(packages.map((p) => [p.manifest.name, `file:${p.tarball}`]));
        if (only.has('types') && rootManifest.devDependencies?.['@types/node']) deps['@types/node'] = rootManifest.devDependencies['@types/node'];
        // Peer dependencies (optional ones too: a user of the entries that need them installs them), at
        // the version the package is developed against.
        for (const p of packages) for (const [name, range] of Object.entries(p.manifest.peerDependencies ?? {})) deps[name] ??= p.manifest.devDependencies?.[name] ?? range;
        const overrides = Object.fromEntries(packages.map((p) => [p.manifest.name, `file:${p.tarball}`]));
        writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'supportkb-release-check', private: true, dependencies: deps, overrides }, null, 2)}\n`);
        await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--loglevel=error'], { cwd: project, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
        // Every copy of our packages in the tree must be one of the tarballs, never a registry download.
        const lock = readJson(join(project, 'package-lock.json'));
        for (const p of packages) {
          for (const [key, entry] of Object.entries(lock.packages ?? {})) {
            if (key.endsWith(`node_modules/${p.manifest.name}`) && !String(entry.resolved ?? '').startsWith('file:')) throw new Error(`${key} was installed from ${entry.resolved ?? 'somewhere else'}, not from the tarball`);
          }
        }
        return { detail: `${readdirSync(join(project, 'node_modules')).length} top-level modules` };
      })
    : Promise.resolve(undefined);

  const [installResult] = await Promise.all([install, Promise.all(tarballSteps)]);
  if (installResult) projectSteps.push(installResult);
  if (installResult && !installResult.ok) {
    console.error(`release-check: installing the tarballs failed:\n${installResult.problems.join('\n')}`);
    exitCode = 2;
    throw new Error('install failed');
  }

  if (needsProject) {
    const work = [];
    if (only.has('entries')) work.push(...packages.map((p) => entriesStep(p, project).then((r) => p.steps.push(r))));
    if (only.has('types')) work.push(tscStep(project).then((r) => projectSteps.push(r)));
    await Promise.all(work);
  }
} catch (error) {
  if (!exitCode) {
    console.error(`release-check: ${error.stack ?? error}`);
    exitCode = 2;
  }
} finally {
  report();
  if (opts.keep) console.log(`release-check: scratch kept at ${scratch}`);
  else rmSync(scratch, { recursive: true, force: true });
}
process.exit(exitCode);

// ---------------------------------------------------------------------------------------------------
// Checks in the scratch project

async function nodeIn(project, args, timeout = 30_000) {
  const { stdout } = await run(process.execPath, args, { cwd: project, encoding: 'utf8', timeout, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

async function entriesStep(p, project) {
  return step('entries', async () => {
    const problems = [];
    const details = [];
    const code = p.entries.filter((e) => e.kind === 'code');
    const specs = JSON.stringify(code.map((e) => e.spec));
    const probe = (load) => `
      const results = {};
      for (const spec of ${specs}) {
        try { const m = ${load}; results[spec] = { ok: true, names: Object.keys(m).filter((k) => k !== 'default' && k !== '__esModule' && k !== 'module.exports').sort() }; }
        catch (e) { results[spec] = { ok: false, error: String(e.code ?? '') + ' ' + String(e.message).split('\\n')[0] }; }
      }
      process.stdout.write(JSON.stringify(results));`;
    writeFileSync(join(project, `probe-${p.packed.filename}.mjs`), probe('await import(spec)'));
    writeFileSync(join(project, `probe-${p.packed.filename}.cjs`), probe('require(spec)'));
    const [esm, cjs] = await Promise.all([
      nodeIn(project, [`probe-${p.packed.filename}.mjs`]).then(JSON.parse),
      nodeIn(project, [`probe-${p.packed.filename}.cjs`]).then(JSON.parse),
    ]);
    for (const e of code) {
      const i = esm[e.spec];
      const r = cjs[e.spec];
      if (!i.ok) problems.push(`import('${e.spec}') failed: ${i.error}`);
      else if (i.names.length === 0) problems.push(`import('${e.spec}') exports nothing`);
      if (e.requireable) {
        if (!r.ok) problems.push(`require('${e.spec}') failed: ${r.error}`);
        else if (e.dualCjs && i.ok && JSON.stringify(i.names) !== JSON.stringify(r.names)) {
          const onlyEsm = i.names.filter((n) => !r.names.includes(n));
          const onlyCjs = r.names.filter((n) => !i.names.includes(n));
          problems.push(`'${e.spec}': the ESM and CJS builds export different names (ESM only: ${onlyEsm.join(', ') || '-'}; CJS only: ${onlyCjs.join(', ') || '-'})`);
        }
      }
      details.push(`${e.subpath} import${e.requireable ? ` + ${e.dualCjs ? 'require' : 'require(esm)'}` : ''} (${i.ok ? i.names.length : 0} exports)`);
    }
    // Asset entries resolve to a shipped file.
    const assets = p.entries.filter((e) => e.kind === 'asset');
    if (assets.length) {
      const resolved = JSON.parse(await nodeIn(project, ['--input-type=module', '-e', `process.stdout.write(JSON.stringify(${JSON.stringify(assets.map((a) => a.spec))}.map((s) => { try { return import.meta.resolve(s); } catch (e) { return 'error: ' + e.message; } })))`]));
      assets.forEach((a, i) => {
        const url = resolved[i];
        if (!url.startsWith('file:') || !existsSync(fileURLToPath(url))) problems.push(`asset '${a.spec}' does not resolve to a file: ${url}`);
        else details.push(`${a.subpath} (asset, resolves)`);
      });
    }
    // Browser-only entries build for the browser.
    const esbuild = await import('esbuild');
    for (const e of p.entries.filter((x) => x.kind === 'browser')) {
      try {
        await esbuild.build({ stdin: { contents: `export * from '${e.spec}';`, resolveDir: project, loader: 'js' }, absWorkingDir: project, bundle: true, write: false, platform: 'browser', format: 'esm', logLevel: 'silent' });
        details.push(`${e.subpath} (browser-only: bundles for the browser)`);
      } catch (error) {
        problems.push(`browser entry '${e.spec}' does not bundle for the browser: ${error.message.split('\n').slice(0, 4).join(' ')}`);
      }
    }
    // Bins.
    const bins = typeof p.manifest.bin === 'string' ? { [p.manifest.name.split('/').pop()]: p.manifest.bin } : (p.manifest.bin ?? {});
    for (const [name] of Object.entries(bins)) {
      const link = join(project, 'node_modules/.bin', name);
      if (!existsSync(link)) {
        problems.push(`bin ${name} is not linked into node_modules/.bin`);
        continue;
      }
      const file = realpathSync(link);
      if (!readFileSync(file, 'utf8').startsWith('#!/usr/bin/env node')) problems.push(`bin ${name} does not start with #!/usr/bin/env node`);
      if (!(lstatSync(file).mode & 0o111)) problems.push(`bin ${name} is not executable`);
      try {
        await nodeIn(project, ['--check', file]);
      } catch (error) {
        problems.push(`bin ${name} does not parse: ${error.stderr}`);
      }
      details.push(`bin ${name}`);
    }
    return { problems, detail: details.join('; ') };
  });
}

async function tscStep(project) {
  return step('types (tsc)', async () => {
    const esm = [];
    const cjs = [];
    packages.forEach((p, i) =>
      p.entries.forEach((e, j) => {
        if (e.kind === 'asset') return;
        esm.push(`import * as e${i}_${j} from '${e.spec}';\nvoid e${i}_${j};`);
        if (e.dualCjs) cjs.push(`import c${i}_${j} = require('${e.spec}');\nvoid c${i}_${j};`);
      }),
    );
    writeFileSync(join(project, 'consumer.mts'), `${esm.join('\n')}\nexport {};\n`);
    const files = ['consumer.mts'];
    if (cjs.length) {
      writeFileSync(join(project, 'consumer.cts'), `${cjs.join('\n')}\nexport {};\n`);
      files.push('consumer.cts');
    }
    const compilerOptions = { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2023', 'dom', 'dom.iterable'], types: ['node'], strict: true, noEmit: true, skipLibCheck: false };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }, null, 2));
    let output = '';
    try {
      await run(process.execPath, [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json', '--pretty', 'false'], { cwd: project, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      output = `${error.stdout}${error.stderr}`;
    }
    // Errors inside third-party declaration files are theirs (users set skipLibCheck); ours and the consumers' count.
    const ours = output.split('\n').filter((l) => /error TS\d+/.test(l) && (/^consumer\.[mc]ts/.test(l) || /node_modules\/@supportkb\//.test(l)));
    const theirs = output.split('\n').filter((l) => /error TS\d+/.test(l)).length - ours.length;
    return { problems: ours, detail: `tsc (nodenext, strict) compiles ${esm.length} ESM and ${cjs.length} CJS imports from the installed tarballs${theirs ? ` (${theirs} errors in third-party .d.ts ignored)` : ''}` };
  });
}

// ---------------------------------------------------------------------------------------------------

function report() {
  let failures = 0;
  const print = (steps) => {
    const order = ['install', 'types (tsc)', 'files', 'publint', 'types (attw)', 'entries'];
    for (const s of [...steps].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name))) {
      console.log(`  ${s.ok ? '✓' : '✗'} ${s.name.padEnd(13)} ${String(s.ms).padStart(6)} ms  ${s.detail}`);
      for (const problem of s.problems) console.log(`      ✗ ${problem.replace(/\n/g, '\n        ')}`);
      if (!s.ok) failures++;
    }
  };
  if (projectSteps.length) {
    console.log(`\nscratch project outside the repo (${scratch}), every tarball installed:`);
    print(projectSteps);
  }
  for (const p of packages) {
    const { packed } = p;
    console.log(`\n${p.manifest.name}@${p.manifest.version}  ${packed.filename}: ${kib(packed.size)} packed, ${kib(packed.unpackedSize)} unpacked, ${packed.entryCount} files`);
    print(p.steps);
  }
  const seconds = ((Date.now() - startedAll) / 1000).toFixed(1);
  if (failures && !exitCode) exitCode = 1;
  console.log(`\nrelease-check: ${failures ? `FAILED, ${failures} check(s)` : 'all checks passed'} for ${packages.map((p) => p.manifest.name).join(', ') || 'no package'} in ${seconds} s.`);
}
