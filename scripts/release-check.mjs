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
//   readme   in that project, every code block of the package's README as shipped in its tarball runs
//            as a user runs it (see README SNIPPETS below).
// The install step also reports what installing the packages brings (each package's dependency
// closure: packages and MB on disk) and fails when any package of it has an install script (npm warns
// every user about those; some are telemetry). Only the peer dependencies users need are installed:
// the required ones, and the optional ones the package's type declarations import (tsc needs them);
// an optional peer that only a command or an entry needs at run time (Prism for the mocks) is not, as a
// user who does not ask for it does not have it.
// Bundle-size budgets are not checked here: size-limit checks them once, in `npm test`
// (`npm run size -w @supportkb/sdk`, the budgets in packages/sdk/package.json).
// Options: --package <dir> (repeatable), --only <files,publint,types,entries,readme>, --keep (keep the
// scratch dir and print it). Needs the built packages (`npm run build`).
// Output: a report per package (tarball sizes, each check with its time). Exit 1 when a check fails
// (each failure listed), 2 on bad arguments or when packing or installing fails.
//
// README SNIPPETS. Every ```js, ```ts and ```sh block of a README is tagged with its name,
// ```ts snippet=NAME (other blocks, ```json or ```text, are shown data). The scratch project also gets
// `typescript` and `@types/node` (the repository's versions), as a TypeScript user has them.
//   ts                 type-checked with the project's `tsc` (strict, module nodenext), then run as js.
//   js / ts            run with this Node in the project (TypeScript by Node's type stripping); it must
//                      exit 0 within 60 s, print nothing on stderr that looks like an error or a warning,
//                      and print every `// → text` a line ends with, in order. A block that names
//                      `http://127.0.0.1:4010` (where `npx supportkb-mock` serves) runs against a fresh
//                      stateful mock of the installed @supportkb/mocks on a free port instead.
//   js … test          run with `node --test`.
//   js … browser       bundled for the browser with esbuild from the project (imports resolve, code parses).
//   sh                 each line: `npm install SPEC…` names only packages of the tarballs and their peer
//                      dependencies (checked, not run: the registry does not have these tarballs);
//                      `npx BIN ARGS` of a packaged bin runs in the project: `--help` exits 0 with a usage,
//                      a server prints its http:// URL, answers it, and stops on SIGTERM (ports become 0);
//                      a command whose optional peer dependency is not installed must fail with one line
//                      naming `npm install … <peer>`, a line the README shows.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);
const CHECKS = ['files', 'publint', 'types', 'entries', 'readme'];
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

// README snippets: the constants of readmeStep (declared up here: the checks run before the end of
// this file is evaluated).
const MOCK_URL = 'http://127.0.0.1:4010';
const SECRET_OUTPUT = /Str0ng-example-passw0rd|eyJ[\w-]+\.[\w-]+\./;
/** At most this many snippet programs at once, for every package together. */
const snippetSlots = (() => {
  let free = 4;
  const waiting = [];
  return async (fn) => {
    if (free === 0) await new Promise((resolveSlot) => waiting.push(resolveSlot));
    else free--;
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
})();

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
  const needsProject = ['types', 'entries', 'readme'].some((c) => only.has(c));
  const project = join(scratch, 'project');
  const install = needsProject
    ? step('install', async () => {
        mkdirSync(project);
        const deps = Object.fromEntries(packages.map((p) => [p.manifest.name, `file:${p.tarball}`]));
        const tools = [...(only.has('types') || only.has('readme') ? ['@types/node'] : []), ...(only.has('readme') ? ['typescript'] : [])];
        for (const tool of tools) if (rootManifest.devDependencies?.[tool]) deps[tool] = rootManifest.devDependencies[tool];
        // Peer dependencies users need, at the version the package is developed against: the required
        // ones, and the optional ones its type declarations import (an optional peer needed only at run
        // time, such as Prism for the mocks' `supportkb-prism`, is left out, as users get the package).
        for (const p of packages) for (const name of neededPeers(p)) deps[name] ??= p.manifest.devDependencies?.[name] ?? rootManifest.devDependencies?.[name] ?? p.manifest.peerDependencies[name];
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
        const footprint = installFootprint(project, lock);
        return { problems: footprint.problems, detail: `${readdirSync(join(project, 'node_modules')).length} top-level modules; ${footprint.detail}` };
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
    // README snippets last: they start servers and run programs, which would slow the checks above.
    if (only.has('readme')) await Promise.all(packages.map((p) => readmeStep(p, project).then((r) => p.steps.push(r))));
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
// What installing the packages brings

/** The peer dependencies a user of `p` has: the required ones, and the optional ones its type declarations import. */
function neededPeers(p) {
  const peers = Object.keys(p.manifest.peerDependencies ?? {});
  const declarations = p.packed.files.map((f) => f.path).filter((f) => /\.d\.[mc]?ts$/.test(f)).map((f) => readFileSync(join(p.extracted, f), 'utf8'));
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
function installFootprint(project, lock) {
  const entries = lock.packages ?? {};
  /** The lockfile key that `name` resolves to from the package at `from` (a lockfile key). */
  const resolveFrom = (from, name) => {
    for (let at = from; ; ) {
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
  const describe = (keys) => `${keys.size} packages, ${(([...keys].reduce((sum, key) => sum + sizeOf(key), 0)) / 1e6).toFixed(1)} MB`;
  const names = packages.map((p) => p.manifest.name);
  const all = closureOf(names);
  const scripts = [...all].filter((key) => entries[key].hasInstallScript);
  const parts = packages.map((p) => `${p.manifest.name} ${describe(closureOf([p.manifest.name]))}`);
  if (packages.length > 1) parts.push(`together ${describe(all)}`);
  return {
    problems: scripts.map((key) => `${key.replace(/^.*node_modules\//, '')}@${entries[key].version} has an install script: npm warns every user who installs ${names.join(' or ')} about it (some are telemetry)`),
    detail: `installing brings ${parts.join('; ')}; ${scripts.length ? `${scripts.length} with an install script` : 'none with an install script'}`,
  };
}

// ---------------------------------------------------------------------------------------------------
// README snippets (see the header)

/** The fenced blocks of a README: { lang, name, flags, code, line }, and its untagged code blocks. */
function readmeBlocks(text) {
  const blocks = [];
  const untagged = [];
  const fence = /^```([^\n]*)\n([\s\S]*?)^```[ \t]*$/gm;
  for (const m of text.matchAll(fence)) {
    const [lang = '', ...attributes] = m[1].trim().split(/\s+/);
    const line = text.slice(0, m.index).split('\n').length;
    const name = attributes.find((a) => a.startsWith('snippet='))?.slice('snippet='.length);
    if (!['js', 'ts', 'sh'].includes(lang)) {
      if (/^(javascript|typescript|mjs|cjs|mts|tsx|jsx|bash|shell|console)$/.test(lang) || name) untagged.push({ line, lang, why: `a \`\`\`${lang} block: tag code as \`\`\`js, \`\`\`ts or \`\`\`sh with snippet=NAME` });
      continue;
    }
    if (!name) {
      untagged.push({ line, lang, why: `a \`\`\`${lang} block without snippet=NAME (every code block of a README runs)` });
      continue;
    }
    blocks.push({ lang, name, flags: new Set(attributes.filter((a) => !a.startsWith('snippet='))), code: m[2], line });
  }
  return { blocks, untagged };
}

/** Runs a program in the project; resolves with its exit code, signal and output (never rejects). */
function spawnIn(project, command, args, { env = {}, timeout = 60_000, detached = false } = {}) {
  const child = spawn(command, args, { cwd: project, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((done) => {
    const timer = setTimeout(() => {
      stderr += `\n(killed after ${timeout / 1000} s)`;
      try {
        process.kill(detached ? -child.pid : child.pid, 'SIGKILL');
      } catch {}
    }, timeout);
    child.on('error', (error) => {
      stderr += String(error.message);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout, stderr });
    });
  });
  return { child, exited, output: () => ({ stdout, stderr }) };
}

/** The `// → text` expectations of a snippet, in order. */
function expectationsOf(code) {
  return [...code.matchAll(/\/\/ → (.+)$/gm)].map((m) => m[1].trim());
}

/** Problems with a snippet program's run: its exit, stderr, the expected output, secrets. */
function judgeRun(name, code, result) {
  const problems = [];
  const tail = (text) => text.trim().split('\n').slice(-15).join('\n');
  if (result.code !== 0) problems.push(`${name}: exit code ${result.code ?? result.signal}\n${tail(result.stdout)}\n${tail(result.stderr)}`);
  else if (/\b(\w*Error|Warning)\b:|^\s+at .+:\d+:\d+\)?$/m.test(result.stderr)) problems.push(`${name}: printed an error or a warning on stderr:\n${tail(result.stderr)}`);
  let from = 0;
  for (const expected of expectationsOf(code)) {
    const at = result.stdout.indexOf(expected, from);
    if (at === -1) {
      problems.push(`${name}: the output lacks "${expected}" (a \`// →\` comment, in order); it was:\n${tail(result.stdout)}`);
      break;
    }
    from = at + expected.length;
  }
  if (SECRET_OUTPUT.test(result.stdout + result.stderr)) problems.push(`${name}: printed a password or a token`);
  return problems;
}

/** One line of a ```sh snippet: problems, and what was done. */
async function shellLine(p, project, readme, line) {
  const words = line.split(/\s+/);
  const peers = p.manifest.peerDependencies ?? {};
  const ours = new Set(packages.map((q) => q.manifest.name));
  if (words[0] === 'npm' && ['install', 'i', 'add'].includes(words[1])) {
    const specs = words.slice(2).filter((w) => !w.startsWith('-'));
    const unknown = specs.map((spec) => spec.replace(/^(@?[^@]+)@.*$/, '$1')).filter((name) => !ours.has(name) && !(name in peers) && !packages.some((q) => name in (q.manifest.peerDependencies ?? {})));
    return { problems: unknown.map((name) => `\`${line}\`: ${name} is neither one of the packages nor a peer dependency of one`), did: 'install line checked' };
  }
  const bins = Object.assign({}, ...packages.map((q) => (typeof q.manifest.bin === 'string' ? { [q.manifest.name.split('/').pop()]: q.manifest.bin } : (q.manifest.bin ?? {}))));
  if (words[0] !== 'npx' || !(words[1] in bins)) return { problems: [`\`${line}\`: a sh snippet may hold \`npm install …\` and \`npx <bin>\` of the packages (${Object.keys(bins).join(', ')}) only`] };
  const args = words.slice(2);
  const portAt = args.findIndex((a) => a === '--port' || a === '-p');
  if (portAt !== -1) args[portAt + 1] = '0';
  const help = args.includes('--help') || args.includes('-h');
  const started = spawnIn(project, 'npx', [words[1], ...args], { env: { PORT: '0' }, timeout: 30_000, detached: true });
  if (help) {
    const r = await started.exited;
    return { problems: r.code === 0 && /usage/i.test(r.stdout) ? [] : [`\`${line}\`: exit code ${r.code}, no usage:\n${r.stdout}${r.stderr}`], did: `${words[1]} --help` };
  }
  // A server: its URL, an answer, then SIGTERM. Or a command that needs an optional peer not installed.
  const url = await new Promise((found) => {
    const poll = setInterval(() => {
      const text = started.output().stdout;
      const m = /http:\/\/[\w.:[\]-]+/.exec(text);
      if (m) {
        clearInterval(poll);
        found(m[0]);
      }
    }, 50);
    started.exited.then(() => {
      clearInterval(poll);
      found(undefined);
    });
  });
  if (!url) {
    const r = await started.exited;
    const missingPeers = Object.keys(peers).filter((name) => peers[name] && p.manifest.peerDependenciesMeta?.[name]?.optional && !existsSync(join(project, 'node_modules', name)));
    const lines = r.stderr.trim().split('\n');
    const install = /`(npm install [^`]+)`/.exec(r.stderr)?.[1];
    const named = missingPeers.find((name) => install?.includes(name));
    if (r.code === 1 && lines.length === 1 && named && readme.includes(install)) return { problems: [], did: `${words[1]} without ${named} (an optional peer): says \`${install}\`` };
    return { problems: [`\`${line}\`: no URL printed, exit code ${r.code}${named ? '' : ' (a command whose optional peer is missing must say, in one line, the `npm install` that the README shows)'}:\n${r.stdout}${r.stderr}`] };
  }
  const problems = [];
  try {
    await fetch(url, { signal: AbortSignal.timeout(10_000) }).then((r) => r.arrayBuffer());
  } catch (error) {
    problems.push(`\`${line}\`: ${url} does not answer: ${error.message}`);
  }
  try {
    process.kill(-started.child.pid, 'SIGTERM');
  } catch {}
  const stopped = await Promise.race([started.exited, new Promise((r) => setTimeout(() => r(undefined), 10_000))]);
  if (!stopped) problems.push(`\`${line}\`: still running 10 s after SIGTERM`);
  return { problems, did: `${words[1]} served ${url.replace(/:\d+$/, ':<port>')}` };
}

async function readmeStep(p, project) {
  return step('readme', async () => {
    const readmeFile = p.packed.files.map((f) => f.path).find((f) => /^readme(\.md)?$/i.test(f));
    if (!readmeFile) return { problems: ['the tarball has no README.md'] };
    const readme = readFileSync(join(p.extracted, readmeFile), 'utf8');
    const { blocks, untagged } = readmeBlocks(readme);
    const problems = untagged.map((u) => `README.md:${u.line}: ${u.why}`);
    const names = blocks.map((b) => b.name);
    for (const name of new Set(names.filter((n, i) => names.indexOf(n) !== i))) problems.push(`README.md: two snippets are named ${name}`);
    if (!blocks.length) return { problems: [...problems, 'README.md has no snippet'] };
    const dir = join(project, 'readme', p.manifest.name.replace(/^@/, '').replace('/', '-'));
    mkdirSync(dir, { recursive: true });
    const typechecked = [];

    // TypeScript: the project's tsc, strict, over every ts snippet at once.
    const ts = blocks.filter((b) => b.lang === 'ts');
    for (const b of ts) writeFileSync(join(dir, `${b.name}.mts`), b.code);
    const typecheck = ts.length
      ? (async () => {
          const compilerOptions = { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2023', 'dom', 'dom.iterable'], types: ['node'], strict: true, noEmit: true, skipLibCheck: true };
          writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ts.map((b) => `${b.name}.mts`) }, null, 2));
          const r = await spawnIn(project, process.execPath, [join(project, 'node_modules/typescript/bin/tsc'), '-p', relative(project, join(dir, 'tsconfig.json')), '--pretty', 'false']).exited;
          if (r.code !== 0) problems.push(`tsc (strict) on the ts snippets:\n${(r.stdout + r.stderr).trim()}`);
          else typechecked.push(`${ts.length} ts type-checked (tsc strict)`);
        })()
      : Promise.resolve();

    // A runner that serves a fresh stateful mock of the installed package for snippets that call the mock's URL.
    writeFileSync(
      join(dir, '_with-mock.mjs'),
      `import { pathToFileURL } from 'node:url';\nimport { startMock } from '@supportkb/mocks';\nconst mock = await startMock({ port: 0 });\nprocess.env.SUPPORTKB_README_MOCK_URL = mock.url;\ntry {\n  await import(pathToFileURL(process.argv[2]).href);\n} finally {\n  await mock.stop();\n}\n`,
    );
    /** What each block did, in the README's order. */
    const done = blocks.map(() => []);
    const runs = blocks.map((b, index) =>
      snippetSlots(async () => {
        const did = done[index];
        if (b.lang === 'sh') {
          // The lines of a block at once: each is an install line to check or a command of its own.
          const lines = b.code.split('\n').map((raw) => raw.replace(/\s+#.*$/, '').replace(/^#.*$/, '').trim()).filter(Boolean);
          for (const r of await Promise.all(lines.map((line) => shellLine(p, project, readme, line)))) {
            problems.push(...r.problems.map((x) => `${b.name}: ${x}`));
            if (r.did) did.push(`${b.name}: ${r.did}`);
          }
          return;
        }
        const usesMock = b.code.includes(MOCK_URL);
        const code = usesMock ? b.code.replaceAll(`'${MOCK_URL}'`, 'String(process.env.SUPPORTKB_README_MOCK_URL)') : b.code;
        if (usesMock && code.includes(MOCK_URL)) return void problems.push(`${b.name}: name ${MOCK_URL} only as the string '${MOCK_URL}' (it is replaced by a fresh mock's URL)`);
        const file = join(dir, `${b.name}.run.${b.lang === 'ts' ? 'mts' : 'mjs'}`);
        writeFileSync(file, code);
        if (b.flags.has('browser')) {
          const esbuild = await import('esbuild');
          try {
            await esbuild.build({ entryPoints: [file], absWorkingDir: project, bundle: true, write: false, platform: 'browser', format: 'esm', target: 'es2022', logLevel: 'silent' });
            did.push(`${b.name} (browser: bundles)`);
          } catch (error) {
            problems.push(`${b.name}: does not bundle for the browser: ${error.message.split('\n').slice(0, 6).join(' ')}`);
          }
          return;
        }
        const args = b.flags.has('test') ? ['--test', '--test-reporter=spec', file] : usesMock ? [join(dir, '_with-mock.mjs'), file] : [file];
        const result = await spawnIn(project, process.execPath, args).exited;
        const found = judgeRun(b.name, b.code, result);
        problems.push(...found);
        if (!found.length) did.push(`${b.name}${usesMock ? ' (against a fresh mock)' : ''}${b.flags.has('test') ? ' (node --test)' : ''}`);
      }),
    );
    await Promise.all([typecheck, ...runs]);
    return { problems, detail: `${blocks.length} snippets: ${[...typechecked, ...done.flat()].join('; ')}` };
  });
}

// ---------------------------------------------------------------------------------------------------

function report() {
  let failures = 0;
  const print = (steps) => {
    const order = ['install', 'types (tsc)', 'files', 'publint', 'types (attw)', 'entries', 'readme'];
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
