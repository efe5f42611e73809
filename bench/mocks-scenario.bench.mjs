#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 19 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Benchmark: what a scenario costs in the stateful mock (`@supportkb/mocks`, built dist).
//
//   npm run bench:mocks-scenario [-- --documents 10000] [--iterations 5] [--requests 1000] [--json]
//
// 1. Loading: a scenario of `documents` seed documents (default 10,000; a mix of teammates, tags,
//    groups, segments, leads, conversations and their messages, built here), timed as
//    `validateScenario(object)`, `loadScenario(file)` (read + parse + validate), `createMockService({ scenario })`
//    (validate + seed) and `service.reset()` (seed again); median of `iterations` runs.
// 2. Per request: the same request mix (the `mocks.bench.mjs` mix: reads of tags, leads, teammates,
//    contents, labels, analytics, an idempotent create and update; all 200) sent one at a time with
//    `fetch` to `setupNodeMock()` (MSW in this process, no socket), without a scenario and with
//    scenarios that answer nothing themselves: an empty one, 1, 10 and 100 non-matching response
//    entries on every operation of the mix (path, query and body matches in turn), and `latency: 0`. The variants take turns within each iteration
//    (so drift hits them alike); the figure per variant is the median over the iterations of its
//    mean time per request — CPU time of this process (user + system; what the mock costs, steady
//    when other work shares the machine) and wall time (which also counts waits, e.g. a timer) — and
//    the ratios are to "no scenario" in the same run.
// Bounded: at most 100,000 documents, 20 iterations, 20,000 requests per variant and iteration.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { documents: { type: 'string', default: '10000' }, iterations: { type: 'string', default: '5' }, requests: { type: 'string', default: '1000' }, json: { type: 'boolean' } },
});
/** A positive integer option, capped; a clear error otherwise. */
function count(name, cap) {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a positive integer, got ${JSON.stringify(values[name])}`);
    process.exit(2);
  }
  return Math.min(value, cap);
}
const DOCUMENTS = count('documents', 100_000);
const ITERATIONS = count('iterations', 20);
const REQUESTS = count('requests', 20_000);

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'mocks/dist');
if (!existsSync(join(dist, 'node.js'))) {
  console.error('Build first: npm run build');
  process.exit(2);
}
const { createMockService, SEED } = await import(join(dist, 'index.js'));
const { setupNodeMock, loadScenario, validateScenario } = await import(join(dist, 'node.js'));

const P = SEED.projectId;
const ADMIN = { email: 'admin@acme-support.test', password: 'Str0ng-example-passw0rd' };

// ---- 1. A scenario of DOCUMENTS documents ------------------------------------------------------

/** The n-th ObjectId of a kind (two hex digits), deterministic. */
const oid = (kind, n) => `6b${kind}${n.toString(16).padStart(20, '0')}`;
const at = (minutes) => new Date(Date.parse('2027-02-01T08:00:00.000Z') + minutes * 60_000).toISOString();
const FIRST = ['Ada', 'Grace', 'Alan', 'Katherine', 'Linus', 'Margaret', 'Radia', 'Dennis', 'Barbara', 'Ken'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Johnson', 'Torvalds', 'Hamilton', 'Perlman', 'Ritchie', 'Liskov', 'Thompson'];
const TEXTS = ['Where is my order?', 'I was charged twice this month.', 'How do I reset my password?', 'The app crashes when I upload a photo.', 'Can I change my delivery address?'];

/**
 * The scenario: of every 100 documents, about 1 teammate, 1 tag, 0.2 groups, 0.3 segments, 37.5
 * leads, 20 conversations and 40 messages (two per conversation); `mode: 'extend'`, so the seeded
 * admin signs in as in the request benchmark.
 */
function bigScenario(documents) {
  const n = (share) => Math.max(1, Math.floor(documents * share));
  const users = Array.from({ length: n(0.01) }, (_, i) => ({ email: `agent${i}@bench.test`, firstname: FIRST[i % 10], lastname: LAST[(i * 3) % 10], role: 'agent', teammate: { _id: oid('01', i) } }));
  const tags = Array.from({ length: n(0.01) }, (_, i) => ({ _id: oid('02', i), tag: `tag-${i}`, color: ['#43a047', '#e53935', '#1e88e5'][i % 3] }));
  const groups = Array.from({ length: n(0.002) }, (_, i) => ({ _id: oid('03', i), name: `Group ${i}`, members: users.slice(i % users.length, (i % users.length) + 3).map((u) => u.teammate._id) }));
  const segments = Array.from({ length: n(0.003) }, (_, i) => ({ _id: oid('04', i), name: `Segment ${i}` }));
  const conversationCount = n(0.2);
  const messagesPer = 2;
  const leadCount = Math.max(1, documents - users.length - tags.length - groups.length - segments.length - conversationCount * (1 + messagesPer));
  const leads = Array.from({ length: leadCount }, (_, i) => ({
    _id: oid('05', i),
    fullname: `${FIRST[i % 10]} ${LAST[Math.floor(i / 10) % 10]}`,
    email: `lead${i}@customers.example`,
    phone: i % 3 === 0 ? null : `+39 02 ${String(1_000_000 + i).slice(-7)}`,
    tags: i % 4 === 0 ? [tags[i % tags.length].tag] : [],
    createdAt: at(i),
  }));
  const conversations = Array.from({ length: conversationCount }, (_, i) => ({
    request_id: `support-group-bench-${i}`,
    lead: leads[i % leads.length]._id,
    status: [100, 200, 1000][i % 3],
    createdAt: at(i * 2),
    messages: Array.from({ length: messagesPer }, (_, k) => ({ text: TEXTS[(i + k) % TEXTS.length] })),
  }));
  const scenario = { seed: { mode: 'extend', users, tags, groups, segments, leads, conversations } };
  const total = users.length + tags.length + groups.length + segments.length + leads.length + conversations.length * (1 + messagesPer);
  return {
    scenario,
    counts: {
      users: users.length,
      tags: tags.length,
      groups: groups.length,
      segments: segments.length,
      leads: leads.length,
      conversations: conversations.length,
      messages: conversations.length * messagesPer,
      total,
    },
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** Wall and CPU (user + system) milliseconds of `fn()`. */
function timed(fn) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = fn();
  const { user, system } = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (user + system) / 1000, result };
}

const { scenario: big, counts } = bigScenario(DOCUMENTS);
const dir = mkdtempSync(join(tmpdir(), 'supportkb-bench-scenario-'));
const file = join(dir, 'big.json');
writeFileSync(file, JSON.stringify(big));
const bytes = JSON.stringify(big).length;
const loading = { validate: [], loadFile: [], createService: [], reset: [] };
let stored;
try {
  for (let i = 0; i < ITERATIONS; i++) {
    loading.validate.push(timed(() => validateScenario(big)));
    loading.loadFile.push(timed(() => loadScenario(file)));
    const created = timed(() => createMockService({ scenario: big, warnings: false }));
    loading.createService.push(created);
    const service = created.result;
    loading.reset.push(timed(() => service.reset()));
    stored = { leads: service.store.leads.size, conversations: service.store.conversations.size, messages: service.store.messages.size, storageBytes: service.store.storage.used };
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const expectedLeads = counts.leads + Object.keys(SEED.leads).length;
if (stored.leads < counts.leads || stored.conversations < counts.conversations || stored.messages < counts.messages) {
  throw new Error(`the scenario was not seeded: ${JSON.stringify(stored)} for ${JSON.stringify(counts)} (about ${expectedLeads} leads expected)`);
}

// ---- 2. Per request ------------------------------------------------------------------------------

/** The request mix of bench/mocks.bench.mjs, over fetch (the SDK's transport). */
function mix(auth) {
  const json = { 'Content-Type': 'application/json', Authorization: auth };
  return [
    ['listTags', 'GET', `/${P}/tags`],
    ['getTag', 'GET', `/${P}/tags/${SEED.tags.vip}`],
    ['listLeads', 'GET', `/${P}/leads`],
    ['getLead', 'GET', `/${P}/leads/65f1a2b3c4d5e6f708091301`],
    ['listTeammates', 'GET', `/${P}/project_users`],
    ['listContents', 'GET', `/${P}/kb?namespace=${P}`],
    ['getLabels', 'GET', `/${P}/labels/IT`],
    ['countRequests', 'GET', `/${P}/analytics/requests/count`],
    ['createTag', 'POST', `/${P}/tags`, JSON.stringify({ tag: 'vip', color: '#e53935' })],
    ['updateLead', 'PUT', `/${P}/leads/65f1a2b3c4d5e6f708091301`, JSON.stringify({ city: 'Milano' })],
  ].map(([id, method, path, body]) => ({ id, method, path, init: { method, headers: body ? json : { Authorization: auth }, body } }));
}
const OPERATIONS = mix('x').map((r) => r.id);

/** `entries` response entries per operation of the mix, none of which matches a request of the mix (path, query and body matches in turn). */
function nonMatching(entries) {
  const responses = {};
  for (const id of OPERATIONS) {
    responses[id] = Array.from({ length: entries }, (_, k) => {
      const match = k % 3 === 0 ? { query: { variant: `never-${k}` } } : k % 3 === 1 ? { path: { project_id: oid('ff', k) } } : { body: { never: k } };
      return { match, status: 503, times: 1 };
    });
  }
  return { responses };
}

const VARIANTS = [
  { name: 'no scenario', options: {} },
  { name: 'a scenario without responses', options: { scenario: {} } },
  { name: '1 non-matching entry per operation (a query match)', options: { scenario: nonMatching(1) } },
  { name: '10 non-matching entries per operation', options: { scenario: nonMatching(10) } },
  { name: '100 non-matching entries per operation', options: { scenario: nonMatching(100) } },
  { name: 'latency 0 (every operation)', options: { scenario: { latency: 0 } } },
];

const BASE = 'http://bench.test';
async function run(variant) {
  const { server } = setupNodeMock({ ...variant.options, warnings: false, clock: { frozen: true } });
  server.listen({ onUnhandledFrame: 'error' });
  try {
    const { token } = await (await fetch(`${BASE}/auth/signin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) })).json();
    const requests = mix(token);
    for (let i = 0; i < 200; i++) await send(requests[i % requests.length]); // warm-up
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) await send(requests[i % requests.length]);
    const wall = ((performance.now() - started) * 1000) / REQUESTS;
    const { user, system } = process.cpuUsage(cpu);
    return { wall, cpu: (user + system) / REQUESTS }; // µs per request
  } finally {
    server.close();
  }
}
async function send({ id, path, init }) {
  const res = await fetch(BASE + path, init);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${id} answered ${res.status}: the mix must answer 200 in every variant`);
}

const perRequest = new Map(VARIANTS.map((v) => [v.name, []]));
for (let i = 0; i < ITERATIONS; i++) {
  // Take turns, starting one further each iteration.
  for (let k = 0; k < VARIANTS.length; k++) {
    const variant = VARIANTS[(i + k) % VARIANTS.length];
    perRequest.get(variant.name).push(await run(variant));
  }
}
const of = (name, key) => perRequest.get(name).map((r) => r[key]);
const baseline = { wall: median(of('no scenario', 'wall')), cpu: median(of('no scenario', 'cpu')) };
const requestResults = VARIANTS.map((v) => {
  const wall = median(of(v.name, 'wall'));
  const cpu = median(of(v.name, 'cpu'));
  return { variant: v.name, cpuUs: cpu, cpuRatio: cpu / baseline.cpu, wallUs: wall, wallRatio: wall / baseline.wall, runs: perRequest.get(v.name) };
});
const loadResults = Object.fromEntries(
  Object.entries(loading).map(([k, xs]) => [k, { medianMs: median(xs.map((x) => x.ms)), medianCpuMs: median(xs.map((x) => x.cpuMs)), runsMs: xs.map((x) => x.ms) }]),
);

if (values.json) {
  console.log(
    JSON.stringify({ node: process.version, documents: counts, scenarioBytes: bytes, stored, iterations: ITERATIONS, requests: REQUESTS, loading: loadResults, perRequest: requestResults }, null, 2),
  );
} else {
  const c = counts;
  console.log(`Node ${process.version}; median of ${ITERATIONS} iterations.\n`);
  console.log(
    `Scenario: ${c.total} documents (${c.users} teammates, ${c.tags} tags, ${c.groups} groups, ${c.segments} segments, ${c.leads} leads, ${c.conversations} conversations, ${c.messages} messages), ${(bytes / 1024 / 1024).toFixed(1)} MB of JSON; stored: ${(stored.storageBytes / 1024 / 1024).toFixed(1)} MB\n`,
  );
  console.log('| loading | wall (ms) | CPU (ms) |');
  console.log('|---|---:|---:|');
  const labels = {
    validate: '`validateScenario(object)`',
    loadFile: '`loadScenario(file)`: read, parse, validate',
    createService: '`createMockService({ scenario })`: validate and seed',
    reset: '`service.reset()`: seed again',
  };
  for (const [k, r] of Object.entries(loadResults)) console.log(`| ${labels[k]} | ${r.medianMs.toFixed(0)} | ${r.medianCpuMs.toFixed(0)} |`);
  console.log(`\nPer request: ${OPERATIONS.length} operations (${OPERATIONS.join(', ')}), ${REQUESTS} requests per variant and iteration, one at a time, fetch → setupNodeMock\n`);
  console.log('| variant | CPU µs per request | ratio | wall µs per request | ratio |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of requestResults) console.log(`| ${r.variant} | ${r.cpuUs.toFixed(0)} | ${r.cpuRatio.toFixed(2)} | ${r.wallUs.toFixed(0)} | ${r.wallRatio.toFixed(2)} |`);
}
