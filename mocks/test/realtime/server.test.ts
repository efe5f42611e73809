import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient, type Conversation, type Message } from '@supportkb/sdk';
import { createRealtime, type Realtime } from '@supportkb/sdk/realtime';
import { startHttpMock, type HttpMock } from '../../src/server';
import { SEED } from '../../src/state/seed';

/**
 * The standalone server's websocket (`startHttpMock`, path `/` of its port) with the SDK's
 * `createRealtime`, as test/realtime-real.test.ts drives the real server: an inbox followed live.
 */
const P = SEED.projectId;
let mock: HttpMock;
const live: Realtime[] = [];

beforeAll(async () => {
  mock = await startHttpMock({ port: 0, idleTimeoutMs: 300, serviceOptions: { webhooks: { delivery: 'none' } } });
});
afterAll(async () => {
  for (const connection of live) connection.close();
  await mock.stop();
});

/** Resolves when `check` holds (polling), or fails after `ms`. */
async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

/** The status and body of a raw upgrade request the server refuses. */
function refusal(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('unexpected-response', (_, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    ws.on('open', () => reject(new Error('opened')));
    ws.on('error', () => {});
  });
}

describe('the standalone server serves the websocket', () => {
  it('follows an inbox with the SDK: snapshot, a new conversation, its messages, close and reopen', async () => {
    const sk = createClient({ baseUrl: mock.url, projectId: P });
    await sk.auth.signIn({ email: SEED.members.owner.email, password: SEED.members.owner.password });
    const connection = createRealtime({ baseUrl: mock.url, credentials: sk.http.credentials });
    live.push(connection);
    await connection.connected;

    const inbox = new Map<string, Conversation>();
    const statuses: number[] = [];
    const open = connection.subscribe(
      'openConversations',
      { project_id: P },
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
    expect(inbox.has(SEED.conversation.requestId)).toBe(true);

    const visitor = createClient({ baseUrl: mock.url, projectId: P });
    await visitor.auth.signInAnonymously({ id_project: P });
    const requestId = `support-group-${P}-realtime-1`;
    await visitor.messages.create({ request_id: requestId, text: 'Where is my order?' });
    await until(() => inbox.has(requestId));
    expect(inbox.get(requestId)).toMatchObject({ request_id: requestId, first_text: 'Where is my order?' });

    const texts: string[] = [];
    const messages = connection.subscribe(
      'conversationMessages',
      { project_id: P, request_id: requestId },
      {
        snapshot: (list: Message[]) => texts.push(...list.map((m) => String(m.text))),
        created: (m) => texts.push(String(m.text)),
      },
    );
    await messages.ready;
    expect(texts).toEqual(['Where is my order?']);

    const auth = { authorization: await mock.service.authorization('owner') };
    expect((await fetch(`${mock.url}/${P}/requests/${requestId}/close`, { method: 'PUT', headers: auth })).status).toBe(200);
    await until(() => statuses.includes(1000) && texts.includes('Chat closed'));
    expect((await fetch(`${mock.url}/${P}/requests/${requestId}/reopen`, { method: 'PUT', headers: auth })).status).toBe(200);
    await until(() => texts.includes('Chat reopened'));
    expect(statuses.at(-1)).toBeLessThan(1000);
    expect(texts).toEqual(['Where is my order?', 'Chat closed', 'Chat reopened']);

    // the idle timeout of HTTP connections (300 ms here) does not end a websocket
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(connection.state).toBe('open');
  });

  it('refuses a bad token with 401 and another path with 400, and never answers an anonymous visitor', async () => {
    const base = mock.url.replace(/^http/, 'ws');
    expect(await refusal(`${base}/?token=not.a.token`)).toEqual({ status: 401, body: 'Unauthorized' });
    expect(await refusal(`${base}/`)).toEqual({ status: 401, body: 'Unauthorized' });
    expect((await refusal(`${base}/socket?token=${encodeURIComponent(await mock.service.authorization('owner'))}`)).status).toBe(400);

    const refused = createRealtime({ baseUrl: mock.url, token: 'JWT not.a.token' });
    live.push(refused);
    await expect(refused.connected).rejects.toMatchObject({ code: 'handshake_refused' });
    const visitor = createClient({ baseUrl: mock.url, projectId: P });
    await visitor.auth.signInAnonymously({ id_project: P });
    const anonymous = createRealtime({ baseUrl: mock.url, credentials: visitor.http.credentials, connectTimeoutMs: 500 });
    live.push(anonymous);
    await expect(anonymous.connected).rejects.toMatchObject({ code: 'handshake_timeout' });
  });

  it("fails a subscription the server refuses (another teammate's own record) with subscribe_timeout", async () => {
    const connection = createRealtime({ baseUrl: mock.url, token: await mock.service.authorization('agent'), subscribeTimeoutMs: 300 });
    live.push(connection);
    const sub = connection.subscribe('ownTeammate', { project_id: P, project_user_id: SEED.members.owner.teammateId }, {});
    await expect(sub.ready).rejects.toMatchObject({ code: 'subscribe_timeout' });
  });

  it('stops with websockets open and a handshake left hanging', async () => {
    const other = await startHttpMock({ port: 0 });
    const connection = createRealtime({ baseUrl: other.url, token: await other.service.authorization('owner'), reconnect: false });
    await connection.connected;
    const hanging = new WebSocket(`${other.url.replace(/^http/, 'ws')}/?token=${encodeURIComponent(await other.service.authorization('guest'))}`);
    hanging.on('error', () => {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    await other.stop();
    await until(() => connection.state === 'closed' && hanging.readyState === WebSocket.CLOSED);
    expect(other.service.realtime.connections).toBe(0);
  });
});
