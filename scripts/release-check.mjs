#!/usr/bin/env node
// Release check (`npm run release:check`): checks the packages as users get them, from their tarballs.
//
// For every public workspace package (or each `--package <dir>`):
//   files    `npm pack` it (once per build: the tarball is kept in build/release-check/tarballs/ under a
//            hash of the package's files, and reused by every later run; scripts/release-check/cache.mjs),
//            extract it into a scratch dir OUTSIDE the repo (os.tmpdir()); every path that
//            `exports` (all conditions), `main`, `module`, `types`/`typings`, `browser` and `bin` point
//            at is in the tarball, and every `new URL('<relative>', import.meta.url)` in its code
//            points at a file inside the tarball (a reference on a line that tests `existsSync(` is an
//            optional fallback and is only listed).
//   publint  `publint run <tarball> --strict` is clean.
//   types    `attw <tarball>` (profile node16 for dual packages, esm-only for ESM-only ones; untyped
//            asset entries excluded) finds no problem; then, in a scratch project where the tarballs
//            are installed (registry dependencies allowed), `tsc` compiles an ESM consumer of every
//            typed entry and a CJS consumer of every `require` entry, as the strictest consumer has it
//            (strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess, no skipLibCheck), under
//            module resolution node16, nodenext and bundler (ESM only): the three programs in one
//            process, sharing the files they parse, each checking the consumers and our declarations
//            (errors in third-party declarations are theirs, never a failure; their bodies are not
//            checked).
//   entries  in that project, Node imports (ESM) and requires (CJS; require(esm) for ESM-only
//            packages, whose `default` condition promises both) every code entry of the exports map,
//            each exports something, and a dual package's ESM and CJS builds export the same names;
//            asset entries (no types) resolve to a file; browser-only entries (a `browser` condition
//            with `node: null`) are bundled for the browser instead;
//            every bin is linked, starts with `#!/usr/bin/env node` and parses.
//   readme   in that project, every code block of the package's README as shipped in its tarball runs
//            as a user runs it (see README SNIPPETS below).
// The scratch project is installed once per set of tarballs (in the OS temp dir, outside the repo) and
// each run gets a copy of it (hard links), so runs at the same time wait for one install.
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
// `typescript` and `@types/node` (the repository's versions), as a TypeScript user has them (whichever
// checks run, so that every run on the same tarballs shares one install).
//   ts                 type-checked with the project's TypeScript as its `tsc -p` does (strict, module
//                      nodenext; every package's snippets in one process), then run as js.
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
//
// MODULES (scripts/release-check/): common (root, tools, timed steps), manifest (files, publint),
// install (the scratch project and what it brings), types (attw, tsc), entries, readme, report.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { packed } from './release-check/cache.mjs';
import { readJson, root, step } from './release-check/common.mjs';
import { entriesStep } from './release-check/entries.mjs';
import { installStep } from './release-check/install.mjs';
import { checkFiles, entriesOf, publintStep } from './release-check/manifest.mjs';
import { readmeStep } from './release-check/readme.mjs';
import { report } from './release-check/report.mjs';
import { attwStep, tscStep } from './release-check/types.mjs';

const CHECKS = ['files', 'publint', 'types', 'entries', 'readme'];

let opts;
try {
  opts = parseArgs({ options: { package: { type: 'string', multiple: true }, only: { type: 'string' }, keep: { type: 'boolean', default: false } } }).values;
} catch (error) {
  console.error(`release-check: ${error.message}`);
  process.exit(2);
}
const only = new Set(
  (opts.only ?? CHECKS.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
for (const check of only) if (!CHECKS.includes(check)) (console.error(`release-check: unknown check "${check}" (${CHECKS.join(', ')})`), process.exit(2));

// ---------------------------------------------------------------------------------------------------
// Packages

const rootManifest = readJson(join(root, 'package.json'));
const packageDirs = opts.package?.length
  ? opts.package.map((p) => resolve(p))
  : rootManifest.workspaces.map((w) => join(root, w)).filter((d) => existsSync(join(d, 'package.json')) && !readJson(join(d, 'package.json')).private);

const scratch = mkdtempSync(join(tmpdir(), 'supportkb-release-check-'));
const startedAll = Date.now();
/** @type {import('./release-check/common.mjs').Package[]} */
const packages = [];
/** Steps on the scratch project as a whole (install, tsc over every package). */
/** @type {import('./release-check/common.mjs').StepResult[]} */
const projectSteps = [];
let exitCode = 0;

try {
  // Packed once per build and shared (scripts/release-check/cache.mjs): every run of the same files reuses the tarball.
  for (const dir of packageDirs) {
    const manifest = readJson(join(dir, 'package.json'));
    let pack;
    try {
      pack = await packed(dir);
    } catch (error) {
      console.error(`release-check: npm pack failed in ${relative(root, dir) || dir}:\n${error.stderr ?? error.message}`);
      exitCode = 2;
      throw error;
    }
    const { tarball } = pack;
    const extracted = join(scratch, 'extracted', pack.packed.filename.replace(/\.tgz$/, ''));
    mkdirSync(extracted, { recursive: true });
    execFileSync('tar', ['-xzf', tarball, '-C', extracted, '--strip-components=1']);
    packages.push({ dir, manifest, packed: pack.packed, tarball, extracted, entries: entriesOf(manifest), steps: [] });
  }

  // files and publint work on the tarballs alone; types (attw) too.
  const tarballSteps = packages.map(async (p) => {
    if (only.has('files'))
      p.steps.push(
        await step('files', () =>
          checkFiles(
            p.manifest,
            p.packed.files.map((f) => f.path),
            p.extracted,
            p.dir,
          ),
        ),
      );
    const work = [];
    if (only.has('publint')) work.push(publintStep(p));
    if (only.has('types')) work.push(attwStep(p));
    p.steps.push(...(await Promise.all(work)));
  });

  // The scratch project: the tarballs installed as a user would, internal dependencies pinned to them.
  const needsProject = ['types', 'entries', 'readme'].some((c) => only.has(c));
  const project = join(scratch, 'project');
  const install = needsProject ? installStep(packages, project, { rootManifest }) : Promise.resolve(undefined);

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
    if (only.has('types')) work.push(tscStep(packages, project).then((r) => projectSteps.push(r)));
    await Promise.all(work);
    // README snippets last: they start servers and run programs, which would slow the checks above.
    if (only.has('readme')) await Promise.all(packages.map((p) => readmeStep(packages, p, project).then((r) => p.steps.push(r))));
  }
} catch (error) {
  if (!exitCode) {
    console.error(`release-check: ${error.stack ?? error}`);
    exitCode = 2;
  }
} finally {
  exitCode = report({ packages, projectSteps, scratch, startedAll, exitCode });
  if (opts.keep) console.log(`release-check: scratch kept at ${scratch}`);
  else rmSync(scratch, { recursive: true, force: true });
}
process.exit(exitCode);
