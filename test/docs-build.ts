import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BUILD_STEPS, stepState } from '../scripts/preflight.mjs';
import { root } from './contract-helpers';

/**
 * The docs page of `npm run docs` (build/docs: index.html, changelog.html, openapi.yaml, console.html
 * and its assets), built once for every test file that checks it. The first file to ask runs the real
 * command, `npm run --silent docs`, in the repository, as users do; the others wait for it and read
 * the same folder. Its output is reused, by later files and later runs, while what the command reads
 * is unchanged (the content hash of its inputs below) and the folder is as the command left it (the
 * names, sizes and modification times of its files): build/docs-test-stamp.json records both. Test
 * files run in separate vitest fork workers, so the build holds a lock (the folder build/docs.lock,
 * created atomically, with the holder's pid): a second worker waits for the first one's build instead
 * of building beside it, and takes over a lock whose holder has died.
 */
const run = promisify(execFile);

/** What `npm run docs` reads, as a step of scripts/preflight.mjs (inputs hashed, outputs signed). */
const DOCS_STEP = {
  name: 'npm run docs (tests)',
  npm: ['run', 'docs'],
  inputs: [
    // The contract, its released baseline (the changelog) and the Redocly configurations.
    'openapi',
    'redocly.yaml',
    '.redocly.lint-ignore.yaml',
    // The scripts of the command, and what they import.
    'package.json',
    'package-lock.json',
    'scripts/docs',
    'scripts/lib',
    'scripts/preflight.mjs',
    'scripts/contract-gate.mjs',
    '.changeset',
    // What the command builds first when stale: the SDK (its manifest makes the samples) and the mocks (the console bundles them).
    ...BUILD_STEPS.filter((step) => step.name === '@supportkb/sdk' || step.name === '@supportkb/mocks').flatMap((step) => step.inputs),
  ],
  exclude: ['openapi/dist'],
  outputs: ['build/docs'],
};

/** The folder `npm run docs` writes. */
const DOCS_DIR = join(root, 'build/docs');
const STAMP = join(root, 'build/docs-test-stamp.json');
const LOCK = join(root, 'build/docs.lock');

interface Stamp {
  inputs: string;
  outputs: string;
  /** What the command printed when it built this folder. */
  output: string;
}

interface DocsBuild {
  /** build/docs, as `npm run docs` wrote it. */
  dir: string;
  /** What `npm run docs` printed (stdout and stderr) when it wrote the folder. */
  output: string;
  /** Whether this call ran the command (false: the folder was current, or another file of this run built it). */
  built: boolean;
}

let pending: Promise<DocsBuild> | undefined;

/**
 * build/docs as `npm run docs` writes it for the repository as it is now: runs the command unless its
 * output is current (see the header), at most once at a time across the vitest workers.
 * @throws when the command fails (with everything it printed), or when another worker's build holds
 * the lock longer than `timeoutMs`.
 */
export function docsBuild({ timeoutMs = 600_000 } = {}): Promise<DocsBuild> {
  pending ??= locked(timeoutMs, buildUnlessCurrent).catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

async function buildUnlessCurrent(): Promise<DocsBuild> {
  const stamp = readStamp();
  const before = stepState(DOCS_STEP, { root }).stamp;
  if (stamp && stamp.inputs === before.inputs && stamp.outputs === before.outputs) return { dir: DOCS_DIR, output: stamp.output, built: false };
  rmSync(STAMP, { force: true });
  let output: string;
  try {
    // The bound is for a hang: the command first builds what is stale (seen on a 2-core machine at a
    // load of 15: the contract 10 s, the SDK 78 s, the mocks 63 s, the MCP server 55 s, then Redocly;
    // a 240 s bound killed it).
    const result = await run('npm', ['run', '--silent', 'docs'], { cwd: root, timeout: 600_000, maxBuffer: 16 * 1024 * 1024 });
    output = `${result.stdout}${result.stderr}`;
  } catch (error) {
    const printed = (name: string) => (error instanceof Error && name in error ? String(Reflect.get(error, name)) : '');
    throw new Error(`npm run docs failed: ${error instanceof Error ? error.message : String(error)}\n${printed('stdout')}${printed('stderr')}`, { cause: error });
  }
  // The inputs as they were when the command started: a source changed meanwhile makes the next call build again.
  const next: Stamp = { inputs: before.inputs, outputs: stepState(DOCS_STEP, { root }).stamp.outputs, output };
  writeFileSync(STAMP, `${JSON.stringify(next)}\n`);
  return { dir: DOCS_DIR, output, built: true };
}

/** The stamp of the last build by the tests, if any (and well-formed). */
function readStamp(): Stamp | undefined {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return undefined; // never built by the tests
  }
  if (!value || typeof value !== 'object') return undefined;
  const field = (name: keyof Stamp) => (name in value ? Reflect.get(value, name) : undefined);
  const [inputs, outputs, output] = [field('inputs'), field('outputs'), field('output')];
  return typeof inputs === 'string' && typeof outputs === 'string' && typeof output === 'string' ? { inputs, outputs, output } : undefined;
}

/** The `code` of a Node system error (`EEXIST`, `ESRCH`...). */
function codeOf(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error ? String(error.code) : undefined;
}

/** Whether process `pid` is alive. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === 'EPERM';
  }
}

/** Runs `task` holding the build lock (see the header); waits up to `timeoutMs` for another holder. */
async function locked<T>(timeoutMs: number, task: () => Promise<T>): Promise<T> {
  mkdirSync(join(root, 'build'), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(join(LOCK, 'pid'), 'utf8'));
    } catch {
      // created, its pid not written yet
    }
    if (Number.isInteger(holder) && !alive(holder)) {
      rmSync(LOCK, { recursive: true, force: true }); // its holder died mid-build
      continue;
    }
    if (Date.now() > deadline) throw new Error(`another test worker (pid ${holder}) has been building build/docs for ${timeoutMs / 1000} s (${LOCK})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  try {
    writeFileSync(join(LOCK, 'pid'), String(process.pid));
    return await task();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
