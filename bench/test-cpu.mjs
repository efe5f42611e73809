#!/usr/bin/env node
// Where `npm test`'s CPU time goes (issue 33, item 6): runs the command under Linux process
// accounting, so that every process it starts is counted when it exits (servers, browsers,
// Schemathesis, generators, the short-lived ones included), and charges each to the test file it
// served (test/setup/process-map.ts records which worker ran which file, and the processes below it).
// On 2 cores, two runs side by side cannot take less wall time than their CPU time together over 2:
// this tells which checks that CPU time buys.
//
//   npm run bench:test-cpu -- [--json] [--top N] [-- COMMAND...]   (default command: npm test)
//
// Needs Linux, root and `accton` (Debian: apt-get install acct). Process accounting is the machine's:
// run it with nothing else running, or other processes are counted too (under "outside test files").
// Per test file: its worker's own CPU while it ran (import, hooks, tests), and its child processes'.
// Outside: vitest's workers between files, then every process no test file started, by the nearest
// `npm run` / `npm exec` above it (the contract lint, the build, the type check, …).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chargeToTestFiles, readAccounting } from '../scripts/lib/process-accounting.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const fail = (/** @type {string} */ message) => {
  console.error(`bench:test-cpu: ${message}`);
  process.exit(2);
};
/** @type {{ values: { json?: boolean, top?: string }, positionals: string[] }} */
let parsed = { values: {}, positionals: [] };
try {
  parsed = parseArgs({ allowPositionals: true, options: { json: { type: 'boolean' }, top: { type: 'string', default: '40' } } });
} catch (error) {
  fail(error.message);
}
const { values, positionals } = parsed;
const TOP = Number(values.top);
const [program, ...args] = positionals.length ? positionals : ['npm', 'test'];
const command = [program, ...args];

if (!Number.isInteger(TOP) || TOP < 1) fail(`--top must be a whole number above 0, got "${values.top}"`);
if (process.platform !== 'linux') fail('process accounting is Linux only');
if (process.getuid?.() !== 0) fail('turning process accounting on needs root');
if (spawnSync('accton', ['--version'], { stdio: 'ignore' }).error) fail('accton is not on PATH (Debian: apt-get install acct)');

const dir = mkdtempSync(join(tmpdir(), 'supportkb-test-cpu-'));
const accounting = join(dir, 'pacct');
const processMap = join(dir, 'processes.jsonl');
writeFileSync(accounting, '');
writeFileSync(processMap, '');
const accton = (/** @type {string[]} */ args) => {
  const result = spawnSync('accton', args, { encoding: 'utf8' });
  if (result.status !== 0) fail(`accton ${args.join(' ')} failed: ${result.stderr.trim()}`);
};
accton([accounting]);
const started = Date.now();
/** @type {number | string | undefined} */
let status;
/** @type {Error | undefined} */
let spawnError;
try {
  const child = spawn(/** @type {string} */ (program), args, { cwd: root, stdio: 'inherit', env: { ...process.env, SUPPORTKB_TEST_PROCESS_MAP: processMap } });
  // Ctrl-C reaches the child (same process group); accounting is turned off below either way.
  process.on('SIGINT', () => undefined);
  status = await new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? signal ?? undefined));
  });
} catch (error) {
  spawnError = error;
} finally {
  accton(['off']);
}
if (spawnError) {
  rmSync(dir, { recursive: true, force: true });
  fail(`cannot run ${command.join(' ')}: ${spawnError.message}`);
}
const wall = (Date.now() - started) / 1000;

const records = readAccounting(readFileSync(accounting));
const entries = readFileSync(processMap, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
rmSync(dir, { recursive: true, force: true });
const charges = chargeToTestFiles(records, entries, (file) => relative(root, file));

const sum = (/** @type {Map<string, number>} */ map) => [...map.values()].reduce((a, b) => a + b, 0);
const byValue = (/** @type {[string, number][]} */ list) => list.sort((a, b) => b[1] - a[1]);
const files = [...charges.files]
  .map(([file, { own, children }]) => ({ file, own, children: sum(children), total: own + sum(children), commands: byValue([...children]) }))
  .sort((a, b) => b.total - a.total);
const outside = [...charges.outside].map(([label, commands]) => ({ label, total: sum(commands), commands: byValue([...commands]) })).sort((a, b) => b.total - a.total);
const inFiles = files.reduce((acc, file) => acc + file.total, 0);
const outsideTotal = outside.reduce((acc, entry) => acc + entry.total, 0);
const workers = sum(charges.workers);

if (values.json) {
  console.log(
    JSON.stringify(
      { command: command.join(' '), status, wallSeconds: wall, cpuSeconds: charges.total, processes: records.length, testFiles: files, workers, outside, commands: byValue([...charges.commands]) },
      null,
      2,
    ),
  );
} else {
  const s = (/** @type {number} */ seconds) => seconds.toFixed(1).padStart(7);
  const few = (/** @type {[string, number][]} */ list) =>
    list
      .slice(0, 4)
      .map(([name, cpu]) => `${name} ${cpu.toFixed(1)}`)
      .join(', ');
  const lines = [
    '',
    `${command.join(' ')}: exit ${status}, ${wall.toFixed(0)} s wall, ${charges.total.toFixed(1)} CPU-s in ${records.length} processes (${(charges.total / wall).toFixed(2)} cores on average)`,
    `  two such runs side by side on this machine's ${availableParallelism()} cores: at least ${((2 * charges.total) / availableParallelism()).toFixed(0)} s each (their CPU time together over the cores; a floor, as the same work costs more CPU time on busy cores)`,
    `  test files ${inFiles.toFixed(1)} CPU-s, vitest's workers outside them ${workers.toFixed(1)}, everything else ${outsideTotal.toFixed(1)}`,
    '',
    `CPU-s per test file, its worker's share and its child processes' (${files.length} files; the ${Math.min(TOP, files.length)} costliest):`,
    '  total    own  children  file   [children by command]',
  ];
  for (const file of files.slice(0, TOP)) lines.push(`${s(file.total)}${s(file.own)}${s(file.children)}   ${file.file}${file.commands.length ? `   [${few(file.commands)}]` : ''}`);
  lines.push('', 'CPU-s outside test files, by the nearest npm script above (or the command):');
  for (const entry of outside.slice(0, TOP)) lines.push(`${s(entry.total)}   ${entry.label}   [${few(entry.commands)}]`);
  lines.push('', 'CPU-s by command, every process:');
  for (const [name, cpu] of byValue([...charges.commands]).slice(0, 15)) lines.push(`${s(cpu)}   ${name}`);
  console.log(lines.join('\n'));
}
process.exitCode = typeof status === 'number' ? status : 1;
