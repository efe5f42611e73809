import type { IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { CredentialStore } from '../src/auth';
import type { Conversation, Message } from '../src/generated/types.gen';
import { createRealtime, RealtimeError, topicAddress, type Realtime } from '../src/realtime';

// A scripted websocket server speaking the frames of openapi/asyncapi.yaml (captured from the real
// server in test/fixtures/realtime/): the realtime client against it, off the happy path included.
// test/realtime-real.test.ts runs the same client against the real server.

type Frame = { action: string; payload?: { topic?: string; message?: unknown; method?: string } };
interface Harness {
  url: string;
  sockets: ServerSocket[];
  received: Frame[];
  tokens: string[];
  server: Server;
  wss: WebSocketServer;
  /** every TCP connection, upgraded or hanging in the handshake, destroyed after each test */
  connections: Set<import('node:net').Socket>;
}

const harnesses: Harness[] = [];
const connections: Realtime[] = [];
afterEach(async () => {
  for (const connection of connections.splice(0)) connection.close();
  for (const h of harnesses.splice(0)) {
    for (const socket of h.wss.clients) socket.terminate();
    h.wss.close();
    for (const connection of h.connections) connection.destroy();
    await new Promise((resolve) => h.server.close(resolve));
  }
});

/** A server that authorises `good` tokens (401 otherwise), never answers `hang`, and runs `onFrame` per client frame. */
async function harness(onFrame: (socket: ServerSocket, frame: Frame, h: Harness) => void = () => {}): Promise<Harness> {
  const server = createServer();
  const tokens: string[] = [];
  const connections = new Set<import('node:net').Socket>();
  server.on('connection', (c) => {
    connections.add(c);
    c.on('close', () => connections.delete(c));
  });
  const wss = new WebSocketServer({
    server,
    path: '/',
    verifyClient: (info: { req: IncomingMessage }, cb: (ok: boolean, code?: number, message?: string) => void) => {
      const token = new URL(info.req.url ?? '/', 'http://x').searchParams.get('token') ?? '';
      tokens.push(token);
      if (token === 'hang') return;
      cb(token === 'good', 401, 'Unauthorized');
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const h: Harness = { url: `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`, sockets: [], received: [], tokens, server, wss, connections };
  wss.on('connection', (socket) => {
    h.sockets.push(socket);
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      h.received.push(frame);
      onFrame(socket, frame, h);
    });
  });
  harnesses.push(h);
  return h;
}

const publish = (socket: ServerSocket, topic: string, message: unknown, method?: 'CREATE' | 'UPDATE') =>
  socket.send(JSON.stringify({ action: 'publish', payload: method ? { topic, method, message } : { topic, message } }));
const until = async (check: () => boolean) => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};
const conversation = (status: number): Conversation => ({ _id: '65f1a2b3c4d5e6f708090a0c', request_id: 'support-group-1', status });
const PROJECT = '65f1a2b3c4d5e6f708090a0b';

/** Answers every subscribe with a snapshot of `[conversation(100)]`. */
const snapshots = (socket: ServerSocket, frame: Frame) => {
  if (frame.action === 'subscribe') publish(socket, frame.payload!.topic!, [conversation(100)], 'CREATE');
};

function realtime(options: Parameters<typeof createRealtime>[0]) {
  const live = createRealtime(options);
  connections.push(live);
  return live;
}

describe('createRealtime', () => {
  it("authenticates with the client credentials' JWT (without its prefix), and types each topic's documents", async () => {
    const h = await harness(snapshots);
    const live = realtime({ url: h.url, credentials: new CredentialStore({ token: 'JWT good' }) });
    const seen: Conversation[][] = [];
    const sub = live.subscribe(
      'openConversations',
      { project_id: PROJECT },
      {
        snapshot(conversations, info) {
          expectTypeOf(conversations).toEqualTypeOf<Conversation[]>();
          expect(info.resync).toBe(false);
          seen.push(conversations);
        },
      },
    );
    await sub.ready;
    expect(h.tokens).toEqual(['good']);
    expect(sub.topic).toBe(`/${PROJECT}/requests`);
    expect(seen).toEqual([[conversation(100)]]);
    expect(h.received).toEqual([{ action: 'subscribe', payload: { topic: `/${PROJECT}/requests` } }]);
    expectTypeOf<Parameters<NonNullable<Parameters<typeof live.subscribe<'conversationMessages'>>[2]['created']>>[0]>().toEqualTypeOf<Message>();
  });

  it('dispatches snapshot, created, updated and injected frames of a topic to its handlers only', async () => {
    const h = await harness(snapshots);
    const live = realtime({ url: h.url, token: 'good' });
    const events: string[] = [];
    const sub = live.subscribe(
      'conversation',
      { project_id: PROJECT, request_id: 'support-group-1' },
      {
        snapshot: (c) => events.push(`snapshot ${Array.isArray(c)}`),
        created: (c) => events.push(`created ${c.status}`),
        updated: (c) => events.push(`updated ${c.status}`),
        injected: (m) => events.push(`injected ${JSON.stringify(m)}`),
      },
    );
    await sub.ready;
    const socket = h.sockets[0]!;
    publish(socket, sub.topic, { ...conversation(200), _id: '65f1a2b3c4d5e6f708090a0d' }, 'CREATE');
    publish(socket, sub.topic, conversation(1000), 'UPDATE');
    publish(socket, `/${PROJECT}/requests/other`, conversation(1), 'UPDATE');
    publish(socket, sub.topic, { evil: true });
    await until(() => events.length === 4);
    expect(events).toEqual(['snapshot true', 'created 200', 'updated 1000', 'injected {"evil":true}']);
  });

  it('does not deliver again a CREATE of a document the snapshot held: the server stores before it publishes', async () => {
    const message = (_id: string, text: string): Message => ({ _id, text, type: 'text', sender: 'visitor', recipient: 'support-group-1', id_project: PROJECT });
    const [first, second, third] = ['65f1a2b3c4d5e6f708090b01', '65f1a2b3c4d5e6f708090b02', '65f1a2b3c4d5e6f708090b03'];
    const h = await harness((socket, frame) => {
      if (frame.action === 'subscribe') publish(socket, frame.payload!.topic!, [message(first!, 'Where is my order?'), message(second!, 'Hello?')], 'CREATE');
    });
    const live = realtime({ url: h.url, token: 'good', reconnect: { initialDelayMs: 10, maxDelayMs: 20 } });
    const texts: string[] = [];
    const resyncs: boolean[] = [];
    const sub = live.subscribe(
      'conversationMessages',
      { project_id: PROJECT, request_id: 'support-group-1' },
      {
        snapshot: (messages, { resync }) => {
          resyncs.push(resync);
          texts.push(...messages.map((m) => `snapshot ${m.text}`));
        },
        created: (m) => texts.push(`created ${m.text}`),
      },
    );
    await sub.ready;
    // the snapshot's first message published after the snapshot was read, then a new one
    publish(h.sockets[0]!, sub.topic, message(first!, 'Where is my order?'), 'CREATE');
    publish(h.sockets[0]!, sub.topic, message(third!, 'It arrived'), 'CREATE');
    await until(() => texts.length === 3);
    expect(texts).toEqual(['snapshot Where is my order?', 'snapshot Hello?', 'created It arrived']);
    // a resync's snapshot replaces the set: its documents' late CREATEs are dropped, the others delivered
    h.sockets[0]!.terminate();
    await until(() => resyncs.length === 2 && h.sockets.length === 2);
    publish(h.sockets[1]!, sub.topic, message(second!, 'Hello?'), 'CREATE');
    publish(h.sockets[1]!, sub.topic, message(third!, 'It arrived'), 'CREATE');
    await until(() => texts.length === 6);
    expect(resyncs).toEqual([false, true]);
    expect(texts.slice(3)).toEqual(['snapshot Where is my order?', 'snapshot Hello?', 'created It arrived']);
  });

  it("answers the server's heartbeat ping, which keeps the socket alive", async () => {
    const h = await harness();
    const live = realtime({ url: h.url, token: 'good' });
    await live.connected;
    h.sockets[0]!.send(JSON.stringify({ action: 'heartbeat', payload: { message: { text: 'ping' } } }));
    await until(() => h.received.length === 1);
    expect(h.received).toEqual([{ action: 'heartbeat', payload: { message: { text: 'pong' } } }]);
  });

  it('rejects with handshake_refused when the server answers the handshake 401, and does not retry', async () => {
    const h = await harness();
    const attempts: string[] = [];
    class Counting extends WebSocket {
      constructor(url: string) {
        super(url);
        attempts.push(url);
      }
    }
    const live = realtime({ url: h.url, token: 'JWT expired', WebSocket: Counting, reconnect: { initialDelayMs: 1 } });
    const error = await live.connected.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RealtimeError);
    expect(error).toMatchObject({ code: 'handshake_refused' });
    expect(live.state).toBe('closed');
    await new Promise((r) => setTimeout(r, 50));
    expect(attempts).toEqual([`${h.url}?token=expired`]);
    expect(new Set(h.tokens)).toEqual(new Set(['expired'])); // (undici's WebSocket sends a refused handshake twice)
  });

  it("rejects with handshake_timeout when the handshake is never answered (an anonymous visitor's token)", async () => {
    const h = await harness();
    const live = realtime({ url: h.url, token: 'hang', connectTimeoutMs: 200 });
    await expect(live.connected).rejects.toMatchObject({ code: 'handshake_timeout' });
    expect(String(await live.connected.catch((e: Error) => e.message))).toMatch(/anonymous visitor/);
  });

  it('fails a subscription the server refuses by not answering: subscribe_timeout, error handler, unsubscribed', async () => {
    const h = await harness();
    const live = realtime({ url: h.url, token: 'good', subscribeTimeoutMs: 150 });
    const errors: RealtimeError[] = [];
    const sub = live.subscribe('ownTeammate', { project_id: PROJECT, project_user_id: 'someone-else' }, { error: (e) => errors.push(e) });
    await expect(sub.ready).rejects.toMatchObject({ code: 'subscribe_timeout' });
    expect(errors.map((e) => e.code)).toEqual(['subscribe_timeout']);
    await until(() => h.received.length === 2);
    expect(h.received.map((f) => f.action)).toEqual(['subscribe', 'unsubscribe']);
  });

  it('reconnects after a drop, resubscribes, and marks the fresh snapshot as a resync', async () => {
    const h = await harness(snapshots);
    const live = realtime({ url: h.url, token: 'good', reconnect: { initialDelayMs: 20, maxDelayMs: 50 } });
    const infos: boolean[] = [];
    const sub = live.subscribe('openConversations', { project_id: PROJECT }, { snapshot: (_, info) => infos.push(info.resync) });
    await sub.ready;
    h.sockets[0]!.terminate();
    await until(() => infos.length === 2);
    expect(infos).toEqual([false, true]);
    expect(h.sockets).toHaveLength(2);
    expect(live.state).toBe('open');
    expect(h.received.filter((f) => f.action === 'subscribe')).toHaveLength(2);
  });

  it('unsubscribe() sends unsubscribe; close() and an aborted signal close the socket and fail pending subscriptions', async () => {
    const h = await harness();
    const live = realtime({ url: h.url, token: 'good' });
    await live.connected;
    const a = live.subscribe('bot', { project_id: PROJECT, bot_id: 'b1' }, {});
    a.unsubscribe();
    await until(() => h.received.length === 2);
    expect(h.received.map((f) => f.action)).toEqual(['subscribe', 'unsubscribe']);
    const pending = live.subscribe('events', { project_id: PROJECT, project_user_id: 'p1' }, {});
    live.close();
    await expect(pending.ready).rejects.toMatchObject({ code: 'closed' });
    expect(live.state).toBe('closed');
    await until(() => h.sockets[0]!.readyState === h.sockets[0]!.CLOSED);

    const controller = new AbortController();
    const aborted = realtime({ url: h.url, token: 'good', signal: controller.signal });
    await aborted.connected;
    controller.abort();
    expect(aborted.state).toBe('closed');
    await expect(aborted.subscribe('bot', { project_id: PROJECT, bot_id: 'b1' }, {}).ready).rejects.toBeInstanceOf(RealtimeError);
  });

  it('refuses a parameter that is not one path segment before sending anything (bad_topic), and derives the socket URL from baseUrl', () => {
    expect(() => topicAddress('conversation', { project_id: PROJECT, request_id: '../bots/x' })).toThrow(RealtimeError);
    expect(() => topicAddress('conversation', { project_id: PROJECT, request_id: '' })).toThrow(/request_id/);
    expect(topicAddress('teammatePresence', { project_id: PROJECT, user_id: 'u1' })).toBe(`/${PROJECT}/project_users/users/u1`);
    const urls: string[] = [];
    // a WebSocket that records its URL and never opens (only the URL matters here)
    class Recorder {
      readyState = 0;
      constructor(url: string) {
        urls.push(url);
      }
      close() {}
      send() {}
    }
    const live = createRealtime({ baseUrl: 'https://api.example.com/v2', token: 'JWT abc', WebSocket: Recorder as unknown as typeof WebSocket, connectTimeoutMs: 5 });
    return live.connected.catch(() => {
      expect(urls).toEqual(['wss://api.example.com/?token=abc']);
    });
  });

  it('says how to fix a missing token: no credentials held', async () => {
    const live = realtime({ url: 'ws://127.0.0.1:9/', credentials: new CredentialStore() });
    await expect(live.connected).rejects.toThrow(/sign in first/);
  });
});
