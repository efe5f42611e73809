import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Tag } from '@supportkb/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harToSeed, ScenarioError, setupNodeMock } from '../src/node';
import { REDACTED, startRecordingProxy, type Har } from '../src/record';
import { startHttpMock } from '../src/server';
import { SEED, SEED_PASSWORD } from '../src/state/seed';
import { mocksDir, startBin } from './support/bin';

/**
 * Seeding from a recording (`harToSeed`, `setupNodeMock({ seedFromHar })`, `supportkb-mock
 * --seed-from-har FILE`): an admin's SDK session recorded through the proxy in front of a mock
 * (reads of every resource, writes, deletes), then a fresh mock seeded from it alone (the built-in
 * seed replaced) answers the recorded documents and goes on statefully.
 */
const P = SEED.projectId;
const admin = SEED.members.admin;
let har: Har;
/** What the recorded session saw last. */
let recorded: {
  tags: Tag[];
  leadIds: string[];
  kbIds: string[];
  contentIds: string[];
  subscriptionId: string;
  requestId: string;
  messageId: string;
  newTagId: string;
};

beforeAll(async () => {
  const upstream = await startHttpMock({ port: 0, serviceOptions: { warnings: false, clock: { frozen: true } } });
  const proxy = await startRecordingProxy({ target: upstream.url });
  try {
    const sk = createClient({ baseUrl: proxy.url, projectId: P });
    await sk.auth.signIn({ email: admin.email, password: SEED_PASSWORD });
    await sk.team.list();
    await sk.tags.list();
    const tag = await sk.tags.create({ tag: 'refund', color: '#43a047' });
    await sk.tags.delete({ id: SEED.tags.billing });
    const tags = await sk.tags.list();
    await sk.leads.list();
    await sk.leads.delete({ id: SEED.leads.marco });
    const leads = await sk.leads.list();
    const kb = await sk.kb.create({ name: 'Recorded manuals' });
    const created = await sk.kb.contents.create({ name: 'Returns', type: 'text', source: 'Returns', content: 'Within 30 days.', namespace: kb.id });
    await sk.kb.contents.delete({ content_id: SEED.contents.pdf });
    const kbs = await sk.kb.list({ count: true });
    const contents = await sk.kb.contents.list({ namespace: P });
    await sk.labels.upsert({ lang: 'FR', data: { WELCOME_TITLE: 'Bonjour' } });
    await sk.labels.list();
    const subscription = await sk.subscriptions.create({ event: 'message.create', target: 'http://127.0.0.1:9/hook' });
    const message = await sk.messages.create({ request_id: 'support-group-recorded-1', text: 'Recorded question' });
    recorded = {
      tags,
      leadIds: leads.leads.map((l) => l._id),
      kbIds: kbs.map((k) => k.id),
      contentIds: [...contents.kbs.map((c) => c._id), created.value._id],
      subscriptionId: subscription._id,
      requestId: 'support-group-recorded-1',
      messageId: message._id,
      newTagId: tag._id,
    };
  } finally {
    har = await proxy.stop();
    await upstream.stop();
  }
});

describe('harToSeed', () => {
  it('turns the recorded documents into a replace seed: the last version of each, deleted ones dropped, redacted secrets defaulted', () => {
    const skipped: string[] = [];
    const seed = harToSeed(har, { skipped: (_entry, reason) => skipped.push(reason) });
    expect(seed.mode).toBe('replace');
    expect(seed.project).toEqual({ _id: P });
    // Teammates with their users: the role, the teammate's fields; no password (the default applies).
    const users = Object.fromEntries((seed.users ?? []).map((u) => [u.email, u]));
    for (const member of Object.values(SEED.members)) expect(users[member.email]).toMatchObject({ _id: member.userId, role: member.role, teammate: { _id: member.teammateId } });
    expect(users[admin.email]).not.toHaveProperty('password');
    // The former agent's account was deleted (its id_user reads null): no user to seed it as.
    expect(skipped).toEqual([`teammate ${SEED.formerAgent.teammateId}: its user (none: a deleted account, or a guest) is not in the recording`]);
    // Tags: the list seen last (billing deleted, refund created).
    expect(seed.tags!.map((t) => t._id).sort()).toEqual(recorded.tags.map((t) => t._id).sort());
    expect(seed.tags!.map((t) => t._id)).not.toContain(SEED.tags.billing);
    // Leads: the deleted one is dropped; the lead the new conversation created (populated in its answer) is there too.
    const conversationLead = seed.conversations!.find((c) => c.request_id === recorded.requestId)!.lead!;
    expect(seed.leads!.map((l) => l._id).sort()).toEqual([...recorded.leadIds, conversationLead].sort());
    // Knowledge bases (no list `count`), contents (the deleted one dropped), the new one in the new knowledge base.
    expect(seed.knowledgeBases!.map((k) => k.id)).toEqual(recorded.kbIds);
    expect(seed.knowledgeBases!.some((k) => 'count' in k)).toBe(false);
    expect(seed.contents!.map((c) => c._id).sort()).toEqual([...recorded.contentIds].sort());
    expect(seed.contents!.map((c) => c._id)).not.toContain(SEED.contents.pdf);
    // Labels: the project's document with the added language.
    expect(seed.labels!.data!.map((e) => e.lang)).toEqual(['EN', 'IT', 'FR']);
    // The subscription's secret was recorded as REDACTED: left out, so the run's secret applies.
    const recordedSubscription = har.log.entries.find((e) => e.request.method === 'POST' && e.request.url.endsWith('/subscriptions'))!;
    expect(JSON.parse(recordedSubscription.response.content.text!)).toMatchObject({ _id: recorded.subscriptionId, secret: REDACTED });
    expect(seed.subscriptions).toEqual([expect.objectContaining({ _id: recorded.subscriptionId, event: 'message.create', target: 'http://127.0.0.1:9/hook' })]);
    expect(seed.subscriptions![0]).not.toHaveProperty('secret');
    // The conversation createMessage opened, with its message.
    const conversation = seed.conversations!.find((c) => c.request_id === recorded.requestId)!;
    expect(conversation.messages!.map((m) => [m._id, m.text])).toEqual([[recorded.messageId, 'Recorded question']]);
    expect(typeof conversation.lead).toBe('string');
  });

  it('drops what a recorded DELETE removed (a knowledge base with its contents, a language), skips failed and foreign exchanges', () => {
    const template = har.log.entries[1]!;
    const exchange = (method: string, path: string, status: number, body: unknown) => ({
      ...template,
      request: { ...template.request, method, url: `http://recorded.test/v2${path}` },
      response: { ...template.response, status, content: { size: -1, mimeType: 'application/json', text: JSON.stringify(body) } },
    });
    const [manuals] = recorded.kbIds.filter((id) => id !== P && id !== SEED.secondKnowledgeBaseId);
    const skipped: string[] = [];
    const seed = harToSeed(
      {
        log: {
          ...har.log,
          entries: [
            ...har.log.entries,
            exchange('DELETE', `/${P}/kb/namespace/${manuals}`, 200, { success: true, message: 'Namespace deleted succesfully' }),
            exchange('DELETE', `/${P}/kb/namespace/${P}?contents_only=true`, 200, { success: true, message: 'All contents deleted successfully' }),
            exchange('DELETE', `/${P}/labels/FR`, 200, { lang: 'EN', data: {} }),
            exchange('DELETE', `/${P}/tags/${recorded.newTagId}`, 500, { success: false, msg: 'Error deleting object.' }),
            exchange('GET', `/65f1a2b3c4d5e6f708090fff/tags`, 200, []),
          ],
        },
      },
      { skipped: (_entry, reason) => skipped.push(reason) },
    );
    expect(seed.knowledgeBases!.map((k) => k.id)).toEqual([P, SEED.secondKnowledgeBaseId]);
    expect(seed.contents ?? []).toEqual([]); // the new knowledge base's content with it; the default one's by contents_only
    expect(seed.labels!.data!.map((e) => e.lang)).toEqual(['EN', 'IT']);
    expect(seed.tags!.map((t) => t._id)).toContain(recorded.newTagId); // the failed delete changed nothing
    expect(skipped).toEqual(expect.arrayContaining(['answered 500', 'a request of another project (65f1a2b3c4d5e6f708090fff)']));
  });

  it('says which recorded document does not fit the contract (ScenarioError naming its seed path); a recording without a project or no HAR', () => {
    const broken = structuredClone(har);
    const list = broken.log.entries.findLast((e) => e.request.method === 'GET' && new URL(e.request.url).pathname.endsWith('/tags'))!;
    const body = JSON.parse(list.response.content.text!) as Record<string, unknown>[];
    body[0]!.color = 5;
    list.response.content.text = JSON.stringify(body);
    const error = (() => {
      try {
        harToSeed(broken, { file: 'session.har' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ScenarioError);
    expect(String(error)).toMatch(/^ScenarioError: session\.har: seed\.tags\[\d\]\.color: Invalid input: expected string, received number/);
    const signInOnly: Har = { log: { ...har.log, entries: har.log.entries.slice(0, 1) } };
    expect(() => harToSeed(signInOnly)).toThrow('recording: No recorded request names a project');
    expect(() => harToSeed({} as Har)).toThrow(TypeError);
  });
});

describe('setupNodeMock({ seedFromHar })', () => {
  it('serves the recorded documents on a fresh mock (the built-in seed replaced), then goes on statefully; reset() returns to them', async () => {
    const { server, service } = setupNodeMock({ seedFromHar: har, warnings: false });
    server.listen({ onUnhandledFrame: 'error' });
    try {
      const sk = createClient({ baseUrl: 'http://seeded.test', projectId: P });
      await sk.auth.signIn({ email: admin.email, password: SEED_PASSWORD }); // the default password
      expect((await sk.tags.list()).map((t) => t._id).sort()).toEqual(recorded.tags.map((t) => t._id).sort());
      expect((await sk.leads.list()).leads.map((l) => l._id)).toEqual(expect.arrayContaining(recorded.leadIds));
      expect((await sk.leads.list()).leads.map((l) => l._id)).not.toContain(SEED.leads.marco);
      expect((await sk.kb.list()).map((k) => k.id)).toEqual(recorded.kbIds);
      expect((await sk.team.list()).map((t) => t._id).sort()).toEqual(
        Object.values(SEED.members)
          .map((m) => m.teammateId)
          .sort(),
      );
      expect((await sk.labels.get({ lang: 'FR' })).data).toEqual({ WELCOME_TITLE: 'Bonjour' });
      // Nothing of the built-in seed the recording did not show: its 48 historical conversations are gone.
      expect(service.store.conversations.size).toBe(1);
      expect(service.store.subscriptions.get(recorded.subscriptionId)?.secret).toBe(SEED.subscriptionSecret);
      // Statefully on: a write, then a read sees it; a message in the recorded conversation.
      // New ids skip the recorded ones (the recording came from a mock, whose ids are sequential too).
      const created = await sk.tags.create({ tag: 'after-the-recording' });
      expect(created._id).not.toBe(recorded.newTagId);
      expect((await sk.tags.list()).map((t) => t._id).sort()).toEqual([...recorded.tags.map((t) => t._id), created._id].sort());
      const reply = await sk.messages.create({ request_id: recorded.requestId, text: 'A follow-up' });
      expect(reply.request.request_id).toBe(recorded.requestId);
      service.reset();
      expect(service.store.tags.has(created._id)).toBe(false);
      expect(service.store.tags.has(recorded.newTagId)).toBe(true);
    } finally {
      server.close();
    }
  });

  it("replaces a scenario's seed and keeps its responses", async () => {
    const { server, service } = setupNodeMock({
      seedFromHar: har,
      scenario: { seed: { tags: [{ tag: 'from-the-scenario' }] }, responses: { listGroups: [{ status: 429, times: 1 }] } },
      warnings: false,
    });
    server.listen({ onUnhandledFrame: 'error' });
    try {
      expect([...service.store.tags.values()].map((t) => t.tag)).not.toContain('from-the-scenario');
      expect(service.store.tags.has(recorded.newTagId)).toBe(true);
      const headers = { Authorization: `Basic ${btoa(`${admin.email}:${SEED_PASSWORD}`)}` };
      expect((await fetch(`http://seeded.test/${P}/groups`, { headers })).status).toBe(429);
    } finally {
      server.close();
    }
  });
});

describe('supportkb-mock --seed-from-har FILE', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'supportkb-seed-from-har-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves the seed over HTTP; POST /__supportkb/reset returns to it; an unreadable or invalid file exits 2 in one line', async () => {
    expect(existsSync(`${mocksDir}dist/node.js`), 'build the package first (npm run build)').toBe(true);
    const missing = spawnSync(process.execPath, [`${mocksDir}bin/mock.mjs`, '--seed-from-har', join(dir, 'missing.har')], { encoding: 'utf8' });
    expect([missing.status, missing.stdout]).toEqual([2, '']);
    expect(missing.stderr).toMatch(/^supportkb-mock: Cannot load the recording .*missing\.har: ENOENT\n$/);
    writeFileSync(join(dir, 'empty.har'), JSON.stringify({ log: { entries: [] } }));
    const empty = spawnSync(process.execPath, [`${mocksDir}bin/mock.mjs`, '--seed-from-har', join(dir, 'empty.har')], { encoding: 'utf8' });
    expect([empty.status, empty.stderr]).toEqual([2, 'supportkb-mock: empty.har: No recorded request names a project: nothing to seed (pass options.projectId)\n']);

    const file = join(dir, 'session.har');
    writeFileSync(file, JSON.stringify(har));
    const mock = await startBin(['--seed-from-har', file]);
    const { url } = mock;
    try {
      const out = await mock.waitFor(/Custom tokens/);
      // The start-up text describes the recorded project and users, not the built-in seed's.
      expect(out).toContain(`(${P})\nSeeded credentials`);
      expect(out).toMatch(new RegExp(`  admin  ${admin.email.replace(/[.]/g, '\\.')}  password ${SEED_PASSWORD}\n`));
      expect(out).not.toContain('guest  anonymous'); // the built-in guest was not recorded
      const headers = { Authorization: `Basic ${btoa(`${admin.email}:${SEED_PASSWORD}`)}`, 'Content-Type': 'application/json' };
      const tagIds = () => fetch(`${url}/${P}/tags`, { headers }).then(async (r) => ((await r.json()) as Tag[]).map((t) => t._id).sort());
      expect(await tagIds()).toEqual(recorded.tags.map((t) => t._id).sort());
      const created = await (await fetch(`${url}/${P}/tags`, { method: 'POST', headers, body: JSON.stringify({ tag: 'added-by-the-test' }) })).json();
      expect(await tagIds()).toEqual([...recorded.tags.map((t) => t._id), created._id].sort());
      expect((await fetch(`${url}/__supportkb/reset`, { method: 'POST' })).status).toBe(204);
      expect(await tagIds()).toEqual(recorded.tags.map((t) => t._id).sort());
    } finally {
      await mock.stop();
    }
  });
});
