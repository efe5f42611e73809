// The SDK layer's own CPU per call, without any network: every variant gets the same canned
// Response from a stub `fetch`, so the differences are the client code alone (`npm run bench:sdk`).
// Interleaved rounds; bounded (20 × 500 calls per variant); the fastest round counts.
import ky from 'ky';
import { createClient, createHttpClient, listTags } from '@supportkb/sdk';
import { zodValidation } from '@supportkb/sdk/zod';

const PROJECT = '65f1a2b3c4d5e6f708090a0b';
// Tags as the service stores them (every field the contract lists), so validation checks a real shape.
const tag = (i) => ({ _id: `65f1a2b3c4d5e6f7080911${String(i).padStart(2, '0')}`, tag: `t${i}`, color: '#e53935', id_project: PROJECT, createdBy: '65f1a2b3c4d5e6f708090b02', createdAt: '2026-11-10T08:00:00.000Z', updatedAt: '2026-11-10T08:00:00.000Z', __v: 0 });
const body = JSON.stringify(Array.from({ length: 40 }, (_, i) => tag(i)));
const TAG = '65f1a2b3c4d5e6f708091100';
const one = JSON.stringify(tag(0));
const stub = async (input) => new Response(String(input.url ?? input).split('?')[0].endsWith('/tags') ? body : one, { status: 200, headers: { 'content-type': 'application/json' } });
const url = `http://127.0.0.1:1/${PROJECT}/tags`;
const sk = createClient({ baseUrl: 'http://127.0.0.1:1', projectId: PROJECT, auth: { token: 'abc' }, fetch: stub });
const http = createHttpClient({ baseUrl: 'http://127.0.0.1:1', auth: { token: 'abc' }, fetch: stub });
const validated = createClient({ baseUrl: 'http://127.0.0.1:1', projectId: PROJECT, auth: { token: 'abc' }, fetch: stub, validate: zodValidation() });
const variants = {
  'stub fetch + json()': () => stub(url).then((r) => r.json()),
  'raw ky': () => ky.get(url, { headers: { Authorization: 'JWT abc' }, fetch: stub }).json(),
  'generated listTags (createHttpClient)': () => listTags({ client: http.client, path: { project_id: PROJECT } }),
  'createClient().tags.list()': () => sk.tags.list(),
  'createClient().tags.list(), validation on': () => validated.tags.list(),
  'one tag: raw ky': () => ky.get(`${url}/${TAG}`, { headers: { Authorization: 'JWT abc' }, fetch: stub }).json(),
  'one tag: createClient().tags.get()': () => sk.tags.get({ id: TAG }),
  'one tag: createClient().tags.get(), validation on': () => validated.tags.get({ id: TAG }),
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
console.log('\n| no network: CPU per call | µs | vs raw ky |');
console.log('|---|---|---|');
for (const [name, us] of Object.entries(cpu)) {
  const baseline = name.startsWith('one tag') ? cpu['one tag: raw ky'] : cpu['raw ky'];
  console.log(`| ${name} | ${us.toFixed(1)} | ${(us / baseline).toFixed(3)} |`);
}
const validation = (on, off) => (cpu[on] - cpu[off]).toFixed(1);
console.log(`\nValidation per call (validation on − off): page of 40 tags ${validation('createClient().tags.list(), validation on', 'createClient().tags.list()')} µs, one tag ${validation('one tag: createClient().tags.get(), validation on', 'one tag: createClient().tags.get()')} µs.`);
