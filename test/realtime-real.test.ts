import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../packages/sdk/src/index';
import { createRealtime, type Realtime } from '../packages/sdk/src/realtime';
import type { Conversation, Message } from '../packages/sdk/src/generated/types.gen';
import { startRealServer, type RealServer } from '../scripts/real-server/index.mjs';
import { startHttpMock } from '../mocks/src/server';
import { root } from './contract-helpers';
import { frameParity, runLiveInboxScenario, type ScenarioRun } from './live-inbox-scenario';
import { runWebhookScenario } from './webhook-events-scenario';
import { WAIT_TIMEOUT_MS } from './time-limits';

/**
 * `@supportkb/sdk/realtime` against the real server (2.19.16, unmodified, on loopback): an agent's
 * live inbox — the open conversations' snapshot, a visitor opening a conversation, its messages,
 * closing and reopening it — as the frames of openapi/asyncapi.yaml say; and the live-inbox scenario
 * (test/live-inbox-scenario.ts) on it and on the stateful mock's standalone server (`startHttpMock`):
 * REST answers, websocket frames and webhook deliveries compared.
 */
let server: RealServer;
const live: Realtime[] = [];

beforeAll(async () => {
  // A server of its own, not the run's shared one: RESTHOOK_ENABLED makes it deliver webhooks (its
  // default is off), for the live-inbox scenario's deliveries.
  server = await startRealServer({ serverEnv: { RESTHOOK_ENABLED: 'true' } });
});
afterAll(async () => {
  for (const connection of live) connection.close();
  await server?.stop();
});

/** Resolves when `check` holds (polling), or fails after `ms`: a guard against a hang, not a timing claim. */
async function until(check: () => boolean, ms = WAIT_TIMEOUT_MS) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(check()).toBe(true);
}

describe("the SDK's realtime entry on the real server", () => {
  it('follows an inbox: snapshot, a new conversation, its messages, close and reopen', async () => {
    const sk = createClient({ baseUrl: server.baseUrl, projectId: server.projectId });
    await sk.auth.signIn({ email: server.email, password: server.password });
    const connection = createRealtime({ baseUrl: server.baseUrl, credentials: sk.http.credentials });
    live.push(connection);
    await connection.connected;

    const inbox = new Map<string, Conversation>();
    const statuses: number[] = [];
    const open = connection.subscribe(
      'openConversations',
      { project_id: server.projectId },
      {
        snapshot: (conversations) => conversations.forEach((c) => inbox.set(c.request_id!, c)),
        created: (c) => inbox.set(c.request_id!, c),
        updated: (c) => {
          inbox.set(c.request_id!, c);
          statuses.push(Number(c.status));
        },
      },
    );
    await open.ready;

    // a visitor writes: the conversation arrives live
    const visitor = createClient({ baseUrl: server.baseUrl, projectId: server.projectId });
    await visitor.auth.signInAnonymously({ id_project: server.projectId });
    const requestId = `support-group-${server.projectId}-realtime-${Date.now()}`;
    await visitor.messages.create({ request_id: requestId, text: 'Where is my order?' });
    await until(() => inbox.has(requestId));
    expect(inbox.get(requestId)).toMatchObject({ request_id: requestId, first_text: 'Where is my order?' });

    // its messages: the snapshot, then the server's own "Chat closed" / "Chat reopened"
    const texts: string[] = [];
    const messages = connection.subscribe(
      'conversationMessages',
      { project_id: server.projectId, request_id: requestId },
      {
        snapshot: (list: Message[]) => texts.push(...list.map((m) => String(m.text))),
        created: (m) => texts.push(String(m.text)),
      },
    );
    await messages.ready;
    expect(texts).toEqual(['Where is my order?']);

    await sk.conversations.close({ request_id: requestId });
    await until(() => statuses.includes(1000) && texts.includes('Chat closed'));
    await sk.conversations.reopen({ request_id: requestId });
    await until(() => texts.includes('Chat reopened'));
    expect(statuses.at(-1)).toBeLessThan(1000);
    expect(texts).toEqual(['Where is my order?', 'Chat closed', 'Chat reopened']);
  });

  it('is refused at the handshake with a bad token, and never answered for an anonymous visitor', async () => {
    const refused = createRealtime({ baseUrl: server.baseUrl, token: 'JWT not.a.token' });
    live.push(refused);
    await expect(refused.connected).rejects.toMatchObject({ code: 'handshake_refused' });

    const visitor = createClient({ baseUrl: server.baseUrl, projectId: server.projectId });
    await visitor.auth.signInAnonymously({ id_project: server.projectId });
    const anonymous = createRealtime({ baseUrl: server.baseUrl, credentials: visitor.http.credentials, connectTimeoutMs: 3_000 });
    live.push(anonymous);
    await expect(anonymous.connected).rejects.toMatchObject({ code: 'handshake_timeout' });
  });

  it('the live-inbox scenario on the real server and the mock: REST answers, websocket frames (at least 95% the same) and webhook deliveries', async () => {
    const real = await runLiveInboxScenario({ baseUrl: server.baseUrl, projectId: server.projectId, email: server.email, password: server.password, projectSecret: server.projectSecret });
    const mock = await startHttpMock({ port: 0 });
    let mocked: ScenarioRun;
    try {
      const { owner, admin, agent } = mock.service.seed.members;
      mocked = await runLiveInboxScenario({
        baseUrl: mock.url,
        projectId: mock.service.seed.projectId,
        email: owner.email,
        password: owner.password,
        projectSecret: mock.service.seed.projectSecret,
        others: [admin, agent].map(({ email, password }) => ({ email, password })),
      });
    } finally {
      await mock.stop();
    }
    const parity = frameParity(real, mocked);
    mkdirSync(join(root, 'build'), { recursive: true });
    writeFileSync(join(root, 'build/live-inbox-scenario.json'), JSON.stringify({ real, mock: mocked }, null, 1));
    console.log(
      [
        `live-inbox scenario: frames the same on the real server and the mock: ${parity.same} of ${parity.total} (${((100 * parity.same) / parity.total).toFixed(1)}%)`,
        ...parity.differences.map((d) => `  differs: ${d}`),
      ].join('\n'),
    );
    // Every step ran on both, and the real server sent what the scenario is about.
    expect(Object.keys(real.rest).length).toBeGreaterThanOrEqual(15);
    expect(Object.keys(real.frames).length).toBeGreaterThanOrEqual(5);
    expect(parity.total).toBeGreaterThanOrEqual(20);
    expect(mocked.rest).toEqual(real.rest);
    expect(parity.same / parity.total).toBeGreaterThanOrEqual(0.95);
    expect(mocked.webhooks).toEqual(real.webhooks);
  });

  it('the webhook events (conversations, lead, groups, departments, teammates, operator.select) on the real server and the mock: the same events, payload keys and types, and the operator the target chose', async () => {
    // The seeded project's plan (payment, no end date) is never asked operator.select: a new project's is.
    const headers = { authorization: server.token, 'content-type': 'application/json' };
    const project = await (await fetch(`${server.baseUrl}/projects`, { method: 'POST', headers, body: JSON.stringify({ name: 'Webhook events' }) })).json();
    const inviteEmail = `invitee-${Date.now()}@example.org`;
    const signup = await fetch(`${server.baseUrl}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: inviteEmail, password: 'Invitee-pass-123', firstname: 'Grace', lastname: 'Hopper' }),
    });
    expect(signup.status).toBe(200);
    const real = await runWebhookScenario({ baseUrl: server.baseUrl, projectId: String(project._id), email: server.email, password: server.password, inviteEmail, departments: true });
    const mock = await startHttpMock({ port: 0 });
    let mocked: Awaited<ReturnType<typeof runWebhookScenario>>;
    try {
      const { seed } = mock.service;
      mocked = await runWebhookScenario({ baseUrl: mock.url, projectId: seed.projectId, email: seed.members.owner.email, password: seed.members.owner.password, inviteEmail: seed.invitee.email });
    } finally {
      await mock.stop();
    }
    mkdirSync(join(root, 'build'), { recursive: true });
    writeFileSync(join(root, 'build/webhook-events-scenario.json'), JSON.stringify({ real, mock: mocked }, null, 1));
    // Departments have no write in the contract (so none in the mock): the real server's deliveries of them are checked alone.
    const { 'department.create': created, 'department.update': updated, 'department.delete': deleted, ...realHooks } = real.webhooks;
    expect([created?.length, updated?.length, deleted?.length]).toEqual([1, 1, 1]);
    const realRest = Object.fromEntries(Object.entries(real.rest).filter(([step]) => !step.includes('Department')));
    console.log(`webhook events delivered by the real server: ${Object.keys(real.webhooks).sort().join(', ')}`);
    expect(Object.keys(realHooks).sort()).toEqual([
      'group.create',
      'group.delete',
      'group.update',
      'lead.create',
      'operator.select',
      'project_user.delete',
      'project_user.invite',
      'project_user.update',
      'project_user.update.agent',
      'request.close',
      'request.create',
      'request.update',
    ]);
    expect(mocked.rest).toEqual(realRest);
    expect(mocked.webhooks).toEqual(realHooks);
    // Both gave the conversation to the operator the target answered.
    expect(real.routed.participants).toEqual([real.routed.invitedUserId]);
    expect(mocked.routed.participants).toEqual([mocked.routed.invitedUserId]);
  });

  it("fails a subscription the server refuses (another teammate's own record) with subscribe_timeout", async () => {
    const sk = createClient({ baseUrl: server.baseUrl, projectId: server.projectId });
    await sk.auth.signIn({ email: server.email, password: server.password });
    const connection = createRealtime({ baseUrl: server.baseUrl, credentials: sk.http.credentials, subscribeTimeoutMs: 3_000 });
    live.push(connection);
    const sub = connection.subscribe('ownTeammate', { project_id: server.projectId, project_user_id: '000000000000000000000000' }, {});
    await expect(sub.ready).rejects.toMatchObject({ code: 'subscribe_timeout' });
  });
});
