#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 7 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// The checks before a command runs.
//
//   node scripts/preflight.mjs                      fails clearly when the tooling would run on a Node
//                                                   older than the one the project installs
//   node scripts/preflight.mjs --run FILE [ARGS]    the same, then builds what is stale (the bundled
//                                                   contract, @supportkb/sdk, @supportkb/mocks,
//                                                   @supportkb/mcp), then runs FILE in this process with
//                                                   ARGS (`npm run demo`, `npm run mock`,
//                                                   `npm run mock:prism`, `npm run test:runtimes`)
//   node scripts/preflight.mjs --build [--verbose]  the same build of what is stale, then says in one line
//                                                   what it built or that everything was current
//                                                   (`npm test`: the packages' build, ~52 CPU-s, runs
//                                                   again only when their inputs changed)
//
// The build is quiet: the steps' own output is printed only when one fails (then the failing step's
// whole output) or with `--verbose` among ARGS (then every step's output; `--verbose` is not passed on
// to FILE). A build that takes a while says so on stderr: on a terminal a transient "building …" line;
// otherwise (piped, CI, a log file), once the build has run for 2 s, one short line per step
// (`built @supportkb/sdk in 10.1 s`, and `building <step> (<reason>) …` as each starts), so a first
// run is not a minute of silence. Nothing is built, and nothing printed, when everything is up to date.
// With `--help` or `-h` among ARGS nothing is built. A step is stale when its outputs are missing, or when
// its inputs are newer than its outputs, unless it last ran here on inputs of the same content and its
// outputs are untouched since (build/build-stamps.json), so a `npm run build` done by hand counts as a
// build and a checkout that only touches files does not.
//
// `npm run` puts node_modules/.bin first on PATH, so this sees the registry's Node 24 (devDependency `node`).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const MIN = [24, 18, 0];
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Exits 1 with an explanation when this Node is older than the tooling's minimum. */
export function checkNode() {
  const have = process.versions.node.split('.').map(Number);
  const older = have[0] !== MIN[0] ? have[0] < MIN[0] : have[1] !== MIN[1] ? have[1] < MIN[1] : have[2] < MIN[2];
  if (older) {
    console.error(
      `supportkb needs Node >= ${MIN.join('.')} for its tooling, but this is Node ${process.versions.node} (${process.execPath}).\n` +
        "Run commands through npm scripts (`npm run ...`, `npm test`), which put the project's own Node 24\n" +
        '(installed by `npm ci` from the registry package `node`) first on PATH; do not call node_modules/.bin tools directly.',
    );
    process.exit(1);
  }
}

/**
 * The build, in order: what `npm run build` does, one step per package. Paths are relative to the
 * repository root; a directory stands for every file under it.
 * @type {{ name: string, npm: string[], inputs: string[], exclude?: string[], outputs: string[] }[]}
 */
export const BUILD_STEPS = [
  {
    name: 'the bundled contract',
    npm: ['run', 'bundle'],
    inputs: ['openapi', 'redocly.yaml'],
    exclude: ['openapi/dist', 'openapi/released'],
    outputs: ['openapi/dist/openapi.yaml'],
  },
  {
    name: '@supportkb/sdk',
    npm: ['run', 'build', '-w', '@supportkb/sdk'],
    // package-lock.json: the build's tools (tsup, esbuild, TypeScript) and the code it bundles (zod).
    inputs: ['packages/sdk/src', 'packages/sdk/package.json', 'packages/sdk/tsup.config.ts', 'packages/sdk/tsconfig.json', 'tsconfig.base.json', 'package-lock.json'],
    outputs: ['packages/sdk/dist'],
  },
  {
    name: '@supportkb/mocks',
    npm: ['run', 'build', '-w', '@supportkb/mocks'],
    inputs: [
      'mocks/src',
      'mocks/scripts',
      'mocks/package.json',
      'mocks/tsup.config.ts',
      'mocks/tsconfig.json',
      'tsconfig.base.json',
      'package-lock.json',
      'openapi/dist/openapi.yaml',
      'packages/sdk/dist',
      'packages/sdk/package.json',
    ],
    outputs: ['mocks/dist', 'mocks/contract/openapi.yaml'],
  },
  {
    name: '@supportkb/mcp',
    npm: ['run', 'build', '-w', '@supportkb/mcp'],
    inputs: [
      'packages/mcp/src',
      'packages/mcp/scripts',
      // What packages/mcp/scripts/derive-contract.mjs reads the contract with.
      'scripts/lib/contract-reader.mjs',
      'packages/mcp/package.json',
      'packages/mcp/tsup.config.ts',
      'packages/mcp/tsconfig.json',
      'tsconfig.base.json',
      'package-lock.json',
      'openapi/dist/openapi.yaml',
      'packages/sdk/dist',
      'packages/sdk/package.json',
    ],
    exclude: ['packages/mcp/src/generated'],
    outputs: ['packages/mcp/dist', 'packages/mcp/src/generated/contract.gen.json'],
  },
];

/** Every file under the given paths (relative to `root`), sorted; missing paths are skipped. */
function filesOf(root, paths, exclude = []) {
  const skip = new Set(exclude.map((path) => resolve(root, path)));
  const files = [];
  const walk = (path) => {
    if (skip.has(path) || !existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) if (entry !== 'node_modules') walk(join(path, entry));
    } else files.push(path);
  };
  for (const path of paths) walk(resolve(root, path));
  return files;
}

/** A signature of the files under `paths`: their names, sizes and modification times. */
function outputsSignature(root, paths) {
  const hash = createHash('sha256');
  for (const file of filesOf(root, paths)) {
    const { size, mtimeMs } = statSync(file);
    hash.update(`${relative(root, file).split(sep).join('/')}\0${size}\0${mtimeMs}\0`);
  }
  return hash.digest('hex');
}

/**
 * Whether a build step must run, and its stamp (the content hash of its inputs, the signature of its outputs).
 * @param {(typeof BUILD_STEPS)[number]} step
 * @param {{ root?: string, stamp?: { inputs: string, outputs: string } }} [options] `stamp`: recorded when the step last ran.
 * @returns {{ stale: boolean, reason: string, stamp: { inputs: string, outputs: string } }}
 */
export function stepState(step, { root = ROOT, stamp } = {}) {
  const inputs = filesOf(root, step.inputs, step.exclude);
  const hash = createHash('sha256');
  let newestInput = 0;
  for (const file of inputs) {
    hash.update(relative(root, file).split(sep).join('/')).update('\0').update(readFileSync(file)).update('\0');
    newestInput = Math.max(newestInput, statSync(file).mtimeMs);
  }
  const current = { inputs: hash.digest('hex'), outputs: outputsSignature(root, step.outputs) };
  const missing = step.outputs.find((path) => filesOf(root, [path]).length === 0);
  if (missing) return { stale: true, reason: `${missing} is missing`, stamp: current };
  if (stamp?.inputs === current.inputs && stamp.outputs === current.outputs) return { stale: false, reason: 'sources unchanged', stamp: current };
  const oldestOutput = Math.min(...filesOf(root, step.outputs).map((file) => statSync(file).mtimeMs));
  if (newestInput <= oldestOutput) return { stale: false, reason: 'built after its sources last changed', stamp: current };
  return { stale: true, reason: 'sources changed', stamp: current };
}

/** Runs `npm ARGS` in `root`; resolves with its exit code and, unless `verbose`, its collected output. */
function runNpm(args, { root, verbose }) {
  const [command, prefix] = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
  const child = spawn(command, [...prefix, ...args], { cwd: root, stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((done) => {
    child.on('error', (error) => done({ code: 1, output: `${output}${error.message}\n` }));
    child.on('exit', (code, signal) => done({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/** The stamps recorded by earlier builds (`{}` when there are none yet). */
function readStamps(stampsFile) {
  try {
    return JSON.parse(readFileSync(stampsFile, 'utf8'));
  } catch {
    return {}; // no stamps yet: outputs newer than their inputs still count as built
  }
}

/**
 * The steps a build would run now, without running them.
 * @param {{ root?: string, steps?: typeof BUILD_STEPS, stampsFile?: string }} [options]
 * @returns {{ name: string, reason: string }[]} in build order; empty when everything is up to date.
 */
export function staleSteps({ root = ROOT, steps = BUILD_STEPS, stampsFile = join(root, 'build/build-stamps.json') } = {}) {
  const stamps = readStamps(stampsFile);
  return steps
    .map((step) => ({ name: step.name, ...stepState(step, { root, stamp: stamps[step.name] }) }))
    .filter((step) => step.stale)
    .map(({ name, reason }) => ({ name, reason }));
}

/**
 * Progress of a build whose output is not a terminal: lines are held back until the build has run for
 * `afterMs`, then written to stderr (those held first, then each as it comes), so a quick build prints
 * nothing and a long one shows every step. A step's "building" line held back is replaced by its
 * "built … in" line when it finishes before that.
 * @returns {{ start(text: string): void, done(text: string): void, stop(): void }}
 */
function pipedProgress(afterMs) {
  const held = [];
  let live = false;
  let current = -1;
  const write = (line) => process.stderr.write(`${line}\n`);
  const timer = setTimeout(() => {
    live = true;
    held.splice(0).forEach(write);
  }, afterMs);
  timer.unref?.();
  return {
    start(text) {
      if (live) write(text);
      else current = held.push(text) - 1;
    },
    done(text) {
      if (live) write(text);
      else held[current] = text;
    },
    stop: () => clearTimeout(timer),
  };
}

/**
 * Builds every stale step, in order. Quiet unless `verbose` (every step's output) or a step fails
 * (its output, on stderr). A long build shows progress on stderr: on a terminal a transient
 * "building …" line, erased afterwards; otherwise, once the build has run for `progressAfterMs`
 * (default 2000), one line per step with its time (`built @supportkb/sdk in 10.1 s`) and a
 * `building <step> (<reason>) …` line as each starts.
 * @param {{ root?: string, verbose?: boolean, steps?: typeof BUILD_STEPS, stampsFile?: string, progressAfterMs?: number }} [options]
 * @returns {Promise<{ built: string[], failed?: string }>} the names of the steps that ran, and the one that failed.
 */
export async function buildStale({ root = ROOT, verbose = false, steps = BUILD_STEPS, stampsFile = join(root, 'build/build-stamps.json'), progressAfterMs = 2000 } = {}) {
  const stamps = readStamps(stampsFile);
  const save = () => {
    mkdirSync(dirname(stampsFile), { recursive: true });
    writeFileSync(stampsFile, `${JSON.stringify(stamps, null, 2)}\n`);
  };
  const status = !verbose && process.stderr.isTTY ? (text) => process.stderr.write(`\r\x1b[K${text}`) : () => {};
  /** Progress lines when stderr is not a terminal, from the first stale step on. */
  let progress;
  const built = [];
  try {
    for (const step of steps) {
      const state = stepState(step, { root, stamp: stamps[step.name] });
      if (!state.stale) {
        if (JSON.stringify(stamps[step.name]) !== JSON.stringify(state.stamp)) {
          stamps[step.name] = state.stamp;
          save();
        }
        continue;
      }
      if (verbose) console.error(`building ${step.name} (${state.reason}): npm ${step.npm.join(' ')}`);
      status(`building ${step.name} (${state.reason}) …`);
      if (!verbose && !process.stderr.isTTY) (progress ??= pipedProgress(progressAfterMs)).start(`building ${step.name} (${state.reason}) …`);
      const started = Date.now();
      const { code, output } = await runNpm(step.npm, { root, verbose });
      const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
      status('');
      if (code !== 0) {
        progress?.stop();
        delete stamps[step.name];
        save();
        if (!verbose) process.stderr.write(output.endsWith('\n') || !output ? output : `${output}\n`);
        console.error(`Building ${step.name} failed (npm ${step.npm.join(' ')}, exit code ${code}); its output is above.`);
        return { built, failed: step.name };
      }
      if (verbose) console.error(`built ${step.name} in ${took}`);
      progress?.done(`built ${step.name} in ${took}`);
      built.push(step.name);
      // Stamp after the build, which may rewrite its own inputs.
      stamps[step.name] = stepState(step, { root }).stamp;
      save();
    }
    return { built };
  } finally {
    progress?.stop();
  }
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  checkNode();
  const runAt = process.argv.indexOf('--run');
  if (runAt === -1 && process.argv.includes('--build')) {
    const started = Date.now();
    const { built, failed } = await buildStale({ verbose: process.argv.includes('--verbose') });
    if (failed) process.exit(1);
    const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
    console.error(built.length ? `built ${built.join(', ')} (${took}); the rest was current` : `the bundled contract and the packages are current: nothing to build (${took})`);
  }
  if (runAt !== -1) {
    const file = process.argv[runAt + 1];
    if (!file) {
      console.error('usage: node scripts/preflight.mjs --run FILE [ARGS...]');
      process.exit(2);
    }
    const args = process.argv.slice(runAt + 2);
    const verbose = args.includes('--verbose');
    const help = args.includes('--help') || args.includes('-h');
    if (help) {
      const name = process.env.npm_lifecycle_event ? `npm run ${process.env.npm_lifecycle_event}` : `node scripts/preflight.mjs --run ${file}`;
      console.log(`(${name} first builds the contract and the packages when their sources changed, quietly; --verbose shows that build.)\n`);
    } else {
      const { failed } = await buildStale({ verbose });
      if (failed) process.exit(1);
    }
    const target = resolve(ROOT, file);
    process.argv = [process.argv[0], target, ...args.filter((arg) => arg !== '--verbose')];
    await import(pathToFileURL(target).href);
  }
}
