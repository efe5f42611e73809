import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../packages/sdk/src/index';
import { createRealtime, type Realtime } from '../packages/sdk/src/realtime';
import type { Conversation, Message } from '../packages/sdk/src/generated/types.gen';
import type { RealServer } from '../scripts/real-server/index.mjs';
import { sharedRealServer } from './real-server-shared';
import { startHttpMock } from '../mocks/src/server';

/**
 * `@supportkb/sdk/realtime` against the real server (2.19.16, unmodified, on loopback): an agent's
 * live inbox — the open conversations' snapshot, a visitor opening a conversation, its messages,
 * closing and reopening it — as the frames of openapi/asyncapi.yaml say; and the stateful mock's
 * websocket (`startHttpMock`) against it, frame by frame, for one short scenario.
 */
let server: RealServer;
const live: Realtime[] = [];

beforeAll(async () => {
  server = await sharedRealServer('realtime-real');
}, 600_000);
afterAll(async () => {
  for (const connection of live) connection.close();
  await server?.stop();
}, 60_000);

/** A frame as the comparison with the mock sees it: action, topic with its ids abstracted, method, the message's keys. */
interface FrameShape {
  action: unknown;
  topic?: string;
  method?: unknown;
  keys: string[] | string;
}

/**
 * One short scenario on a deployment, over raw websockets: an owner's socket subscribes to the open
 * conversations, a visitor opens a conversation, the owner subscribes to its messages and to it, then
 * closes and reopens it, and another socket publishes into the open conversations. Returns each
 * topic's frames, in order, as {@link FrameShape}s; the open conversations' snapshot is left out (the
 * seeded conversations differ).
 */
async function scenarioFrames(target: { baseUrl: string; projectId: string; token: string }): Promise<Record<string, FrameShape[]>> {
  const { baseUrl, projectId, token } = target;
  const frames: { action?: unknown; payload?: { topic?: unknown; method?: unknown; message?: unknown } }[] = [];
  const sockets: WebSocket[] = [];
  const open = (keep: boolean) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/?token=${encodeURIComponent(token)}`);
      sockets.push(ws);
      ws.onmessage = (event) => keep && frames.push(JSON.parse(String(event.data)));
      ws.onopen = () => resolve(ws);
      ws.onerror = () => reject(new Error('websocket refused'));
    });
  try {
    const owner = await open(true);
    const other = await open(false);
    const send = (ws: WebSocket, frame: object) => ws.send(JSON.stringify(frame));
    const count = (topic: string) => frames.filter((f) => f.payload?.topic === topic).length;
    const inbox = `/${projectId}/requests`;
    send(owner, { action: 'subscribe', payload: { topic: inbox } });
    await until(() => count(inbox) === 1, 30_000);
    const visitor = createClient({ baseUrl, projectId });
    await visitor.auth.signInAnonymously({ id_project: projectId });
    const requestId = `support-group-${projectId}-compare-${Date.now()}`;
    await visitor.messages.create({ request_id: requestId, text: 'Compare me' });
    await until(() => count(inbox) === 2, 30_000);
    const conversation = `${inbox}/${requestId}`;
    send(owner, { action: 'subscribe', payload: { topic: `${conversation}/messages` } });
    send(owner, { action: 'subscribe', payload: { topic: conversation } });
    await until(() => count(`${conversation}/messages`) === 1 && count(conversation) === 1, 30_000);
    const headers = { authorization: token };
    expect((await fetch(`${baseUrl}${conversation}/close`, { method: 'PUT', headers })).status).toBe(200);
    await until(() => count(`${conversation}/messages`) === 2 && count(conversation) === 2, 30_000);
    expect((await fetch(`${baseUrl}${conversation}/reopen`, { method: 'PUT', headers })).status).toBe(200);
    await until(() => count(`${conversation}/messages`) === 3 && count(conversation) === 3, 30_000);
    send(other, { action: 'publish', payload: { topic: inbox, message: { injected: true } } });
    await until(() => count(inbox) === 5, 30_000);
    // anything later than expected would show here
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  } finally {
    for (const ws of sockets) ws.close();
  }
  const out: Record<string, FrameShape[]> = {};
  for (const [index, frame] of frames.entries()) {
    const topic = String(frame.payload?.topic ?? 'socket');
    if (index === 0) continue; // the open conversations' snapshot
    const message = frame.payload?.message;
    const keys = typeof message === 'object' && message !== null ? Object.keys(message).sort() : typeof message;
    const abstract = topic.replace(projectId, '{project_id}').replace(/support-group-[^/]+/, '{request_id}');
    (out[abstract] ??= []).push({ action: frame.action, topic: abstract, method: frame.payload?.method, keys });
  }
  return out;
}

/** Resolves when `check` holds (polling), or fails after `ms`: a guard against a hang, not a timing claim. */
async function until(check: () => boolean, ms = 60_000) {
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

    // closing and reopening are not SDK operations yet: the same credentials over fetch
    const auth = { authorization: sk.http.credentials.authorization({ type: 'apiKey', name: 'Authorization', in: 'header' })! };
    expect((await fetch(`${server.baseUrl}/${server.projectId}/requests/${requestId}/close`, { method: 'PUT', headers: auth })).status).toBe(200);
    await until(() => statuses.includes(1000) && texts.includes('Chat closed'));
    expect((await fetch(`${server.baseUrl}/${server.projectId}/requests/${requestId}/reopen`, { method: 'PUT', headers: auth })).status).toBe(200);
    await until(() => texts.includes('Chat reopened'));
    expect(statuses.at(-1)).toBeLessThan(1000);
    expect(texts).toEqual(['Where is my order?', 'Chat closed', 'Chat reopened']);
  }, 300_000);

  it('is refused at the handshake with a bad token, and never answered for an anonymous visitor', async () => {
    const refused = createRealtime({ baseUrl: server.baseUrl, token: 'JWT not.a.token' });
    live.push(refused);
    await expect(refused.connected).rejects.toMatchObject({ code: 'handshake_refused' });

    const visitor = createClient({ baseUrl: server.baseUrl, projectId: server.projectId });
    await visitor.auth.signInAnonymously({ id_project: server.projectId });
    const anonymous = createRealtime({ baseUrl: server.baseUrl, credentials: visitor.http.credentials, connectTimeoutMs: 3_000 });
    live.push(anonymous);
    await expect(anonymous.connected).rejects.toMatchObject({ code: 'handshake_timeout' });
  }, 120_000);

  it("the mock's frames are the real server's for the same scenario (per topic: action, method, message keys)", async () => {
    const real = await scenarioFrames({ baseUrl: server.baseUrl, projectId: server.projectId, token: server.token });
    const mock = await startHttpMock({ port: 0, serviceOptions: { webhooks: { delivery: 'none' } } });
    try {
      const mocked = await scenarioFrames({ baseUrl: mock.url, projectId: mock.service.seed.projectId, token: await mock.service.authorization('owner') });
      expect(Object.values(real).flat()).toHaveLength(10);
      expect(mocked).toEqual(real);
    } finally {
      await mock.stop();
    }
  }, 300_000);

  it("fails a subscription the server refuses (another teammate's own record) with subscribe_timeout", async () => {
    const sk = createClient({ baseUrl: server.baseUrl, projectId: server.projectId });
    await sk.auth.signIn({ email: server.email, password: server.password });
    const connection = createRealtime({ baseUrl: server.baseUrl, credentials: sk.http.credentials, subscribeTimeoutMs: 3_000 });
    live.push(connection);
    const sub = connection.subscribe('ownTeammate', { project_id: server.projectId, project_user_id: '000000000000000000000000' }, {});
    await expect(sub.ready).rejects.toMatchObject({ code: 'subscribe_timeout' });
  }, 120_000);
});
