// @ts-nocheck -- BASELINE: 1 type error when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// `npm run test:runtimes [-- --only id,id]`: the runtime matrix (run by scripts/preflight.mjs --run,
// which first builds what is stale of the contract and the packages). The built SDK's round trip (sign
// in, list, create, a typed NotFoundError; programs/round-trip.mjs) on every runtime of
// matrix.mjs, against the standalone stateful mock on 127.0.0.1 (a free port), and in the
// browsers also against the mocks' service worker. Installs the runtimes into build/runtimes when
// missing or changed, bundles the browser and workerd programs with esbuild into
// build/runtimes/bundles, then runs one runtime at a time. Prints one line per runtime (status,
// id, version, seconds), the timings and `N passed, M failed`; exits 1 on any failure, including
// a README table that does not list the versions tested. Loopback only.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { DEFAULT_INSTALL_DIR, REPO_ROOT, SOURCE_DIR, binariesOf, ensureRuntimesInstalled } from './install.mjs';
import { RUNTIMES, expectedVersions, readmeProblems } from './matrix.mjs';
import { tagNameOf } from './programs/round-trip.mjs';

const RUNTIME_TIMEOUT_MS = 90_000;
const PROGRAMS = join(SOURCE_DIR, 'programs');
const BUNDLES = join(DEFAULT_INSTALL_DIR, 'bundles');
const BUILT = ['packages/sdk/dist/index.js', 'mocks/dist/server.js', 'mocks/dist/browser.js'];

const { values } = parseArgs({ options: { only: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log(`usage: npm run test:runtimes [-- --only ${RUNTIMES.map((r) => r.id).join(',')}]`);
  process.exit(0);
}
const only = values.only?.split(',').map((id) => id.trim());
const unknown = only?.filter((id) => !RUNTIMES.some((runtime) => runtime.id === id)) ?? [];
if (unknown.length) {
  console.error(`unknown runtime ${unknown.join(', ')}; known: ${RUNTIMES.map((r) => r.id).join(', ')}`);
  process.exit(2);
}
const missing = BUILT.filter((file) => !existsSync(join(REPO_ROOT, file)));
if (missing.length) {
  console.error(`not built: ${missing.join(', ')}; run \`npm run test:runtimes\` (it builds what is stale) or \`npm run build\` first`);
  process.exit(2);
}

const seconds = (since) => (performance.now() - since) / 1000;
const started = performance.now();

const installSeconds = await ensureRuntimesInstalled({ log: (line) => console.log(line) });
const installDir = DEFAULT_INSTALL_DIR;

let since = performance.now();
mkdirSync(BUNDLES, { recursive: true });
const bundle = (entry, extra = {}) =>
  build({
    entryPoints: [join(PROGRAMS, `${entry}.mjs`)],
    outfile: join(BUNDLES, `${entry}.js`),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'warning',
    absWorkingDir: REPO_ROOT,
    ...extra,
  });
try {
  await Promise.all([bundle('worker', { conditions: ['workerd', 'worker'] }), bundle('browser-page'), bundle('mock-worker-page')]);
} catch (error) {
  console.error(`bundling the programs failed (is the build complete? \`npm run build\`):\n${error.message}`);
  process.exit(1);
}
const bundleSeconds = seconds(since);

const { startHttpMock } = await import(join(REPO_ROOT, 'mocks/dist/server.js'));
const sdk = await import(join(REPO_ROOT, 'packages/sdk/dist/index.js'));
const mock = await startHttpMock({ port: 0, host: '127.0.0.1' });
const port = new URL(mock.url).port;
/** The mock seen from outside the runtimes, to confirm each runtime's tag really reached it. */
const observer = sdk.createClient({ baseUrl: mock.url, projectId: mock.service.seed.projectId, maxRetries: 0 });
await observer.auth.signIn({ email: 'admin@acme-support.test', password: 'Str0ng-example-passw0rd' });

const bins = binariesOf(installDir);
const childEnv = { ...process.env, NO_COLOR: '1', DO_NOT_TRACK: '1', DENO_NO_UPDATE_CHECK: '1', DENO_DIR: join(installDir, 'cache/deno') };
function commandOf(runtime) {
  const cli = join(PROGRAMS, 'cli.mjs');
  const node24 = join(REPO_ROOT, 'node_modules/.bin/node'); // the project's own Node 24 (root `node` package)
  switch (runtime.binary ?? runtime.kind) {
    case 'node22':
      return [bins.node, [cli, runtime.id, mock.url]];
    case 'node24':
      return [node24, [cli, runtime.id, mock.url]];
    case 'bun':
      return [bins.bun, [cli, runtime.id, mock.url]];
    case 'deno': // network: the mock's port on loopback, nothing else; no file, env or run access
      return [bins.deno, ['run', '--no-prompt', '--no-lock', `--allow-net=127.0.0.1:${port}`, cli, runtime.id, mock.url]];
    case 'workerd':
      return [node24, [join(PROGRAMS, 'workerd-host.mjs'), installDir, join(BUNDLES, 'worker.js'), runtime.id, mock.url]];
    case 'browser':
      return [node24, [join(PROGRAMS, 'browser-host.mjs'), installDir, BUNDLES, runtime.browser, runtime.mode, runtime.id, mock.url]];
    default:
      throw new Error(`no command for ${runtime.id}`);
  }
}

/** Runs one program (own process group, killed after the timeout); resolves `{ code, stdout, stderr }`. */
function runProgram(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const kill = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {}
    };
    const timer = setTimeout(() => {
      stderr += `\ntimed out after ${RUNTIME_TIMEOUT_MS / 1000} s`;
      kill('SIGTERM');
      setTimeout(() => kill('SIGKILL'), 5_000).unref();
    }, RUNTIME_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, stdout, stderr: `${stderr}${error.message}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** What must hold of a runtime's report besides the round trip's own checks; returns the problems. */
async function verify(runtime, result, expected) {
  const problems = [];
  const runtimeName = runtime.kind === 'cli' ? runtime.binary.replace(/\d+$/, '') : runtime.kind === 'browser' ? runtime.browser : runtime.kind;
  if (result.runtime !== runtimeName) problems.push(`ran on ${result.runtime}, expected ${runtimeName}`);
  if (expected !== undefined && result.version !== expected) problems.push(`reported version ${result.version}, pinned ${expected}`);
  if (result.user !== 'admin@acme-support.test') problems.push(`signed in as ${result.user}`);
  if (result.created?.tag !== tagNameOf(runtime.id)) problems.push(`created ${result.created?.tag}`);
  if (result.notFound?.name !== 'NotFoundError' || result.notFound?.status !== 404) problems.push(`typed error ${JSON.stringify(result.notFound)}`);
  if (runtime.mode === 'mock-worker') {
    if (result.controlled !== true || result.apiRequestsAtServer !== 0) problems.push('not answered by the service worker');
  } else {
    const seen = await observer.tags.get({ id: result.created.id }).catch((error) => error);
    if (seen?.tag !== tagNameOf(runtime.id)) problems.push(`the mock has no tag ${result.created.id} (${seen?.message ?? JSON.stringify(seen)})`);
  }
  return problems;
}

const expected = expectedVersions();
const selected = RUNTIMES.filter((runtime) => !only || only.includes(runtime.id));
const outcomes = [];
console.log(`runtime matrix: ${selected.length} runtimes against the stateful mock at ${mock.url}`);
since = performance.now();
try {
  for (const runtime of selected) {
    const runStarted = performance.now();
    const [command, args] = commandOf(runtime);
    const { code, stdout, stderr } = await runProgram(command, args);
    const took = seconds(runStarted);
    const line = stdout.split('\n').find((text) => text.startsWith('RESULT '));
    let result;
    let problems = [];
    if (code !== 0 || !line) {
      const at = stdout.indexOf('ERROR ');
      const error = (at >= 0 ? stdout.slice(at + 6) : stdout).trim();
      problems.push(`exit ${code}: ${error || 'no output'}${stderr.trim() ? `\n${stderr.trim()}` : ''}`);
    } else {
      result = JSON.parse(line.slice(7));
      problems = await verify(runtime, result, expected[runtime.id]);
    }
    outcomes.push({ runtime, result, problems, took });
    const version = result?.version ?? expected[runtime.id] ?? '?';
    const detail = result?.protocol ? ` (${result.protocol})` : result?.miniflare ? ` (miniflare ${result.miniflare})` : '';
    console.log(`${problems.length ? 'FAIL' : 'pass'}  ${runtime.id.padEnd(13)} ${`${version}${detail}`.padEnd(40)} ${took.toFixed(2).padStart(6)} s`);
    for (const problem of problems) console.log(problem.replace(/^/gm, '      '));
  }
} finally {
  await mock.stop();
}
const runSeconds = seconds(since);

// The README table must list what was tested: each runtime's own report where it ran and passed,
// the pins for the others (a partial run still checks the whole table).
const reported = { ...expected };
for (const { runtime, result, problems } of outcomes) if (result && !problems.length) reported[runtime.id] = result.version;
// Registry-pinned runtimes must match the README exactly. Debian's browsers move with security
// updates outside this repository: a new major is reported (update the table) but fails nothing.
const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const byPin = (debian) => Object.fromEntries(Object.entries(reported).filter(([id]) => (RUNTIMES.find((r) => r.id === id)?.pin === 'debian') === debian));
const tableProblems = readmeProblems(readme, byPin(false));
const tableWarnings = readmeProblems(readme, byPin(true)).filter((problem) => !tableProblems.includes(problem));
for (const problem of tableProblems) console.log(`FAIL  ${problem}`);
for (const warning of tableWarnings) console.log(`WARN  ${warning} (Debian updated the browser: update the README table)`);
if (!tableProblems.length && !tableWarnings.length) console.log('README runtimes table lists the versions tested');

const failed = outcomes.filter((outcome) => outcome.problems.length).length + (tableProblems.length ? 1 : 0);
const passed = outcomes.length - outcomes.filter((outcome) => outcome.problems.length).length;
console.log(`matrix: ${seconds(started).toFixed(1)} s (install ${installSeconds.toFixed(1)} s, bundles ${bundleSeconds.toFixed(1)} s, runtimes ${runSeconds.toFixed(1)} s)`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
