#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 6 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Cold start of the SDK (issue 33, item 4): in a fresh Node process, the time from before `import()`
// to the first call's answer (import + createClient + first call) against a local node:http server in
// a child process, measured inside that process; plain fetch's first call as the floor.
//
//   npm run build && node bench/sdk-cold-start.mjs [--runs 5] [--json]
//
// The variants take turns (fetch, SDK, SDK + zodValidation(), fetch, …), so a burst of other load
// hits all of them; each figure is the median of `runs` processes, with each process's CPU time
// (user + system, from process.cpuUsage() at the first answer) beside its wall time: on a shared
// machine the wall time counts the waits for a core, the CPU time does not. Bounded: at most 15 runs.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, json: { type: 'boolean' } } });
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

const VARIANTS = {
  'plain fetch, first call': `await (await fetch(process.env.BASE + '/${PROJECT}/tags')).json()`,
  'SDK: import + createClient + tags.list()': `const { createClient } = await import('@supportkb/sdk'); await createClient({ baseUrl: process.env.BASE, projectId: '${PROJECT}' }).tags.list()`,
  'SDK + zodValidation(): both entries + createClient + the first validated tags.list()': `const [{ createClient }, { zodValidation }] = await Promise.all([import('@supportkb/sdk'), import('@supportkb/sdk/zod')]); await createClient({ baseUrl: process.env.BASE, projectId: '${PROJECT}', validate: zodValidation() }).tags.list()`,
};

async function once_(code) {
  const p = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const t0 = performance.now(); const c0 = process.cpuUsage(); ${code}; const c = process.cpuUsage(c0); console.log(JSON.stringify({ wall: performance.now() - t0, cpu: (c.user + c.system) / 1000 }));`,
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
await once_(VARIANTS['plain fetch, first call']); // warm the file cache
for (let i = 0; i < RUNS; i++) for (const [name, code] of Object.entries(VARIANTS)) runs[name].push(await once_(code));
server.kill();

const rows = Object.entries(runs).map(([name, rs]) => ({ name, wall: median(rs.map((r) => r.wall)), cpu: median(rs.map((r) => r.cpu)), walls: rs.map((r) => r.wall) }));
if (values.json) console.log(JSON.stringify({ runs: RUNS, node: process.version, rows }, null, 2));
else {
  console.log(`Cold start, median of ${RUNS} fresh processes each (interleaved), node ${process.version}\n`);
  console.log('| variant | wall (median) | CPU (median) | wall, every run | target |');
  console.log('|---|---:|---:|---|---|');
  for (const r of rows)
    console.log(`| ${r.name} | ${r.wall.toFixed(1)} ms | ${r.cpu.toFixed(1)} ms | ${r.walls.map((w) => w.toFixed(0)).join(', ')} | ${r.name.includes('zodValidation') ? '≤ 100 ms' : '–'} |`);
}
