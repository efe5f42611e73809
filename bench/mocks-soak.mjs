#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 4 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Hardening benchmark of the standalone stateful mock, loopback only:
//
//   npm run bench:mocks-soak [-- --requests 100000 --concurrency 16 --create-every 10 --only body,regex,soak --json]
//
// Each phase runs against a fresh server in its own child process (bench/mocks-soak-server.mjs:
// `startHttpMock` of the built package, as `npm run mock` starts it), whose resident memory is
// read from /proc/<pid>/status (VmRSS, and VmHWM for the peak), so the load generator's memory is
// never counted; the child also reports its heap after a full garbage collection on request (IPC).
//
// 1. body: 256 MB sent unauthenticated to an unknown path (chunked), 256 MB with a Content-Length
//    to `POST /{project}/tags` without credentials, and 256 MB chunked to the same operation with
//    credentials. Reported: the answer, the bytes the client had sent when it came, the server's
//    peak RSS, and the tags stored afterwards.
// 2. regex: a segment filter `contains` `^(a+)+$` over a lead named with 30 `a` and a `!`
//    (31 characters), and the same pattern as the content `search` parameter over a content of that
//    source; while each runs, an unrelated `GET /{project}/labels/IT` is sent 10 ms later.
//    Reported: both latencies.
// 3. soak: `--requests` (default 100,000, at most 1,000,000) mixed requests from `--concurrency`
//    (default 16) keep-alive loops; one in `--create-every` (default 10; 0: none) creates a document
//    (in turn a lead, a tag, a message in a new conversation), the rest read or rewrite the same
//    documents. Reported: throughput, p50/p99/max latency, the bytes stored (the JSON of the created
//    documents as answered), the heap in use after a full GC and the RSS after warm-up, at each
//    quarter and at the end (RSS also sampled every 250 ms for the peak).
//
// Needs the built packages (`npm run build`) and Linux (/proc). Bounded in count and time.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '100000' },
    concurrency: { type: 'string', default: '16' },
    'create-every': { type: 'string', default: '10' },
    json: { type: 'boolean' },
    only: { type: 'string' },
  },
});
const REQUESTS = Math.min(Number(values.requests), 1_000_000);
const CONCURRENCY = Math.min(Number(values.concurrency), 64);
const ONLY = values.only ? new Set(values.only.split(',')) : undefined;
const CREATE_EVERY = Math.max(0, Math.floor(Number(values['create-every'])));

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(`${root}/mocks/dist/server.js`)) {
  console.error('Build first: npm run build');
  process.exit(2);
}
if (!existsSync('/proc/self/status')) {
  console.error('This benchmark reads /proc/<pid>/status (Linux).');
  process.exit(2);
}

const P = '65f1a2b3c4d5e6f708090a0b';
const ADMIN = { email: 'admin@acme-support.test', password: 'Str0ng-example-passw0rd' };
const MB = 1024 * 1024;

/** VmRSS and VmHWM (peak) of a process, in bytes. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/**
 * Starts the standalone server in a child process (bench/mocks-soak-server.mjs: the same
 * `startHttpMock` as `npm run mock`) and resolves with its URL, pid, `memory()` (garbage
 * collected first, then `process.memoryUsage()`) and a stop function.
 */
async function startServer() {
  const child = spawn(process.execPath, ['--expose-gc', `${root}/bench/mocks-soak-server.mjs`], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const { url } = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('mock did not start')), 15_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message);
    });
  });
  return {
    url,
    pid: child.pid,
    memory: () =>
      new Promise((resolve) => {
        child.once('message', (message) => resolve(message.memory));
        child.send('memory');
      }),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One request over a keep-alive agent; resolves with the status and the body text. */
function send(agent, url, path, init = {}) {
  return new Promise((resolve, reject) => {
    const headers = init.body ? { ...init.headers, 'Content-Length': Buffer.byteLength(init.body) } : init.headers;
    const req = httpRequest(url + path, { agent, method: init.method ?? 'GET', headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

async function signIn(url) {
  const { text } = await send(undefined, url, '/auth/signin', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
  return JSON.parse(text).token;
}

/**
 * Streams `total` bytes of JSON-looking filler in 1 MB chunks, as fast as the server takes them,
 * until it answers; resolves with the answer, the bytes written by then and the elapsed time.
 */
function sendHuge(url, path, { total, headers = {}, declareLength }) {
  return new Promise((resolve) => {
    const started = performance.now();
    let written = 0;
    let answered = false;
    const chunk = Buffer.alloc(MB, 'a');
    const req = httpRequest(url + path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers, ...(declareLength ? { 'Content-Length': total } : {}) } }, (res) => {
      answered = true;
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          body: Buffer.concat(chunks).toString('utf8').replace(/\s+/g, ' ').slice(0, 60),
          connection: res.headers.connection,
          sentBytes: written,
          ms: performance.now() - started,
        }),
      );
      res.on('error', () => resolve({ status: res.statusCode, sentBytes: written, ms: performance.now() - started }));
    });
    req.on('error', (error) => {
      if (!answered) resolve({ error: error.code ?? error.message, sentBytes: written, ms: performance.now() - started });
    });
    const pump = () => {
      while (!answered && written < total) {
        const piece = written === 0 ? Buffer.concat([Buffer.from('{"tag":"'), chunk.subarray(8)]) : chunk;
        written += piece.length;
        if (!req.write(piece)) return req.once('drain', pump);
      }
      if (!answered) req.end('"}');
    };
    pump();
  });
}

async function oversizedBodies() {
  const server = await startServer();
  try {
    const token = await signIn(server.url);
    const before = memoryOf(server.pid);
    const cases = [
      ['256 MB, no credentials, unknown path (chunked)', '/nothing/here', { total: 256 * MB }],
      ['256 MB, no credentials, POST /{project}/tags (Content-Length)', `/${P}/tags`, { total: 256 * MB, declareLength: true }],
      ['256 MB, admin, POST /{project}/tags (chunked)', `/${P}/tags`, { total: 256 * MB, headers: { Authorization: token } }],
    ];
    const rows = [];
    for (const [name, path, options] of cases) {
      const result = await sendHuge(server.url, path, options);
      rows.push({ name, ...result, peakRss: memoryOf(server.pid).peak });
    }
    const tags = JSON.parse((await send(undefined, server.url, `/${P}/tags`, { headers: { Authorization: token } })).text);
    return { rssBefore: before.rss, rows, tagsAfter: tags.length, tagLengths: tags.map((t) => t.tag.length) };
  } finally {
    await server.stop();
  }
}

async function timed(url, path, init) {
  const started = performance.now();
  const result = await send(undefined, url, path, init);
  return { ...result, ms: performance.now() - started };
}

async function pathologicalPatterns() {
  const server = await startServer();
  try {
    const token = await signIn(server.url);
    const json = { 'Content-Type': 'application/json', Authorization: token };
    const name = `${'a'.repeat(30)}!`;
    await send(undefined, server.url, `/${P}/leads`, { method: 'POST', headers: json, body: JSON.stringify({ fullname: name }) });
    const segment = JSON.parse(
      (
        await send(undefined, server.url, `/${P}/segments`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ name: 'ReDoS', filters: [{ field: 'fullname', operator: 'contains', value: '^(a+)+$' }] }),
        })
      ).text,
    );
    await send(undefined, server.url, `/${P}/kb`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'ReDoS', type: 'text', source: name, content: 'x', namespace: P }) });
    const rows = [];
    for (const [label, path] of [
      ['segment filter `contains` `^(a+)+$`, lead of 31 characters', `/${P}/leads?segment=${segment._id}`],
      ['content `search=^(a+)+$`, source of 31 characters', `/${P}/kb?namespace=${P}&search=${encodeURIComponent('^(a+)+$')}`],
    ]) {
      const slow = timed(server.url, path, { headers: { Authorization: token } });
      await new Promise((resolve) => setTimeout(resolve, 10));
      const unrelated = timed(server.url, `/${P}/labels/IT`);
      const [a, b] = await Promise.all([slow, unrelated]);
      rows.push({ name: label, status: a.status, ms: a.ms, unrelatedStatus: b.status, unrelatedMs: b.ms });
    }
    return { rows };
  } finally {
    await server.stop();
  }
}

/**
 * The soak mix: one request in `--create-every` (default 10; 0: none) creates a document, in turn a
 * lead, a tag and a message in a new conversation; the others read or rewrite the same documents.
 */
function soakRequest(i, token) {
  const auth = { Authorization: token };
  const json = { 'Content-Type': 'application/json', Authorization: token };
  if (CREATE_EVERY > 0 && i % CREATE_EVERY === CREATE_EVERY - 1) {
    const kind = Math.floor(i / CREATE_EVERY) % 3;
    if (kind === 0)
      return {
        creates: true,
        path: `/${P}/leads`,
        init: { method: 'POST', headers: json, body: JSON.stringify({ fullname: `Soak lead ${i}`, email: `soak.${i}@example.org`, attributes: { plan: 'pro', seq: i } }) },
      };
    if (kind === 1) return { creates: true, path: `/${P}/tags`, init: { method: 'POST', headers: json, body: JSON.stringify({ tag: `soak-${i}`, color: '#43a047' }) } };
    return { creates: true, path: `/${P}/requests/support-group-soak-${i}/messages`, init: { method: 'POST', headers: json, body: JSON.stringify({ text: `soak message ${i}` }) } };
  }
  const reads = [
    [`/${P}/tags`, { headers: auth }],
    [`/${P}/tags/65f1a2b3c4d5e6f708091101`, { headers: auth }],
    [`/${P}/leads`, { headers: auth }],
    [`/${P}/leads/65f1a2b3c4d5e6f708091301`, { headers: auth }],
    [`/${P}/project_users`, { headers: auth }],
    [`/${P}/kb?namespace=${P}`, { headers: auth }],
    [`/${P}/labels/IT`, {}],
    [`/${P}/analytics/requests/count`, { headers: auth }],
    [`/${P}/leads/65f1a2b3c4d5e6f708091301`, { method: 'PUT', headers: json, body: JSON.stringify({ city: 'Milano' }) }],
  ];
  const [path, init] = reads[i % reads.length];
  return { creates: false, path, init };
}

async function soak() {
  const server = await startServer();
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    const token = await signIn(server.url);
    // Warm-up: JIT, caches and the heap's first growth, without creating anything.
    for (let i = 0; i < 2000; i++) {
      const { creates, path, init } = soakRequest(i, token);
      if (!creates) await send(agent, server.url, path, init);
    }
    const heapStart = await server.memory();
    const start = memoryOf(server.pid);
    const samples = [{ at: 0, done: 0, rss: start.rss }];
    const quarters = [];
    const latencies = new Float64Array(REQUESTS);
    let next = 0;
    let done = 0;
    let errors = 0;
    let stored = 0;
    const began = performance.now();
    const sampler = setInterval(() => samples.push({ at: performance.now() - began, done, rss: memoryOf(server.pid).rss }), 250);
    const worker = async () => {
      while (next < REQUESTS) {
        const i = next++;
        const { creates, path, init } = soakRequest(i, token);
        const started = performance.now();
        try {
          const { status, text } = await send(agent, server.url, path, init);
          if (status !== 200) errors++;
          else if (creates) stored += Buffer.byteLength(text);
        } catch {
          errors++;
        }
        latencies[i] = performance.now() - started;
        done++;
        if (done % (REQUESTS / 4) === 0) quarters.push({ done, rss: memoryOf(server.pid).rss, stored, heapUsed: (await server.memory()).heapUsed - heapStart.heapUsed });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const elapsed = (performance.now() - began) / 1000;
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const heapEnd = await server.memory();
    const end = memoryOf(server.pid);
    const sorted = Array.from(latencies).sort((a, b) => a - b);
    return {
      requests: REQUESTS,
      concurrency: CONCURRENCY,
      errors,
      seconds: elapsed,
      rps: REQUESTS / elapsed,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1],
      createEvery: CREATE_EVERY,
      heapStart: heapStart.heapUsed,
      heapEnd: heapEnd.heapUsed,
      memoryStart: heapStart,
      memoryEnd: heapEnd,
      rssStart: start.rss,
      rssEnd: end.rss,
      rssPeak: Math.max(...samples.map((s) => s.rss), end.rss),
      stored,
      quarters,
    };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

const mb = (bytes) => (bytes / MB).toFixed(1);
const results = { node: process.version };
if (!ONLY || ONLY.has('body')) results.oversized = await oversizedBodies();
if (!ONLY || ONLY.has('regex')) results.regex = await pathologicalPatterns();
if (!ONLY || ONLY.has('soak')) results.soak = await soak();

if (values.json) {
  console.log(JSON.stringify(results, null, 2));
} else {
  console.log(`node ${process.version}\n`);
  if (results.oversized) {
    const o = results.oversized;
    console.log(`Oversized bodies (server RSS before: ${mb(o.rssBefore)} MB)\n`);
    console.log('| request | answer | client had sent | time (ms) | server peak RSS (MB) |');
    console.log('|---|---|---:|---:|---:|');
    for (const r of o.rows) console.log(`| ${r.name} | ${r.status ?? r.error} ${r.body ?? ''} | ${mb(r.sentBytes)} MB | ${r.ms.toFixed(0)} | ${mb(r.peakRss)} |`);
    console.log(`\nTags stored afterwards: ${o.tagsAfter} (longest ${Math.max(...o.tagLengths)} characters)\n`);
  }
  if (results.regex) {
    console.log('Pathological patterns\n');
    console.log('| request | status | time (ms) | unrelated request sent 10 ms later (ms) |');
    console.log('|---|---:|---:|---:|');
    for (const r of results.regex.rows) console.log(`| ${r.name} | ${r.status} | ${r.ms.toFixed(1)} | ${r.unrelatedMs.toFixed(1)} |`);
    console.log('');
  }
  if (results.soak) {
    const s = results.soak;
    console.log(`Soak: ${s.requests} requests, concurrency ${s.concurrency}, ${s.seconds.toFixed(1)} s, ${s.rps.toFixed(0)} requests/s, non-200: ${s.errors}`);
    console.log(`latency p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms, max ${s.max.toFixed(1)} ms`);
    console.log(`one request in ${s.createEvery || '∞'} creates a document; ${mb(s.stored)} MB stored (JSON of the created documents as answered)`);
    console.log(
      `heap in use after a full GC: ${mb(s.heapStart)} MB after warm-up, ${mb(s.heapEnd)} MB at the end (retained growth ${mb(s.heapEnd - s.heapStart)} MB${s.stored ? `, ${((s.heapEnd - s.heapStart) / s.stored).toFixed(1)}× the stored JSON` : ''})`,
    );
    console.log(`RSS after warm-up ${mb(s.rssStart)} MB, peak ${mb(s.rssPeak)} MB, end ${mb(s.rssEnd)} MB (growth ${mb(s.rssEnd - s.rssStart)} MB)`);
    console.log('\n| requests done | stored (MB) | retained heap growth (MB) | RSS (MB) | RSS growth (MB) |');
    console.log('|---:|---:|---:|---:|---:|');
    for (const q of s.quarters) console.log(`| ${q.done} | ${mb(q.stored)} | ${mb(q.heapUsed)} | ${mb(q.rss)} | ${mb(q.rss - s.rssStart)} |`);
  }
}
process.exit(0);
