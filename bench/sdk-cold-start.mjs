#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 6 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Cold start of the SDK (issue 33, item 4): in a fresh Node process, the time from before `import()`
// to the first call's answer (import + createClient + first call) against a local node:http server in
// a child process, measured inside that process; plain fetch's first call as the floor.
//
//   npm run build && node bench/sdk-cold-start.mjs [--runs 5] [--steps] [--json]
//
// The variants take turns (fetch, SDK, SDK + zodValidation(), fetch, …), so a burst of other load
// hits all of them; each figure is the median of `runs` processes, with each process's CPU time
// (user + system, from process.cpuUsage() at the first answer) beside its wall time: on a shared
// machine the wall time counts the waits for a core, the CPU time does not. The SDK's share is the
// median, over the rounds, of each round's SDK process minus that round's plain fetch process.
// `--steps` adds where the validated cold start's time goes: the same process with a mark after each
// step (the first call's chunks imported as a step of their own), median of each step's increment.
// Bounded: at most 15 runs.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, json: { type: 'boolean' }, steps: { type: 'boolean' } } });
const RUNS = Math.max(1, Math.min(Number(values.runs), 15));
const root = fileURLToPath(new URL('..', import.meta.url));
const PROJECT = '65f1a2b3c4d5e6f708090a0b';
const SERVER = `
const http = require('node:http');
const tags = Array.from({ length: 40 }, (_, i) => ({ _id: '65f1a2b3c4d5e6f7080911' + String(i).padStart(2, '0'), tag: 'tag-' + i, color: '#e53935', id_project: '${PROJECT}', createdBy: '65f1a2b3c4d5e6f708090b02', createdAt: '2026-11-10T08:00:00.000Z', updatedAt: '2026-11-10T08:00:00.000Z', __v: 0 }));
const body = JSON.stringify(tags);
const server = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(body); });
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;
const server = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
process.on('exit', () => server.kill());
const [line] = await once(server.stdout, 'data');
const base = `http://127.0.0.1:${String(line).trim()}`;

const FETCH = 'plain fetch, first call';
const SDK = 'SDK: import + createClient + tags.list()';
const VALIDATED = 'SDK + zodValidation(): both entries + createClient + the first validated tags.list()';
const VARIANTS = {
  [FETCH]: `await (await fetch(process.env.BASE + '/${PROJECT}/tags')).json()`,
  [SDK]: `const { createClient } = await import('@supportkb/sdk'); await createClient({ baseUrl: process.env.BASE, projectId: '${PROJECT}' }).tags.list()`,
  [VALIDATED]: `const [{ createClient }, { zodValidation }] = await Promise.all([import('@supportkb/sdk'), import('@supportkb/sdk/zod')]); await createClient({ baseUrl: process.env.BASE, projectId: '${PROJECT}', validate: zodValidation() }).tags.list()`,
};
// The validated cold start in steps (`--steps`). `mark(step)` records the cumulative wall and CPU time.
// ky, which the SDK imports first, probes fetch's Request and streams when it loads: that loads Node's
// fetch implementation (undici), most of what plain fetch's first call costs. The first call's chunks
// (zodValidation()'s check and listTags's schemas, `dist/validation/`) are the very modules that call
// would import (the package resolves to packages/sdk/dist), imported as a step of their own.
const STEPS = `
await import('ky'); mark("import ky (it probes fetch: Node's fetch implementation loads)");
const { createClient } = await import('@supportkb/sdk'); mark('import @supportkb/sdk (the rest of the default entry)');
const { zodValidation } = await import('@supportkb/sdk/zod'); mark('import @supportkb/sdk/zod (zod/mini, the public schemas, the validator)');
const sk = createClient({ baseUrl: process.env.BASE, projectId: '${PROJECT}', validate: zodValidation() }); mark('createClient({ validate: zodValidation() })');
await Promise.all([import('./packages/sdk/dist/validation/zod-check.js'), import('./packages/sdk/dist/validation/op.listTags.gen.js')]); mark("first call: zodValidation()'s check and listTags's schemas load (dist/validation/)");
await sk.tags.list(); mark('first call: the rest (schemas built, request checked, fetch, 200 body checked on the interpreter)');
await sk.tags.list(); mark("second tags.list() (the body checked on the interpreter again; zod's compiler starts loading)");
await new Promise((resolve) => setTimeout(resolve, 20)); mark("(20 ms idle: zod's compiler chunk loads; the CPU time also counts V8's background threads, compiling and collecting)");
await sk.tags.list(); mark("third tags.list() (listTags's 200 body schema compiled, then checked compiled)");
await sk.tags.list(); mark('fourth tags.list() (compiled)');
`;

async function once_(code, marks = false) {
  const p = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      marks
        ? `const t0 = performance.now(); const c0 = process.cpuUsage(); const marks = []; const mark = (step) => { const c = process.cpuUsage(c0); marks.push({ step, wall: performance.now() - t0, cpu: (c.user + c.system) / 1000 }); }; ${code}; console.log(JSON.stringify(marks));`
        : `const t0 = performance.now(); const c0 = process.cpuUsage(); ${code}; const c = process.cpuUsage(c0); console.log(JSON.stringify({ wall: performance.now() - t0, cpu: (c.user + c.system) / 1000 }));`,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BASE: base } },
  );
  let out = '';
  for await (const chunk of p.stdout) out += chunk;
  const [exit] = await once(p, 'exit').catch(() => [p.exitCode]);
  if ((exit ?? p.exitCode) !== 0) throw new Error(`cold start run failed: ${exit}`);
  return JSON.parse(out.trim().split('\n').at(-1));
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const runs = Object.fromEntries(Object.keys(VARIANTS).map((name) => [name, []]));
const steps = [];
await once_(VARIANTS[FETCH]); // warm the file cache
for (let i = 0; i < RUNS; i++) {
  for (const [name, code] of Object.entries(VARIANTS)) runs[name].push(await once_(code));
  if (values.steps) steps.push(await once_(STEPS, true));
}
server.kill();

const rows = Object.entries(runs).map(([name, rs]) => ({ name, wall: median(rs.map((r) => r.wall)), cpu: median(rs.map((r) => r.cpu)), walls: rs.map((r) => r.wall) }));
// The SDK's share above plain fetch, paired by round (each round's processes ran back to back).
const share = (name) => ({
  name: `${name === VALIDATED ? 'SDK + zodValidation()' : 'SDK'} − plain fetch (the SDK's share of the cold start)`,
  wall: median(runs[name].map((r, i) => r.wall - runs[FETCH][i].wall)),
  cpu: median(runs[name].map((r, i) => r.cpu - runs[FETCH][i].cpu)),
});
const shares = [share(SDK), share(VALIDATED)];
const stepRows = steps.length
  ? steps[0].map(({ step }, k) => ({
      step,
      wall: median(steps.map((marks) => marks[k].wall - (k ? marks[k - 1].wall : 0))),
      cpu: median(steps.map((marks) => marks[k].cpu - (k ? marks[k - 1].cpu : 0))),
      cumulativeCpu: median(steps.map((marks) => marks[k].cpu)),
    }))
  : undefined;
if (values.json) console.log(JSON.stringify({ runs: RUNS, node: process.version, rows, shares, steps: stepRows }, null, 2));
else {
  console.log(`Cold start, median of ${RUNS} fresh processes each (interleaved), node ${process.version}\n`);
  console.log('| variant | wall (median) | CPU (median) | wall, every run | target |');
  console.log('|---|---:|---:|---|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.wall.toFixed(1)} ms | ${r.cpu.toFixed(1)} ms | ${r.walls.map((w) => w.toFixed(0)).join(', ')} | ${r.name === VALIDATED ? '≤ 100 ms' : '–'} |`);
  for (const r of shares) console.log(`| ${r.name} | ${r.wall.toFixed(1)} ms | ${r.cpu.toFixed(1)} ms | (median of the rounds' differences) | – |`);
  if (stepRows) {
    console.log(`\nWhere the validated cold start's time goes (one process per round, a mark after each step; median of each step's increment, ${RUNS} processes)\n`);
    console.log('| step | wall | CPU | CPU so far |');
    console.log('|---|---:|---:|---:|');
    for (const r of stepRows) console.log(`| ${r.step} | ${r.wall.toFixed(1)} ms | ${r.cpu.toFixed(1)} ms | ${r.cumulativeCpu.toFixed(1)} ms |`);
  }
}
