import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import { operationIds } from '../src/manifest';
import { setupNodeMock, type NodeMock } from '../src/node';
import { defineScenario, scenarioJsonSchema, ScenarioError, validateScenario, type Scenario, type ScenarioSeed } from '../src/scenario/index';
import { latencyMs, scenarioHandlers } from '../src/scenario/responses';

const API = 'http://api.supportkb.test';
const P = '65f1a2b3c4d5e6f708090a0b';
const dir = mkdtempSync(join(tmpdir(), 'supportkb-scenarios-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const schemaFile = fileURLToPath(new URL('../scenario.schema.json', import.meta.url));

/** Starts a mock for one test; the returned `close` stops it. */
function start(scenario: Scenario | string): NodeMock & { close(): void } {
  const mock = setupNodeMock({ scenario, warnings: false });
  mock.server.listen({ onUnhandledFrame: 'error' });
  return Object.assign(mock, { close: () => mock.server.close() });
}
const basic = (email: string, password = 'Str0ng-example-passw0rd') => `Basic ${btoa(`${email}:${password}`)}`;

/** The issue's example: a project with 3 unassigned conversations and a lead whose phone is null; listLeads' third call is a 429, its fourth a reset. */
const inbox = defineScenario({
  seed: {
    mode: 'replace',
    project: { _id: '6a0000000000000000000001', name: 'Inbox test' },
    users: [{ _id: '6a0000000000000000000011', email: 'ada@inbox.test', firstname: 'Ada', role: 'admin', teammate: { _id: '6a0000000000000000000021' } }],
    leads: [{ _id: '6a0000000000000000000031', fullname: 'No Phone', email: 'no.phone@example.org', phone: null }],
    conversations: [1, 2, 3].map((n) => ({ request_id: `support-group-inbox-${n}`, lead: '6a0000000000000000000031', messages: [{ text: `Question ${n}` }] })),
  },
  responses: {
    listLeads: [
      { stateful: true, times: 2 },
      { status: 429, times: 1 },
      { fault: 'reset', times: 1 },
    ],
  },
  clock: { start: '2027-03-01T09:00:00.000Z', frozen: true },
});

describe('scenario files', () => {
  it("loads the issue's example from a file: 3 unassigned conversations, a lead with phone null; third call 429 without Retry-After, fourth a reset, then the stateful mock", async () => {
    const file = join(dir, 'inbox.json');
    writeFileSync(file, JSON.stringify({ $schema: './node_modules/@supportkb/mocks/scenario.schema.json', ...inbox }, null, 2));
    const mock = start(file);
    try {
      const project = '6a0000000000000000000001';
      const headers = { Authorization: basic('ada@inbox.test') };
      expect([...mock.service.store.projects.keys()]).toEqual([project]);
      const conversations = [...mock.service.store.conversations.values()];
      expect(conversations.map((c) => [c.request_id, c.status, c.participants, c.lead])).toEqual([1, 2, 3].map((n) => [`support-group-inbox-${n}`, 100, [], '6a0000000000000000000031']));
      const byStatus = await (await fetch(`${API}/${project}/analytics/requests/aggregate/status`, { headers })).json();
      expect(byStatus).toEqual([{ totalCount: 3 }]); // as real servers answer it: the total
      const first = await fetch(`${API}/${project}/leads`, { headers });
      expect(first.status).toBe(200);
      const { leads } = await first.json();
      expect(leads.map((l: { _id: string; phone: unknown }) => [l._id, l.phone])).toEqual([['6a0000000000000000000031', null]]);
      expect((await fetch(`${API}/${project}/leads`, { headers })).status).toBe(200);
      const third = await fetch(`${API}/${project}/leads`, { headers });
      expect([third.status, third.headers.get('retry-after'), await third.json()]).toEqual([429, null, { message: 'Rate limit exceeded' }]);
      await expect(fetch(`${API}/${project}/leads`, { headers })).rejects.toThrow(TypeError);
      expect((await fetch(`${API}/${project}/leads`, { headers })).status).toBe(200);
      // Other operations are the stateful mock's.
      expect((await fetch(`${API}/${project}/tags`, { headers })).status).toBe(200);
    } finally {
      mock.close();
    }
  });

  it('fails on load with a ScenarioError naming the file, the JSON path and the violation', () => {
    const file = join(dir, 'leads.json');
    writeFileSync(file, JSON.stringify({ seed: { leads: [{ fullname: 'A' }, { email: 'b@example.org' }, { email: 'not-an-email' }] } }));
    const error = (() => {
      try {
        setupNodeMock({ scenario: file });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ScenarioError);
    expect(error).toMatchObject({ name: 'ScenarioError', code: 'ERR_SUPPORTKB_SCENARIO', file: 'leads.json', path: 'seed.leads[2].email', violation: 'Invalid email address' });
    expect(String(error)).toBe('ScenarioError: leads.json: seed.leads[2].email: Invalid email address');
    // Contract types, unknown fields and operations, bad JSON, a missing file.
    expect(() => validateScenario({ seed: { leads: [{ phone: 5 }] } })).toThrow('scenario: seed.leads[0].phone: Invalid input: expected string, received number');
    expect(() => validateScenario({ seed: { tags: [{ tag: 'x', colour: 'red' }] } })).toThrow('scenario: seed.tags[0].colour: Unknown field');
    expect(() => validateScenario({ responses: { listLeadz: [{ status: 429 }] } })).toThrow('scenario: responses.listLeadz: Unknown field');
    expect(() => validateScenario({ responses: { listLeads: [{ fault: 'timeout' }] } })).toThrow('responses.listLeads[0].fault');
    expect(() =>
      validateScenario({
        seed: {
          users: [
            { _id: '6a0000000000000000000011', email: 'a@b.test' },
            { _id: '6a0000000000000000000011', email: 'c@b.test' },
          ],
        },
      }),
    ).toThrow('scenario: seed.users[1]._id: Duplicate id');
    expect(() => validateScenario({ clock: { start: 'yesterday' } })).toThrow('scenario: clock.start: Invalid ISO datetime');
    writeFileSync(join(dir, 'broken.json'), '{ "seed": ');
    expect(() => setupNodeMock({ scenario: join(dir, 'broken.json') })).toThrow(/^broken\.json: Not JSON: /);
    expect(() => setupNodeMock({ scenario: join(dir, 'missing.json') })).toThrow('missing.json: Cannot read');
  });

  it('extends the built-in seed, or replaces it; ids given are kept', async () => {
    const tag = { _id: '6a0000000000000000000041', tag: 'refund', color: '#43a047' };
    const extended = start({ seed: { tags: [tag] } });
    try {
      const headers = { Authorization: extended.service.basic('agent') };
      const tags = await (await fetch(`${API}/${P}/tags`, { headers })).json();
      expect(tags.map((t: { tag: string }) => t.tag).sort()).toEqual(['billing', 'refund', 'vip']);
      expect(await (await fetch(`${API}/${P}/tags/${tag._id}`, { headers })).json()).toMatchObject({ ...tag, id_project: P });
      expect(extended.service.store.leads.size).toBe(3);
    } finally {
      extended.close();
    }
    const replaced = start({ seed: { mode: 'replace', users: [{ email: 'solo@acme.test', role: 'owner' }], tags: [tag] } });
    try {
      const headers = { Authorization: basic('solo@acme.test') };
      const tags = await (await fetch(`${API}/${P}/tags`, { headers })).json();
      expect(tags.map((t: { _id: string }) => t._id)).toEqual([tag._id]);
      expect(replaced.service.store.leads.size).toBe(0);
      expect(replaced.service.store.conversations.size).toBe(0);
      expect((await fetch(`${API}/${P}/tags`, { headers: { Authorization: replaced.service.basic('agent') } })).status).toBe(401);
    } finally {
      replaced.close();
    }
  });

  it('seeds knowledge bases, contents (indexing on the clock from their status), labels and subscriptions, visible through the operations', async () => {
    const project = '6a0000000000000000000001';
    const manuals = '6a0000000000000000000051';
    const ids = { indexed: '6a0000000000000000000061', queued: '6a0000000000000000000062', indexing: '6a0000000000000000000063', failing: '6a0000000000000000000064' };
    const mock = start({
      seed: {
        mode: 'replace',
        project: { _id: project },
        users: [{ _id: '6a0000000000000000000011', email: 'ada@kb.test', role: 'owner' }],
        knowledgeBases: [{ id: manuals, name: 'Manuals', preview_settings: { model: 'gpt-4o', max_tokens: 256, temperature: 0.2, top_k: 4, context: null } }],
        contents: [
          { _id: ids.indexed, name: 'Shipping', type: 'url', source: 'https://shop.test/shipping', namespace: manuals, status: 300 },
          { _id: ids.queued, name: 'Refunds', type: 'text', source: 'Refunds', content: 'Within 30 days.' }, // the default knowledge base, status -1
          { _id: ids.indexing, name: 'Warranty', type: 'text', source: 'Warranty', namespace: manuals, status: 200 },
          { _id: ids.failing, name: 'Broken', type: 'url', source: 'https://shop.test/fail', namespace: manuals, status: 100 },
        ],
        labels: {
          data: [
            { lang: 'EN', data: { WELCOME_TITLE: 'Hi' } },
            { lang: 'FR', default: true, data: { WELCOME_TITLE: 'Salut' } },
          ],
        },
        subscriptions: [{ _id: '6a0000000000000000000071', event: 'message.create', target: 'http://127.0.0.1:9/hook' }],
      },
      clock: { start: '2027-03-01T09:00:00.000Z', frozen: true },
    });
    try {
      const headers = { Authorization: basic('ada@kb.test'), 'Content-Type': 'application/json' };
      const get = async (path: string) => (await fetch(`${API}/${project}${path}`, { headers })).json();
      const kbs = await get('/kb/namespace/all?count=true');
      expect(kbs.map((kb: { id: string; name: string; default: boolean; count: number }) => [kb.id, kb.name, kb.default, kb.count])).toEqual([
        [manuals, 'Manuals', false, 3],
        [project, 'Default', true, 1], // created for the content that names no knowledge base
      ]);
      expect(kbs[0]).toMatchObject({ id_project: project, hybrid: false, engine: { name: 'pinecone' }, createdAt: '2027-03-01T09:00:00.000Z' });
      const status = async (id: string) => (await get(`/kb/${id}`)).status;
      expect([await status(ids.indexed), await status(ids.queued), await status(ids.indexing), await status(ids.failing)]).toEqual([300, -1, 200, 100]);
      mock.service.clock.advance(2_000); // one indexing step
      expect([await status(ids.indexed), await status(ids.queued), await status(ids.indexing), await status(ids.failing)]).toEqual([300, 100, 300, 200]);
      mock.service.clock.advance(4_000);
      expect([await status(ids.indexed), await status(ids.queued), await status(ids.indexing), await status(ids.failing)]).toEqual([300, 300, 300, 400]);
      expect((await get(`/kb?namespace=${manuals}`)).kbs.map((c: { _id: string }) => c._id).sort()).toEqual([ids.indexed, ids.indexing, ids.failing].sort());
      // Labels: the FR entry is the default; a language the project lacks falls back to it.
      expect(await (await fetch(`${API}/${project}/labels/DE`)).json()).toMatchObject({ lang: 'FR', default: true, data: { WELCOME_TITLE: 'Salut' } });
      const labels = await get('/labels');
      expect(labels).toMatchObject({ id_project: project, createdBy: '6a0000000000000000000011' });
      expect(labels.data.map((e: { lang: string; default: boolean }) => [e.lang, e.default])).toEqual([
        ['EN', false],
        ['FR', true],
      ]);
      // The subscription is stored with the run's secret: the same event and target again answers it.
      const again = await fetch(`${API}/${project}/subscriptions`, { method: 'POST', headers, body: JSON.stringify({ event: 'message.create', target: 'http://127.0.0.1:9/hook' }) });
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ _id: '6a0000000000000000000071', secret: 'b7f3c2a1-5d4e-4f6a-9b8c-7d6e5f4a3b2c', createdBy: '6a0000000000000000000011', id_project: project });
      // reset() seeds again: the queued content is queued again.
      mock.service.reset();
      expect(await status(ids.queued)).toBe(-1);
    } finally {
      mock.close();
    }
  });

  it('extends the built-in labels and knowledge bases: an entry of the same language replaces the built-in one', async () => {
    const mock = start({
      seed: {
        labels: {
          data: [
            { lang: 'IT', data: { WELCOME_TITLE: 'Benvenuto' } },
            { lang: 'DE', data: { WELCOME_TITLE: 'Willkommen' } },
          ],
        },
        contents: [{ _id: '6a0000000000000000000065', name: 'Manual', type: 'text', source: 'Manual', namespace: '65f1a2b3c4d5e6f708090d02', status: 300 }],
      },
    });
    try {
      const labels = await (await fetch(`${API}/${P}/labels`)).json();
      expect(labels.data.map((e: { lang: string; default: boolean; data: { WELCOME_TITLE: string } }) => [e.lang, e.default, e.data.WELCOME_TITLE])).toEqual([
        ['EN', true, 'Hi, welcome to Acme Support 👋'],
        ['IT', false, 'Benvenuto'],
        ['DE', false, 'Willkommen'],
      ]);
      const headers = { Authorization: mock.service.basic('admin') };
      const kbs = await (await fetch(`${API}/${P}/kb/namespace/all?count=true`, { headers })).json();
      expect(kbs.map((kb: { name: string; count: number }) => [kb.name, kb.count])).toEqual([
        ['Default', 4],
        ['Product manuals', 1],
      ]);
    } finally {
      mock.close();
    }
  });

  it('refuses bad knowledge bases, contents, labels and subscriptions naming the JSON path', () => {
    const issues = (seed: unknown) => {
      try {
        validateScenario({ seed });
      } catch (error) {
        return (error as ScenarioError).issues.map((issue) => `${issue.path}: ${issue.message}`);
      }
      return [];
    };
    expect(issues({ knowledgeBases: [{ id: '6a0000000000000000000051' }] })).toEqual(['seed.knowledgeBases[0].name: Invalid input: expected string, received undefined']);
    expect(
      issues({
        knowledgeBases: [
          { id: '6a0000000000000000000051', name: 'A' },
          { id: '6a0000000000000000000051', name: 'B' },
        ],
      }),
    ).toEqual(['seed.knowledgeBases[1].id: Duplicate id 6a0000000000000000000051 (also seed.knowledgeBases[0])']);
    expect(issues({ contents: [{ name: 'x', status: 'indexed' }] })[0]).toMatch(/^seed\.contents\[0\]\.status: /);
    expect(issues({ mode: 'replace', contents: [{ name: 'x', namespace: '65f1a2b3c4d5e6f708090d02' }] })).toEqual([
      "seed.contents[0].namespace: No knowledge base 65f1a2b3c4d5e6f708090d02 in the seed (seed.knowledgeBases, or the project's default, whose id is the project's)",
    ]);
    expect(
      issues({
        labels: {
          data: [
            { lang: 'EN', data: {} },
            { lang: 'EN', default: true, data: {} },
            { lang: 'IT', default: true, data: {} },
          ],
        },
      }),
    ).toEqual(['seed.labels.data[1].lang: Duplicate language EN (also seed.labels.data[0])', 'seed.labels.data[2].default: A second default language (also seed.labels.data[1])']);
    expect(issues({ labels: { data: [{ data: {} }] } })).toEqual(['seed.labels.data[0].lang: Invalid input: expected string, received undefined']);
    expect(issues({ subscriptions: [{ event: 'message.create' }] })).toEqual(['seed.subscriptions[0].target: Invalid input: expected string, received undefined']);
    expect(
      issues({
        subscriptions: [
          { event: 'message.create', target: 'http://a.test/' },
          { event: 'message.create', target: 'http://a.test/' },
        ],
      }),
    ).toEqual(['seed.subscriptions[1].target: Duplicate event and target (also seed.subscriptions[0])']);
    expect(issues({ subscriptions: [{ event: 'message.create', target: 'http://a.test/', colour: 1 }] })).toEqual([
      'seed.subscriptions[0].colour: Unknown field (not in the contract, nor in the scenario format)',
    ]);
  });

  it('delays answers by a fixed or ranged latency, global or per operation', async () => {
    expect([latencyMs({ min: 40, max: 90 }, () => 0), latencyMs({ min: 40, max: 90 }, () => 0.999999), latencyMs(25)]).toEqual([40, expect.closeTo(90, 3), 25]);
    // A zero latency adds no handler (MSW's delay(0) would still cost a timer turn per request).
    expect(scenarioHandlers({ latency: 0 }).handlers).toHaveLength(0);
    expect(scenarioHandlers({ latency: { min: 0, max: 0 } }).handlers).toHaveLength(0);
    expect(scenarioHandlers({ latency: { default: 0, listTags: { min: 0, max: 5 } } }).handlers).toHaveLength(1);
    const mock = start({ latency: { default: 0, listTags: { min: 60, max: 80 } }, seed: {} });
    try {
      const headers = { Authorization: mock.service.basic('agent') };
      const timed = async (path: string) => {
        const started = performance.now();
        expect((await fetch(`${API}/${P}${path}`, { headers })).status).toBe(200);
        return performance.now() - started;
      };
      // Lower bounds only: load can only add time (the latency range's upper end is checked by latencyMs above).
      for (let i = 0; i < 3; i++) expect(await timed('/tags')).toBeGreaterThanOrEqual(59);
      expect(scenarioHandlers({ latency: { default: 0, listTags: { min: 60, max: 80 } } }).handlers).toHaveLength(1); // none for /groups
      expect((await fetch(`${API}/${P}/groups`, { headers })).status).toBe(200);
    } finally {
      mock.close();
    }
  });

  it('starts the clock at clock.start: created documents carry it, and reset() brings store, counters and clock back', async () => {
    const mock = start({ clock: { start: '2030-01-02T03:04:05.000Z', frozen: true }, responses: { createTag: [{ status: 503, times: 1 }] } });
    try {
      const headers = { Authorization: mock.service.basic('agent'), 'Content-Type': 'application/json' };
      const create = () => fetch(`${API}/${P}/tags`, { method: 'POST', headers, body: JSON.stringify({ tag: 'later' }) });
      expect((await create()).status).toBe(503);
      const created = await (await create()).json();
      expect([created.createdAt, created.updatedAt]).toEqual(['2030-01-02T03:04:05.000Z', '2030-01-02T03:04:05.000Z']);
      mock.service.clock.advance(3_600_000);
      expect(mock.service.store.tags.has(created._id)).toBe(true);
      mock.scenario!.reset();
      expect(mock.service.store.tags.has(created._id)).toBe(false);
      expect(mock.service.clock.iso()).toBe('2030-01-02T03:04:05.000Z');
      expect((await create()).status).toBe(503); // the counter restarted
      expect((await create()).status).toBe(200);
      mock.server.resetHandlers(); // the scenario's handlers are the server's own: they stay
      mock.service.reset();
      expect((await create()).status).toBe(503);
    } finally {
      mock.close();
    }
  });

  it('matches responses on path, query and body fields, in order', async () => {
    const tag = '65f1a2b3c4d5e6f708091101';
    const mock = start({
      responses: {
        getTag: [{ match: { path: { id: tag } }, status: 404, body: { success: false, msg: 'Object not found.' } }],
        listLeads: [{ match: { query: { text: 'giulia' } }, body: { perPage: 40, count: 0, leads: [] }, headers: { 'X-Scenario': 'yes' } }],
        createTag: [{ match: { body: { tag: 'boom' } }, fault: 'error' }],
      },
    });
    try {
      const headers = { Authorization: mock.service.basic('agent'), 'Content-Type': 'application/json' };
      expect((await fetch(`${API}/${P}/tags/${tag}`, { headers })).status).toBe(404);
      expect((await fetch(`${API}/${P}/tags/65f1a2b3c4d5e6f708091102`, { headers })).status).toBe(200);
      const empty = await fetch(`${API}/${P}/leads?text=giulia`, { headers });
      expect([empty.headers.get('x-scenario'), (await empty.json()).count]).toEqual(['yes', 0]);
      expect((await (await fetch(`${API}/${P}/leads`, { headers })).json()).count).toBe(3);
      const boom = await fetch(`${API}/${P}/tags`, { method: 'POST', headers, body: JSON.stringify({ tag: 'boom', color: '#000' }) });
      expect([boom.status, await boom.json()]).toEqual([500, { err: 'error' }]);
      expect((await fetch(`${API}/${P}/tags`, { method: 'POST', headers, body: JSON.stringify({ tag: 'fine' }) })).status).toBe(200);
    } finally {
      mock.close();
    }
  });

  it("'hang' answers nothing until the client aborts", async () => {
    const mock = start({ responses: { listGroups: [{ fault: 'hang' }] } });
    try {
      const started = performance.now();
      await expect(fetch(`${API}/${P}/groups`, { headers: { Authorization: mock.service.basic('agent') }, signal: AbortSignal.timeout(100) })).rejects.toThrow();
      expect(performance.now() - started).toBeGreaterThanOrEqual(95);
    } finally {
      mock.close();
    }
  });

  it("runs the README's scenario as it says", async () => {
    const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
    const section = readme.slice(readme.indexOf('\n## Scenarios\n'));
    const json = /^```json\n([\s\S]*?)^```/m.exec(section)![1]!;
    writeFileSync(join(dir, 'readme.json'), json);
    const mock = start(join(dir, 'readme.json'));
    try {
      const project = '6a0000000000000000000001';
      const headers = { Authorization: basic('ada@inbox.test') };
      expect([...mock.service.store.conversations.values()].map((c) => c.status)).toEqual([100, 100, 100]);
      expect(mock.service.clock.iso()).toBe('2027-03-01T09:00:00.000Z');
      const statuses: (number | string)[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push(
          await fetch(`${API}/${project}/leads`, { headers }).then(
            (r) => r.status,
            () => 'reset',
          ),
        );
      expect(statuses).toEqual([200, 200, 429, 'reset', 200]);
      expect((await fetch(`${API}/${project}/leads/6a0000000000000000000099`, { headers })).status).toBe(404);
      expect(await (await fetch(`${API}/${project}/leads/6a0000000000000000000031`, { headers })).json()).toMatchObject({ fullname: 'No Phone', phone: null, createdAt: '2027-03-01T09:00:00.000Z' });
    } finally {
      mock.close();
    }
  });

  it('ships scenario.schema.json, generated from the same zod schema, with the keys of the TypeScript type', () => {
    const generated = `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`;
    if (process.env.UPDATE_SCENARIO_SCHEMA) writeFileSync(schemaFile, generated);
    expect(readFileSync(schemaFile, 'utf8'), 'regenerate: UPDATE_SCENARIO_SCHEMA=1 npx vitest run mocks/test/scenario-files.test.ts').toBe(generated);
    const schema = JSON.parse(generated);
    const seedKeys = ['mode', 'project', 'users', 'groups', 'segments', 'tags', 'leads', 'conversations', 'knowledgeBases', 'contents', 'labels', 'subscriptions'] as const;
    expectTypeOf<(typeof seedKeys)[number]>().toEqualTypeOf<keyof ScenarioSeed>();
    const topKeys = ['$schema', 'seed', 'responses', 'latency', 'clock', 'realtime'] as const;
    expectTypeOf<(typeof topKeys)[number]>().toEqualTypeOf<keyof Scenario>();
    expect(Object.keys(schema.properties).sort()).toEqual([...topKeys].sort());
    expect(Object.keys(schema.properties.seed.properties).sort()).toEqual([...seedKeys].sort());
    expect(Object.keys(schema.properties.responses.properties).sort()).toEqual([...operationIds].sort());
    const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8'));
    expect(pkg.exports['./scenario.schema.json']).toBe('./scenario.schema.json');
    expect(pkg.files).toContain('scenario.schema.json');
  });
});
