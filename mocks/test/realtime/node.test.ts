import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { createClient, type Conversation } from '@supportkb/sdk';
import { createRealtime, type Realtime } from '@supportkb/sdk/realtime';
import { setupNodeMock } from '../../src/node';
import { realtimeHandler } from '../../src/realtime/msw';
import { createMockService } from '../../src/service/create';
import { SEED } from '../../src/state/seed';

/**
 * The websocket in a Node test with no server (`setupNodeMock`): MSW intercepts the `WebSocket`
 * that `createRealtime` opens, and the service's hub answers it.
 */
const P = SEED.projectId;
const BASE = 'https://api.supportkb.test';
const { server, service } = setupNodeMock({ webhooks: { delivery: 'none' } });
const live: Realtime[] = [];

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  for (const connection of live.splice(0)) connection.close();
  server.resetHandlers();
  service.reset();
});
afterAll(() => server.close());

/** Resolves when `check` holds (polling), or fails after `ms`. */
async function until(check: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

describe('setupNodeMock serves the websocket', () => {
  it('follows a live inbox with createRealtime: snapshot, a new conversation, close', async () => {
    const sk = createClient({ baseUrl: BASE, projectId: P });
    await sk.auth.signIn({ email: SEED.members.agent.email, password: SEED.members.agent.password });
    const connection = createRealtime({ baseUrl: BASE, credentials: sk.http.credentials });
    live.push(connection);
    await connection.connected;
    const inbox = new Map<string, Conversation>();
    const sub = connection.subscribe(
      'openConversations',
      { project_id: P },
      {
        snapshot: (conversations) => conversations.forEach((c) => inbox.set(c.request_id!, c)),
        created: (c) => inbox.set(c.request_id!, c),
        updated: (c) => inbox.set(c.request_id!, c),
      },
    );
    await sub.ready;
    // the agent's inbox: the conversations the agent takes part in
    expect([...inbox.values()].every((c) => c.participants?.includes(SEED.members.agent.userId))).toBe(true);

    const visitor = createClient({ baseUrl: BASE, projectId: P });
    await visitor.auth.signInAnonymously({ id_project: P });
    const requestId = `support-group-${P}-node-1`;
    await visitor.messages.create({ request_id: requestId, text: 'Hello from the widget' });
    await until(() => inbox.has(requestId));
    expect(inbox.get(requestId)).toMatchObject({ first_text: 'Hello from the widget' });

    const owner = { Authorization: await service.authorization('owner') };
    expect((await fetch(`${BASE}/${P}/requests/${requestId}/close`, { method: 'PUT', headers: owner })).status).toBe(200);
    await until(() => inbox.get(requestId)?.status === 1000);
  });

  it('refuses a bad token at the handshake, never answers an anonymous visitor, times a refused subscription out', async () => {
    const refused = createRealtime({ baseUrl: BASE, token: 'JWT not.a.token' });
    live.push(refused);
    await expect(refused.connected).rejects.toMatchObject({ code: 'handshake_refused' });
    const anonymous = createRealtime({ baseUrl: BASE, token: await service.authorization('guest'), connectTimeoutMs: 300 });
    live.push(anonymous);
    await expect(anonymous.connected).rejects.toMatchObject({ code: 'handshake_timeout' });
    const agent = createRealtime({ baseUrl: BASE, token: await service.authorization('agent'), subscribeTimeoutMs: 200 });
    live.push(agent);
    const sub = agent.subscribe('ownTeammate', { project_id: P, project_user_id: SEED.members.owner.teammateId }, {});
    await expect(sub.ready).rejects.toMatchObject({ code: 'subscribe_timeout' });
    const mine = agent.subscribe('ownTeammate', { project_id: P, project_user_id: SEED.members.agent.teammateId }, {});
    await mine.ready;
    await until(() => service.realtime.connections === 1);
  });
});

describe('realtimeHandler', () => {
  it("leaves a socket that asks for a subprotocol (Vite's HMR socket) to MSW's unhandled-frame strategy", async () => {
    const real = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    real.on('connection', (socket) => socket.send('hello from the real server'));
    await new Promise((resolve) => real.once('listening', resolve));
    const address = real.address();
    const url = `ws://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/`;
    server.close();
    const other = setupServer(realtimeHandler(createMockService().realtime, '*'));
    other.listen({ onUnhandledFrame: 'bypass' });
    try {
      const hmr = new WebSocket(url, 'vite-hmr');
      const greeting = await new Promise((resolve) => (hmr.onmessage = (event) => resolve(event.data)));
      expect(greeting).toBe('hello from the real server');
      hmr.close();
      // without a subprotocol, the mock's: no token, refused unopened
      const mocked = new WebSocket(url);
      const outcome = await new Promise((resolve) => {
        mocked.onopen = () => resolve('open');
        mocked.onclose = (event) => resolve(event.code);
      });
      expect(outcome).toBe(1006);
    } finally {
      other.close();
      real.close();
      server.listen({ onUnhandledFrame: 'error' });
    }
  });
});
