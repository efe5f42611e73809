#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 3 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Benchmark: the standalone stateful mock vs Prism (`prism mock`), same request mix, loopback only.
//
//   npm run build && node bench/mocks.bench.mjs [--seconds 5] [--concurrency 16] [--max 40000]
//
// Each server runs as its own child process (`mocks/bin/mock.mjs`, `prism mock`) on 127.0.0.1 and a
// free port; this process is the load generator: `concurrency` loops send the mix round-robin for
// `seconds` (after a 1 s warm-up) or until `max` requests, whichever comes first. Prints requests/s
// and p50/p99 latency per server and a Markdown table for bench/README.md. Bounded in count and time.
import { spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '16' }, max: { type: 'string', default: '40000' }, json: { type: 'boolean' } },
});
const SECONDS = Math.min(Number(values.seconds), 30);
const CONCURRENCY = Math.min(Number(values.concurrency), 64);
const MAX = Math.min(Number(values.max), 200_000);

const root = fileURLToPath(new URL('..', import.meta.url));
const mocksDist = `${root}/mocks/dist/prism.js`;
if (!existsSync(mocksDist)) {
  console.error('Build first: npm run build');
  process.exit(2);
}
const { startPrism, freePort } = await import(mocksDist);

const P = '65f1a2b3c4d5e6f708090a0b';
const ADMIN = { email: 'admin@acme-support.test', password: 'Str0ng-example-passw0rd' };

/** Starts `node mocks/bin/mock.mjs --port N` and resolves with its URL and a stop function. */
async function startStateful() {
  const port = await freePort();
  const child = spawn(process.execPath, [`${root}/mocks/bin/mock.mjs`, '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mock did not start:\n${out}`)), 15_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('Custom tokens')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (chunk) => (out += chunk));
  });
  child.stdout.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The request mix: reads of every kind and idempotent writes (so the stateful store does not grow). */
function mix(auth) {
  const json = { 'Content-Type': 'application/json', Authorization: auth };
  return [
    ['listTags', `/${P}/tags`, { headers: { Authorization: auth } }],
    ['getTag', `/${P}/tags/65f1a2b3c4d5e6f708091101`, { headers: { Authorization: auth } }],
    ['listLeads', `/${P}/leads`, { headers: { Authorization: auth } }],
    ['getLead', `/${P}/leads/65f1a2b3c4d5e6f708091301`, { headers: { Authorization: auth } }],
    ['listTeammates', `/${P}/project_users`, { headers: { Authorization: auth } }],
    ['listContents', `/${P}/kb?namespace=${P}`, { headers: { Authorization: auth } }],
    ['getLabels', `/${P}/labels/IT`, {}],
    ['countRequests', `/${P}/analytics/requests/count`, { headers: { Authorization: auth } }],
    ['createTag', `/${P}/tags`, { method: 'POST', headers: json, body: JSON.stringify({ tag: 'vip', color: '#e53935' }) }],
    ['updateLead', `/${P}/leads/65f1a2b3c4d5e6f708091301`, { method: 'PUT', headers: json, body: JSON.stringify({ city: 'Milano' }) }],
  ];
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One request over a keep-alive agent (node:http: a light client, so the servers are what is measured). */
function send(agent, url, path, init) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url + path, { agent, method: init.method ?? 'GET', headers: init.body ? { ...init.headers, 'Content-Length': Buffer.byteLength(init.body) } : init.headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

async function load(url, requests, seconds, max) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies = [];
  let errors = 0;
  let sent = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async (offset) => {
    let i = offset;
    while (performance.now() < deadline && sent < max) {
      sent++;
      const [, path, init] = requests[i++ % requests.length];
      const started = performance.now();
      try {
        const status = await send(agent, url, path, init);
        if (status !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, k) => worker(k)));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, errors, seconds: elapsed, rps: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function measure(name, server) {
  const signIn = await fetch(`${server.url}/auth/signin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const { token } = await signIn.json();
  const requests = mix(token);
  await load(server.url, requests, 1, 5000); // warm-up
  const result = await load(server.url, requests, SECONDS, MAX);
  return { name, ...result };
}

const results = [];
const stateful = await startStateful();
try {
  results.push(await measure('stateful mock (standalone server)', stateful));
} finally {
  await stateful.stop();
}
const prism = await startPrism({ port: await freePort() });
try {
  results.push(await measure('Prism 5.16 (`prism mock`)', prism));
} finally {
  await prism.stop();
}

const ratio = results[0].rps / results[1].rps;
if (values.json) {
  console.log(JSON.stringify({ seconds: SECONDS, concurrency: CONCURRENCY, results, ratio }, null, 2));
} else {
  console.log(`Mix of ${mix('x').length} operations (${mix('x').map(([id]) => id).join(', ')}), concurrency ${CONCURRENCY}, ${SECONDS} s per server, node ${process.version}\n`);
  console.log('| server | requests | non-200 | requests/s | p50 (ms) | p99 (ms) |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of results) console.log(`| ${r.name} | ${r.requests} | ${r.errors} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} |`);
  console.log(`\nThroughput ratio stateful / Prism: ${ratio.toFixed(1)}×`);
}
process.exit(0);
