// @ts-nocheck -- BASELINE: 9 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// The SDK layer's own CPU per call, without any network: every variant gets the same canned
// Response from a stub `fetch`, so the differences are the client code alone (`npm run bench:sdk`).
// Interleaved rounds; bounded (20 × 500 calls per variant); the fastest round counts.
// Validation's cost on a page of 40: `listLeads` answering 40 leads (every field the contract lists,
// attributes and tags included) and `listTags` answering 40 tags, each with and without
// `zodValidation()`, in the same run; the ratio on / off is the target (≤ 1.5). `--jitless` runs it as
// under a Content Security Policy without `unsafe-eval` (`z.config({ jitless: true })`: zod generates
// no code, so validation runs on zod/mini's interpreter instead of compiled checks).
if (process.argv.includes('--jitless')) (globalThis.__zod_globalConfig ??= {}).jitless = true; // zod's global configuration, shared by every copy of zod
import ky from 'ky';
import { createClient, createHttpClient, listTags } from '@supportkb/sdk';
import { zodValidation } from '@supportkb/sdk/zod';

const PROJECT = '65f1a2b3c4d5e6f708090a0b';
// Tags as the service stores them (every field the contract lists), so validation checks a real shape.
const tag = (i) => ({
  _id: `65f1a2b3c4d5e6f7080911${String(i).padStart(2, '0')}`,
  tag: `t${i}`,
  color: '#e53935',
  id_project: PROJECT,
  createdBy: '65f1a2b3c4d5e6f708090b02',
  createdAt: '2026-11-10T08:00:00.000Z',
  updatedAt: '2026-11-10T08:00:00.000Z',
  __v: 0,
});
const body = JSON.stringify(Array.from({ length: 40 }, (_, i) => tag(i)));
const TAG = '65f1a2b3c4d5e6f708091100';
const one = JSON.stringify(tag(0));
// A lead as the service stores it.
const lead = (i) => ({
  _id: `65f1a2b3c4d5e6f7080912${String(i).padStart(2, '0')}`,
  lead_id: `support-group-${PROJECT}-${i}`,
  fullname: `Ada Lovelace ${i}`,
  email: `ada${i}@example.org`,
  phone: null,
  company: 'Analytical Engines',
  tags: ['vip', 'eu'],
  attributes: { plan: 'pro', seats: 3, departmentId: '65f1a2b3c4d5e6f708090c01' },
  status: 100,
  id_project: PROJECT,
  createdBy: '65f1a2b3c4d5e6f708090b02',
  createdAt: '2026-11-10T08:00:00.000Z',
  updatedAt: '2026-11-10T08:00:00.000Z',
  __v: 0,
});
const leads = JSON.stringify({ perPage: 40, count: 1234, leads: Array.from({ length: 40 }, (_, i) => lead(i)) });
const answer = (url) => (url.endsWith('/tags') ? body : url.endsWith('/leads') ? leads : one);
const stub = async (input) => new Response(answer(String(input.url ?? input).split('?')[0]), { status: 200, headers: { 'content-type': 'application/json' } });
const url = `http://127.0.0.1:1/${PROJECT}/tags`;
const sk = createClient({ baseUrl: 'http://127.0.0.1:1', projectId: PROJECT, auth: { token: 'abc' }, fetch: stub });
const http = createHttpClient({ baseUrl: 'http://127.0.0.1:1', auth: { token: 'abc' }, fetch: stub });
const validated = createClient({ baseUrl: 'http://127.0.0.1:1', projectId: PROJECT, auth: { token: 'abc' }, fetch: stub, validate: zodValidation() });
// With a logger at `warn`, zodValidation() also looks for fields of a 200 body that the contract does not
// describe (none here): one parse of the body gives both answers.
const silent = { debug() {}, info() {}, warn() {}, error() {} };
const validatedLogging = createClient({ baseUrl: 'http://127.0.0.1:1', projectId: PROJECT, auth: { token: 'abc' }, fetch: stub, validate: zodValidation(), logLevel: 'warn', logger: silent });
// zodValidation()'s own work on a page, without the call around it: the 200 body check of a parsed page.
const checker = zodValidation();
const parsedLeads = JSON.parse(leads);
const parsedTags = JSON.parse(body);
const variants = {
  'stub fetch + json()': () => stub(url).then((r) => r.json()),
  'raw ky': () => ky.get(url, { headers: { Authorization: 'JWT abc' }, fetch: stub }).json(),
  'generated listTags (createHttpClient)': () => listTags({ client: http.client, path: { project_id: PROJECT } }),
  'createClient().tags.list()': () => sk.tags.list(),
  'createClient().tags.list(), validation on': () => validated.tags.list(),
  "createClient().tags.list(), validation on, logLevel 'warn' (undeclared fields looked for)": () => validatedLogging.tags.list(),
  'one tag: raw ky': () => ky.get(`${url}/${TAG}`, { headers: { Authorization: 'JWT abc' }, fetch: stub }).json(),
  'one tag: createClient().tags.get()': () => sk.tags.get({ id: TAG }),
  'one tag: createClient().tags.get(), validation on': () => validated.tags.get({ id: TAG }),
  'page of 40 leads: stub fetch + json()': () => stub(`${url.replace(/tags$/, 'leads')}`).then((r) => r.json()),
  'page of 40 leads: createClient().leads.list()': () => sk.leads.list(),
  'page of 40 leads: createClient().leads.list(), validation on': () => validated.leads.list(),
  "page of 40 leads: zodValidation()'s check alone (parsed body)": async () => checker.response('listLeads', parsedLeads),
  "page of 40 tags: zodValidation()'s check alone (parsed body)": async () => checker.response('listTags', parsedTags),
};
for (const fn of Object.values(variants)) for (let i = 0; i < 3000; i++) await fn();
// The fastest round of each variant: other load on the machine only ever adds time, so the minimum
// is the most faithful figure of the code's own cost.
const cpu = Object.fromEntries(Object.keys(variants).map((k) => [k, Infinity]));
for (let round = 0; round < 20; round++) {
  for (const [name, fn] of Object.entries(variants)) {
    const before = process.cpuUsage();
    for (let i = 0; i < 500; i++) await fn();
    const used = process.cpuUsage(before);
    cpu[name] = Math.min(cpu[name], (used.user + used.system) / 500);
  }
}
console.log(`\n| no network: CPU per call${process.argv.includes('--jitless') ? ' (jitless: zod generates no code)' : ''} | µs | vs raw ky |`);
console.log('|---|---|---|');
for (const [name, us] of Object.entries(cpu)) {
  const baseline = name.startsWith('one tag') ? cpu['one tag: raw ky'] : name.startsWith('page of 40') ? undefined : cpu['raw ky'];
  console.log(`| ${name} | ${us.toFixed(1)} | ${baseline ? (us / baseline).toFixed(3) : '–'} |`);
}
const validation = (on, off) => (cpu[on] - cpu[off]).toFixed(1);
console.log(
  `\nValidation per call (validation on − off): page of 40 leads ${validation('page of 40 leads: createClient().leads.list(), validation on', 'page of 40 leads: createClient().leads.list()')} µs, page of 40 tags ${validation('createClient().tags.list(), validation on', 'createClient().tags.list()')} µs, one tag ${validation('one tag: createClient().tags.get(), validation on', 'one tag: createClient().tags.get()')} µs.`,
);
console.log('\n| no network, same run: validation on / off | ratio | target | met | (off + the check alone) / off |');
console.log('|---|---|---|---|---|');
for (const [label, on, off, alone] of [
  [
    'page of 40 leads (`leads.list()`)',
    'page of 40 leads: createClient().leads.list(), validation on',
    'page of 40 leads: createClient().leads.list()',
    "page of 40 leads: zodValidation()'s check alone (parsed body)",
  ],
  ['page of 40 tags (`tags.list()`)', 'createClient().tags.list(), validation on', 'createClient().tags.list()', "page of 40 tags: zodValidation()'s check alone (parsed body)"],
  ["page of 40 tags, logLevel 'warn' (undeclared fields looked for)", "createClient().tags.list(), validation on, logLevel 'warn' (undeclared fields looked for)", 'createClient().tags.list()'],
  ['one tag (`tags.get()`)', 'one tag: createClient().tags.get(), validation on', 'one tag: createClient().tags.get()'],
]) {
  const ratio = cpu[on] / cpu[off];
  console.log(`| ${label} | ${ratio.toFixed(3)} | ≤ 1.5 | ${ratio <= 1.5 ? 'yes' : 'no'} | ${alone ? ((cpu[off] + cpu[alone]) / cpu[off]).toFixed(3) : '–'} |`);
}
