#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 2 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Benchmark of the stateful mock's query engine under hostile input (issue 31, items 1, 6, 7, 8),
// loopback only:
//
//   npm run bench:mocks-query [-- --only nested,in,text,warnings --depth 20 --json]
//
// Each phase starts a fresh standalone server in its own child process (bench/mocks-soak-server.mjs:
// `startHttpMock` of the built package, as `npm run mock` starts it). While the slow request runs, an
// unrelated `GET /{project}/labels/IT` is sent 10 ms later: its latency is how long every other client
// of the mock waited.
//
// 1. nested: a lead whose `attributes` nest arrays of objects keyed "0" `--depth` deep
//    (`{x: [{"0": [{"0": … "leaf"}]}]}`) and a segment `=` filter on `attributes.x.0.0…` (two "0" per
//    level) matching the leaf. Reported: the listing's answer and latency, the unrelated request's.
// 2. in: 1,000 leads and a segment whose `=` filter lists 40,000 names (a `$in`), then the same with
//    10,000 names. Reported: as above.
// 3. text: 100 leads named with 200 KB of words, then `GET /{project}/leads?full_text=` a word of the
//    last one, twice (the first after the writes, the second on the same documents). Reported: as above.
// 4. warnings: 800 distinct requests the real server never answers (`GET /{project}/leads?status=`
//    800 different texts, each a cast error) and 800 contract violations at distinct places (`filters.<i>.operator` of a segment); then
//    `POST /__supportkb/reset` and the first of them again. Reported: the warnings printed (lines and
//    bytes of the server's stderr) and whether the reset cleared them (the repeat warns again).
//
// Needs the built packages (`npm run build`). Bounded in count and time.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { only: { type: 'string' }, depth: { type: 'string', default: '20' }, json: { type: 'boolean' } } });
const ONLY = values.only ? new Set(values.only.split(',')) : undefined;
const DEPTH = Math.min(Math.max(1, Number(values.depth)), 45);

const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(`${root}/mocks/dist/server.js`)) {
  console.error('Build first: npm run build');
  process.exit(2);
}

const P = '65f1a2b3c4d5e6f708090a0b';
const ADMIN = { email: 'admin@acme-support.test', password: 'Str0ng-example-passw0rd' };

/** The standalone server in a child process; its stderr is counted (the warnings). */
async function startServer() {
  const child = spawn(process.execPath, ['--expose-gc', `${root}/bench/mocks-soak-server.mjs`], { stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
  const stderr = { lines: 0, bytes: 0, text: '' };
  child.stderr.on('data', (chunk) => {
    stderr.bytes += chunk.length;
    const text = chunk.toString('utf8');
    stderr.lines += text.split('\n').length - 1;
    if (stderr.text.length < 4000) stderr.text += text.slice(0, 4000);
  });
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
    stderr,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One request; resolves with the status, the body text and the latency (status 0: no answer). */
function send(url, path, init = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const headers = init.body ? { ...init.headers, 'Content-Length': Buffer.byteLength(init.body) } : init.headers;
    const req = httpRequest(url + path, { method: init.method ?? 'GET', headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
      res.on('error', () => resolve({ status: 0, text: '', ms: performance.now() - started }));
    });
    req.setTimeout(120_000, () => req.destroy());
    req.on('error', () => resolve({ status: 0, text: '', ms: performance.now() - started }));
    req.end(init.body);
  });
}

async function signIn(url) {
  const { text } = await send(url, '/auth/signin', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
  return JSON.parse(text).token;
}

/** The slow request, and an unrelated one sent 10 ms after it. */
async function withUnrelated(url, path, headers) {
  const slow = send(url, path, { headers });
  await new Promise((resolve) => setTimeout(resolve, 10));
  const unrelated = send(url, `/${P}/labels/IT`);
  const [a, b] = await Promise.all([slow, unrelated]);
  return { status: a.status, ms: a.ms, body: a.text.slice(0, 160), unrelatedStatus: b.status, unrelatedMs: b.ms };
}

async function phase(run) {
  const server = await startServer();
  try {
    const token = await signIn(server.url);
    return await run(server, token, { 'Content-Type': 'application/json', Authorization: token });
  } finally {
    await server.stop();
  }
}

const post = (url, path, headers, body) => send(url, path, { method: 'POST', headers, body: JSON.stringify(body) });

async function nested() {
  return phase(async (server, token, json) => {
    let value = 'leaf';
    for (let i = 0; i < DEPTH; i++) value = [{ 0: value }];
    await post(server.url, `/${P}/leads`, json, { fullname: 'Nested', attributes: { x: value } });
    const path = `attributes.x${'.0'.repeat(2 * DEPTH)}`;
    const segment = JSON.parse((await post(server.url, `/${P}/segments`, json, { name: 'Nested', filters: [{ field: path, operator: '=', value: 'leaf' }] })).text);
    const row = await withUnrelated(server.url, `/${P}/leads?segment=${segment._id}`, { Authorization: token });
    return [{ name: `segment \`=\` on a path of ${2 * DEPTH} "0" over a lead nested ${DEPTH} levels`, ...row }];
  });
}

async function inList() {
  return phase(async (server, token, json) => {
    for (let i = 0; i < 1000; i++) await post(server.url, `/${P}/leads`, json, { fullname: `lead ${i}` });
    const rows = [];
    for (const n of [40_000, 10_000]) {
      const names = Array.from({ length: n }, (_, i) => `n${i}`);
      const created = await post(server.url, `/${P}/segments`, json, { name: `In ${n}`, filters: [{ field: 'fullname', operator: '=', value: names }] });
      const segment = JSON.parse(created.text);
      const row = await withUnrelated(server.url, `/${P}/leads?segment=${segment._id}`, { Authorization: token });
      rows.push({ name: `segment \`=\` a list of ${n.toLocaleString('en')} names ($in) over 1,000 leads`, ...row });
    }
    return rows;
  });
}

async function fullText() {
  return phase(async (server, token, json) => {
    const words = (i) =>
      Array.from({ length: 30_000 }, (_, k) => `w${i}x${k % 997}`)
        .join(' ')
        .slice(0, 200_000);
    for (let i = 0; i < 100; i++) await post(server.url, `/${P}/leads`, json, { fullname: words(i) });
    const rows = [];
    for (const run of ['first', 'second']) {
      const row = await withUnrelated(server.url, `/${P}/leads?full_text=w99x5&limit=1`, { Authorization: token });
      rows.push({ name: `full_text over 100 leads named with 200 KB (${run} request)`, ...row });
    }
    return rows;
  });
}

async function warnings() {
  return phase(async (server, token, json) => {
    for (let i = 0; i < 800; i++) await send(server.url, `/${P}/leads?status=${'bad'.repeat(30)}-${i}`, { headers: { Authorization: token } });
    const ok = { field: 'fullname', operator: '=', value: 'x' };
    for (let i = 0; i < 800; i++) await post(server.url, `/${P}/segments`, json, { name: `s${i}`, filters: [...Array.from({ length: i }, () => ok), { ...ok, operator: 5 }] });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = { lines: server.stderr.lines, bytes: server.stderr.bytes };
    await send(server.url, '/__supportkb/reset', { method: 'POST' });
    const fresh = await signIn(server.url);
    await send(server.url, `/${P}/leads?status=${'bad'.repeat(30)}-0`, { headers: { Authorization: fresh } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    return [{ name: '800 unanswered listings + 800 violations, distinct texts', lines: before.lines, bytes: before.bytes, afterResetLines: server.stderr.lines - before.lines }];
  });
}

const results = {};
if (!ONLY || ONLY.has('nested')) results.nested = await nested();
if (!ONLY || ONLY.has('in')) results.in = await inList();
if (!ONLY || ONLY.has('text')) results.text = await fullText();
if (!ONLY || ONLY.has('warnings')) results.warnings = await warnings();

if (values.json) console.log(JSON.stringify(results, null, 2));
else {
  console.log('| case | answer | latency (ms) | unrelated request waited (ms) |');
  console.log('|---|---|---:|---:|');
  for (const rows of [results.nested, results.in, results.text].filter(Boolean)) {
    for (const r of rows) console.log(`| ${r.name} | ${r.status} | ${r.ms.toFixed(1)} | ${r.unrelatedMs.toFixed(1)} |`);
  }
  for (const r of results.warnings ?? [])
    console.log(`\nwarnings: ${r.name}: ${r.lines} lines, ${r.bytes.toLocaleString('en')} bytes on stderr; after POST /__supportkb/reset, the first request again: ${r.afterResetLines} line(s)`);
}
