#!/usr/bin/env node
// `npm run typecheck`: tsc's type check (`tsc -p <project> --noEmit`) of every TypeScript program of the
// repository: tsconfig.json (the packages, mocks, tests), tsconfig.scripts.json (the .mjs scripts,
// checkJs) and each example's own tsconfig.json, each with its own compiler options.
//
// The check runs on TypeScript 7's compiler (the devDependency `typescript7`, an alias of
// `typescript@7`): a native compiler that checks a program's files in parallel. Everything that needs
// TypeScript's JavaScript API stays on TypeScript 6 (the devDependency `typescript`): tsup's
// declarations, hey-api's generator, typescript-eslint, the release checks of the packed packages.
// Measured back to back on 2 cores (CPU of the whole process tree): 15.3-18.5 CPU-s for the six
// programs (three runs), where the same check on TypeScript 6's API (one process sharing the parsed
// files between the programs) took 32.0.
//
// Prints each failing program's errors under its name, as tsc prints them (with colours and code
// frames on a terminal), and exits 1 when any program has an error. `node scripts/typecheck.mjs
// PROJECT…` checks only those projects (paths to a tsconfig.json or its folder).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** TypeScript 7's `tsc`: its package's bin, which starts the native compiler of this platform (the package exports no `bin/`). */
const tsc = (() => {
  const manifest = createRequire(import.meta.url).resolve('typescript7/package.json');
  return join(dirname(manifest), JSON.parse(readFileSync(manifest, 'utf8')).bin.tsc);
})();

/** The programs `npm run typecheck` checks. */
const PROJECTS = [
  'tsconfig.json',
  'tsconfig.scripts.json',
  'examples/webhook-receiver/tsconfig.json',
  'examples/frontend-testing/tsconfig.json',
  'examples/browser-app/tsconfig.json',
  'examples/live-inbox/tsconfig.json',
];

const pretty = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;

/** A project argument: a tsconfig file, or a folder with a tsconfig.json. */
const configOf = (/** @type {string} */ arg) => {
  const path = resolve(arg);
  return existsSync(path) && statSync(path).isDirectory() ? join(path, 'tsconfig.json') : path;
};

const projects = process.argv.length > 2 ? process.argv.slice(2).map(configOf) : PROJECTS.map((project) => join(root, project));
let failed = 0;
for (const configPath of projects) {
  const run = spawnSync(process.execPath, [tsc, '-p', configPath, '--noEmit', '--pretty', String(pretty)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error) throw run.error;
  if (run.status === 0) continue;
  failed += 1;
  console.log(`${relative(process.cwd(), configPath) || configPath}:`);
  process.stdout.write(run.stdout);
  process.stderr.write(run.stderr);
}
if (failed) {
  console.log(`${failed} of ${projects.length} program${projects.length === 1 ? '' : 's'} failed the type check.`);
  process.exitCode = 1;
}
