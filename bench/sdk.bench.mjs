// @ts-nocheck -- BASELINE: 17 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// SDK benchmarks (`npm run bench:sdk`): per-call latency and CPU of the SDK vs plain fetch and raw ky,
// with validation off and on; the one-call bundle size; cold start. Every figure is a ratio measured
// in this same run, against a loopback server in a child process (so its CPU is not counted).
// Bounded: a fixed number of calls per variant (at most 200 rounds × 1000), and a 120 s overall limit.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import ky from 'ky';
import { compile, validate } from 'zod/mini';
import { createClient, createHttpClient, listTags } from '@supportkb/sdk';
import { zodValidation, operationSchemas } from '@supportkb/sdk/zod';
import { measureBundles, sizeTable } from './bundle-size.mjs';

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
const one = JSON.stringify(tags[0]);
const server = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(req.url.split('?')[0].endsWith('/tags') ? body : one); });
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;
const child = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
process.on('exit', () => child.kill()); // also when the run fails
const [line] = await once(child.stdout, 'data');
const base = `http://127.0.0.1:${String(line).trim()}`;
const url = `${base}/${PROJECT}/tags`;
const auth = { token: 'eyJhbGciOiJIUzI1NiJ9.e30.c2ln' };

const TAG = '65f1a2b3c4d5e6f708091100';
const oneUrl = `${url}/${TAG}`;
const headers = { Authorization: `JWT ${auth.token}` };
const plain = (to) => async () => {
  const response = await fetch(to, { headers });
  if (!response.ok) throw new Error(String(response.status));
  return response.json();
};
const rawKy = (to) => () => ky.get(to, { headers }).json();
const sk = createClient({ baseUrl: base, projectId: PROJECT, auth });
const skValidated = createClient({ baseUrl: base, projectId: PROJECT, auth, validate: zodValidation() });
const http = createHttpClient({ baseUrl: base, auth });
const listTagsSchema = operationSchemas.listTags.response(); // the zod/mini schema the SDK checks a page of tags with
const listTagsCompiled = compile(listTagsSchema); // as zodValidation() checks it where zod may generate code
const variants = {
  'plain fetch': plain(url),
  'raw ky': rawKy(url),
  'raw ky, again (A/A control)': rawKy(url),
  'plain fetch + the same zod schema': async () => listTagsSchema.parse(await plain(url)()),
  'plain fetch + the same schema, compiled (z.compile, z.validate)': async () => validate(listTagsCompiled, await plain(url)()),
  'generated listTags (hey-api client)': () => listTags({ client: http.client, path: { project_id: PROJECT } }),
  'SDK (validation off)': () => sk.tags.list(),
  'SDK (validation on)': () => skValidated.tags.list(),
  'one tag: plain fetch': plain(oneUrl),
  'one tag: raw ky': rawKy(oneUrl),
  'one tag: SDK (validation off)': () => sk.tags.get({ id: TAG }),
  'one tag: SDK (validation on)': () => skValidated.tags.get({ id: TAG }),
};

// Warm up every path (JIT, connection pool).
for (const fn of Object.values(variants)) for (let i = 0; i < 200; i++) await fn();

// Latency and CPU in blocks: 60 rounds (`--rounds`), each running every variant for a block of 100
// calls (`--calls`), the order rotating from round to round so that machine noise and drift fall on
// all variants alike. With `--expose-gc` (as `npm run bench:sdk` runs it) a young-generation
// collection precedes every block, so no block pays for the short-lived garbage of the one before;
// each still pays for the collections its own allocations cause. (A full collection there slowed
// some variants more than others, raw ky / plain fetch 1.44 instead of 1.33, for a reason not
// established, so the lighter one is used.) A variant's figure is the median of its block means;
// the A/A control (raw ky twice) shows how far two identical variants land apart in the same run.
const arg = (name, fallback, max) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Math.min(max, Math.max(1, Number(process.argv[at + 1]) || fallback)) : fallback;
};
const ROUNDS = arg('rounds', 60, 200);
const CALLS = arg('calls', 100, 1000);
const names = Object.keys(variants);
const gcExposed = typeof globalThis.gc === 'function';
const collect = gcExposed ? () => globalThis.gc({ type: 'minor' }) : () => {};
const latencies = Object.fromEntries(names.map((k) => [k, []]));
const blockMean = Object.fromEntries(names.map((k) => [k, []])); // ms per call, one entry per block
const blockCpu = Object.fromEntries(names.map((k) => [k, []])); // µs per call, one entry per block
for (let round = 0; round < ROUNDS; round++) {
  for (let v = 0; v < names.length; v++) {
    const name = names[(v + round) % names.length];
    const fn = variants[name];
    collect();
    const before = process.cpuUsage();
    const start = performance.now();
    for (let i = 0; i < CALLS; i++) {
      const t = performance.now();
      await fn();
      latencies[name].push(performance.now() - t);
    }
    blockMean[name].push((performance.now() - start) / CALLS);
    const used = process.cpuUsage(before);
    blockCpu[name].push((used.user + used.system) / CALLS);
  }
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return (sorted[Math.floor(mid)] + sorted[Math.ceil(mid)]) / 2;
};
const lat = Object.fromEntries(names.map((k) => [k, median(blockMean[k])]));
const cpu = Object.fromEntries(names.map((k) => [k, median(blockCpu[k])]));
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

// Bundle sizes: import + one call, minified + gzip, browser bundles with code splitting, what loads
// before the first call and what the first call loads (bench/bundle-size.mjs, `npm run bench:bundle`).
const bundles = await measureBundles();

// Cold start: in a fresh Node process, the time from before `import()` to the first call's answer
// (import + client + first call), measured inside that process; plain fetch's first call as the
// baseline. Median of 7 processes each.
async function coldStart(code, runs = 7) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const p = spawn(process.execPath, ['--input-type=module', '-e', `const t0 = performance.now(); ${code}; console.log(performance.now() - t0);`], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BASE: base },
    });
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
// With validation: both entries loaded as one module graph (as static imports load them), then the
// first call, which builds the schemas of listTags only.
const coldValidated = await coldStart(
  `const [{ createClient }, { zodValidation }] = await Promise.all([import('@supportkb/sdk'), import('@supportkb/sdk/zod')]); await createClient({ baseUrl: process.env.BASE, projectId: '${PROJECT}', validate: zodValidation() }).tags.list()`,
);
// Where that goes: the SDK's zod entry alone (zod/mini's code bundled in it, tree-shaken), against
// what loading zod/mini from node_modules costs (its modules and the ~50 locale modules its index
// re-exports: what the entry cost while zod was an external dependency).
const coldZodEntry = await coldStart(`await import('@supportkb/sdk/zod')`);
const coldZodMini = await coldStart(`await import('zod/mini')`);

child.kill();

const rows = Object.entries(latencies).map(([name, list]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { name, p50: pct(sorted, 50), p99: pct(sorted, 99) };
});
const fmt = (ms) => `${(ms * 1000).toFixed(0)} µs`;
const comparisons = [
  ['raw ky, again / raw ky (A/A: the noise floor)', 'raw ky, again (A/A control)', 'raw ky', '1'],
  ['raw ky / plain fetch', 'raw ky', 'plain fetch', '(about 1.3)'],
  ['generated client / raw ky', 'generated listTags (hey-api client)', 'raw ky', '–'],
  ['SDK, validation off / raw ky', 'SDK (validation off)', 'raw ky', '≤ 1.05'],
  ['SDK, validation on / plain fetch', 'SDK (validation on)', 'plain fetch', '≤ 1.5'],
  ['SDK, validation on / SDK, validation off (page of 40: what validation adds)', 'SDK (validation on)', 'SDK (validation off)', '≤ 1.15'],
  ["plain fetch + the same zod schema / plain fetch (zod/mini's interpreter alone)", 'plain fetch + the same zod schema', 'plain fetch', '–'],
  ["plain fetch + the same schema compiled / plain fetch (zod's compiled check alone)", 'plain fetch + the same schema, compiled (z.compile, z.validate)', 'plain fetch', '–'],
  ['one tag: SDK, validation off / raw ky', 'one tag: SDK (validation off)', 'one tag: raw ky', '≤ 1.05'],
  ['one tag: SDK, validation on / plain fetch', 'one tag: SDK (validation on)', 'one tag: plain fetch', '≤ 1.5'],
  ['one tag: SDK, validation on / SDK, validation off', 'one tag: SDK (validation on)', 'one tag: SDK (validation off)', '≤ 1.15'],
];

console.log(
  `\n## SDK benchmark (${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}, loopback, ${ROUNDS} blocks × ${CALLS} calls per variant${gcExposed ? ', a young-generation GC before each block' : ', no --expose-gc'})\n`,
);
console.log('| variant | latency (median block mean) | p50 | p99 | CPU per call (median block) |');
console.log('|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.name} | ${fmt(lat[r.name])} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${cpu[r.name].toFixed(0)} µs |`);
console.log('\n| ratio (same run) | latency | CPU | target |');
console.log('|---|---|---|---|');
for (const [label, a, b, target] of comparisons) console.log(`| ${label} | ${(lat[a] / lat[b]).toFixed(3)} | ${(cpu[a] / cpu[b]).toFixed(3)} | ${target} |`);
console.log(`\n${sizeTable(bundles)}`);
console.log(
  `\nCold start (median of 7 fresh processes, timed inside each): SDK import + createClient + first call ${coldSdk.toFixed(1)} ms (target ≤ 100 ms); plain fetch's first call ${coldFetch.toFixed(1)} ms.`,
);
console.log(
  `Cold start with validation (both entries + createClient + first validated call): ${coldValidated.toFixed(1)} ms (target ≤ 100 ms); importing the SDK's zod entry alone (zod/mini bundled in it) takes ${coldZodEntry.toFixed(1)} ms, where importing zod/mini from node_modules takes ${coldZodMini.toFixed(1)} ms.`,
);
process.exit(0);
