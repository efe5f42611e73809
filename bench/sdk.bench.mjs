// SDK benchmarks (`npm run bench:sdk`): per-call latency and CPU of the SDK vs plain fetch and raw ky,
// with validation off and on; the one-call bundle size; cold start. Every figure is a ratio measured
// in this same run, against a loopback server in a child process (so its CPU is not counted).
// Bounded: a fixed number of calls per variant, and a 120 s overall limit.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import ky from 'ky';
import { createClient, createHttpClient, listTags } from '@supportkb/sdk';
import { zodValidation } from '@supportkb/sdk/zod';

const root = fileURLToPath(new URL('..', import.meta.url));
const limit = setTimeout(() => {
  console.error('bench: 120 s limit reached');
  process.exit(2);
}, 120_000);
limit.unref();

const PROJECT = '65f1a2b3c4d5e6f708090a0b';
const SERVER = `
const http = require('node:http');
const tags = Array.from({ length: 40 }, (_, i) => ({ _id: (0x65f1a2b3c4d5e6f708091100 + 0).toString(16) + i, tag: 'tag-' + i, color: '#e53935', id_project: '${PROJECT}', createdBy: '65f1a2b3c4d5e6f708090b02', createdAt: '2026-11-10T08:00:00.000Z', updatedAt: '2026-11-10T08:00:00.000Z', __v: 0 }));
for (const [i, t] of tags.entries()) t._id = '65f1a2b3c4d5e6f7080911' + String(i).padStart(2, '0');
const body = JSON.stringify(tags);
const server = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(body); });
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;
const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
const [line] = await once(child.stdout, 'data');
const base = `http://127.0.0.1:${String(line).trim()}`;
const url = `${base}/${PROJECT}/tags`;
const auth = { token: 'eyJhbGciOiJIUzI1NiJ9.e30.c2ln' };

const plain = async () => {
  const response = await fetch(url, { headers: { Authorization: `JWT ${auth.token}` } });
  if (!response.ok) throw new Error(String(response.status));
  return response.json();
};
const rawKy = () => ky.get(url, { headers: { Authorization: `JWT ${auth.token}` } }).json();
const sk = createClient({ baseUrl: base, projectId: PROJECT, auth });
const skValidated = createClient({ baseUrl: base, projectId: PROJECT, auth, validate: zodValidation() });
const http = createHttpClient({ baseUrl: base, auth });
const variants = {
  'plain fetch': plain,
  'raw ky': rawKy,
  'generated listTags (hey-api client)': () => listTags({ client: http.client, path: { project_id: PROJECT } }),
  'SDK (validation off)': () => sk.tags.list(),
  'SDK (validation on)': () => skValidated.tags.list(),
};

// Warm up every path (JIT, connection pool).
for (const fn of Object.values(variants)) for (let i = 0; i < 200; i++) await fn();

// Latency and CPU, interleaved: 10 rounds, each running every variant 300 times, so that machine
// noise and drift fall on all variants alike.
const ROUNDS = 10;
const CALLS = 300;
const latencies = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
const cpu = Object.fromEntries(Object.keys(variants).map((k) => [k, 0]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, fn] of Object.entries(variants)) {
    const before = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) {
      const t = performance.now();
      await fn();
      latencies[name].push(performance.now() - t);
    }
    const used = process.cpuUsage(before);
    cpu[name] += (used.user + used.system) / (ROUNDS * CALLS); // µs per call
  }
}
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

// Bundle size: import + one call, minified + gzip, as a browser bundle.
async function bundle(contents) {
  const result = await build({ stdin: { contents, resolveDir: root, loader: 'js' }, bundle: true, minify: true, write: false, format: 'esm', platform: 'browser' });
  return gzipSync(result.outputFiles[0].contents).length;
}
const sizes = {
  'fetch only (baseline)': await bundle(`console.log(await fetch('/x'))`),
  'createHttpClient + listTags': await bundle(`import { createHttpClient, listTags } from '@supportkb/sdk'; const { client } = createHttpClient({ baseUrl: '/' }); console.log(await listTags({ client, path: { project_id: 'p' } }));`),
  'createClient + tags.list': await bundle(`import { createClient, createHttpClient, listTags } from '@supportkb/sdk'; console.log(await createClient({ baseUrl: 'http://x' }).tags.list());`),
  'createClient + zodValidation + tags.list': await bundle(`import { createClient, createHttpClient, listTags } from '@supportkb/sdk'; import { zodValidation } from '@supportkb/sdk/zod'; console.log(await createClient({ baseUrl: 'http://x', validate: zodValidation() }).tags.list());`),
};

// Cold start: in a fresh Node process, the time from before `import()` to the first call's answer
// (import + client + first call), measured inside that process; plain fetch's first call as the
// baseline. Median of 7 processes each.
async function coldStart(code, runs = 7) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const p = spawn(process.execPath, ['--input-type=module', '-e', `const t0 = performance.now(); ${code}; console.log(performance.now() - t0);`], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BASE: base } });
    let out = '';
    for await (const chunk of p.stdout) out += chunk;
    const [exit] = await once(p, 'exit').catch(() => [p.exitCode]);
    if ((exit ?? p.exitCode) !== 0) throw new Error(`cold start run failed: ${exit}`);
    times.push(Number(out.trim().split('\n').at(-1)));
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}
const coldFetch = await coldStart(`await (await fetch(process.env.BASE + '/${PROJECT}/tags')).json()`);
const coldSdk = await coldStart(`const { createClient } = await import('@supportkb/sdk'); await createClient({ baseUrl: process.env.BASE, projectId: '${PROJECT}' }).tags.list()`);

child.kill();

const rows = Object.entries(latencies).map(([name, list]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { name, mean: list.reduce((a, b) => a + b, 0) / list.length, p50: pct(sorted, 50), p99: pct(sorted, 99) };
});
const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
const ratio = (a, b) => (byName[a].mean / byName[b].mean).toFixed(3);
const cpuRatio = (a, b) => (cpu[a] / cpu[b]).toFixed(3);
const fmt = (ms) => `${(ms * 1000).toFixed(0)} µs`;

console.log(`\n## SDK benchmark (${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}, ${ROUNDS * CALLS} calls per variant in ${ROUNDS} interleaved rounds, loopback)\n`);
console.log('| variant | mean | p50 | p99 | CPU per call |');
console.log('|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.name} | ${fmt(r.mean)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${cpu[r.name].toFixed(0)} µs |`);
console.log('\n| ratio (same run) | latency | CPU | target |');
console.log('|---|---|---|---|');
console.log(`| raw ky / plain fetch | ${ratio('raw ky', 'plain fetch')} | ${cpuRatio('raw ky', 'plain fetch')} | (about 1.3) |`);
console.log(`| generated client / raw ky | ${ratio('generated listTags (hey-api client)', 'raw ky')} | ${cpuRatio('generated listTags (hey-api client)', 'raw ky')} | – |`);
console.log(`| SDK layer (createClient) / generated client | ${ratio('SDK (validation off)', 'generated listTags (hey-api client)')} | ${cpuRatio('SDK (validation off)', 'generated listTags (hey-api client)')} | – |`);
console.log(`| SDK, validation off / raw ky | ${ratio('SDK (validation off)', 'raw ky')} | ${cpuRatio('SDK (validation off)', 'raw ky')} | ≤ 1.05 |`);
console.log(`| SDK, validation on / plain fetch | ${ratio('SDK (validation on)', 'plain fetch')} | ${cpuRatio('SDK (validation on)', 'plain fetch')} | ≤ 1.5 |`);
console.log('\n| bundle (minified + gzip, esbuild, browser) | bytes | KiB |');
console.log('|---|---|---|');
for (const [name, bytes] of Object.entries(sizes)) console.log(`| ${name} | ${bytes} | ${(bytes / 1024).toFixed(2)} |`);
console.log(`\nCold start (median of 7 fresh processes, timed inside each): SDK import + createClient + first call ${coldSdk.toFixed(1)} ms (target ≤ 100 ms); plain fetch's first call ${coldFetch.toFixed(1)} ms.`);
process.exit(0);
