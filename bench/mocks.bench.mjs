#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 3 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Benchmark: the standalone stateful mock vs a bare node:http server answering the very same bytes
// (the floor: what node:http and the load generator cost on this machine), and vs Prism (`prism mock`),
// on the same request mix, loopback only.
//
//   npm run build && node bench/mocks.bench.mjs [--seconds 5] [--rounds 5] [--concurrency 16] [--max 40000] [--mix all|reads] [--no-prism] [--json]
//
// Each server runs as its own child process (`mocks/bin/mock.mjs`, bench/mocks-bare-server.mjs,
// `prism mock`) on 127.0.0.1 and a free port; this process is the load generator: `concurrency`
// loops send the mix round-robin for `seconds` (after a 1 s warm-up) or until `max` requests,
// whichever comes first. The bare server gets the mock's recorded answers (status, headers, body
// bytes) for every request of the mix. The mock and the bare server take turns for `rounds` rounds
// (the order alternating), so a burst of other load on a shared machine hits both; each figure is the
// median over the rounds, and the ratio mock / bare is the median of the rounds' ratios. Prints
// requests/s and p50/p99 latency per server and a Markdown table for bench/README.md.
import { spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '16' },
    max: { type: 'string', default: '40000' },
    mix: { type: 'string', default: 'all' },
    'no-prism': { type: 'boolean' },
    'cpu-prof': { type: 'string' },
    baseline: { type: 'string' },
    json: { type: 'boolean' },
  },
});
const ROUNDS = Math.max(1, Math.min(Number(values.rounds), 15));
if (values.mix !== 'all' && values.mix !== 'reads') {
  console.error('--mix is all (reads and idempotent writes) or reads (the GET operations only)');
  process.exit(2);
}
const SECONDS = Math.min(Number(values.seconds), 30);
const CONCURRENCY = Math.min(Number(values.concurrency), 64);
const MAX = Math.min(Number(values.max), 200_000);

const root = fileURLToPath(new URL('..', import.meta.url));
const mocksDist = `${root}/mocks/dist/prism.js`;
if (!existsSync(mocksDist)) {
  console.error('Build first: npm run build');
  process.exit(2);
}
const { startPrismMock, freePort } = await import(mocksDist);

const P = '65f1a2b3c4d5e6f708090a0b';
const ADMIN = { email: 'admin@acme-support.test', password: 'Str0ng-example-passw0rd' };

/** Starts `node mocks/bin/mock.mjs --port N` and resolves with its URL and a stop function. */
async function startStateful(bin = `${root}/mocks/bin/mock.mjs`) {
  const port = await freePort();
  const profile = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof']] : [];
  const child = spawn(process.execPath, [...profile, bin, '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mock did not start:\n${out}`)), 60_000);
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
  const all = [
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
  return values.mix === 'reads' ? all.filter(([, , init]) => !init.method) : all;
}

/** One request, its answer recorded as sent: status, headers (as raw pairs) and body bytes. */
function record(url, path, init) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url + path, { method: init.method ?? 'GET', headers: init.body ? { ...init.headers, 'Content-Length': Buffer.byteLength(init.body) } : init.headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const headers = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          // node:http writes its own Connection, Keep-Alive and Date.
          if (!/^(connection|keep-alive|date)$/i.test(res.rawHeaders[i])) headers.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        }
        resolve({ key: `${init.method ?? 'GET'} ${path}`, status: res.statusCode, headers, body: Buffer.concat(chunks).toString('base64') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Starts bench/mocks-bare-server.mjs answering `answers` (from {@link record}). */
async function startBare(answers) {
  const child = spawn(process.execPath, [`${root}/bench/mocks-bare-server.mjs`], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin.end(JSON.stringify(answers));
  const port = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`bare server did not start: ${out}`)), 60_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening (\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

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

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); undefined elsewhere. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = 100; // sysconf(_SC_CLK_TCK) on Linux

async function load(url, requests, seconds, max, pid) {
  const cpuBefore = pid ? cpuMs(pid) : undefined;
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
  const cpuAfter = pid ? cpuMs(pid) : undefined;
  latencies.sort((a, b) => a - b);
  const cpuPerRequestUs = cpuBefore !== undefined && cpuAfter !== undefined ? ((cpuAfter - cpuBefore) * 1000) / latencies.length : undefined;
  return { requests: latencies.length, errors, seconds: elapsed, rps: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpuPerRequestUs };
}

async function signInMix(server) {
  const signIn = await fetch(`${server.url}/auth/signin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const { token } = await signIn.json();
  return mix(token);
}

async function measure(name, server, requests) {
  await load(server.url, requests, 1, 5000); // warm-up
  const result = await load(server.url, requests, SECONDS, MAX, server.pid);
  return { name, ...result };
}

/** The median figures of one server's rounds. */
function summary(name, rounds) {
  const cpu = rounds.map((r) => r.cpuPerRequestUs).filter((us) => us !== undefined);
  return {
    name,
    rounds: rounds.length,
    requests: median(rounds.map((r) => r.requests)),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    rps: median(rounds.map((r) => r.rps)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    rpsRange: [Math.min(...rounds.map((r) => r.rps)), Math.max(...rounds.map((r) => r.rps))],
    cpuPerRequestUs: cpu.length ? median(cpu) : undefined,
  };
}

const stateful = await startStateful();
// --baseline DIR: another build of the mock (DIR/bin/mock.mjs, e.g. a copy of mocks/ from the commit
// before a change, placed inside the repository so it resolves the same node_modules), measured in the
// same rounds: a before/after in one run.
const baseline = values.baseline ? await startStateful(`${values.baseline}/bin/mock.mjs`) : undefined;
const baselineRounds = [];
const baselineRatios = [];
/** Per round: the mock's CPU per request over the baseline's (after / before, same round). */
const baselineCpuRatios = [];
let bare;
const mockRounds = [];
const bareRounds = [];
const ratios = [];
const cpuRatios = [];
let requests;
try {
  requests = await signInMix(stateful);
  await load(stateful.url, requests, 1, 5000); // warm-up, so the recorded answers are the steady state's
  const answers = [];
  for (const [, path, init] of requests) answers.push(await record(stateful.url, path, init));
  const non200 = answers.filter((answer) => answer.status !== 200);
  if (non200.length) throw new Error(`the mix must answer 200: ${non200.map((a) => `${a.key} ${a.status}`).join(', ')}`);
  bare = await startBare(answers);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? ['bare', 'mock', 'baseline'] : ['baseline', 'mock', 'bare'];
    const got = {};
    for (const which of order) {
      if (which === 'baseline' && !baseline) continue;
      got[which] = await measure(which, which === 'mock' ? stateful : which === 'bare' ? bare : baseline, requests);
    }
    if (baseline) {
      baselineRounds.push(got.baseline);
      baselineRatios.push(got.baseline.rps / got.bare.rps);
      if (got.mock.cpuPerRequestUs && got.baseline.cpuPerRequestUs) baselineCpuRatios.push(got.mock.cpuPerRequestUs / got.baseline.cpuPerRequestUs);
    }
    mockRounds.push(got.mock);
    bareRounds.push(got.bare);
    ratios.push(got.mock.rps / got.bare.rps);
    if (got.mock.cpuPerRequestUs && got.bare.cpuPerRequestUs) cpuRatios.push(got.bare.cpuPerRequestUs / got.mock.cpuPerRequestUs);
    if (!values.json && baseline)
      console.error(`round ${round + 1}/${ROUNDS}: baseline ${got.baseline.rps.toFixed(0)} req/s (p99 ${got.baseline.p99.toFixed(2)} ms, ${got.baseline.cpuPerRequestUs?.toFixed(0)} µs CPU/request)`);
    if (!values.json)
      console.error(
        `round ${round + 1}/${ROUNDS}: mock ${got.mock.rps.toFixed(0)} req/s (p99 ${got.mock.p99.toFixed(2)} ms, ${got.mock.cpuPerRequestUs?.toFixed(0)} µs CPU/request), bare ${got.bare.rps.toFixed(0)} req/s (p99 ${got.bare.p99.toFixed(2)} ms, ${got.bare.cpuPerRequestUs?.toFixed(0)} µs CPU/request), ratio ${(got.mock.rps / got.bare.rps).toFixed(3)}`,
      );
  }
} finally {
  await stateful.stop();
  await baseline?.stop();
  await bare?.stop();
}
const results = [summary('stateful mock (standalone server)', mockRounds), summary('bare node:http, the same bytes', bareRounds)];
if (baseline) results.push(summary(`baseline mock (${values.baseline})`, baselineRounds));
const ratio = median(ratios);
const cpuRatio = cpuRatios.length ? median(cpuRatios) : undefined;
let prismRatio;
if (!values['no-prism']) {
  const prism = await startPrismMock({ port: await freePort() });
  try {
    const prismResult = await measure('Prism 5.16 (`prism mock`)', prism, await signInMix(prism));
    results.push({ ...prismResult, rounds: 1 });
    prismRatio = results[0].rps / prismResult.rps;
  } finally {
    await prism.stop();
  }
}

if (values.json) {
  console.log(
    JSON.stringify(
      {
        seconds: SECONDS,
        rounds: ROUNDS,
        concurrency: CONCURRENCY,
        mix: values.mix,
        results,
        ratioToBare: ratio,
        ratiosToBare: ratios,
        cpuRatioToBare: cpuRatio,
        cpuRatiosToBare: cpuRatios,
        baselineRatioToBare: baselineRatios.length ? median(baselineRatios) : undefined,
        cpuRatioToBaseline: baselineCpuRatios.length ? median(baselineCpuRatios) : undefined,
        cpuRatiosToBaseline: baselineCpuRatios,
        ratioToPrism: prismRatio,
      },
      null,
      2,
    ),
  );
} else {
  console.log(`Mix of ${requests.length} operations (${requests.map(([id]) => id).join(', ')}), concurrency ${CONCURRENCY}, ${ROUNDS} rounds of ${SECONDS} s per server, node ${process.version}\n`);
  console.log('| server | rounds | requests (median) | non-200 | requests/s (median) | range | p50 (ms) | p99 (ms) | server CPU per request (µs) |');
  console.log('|---|---:|---:|---:|---:|---|---:|---:|---:|');
  for (const r of results)
    console.log(
      `| ${r.name} | ${r.rounds} | ${r.requests} | ${r.errors} | ${r.rps.toFixed(0)} | ${r.rpsRange ? `${r.rpsRange[0].toFixed(0)}-${r.rpsRange[1].toFixed(0)}` : '–'} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.cpuPerRequestUs?.toFixed(0) ?? '–'} |`,
    );
  console.log(`\nThroughput ratio stateful mock / bare server: ${ratio.toFixed(3)} (median of the rounds' ratios: ${ratios.map((r) => r.toFixed(3)).join(', ')})`);
  if (baselineRatios.length) console.log(`Throughput ratio baseline mock / bare server: ${median(baselineRatios).toFixed(3)} (rounds: ${baselineRatios.map((r) => r.toFixed(3)).join(', ')})`);
  if (baselineCpuRatios.length)
    console.log(`Server CPU per request, mock / baseline mock: ${median(baselineCpuRatios).toFixed(3)} (median of the rounds' ratios: ${baselineCpuRatios.map((r) => r.toFixed(3)).join(', ')})`);
  if (cpuRatio !== undefined)
    console.log(
      `Server CPU per request, bare / mock: ${cpuRatio.toFixed(3)} (median of the rounds' ratios: ${cpuRatios.map((r) => r.toFixed(3)).join(', ')}); the throughput ratio the mock would reach with a core of its own`,
    );
  if (prismRatio !== undefined) console.log(`Throughput ratio stateful mock / Prism: ${prismRatio.toFixed(1)}×`);
}
process.exit(0);
