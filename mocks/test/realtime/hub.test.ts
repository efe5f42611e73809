import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockService } from '../../src/service/create';
import type { MockService } from '../../src/service/options';
import { SEED } from '../../src/state/seed';
import { call, json } from '../support/requests';

/**
 * The service's websocket hub (mocks/src/realtime/), driven without a transport: frames a fake
 * transport records, changes made through the REST handlers (`call`), as openapi/asyncapi.yaml and
 * the server's websocket/pubsub.js and websocket/webSocketServer.js say.
 */
const P = SEED.projectId;
const REQ = SEED.conversation.requestId;

interface Frame {
  action: string;
  payload: { topic?: string; method?: string; message?: unknown; id?: string; userId?: null };
}

/** `value[key]` of a decoded frame's document. */
function get(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Object.getOwnPropertyDescriptor(value, key)?.value : undefined;
}

/** The documents of an array message. */
function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A connection of `role` on `service`, recording the frames it receives. */
async function open(service: MockService, role: 'owner' | 'admin' | 'agent' = 'owner') {
  const handshake = await service.realtime.handshake(await service.authorization(role));
  if (!handshake.accepted) throw new Error(`refused: ${String(handshake.status)}`);
  const frames: Frame[] = [];
  const transport = { send: (text: string) => frames.push(JSON.parse(text)), terminate: vi.fn() };
  const connection = service.realtime.connect(handshake.userId, transport);
  const send = (frame: unknown) => connection.receive(JSON.stringify(frame));
  const subscribe = (topic: string) => send({ action: 'subscribe', payload: { topic } });
  const on = (topic: string) => frames.filter((f) => f.action === 'publish' && f.payload.topic === topic);
  return { connection, frames, transport, send, subscribe, on };
}

const services: MockService[] = [];
function service(options: Parameters<typeof createMockService>[0] = {}) {
  const created = createMockService({ clock: { frozen: true }, webhooks: { delivery: 'none' }, ...options });
  services.push(created);
  return created;
}
afterEach(() => {
  for (const s of services.splice(0)) s.realtime.terminateAll();
  vi.useRealTimers();
});

describe('the handshake', () => {
  it('accepts a teammate token with or without the JWT prefix, refuses a bad one with 401, and never answers a guest', async () => {
    const s = service();
    const token = await s.authorization('agent');
    expect(await s.realtime.handshake(token)).toEqual({ accepted: true, userId: SEED.members.agent.userId });
    expect(await s.realtime.handshake(token.replace(/^JWT /, ''))).toEqual({ accepted: true, userId: SEED.members.agent.userId });
    expect(await s.realtime.handshake(null)).toEqual({ accepted: false, status: 401 });
    expect(await s.realtime.handshake('JWT not.a.token')).toEqual({ accepted: false, status: 401 });
    expect(await s.realtime.handshake(await s.customToken({ _id: SEED.members.agent.userId }))).toEqual({ accepted: false, status: 401 });
    expect(await s.realtime.handshake(await s.authorization('guest'))).toEqual({ accepted: false, status: 'none' });
  });
});

describe('subscriptions', () => {
  it('answers a subscribe with the snapshot (CREATE) and then the changes a REST call makes', async () => {
    const s = service();
    const c = await open(s, 'owner');
    c.subscribe(`/${P}/requests`);
    c.subscribe(`/${P}/requests/${REQ}/messages`);
    const [snapshot] = c.on(`/${P}/requests`);
    expect(snapshot!.payload.method).toBe('CREATE');
    const inbox = list(snapshot!.payload.message);
    expect(inbox.length).toBeGreaterThan(0);
    const status = (r: unknown) => Number(get(r, 'status'));
    expect(inbox.every((r) => status(r) > 50 && status(r) < 1000 && status(r) !== 150 && get(r, 'id') === get(r, '_id') && get(r, 'requester_id') !== undefined)).toBe(true);
    const updated = inbox.map((r) => String(get(r, 'updatedAt')));
    expect(updated).toEqual([...updated].sort().reverse());
    const [messages] = c.on(`/${P}/requests/${REQ}/messages`);
    expect(list(messages!.payload.message).map((m) => get(m, 'text'))).toEqual(['Hello, I was charged twice for my November invoice.']);

    const owner = await s.authorization('owner');
    expect((await call(s, `/${P}/requests/${REQ}/close`, json(owner, {}, 'PUT'))).status).toBe(200);
    expect((await call(s, `/${P}/requests/${REQ}/reopen`, json(owner, {}, 'PUT'))).status).toBe(200);
    const updates = c.on(`/${P}/requests`).slice(1);
    expect(updates.map((f) => [f.payload.method, get(f.payload.message, 'request_id'), get(f.payload.message, 'status')])).toEqual([
      ['UPDATE', REQ, 1000],
      ['UPDATE', REQ, 100],
    ]);
    expect(get(updates[0]!.payload.message, 'snapshot')).toEqual({});
    // closing a closed conversation again (no `force`): only `request.close`, no frame of the conversation
    expect((await call(s, `/${P}/requests/${REQ}/close`, json(owner, {}, 'PUT'))).status).toBe(200);
    expect((await call(s, `/${P}/requests/${REQ}/close`, json(owner, {}, 'PUT'))).status).toBe(200);
    expect(c.on(`/${P}/requests`)).toHaveLength(4);
    expect(
      c
        .on(`/${P}/requests/${REQ}/messages`)
        .slice(1)
        .map((f) => [f.payload.method, get(f.payload.message, 'text')]),
    ).toEqual([
      ['CREATE', 'Chat closed'],
      ['CREATE', 'Chat reopened'],
      ['CREATE', 'Chat closed'],
      ['CREATE', 'Chat closed'],
    ]);
  });

  it('sends a new conversation as CREATE to the open conversations and its own topic, and its first message', async () => {
    const s = service();
    const c = await open(s, 'owner');
    const requestId = `support-group-${P}-live-1`;
    c.subscribe(`/${P}/requests`);
    c.subscribe(`/${P}/requests/${requestId}`);
    expect(c.on(`/${P}/requests/${requestId}`)[0]!.payload).toEqual({ topic: `/${P}/requests/${requestId}`, method: 'CREATE', message: null });
    const guest = await s.authorization('guest');
    expect((await call(s, `/${P}/requests/${requestId}/messages`, json(guest, { text: 'Where is my order?' }))).status).toBe(200);
    const created = c.on(`/${P}/requests`).slice(1);
    expect(created.map((f) => [f.payload.method, get(f.payload.message, 'request_id'), get(f.payload.message, 'first_text')])).toEqual([['CREATE', requestId, 'Where is my order?']]);
    expect(
      c
        .on(`/${P}/requests/${requestId}`)
        .slice(1)
        .map((f) => f.payload.method),
    ).toEqual(['CREATE']);
  });

  it('unsubscribes, answers me and heartbeat pings, and ignores what it cannot parse', async () => {
    const s = service();
    const c = await open(s);
    c.send({ action: 'me' });
    expect(c.frames.at(-1)).toEqual({ action: 'me', payload: { id: c.connection.id, userId: null } });
    expect(c.connection.id).toMatch(/^[0-9a-f-]{36}$/);
    c.send({ action: 'heartbeat', payload: { message: { text: 'ping' } } });
    expect(c.frames.at(-1)).toEqual({ action: 'heartbeat', payload: { message: { text: 'pong' } } });
    const before = c.frames.length;
    c.send({ action: 'heartbeat', payload: { message: { text: 'pong' } } });
    c.connection.receive('not json');
    c.send({ action: 'dance' });
    c.send({ action: 'subscribe', payload: { topic: 42 } });
    expect(c.frames.length).toBe(before);
    c.subscribe(`/${P}/requests`);
    c.send({ action: 'unsubscribe', payload: { topic: `/${P}/requests` } });
    await call(s, `/${P}/requests/${REQ}/close`, json(await s.authorization('owner'), {}, 'PUT'));
    expect(c.on(`/${P}/requests`)).toHaveLength(1);
  });

  it("refuses (no answer) what the server refuses: another project, another teammate's record, messages of a conversation an agent may not see", async () => {
    const s = service();
    const c = await open(s, 'agent');
    c.subscribe('/65f1a2b3c4d5e6f708090aff/requests');
    c.subscribe('/not-an-id/requests');
    c.subscribe(`/${P}/project_users/${SEED.members.owner.teammateId}`);
    c.subscribe(`/${P}/requests/${REQ}/messages`);
    expect(c.frames).toEqual([]);
    c.subscribe(`/${P}/project_users/${SEED.members.agent.teammateId}`);
    c.subscribe(`/${P}/project_users/users/${SEED.members.owner.userId}`);
    expect(c.frames.map((f) => [f.payload.topic, get(f.payload.message, '_id'), get(f.payload.message, 'isBusy')])).toEqual([
      [`/${P}/project_users/${SEED.members.agent.teammateId}`, SEED.members.agent.teammateId, false],
      [`/${P}/project_users/users/${SEED.members.owner.userId}`, SEED.members.owner.teammateId, false],
    ]);
  });

  it("sends a teammate's change (availability) to its own record's topic and to its presence topic", async () => {
    const s = service();
    const agent = await open(s, 'agent');
    const owner = await open(s, 'owner');
    agent.subscribe(`/${P}/project_users/${SEED.members.agent.teammateId}`);
    owner.subscribe(`/${P}/project_users/users/${SEED.members.agent.userId}`);
    expect((await call(s, `/${P}/project_users`, json(await s.authorization('agent'), { user_available: false }, 'PUT'))).status).toBe(200);
    for (const [c, topic] of [
      [agent, `/${P}/project_users/${SEED.members.agent.teammateId}`],
      [owner, `/${P}/project_users/users/${SEED.members.agent.userId}`],
    ] as const) {
      expect(c.on(topic).map((f) => [f.payload.method, get(f.payload.message, '_id'), get(f.payload.message, 'user_available')])).toEqual([
        ['CREATE', SEED.members.agent.teammateId, true],
        ['UPDATE', SEED.members.agent.teammateId, false],
      ]);
    }
  });

  it('terminates a connection silent for a whole heartbeat interval', async () => {
    vi.useFakeTimers();
    const s = service({ realtime: { heartbeatMs: 1000 } });
    const quiet = await open(s);
    const chatty = await open(s);
    expect(s.realtime.connections).toBe(2);
    vi.advanceTimersByTime(1000);
    expect(quiet.frames).toEqual([{ action: 'heartbeat', payload: { message: { text: 'ping' } } }]);
    chatty.send({ action: 'heartbeat', payload: { message: { text: 'ping' } } });
    vi.advanceTimersByTime(1000);
    expect(quiet.transport.terminate).toHaveBeenCalledOnce();
    expect(chatty.transport.terminate).not.toHaveBeenCalled();
    expect(s.realtime.connections).toBe(1);
    expect(() => service({ realtime: { heartbeatMs: -1 } })).toThrow(RangeError);
  });
});

describe('what any signed-in user can do (default mode) and strict mode refuses', () => {
  it('relays publish to every subscriber and broadcast to the others, without method', async () => {
    const s = service();
    const a = await open(s, 'agent');
    const b = await open(s, 'owner');
    const topic = `/${P}/requests`;
    a.subscribe(topic);
    b.subscribe(topic);
    a.send({ action: 'publish', payload: { topic, message: { fake: true } } });
    a.send({ action: 'broadcast', payload: { topic, message: 'hi' } });
    expect(
      a
        .on(topic)
        .slice(1)
        .map((f) => f.payload),
    ).toEqual([{ topic, message: { fake: true } }]);
    expect(
      b
        .on(topic)
        .slice(1)
        .map((f) => f.payload),
    ).toEqual([
      { topic, message: { fake: true } },
      { topic, message: 'hi' },
    ]);
  });

  it('gives null then every update of a conversation the caller may not see, and the bots and events topics to anyone', async () => {
    const s = service();
    const c = await open(s, 'agent');
    c.subscribe(`/${P}/requests/${REQ}`);
    c.subscribe(`/${P}/bots/65f1a2b3c4d5e6f708091901`);
    c.subscribe(`/${P}/events/${SEED.members.owner.teammateId}`);
    expect(c.frames.map((f) => [f.payload.topic, f.payload.message])).toEqual([
      [`/${P}/requests/${REQ}`, null],
      [`/${P}/bots/65f1a2b3c4d5e6f708091901`, null],
      [`/${P}/events/${SEED.members.owner.teammateId}`, []],
    ]);
    await call(s, `/${P}/requests/${REQ}/close`, json(await s.authorization('owner'), {}, 'PUT'));
    expect(
      c
        .on(`/${P}/requests/${REQ}`)
        .slice(1)
        .map((f) => [f.payload.method, get(f.payload.message, 'status')]),
    ).toEqual([['UPDATE', 1000]]);
  });

  it('strict mode: no relay, no conversation the caller may not see, no bots or events for non-members', async () => {
    const s = service({ strict: true });
    const agent = await open(s, 'agent');
    const owner = await open(s, 'owner');
    const topic = `/${P}/requests`;
    agent.subscribe(topic);
    owner.subscribe(topic);
    agent.send({ action: 'publish', payload: { topic, message: { fake: true } } });
    agent.send({ action: 'broadcast', payload: { topic, message: 'hi' } });
    expect([agent.on(topic).length, owner.on(topic).length]).toEqual([1, 1]);
    agent.subscribe(`/${P}/requests/${REQ}`);
    expect(agent.on(`/${P}/requests/${REQ}`)).toEqual([]);
    await call(s, `/${P}/requests/${REQ}/close`, json(await s.authorization('owner'), {}, 'PUT'));
    expect(agent.on(topic)).toHaveLength(1);
    expect(
      owner
        .on(topic)
        .slice(1)
        .map((f) => f.payload.method),
    ).toEqual(['UPDATE']);
    // a user of no project: the bots and events topics are refused
    const signin = await call(s, '/auth/signin', json(undefined, { email: SEED.invitee.email, password: SEED.invitee.password }));
    const handshake = await s.realtime.handshake(signin.body.token);
    expect(handshake).toEqual({ accepted: true, userId: SEED.invitee.userId });
    const frames: string[] = [];
    const outsider = s.realtime.connect(SEED.invitee.userId, { send: (text) => frames.push(text), terminate: () => {} });
    outsider.receive(JSON.stringify({ action: 'subscribe', payload: { topic: `/${P}/bots/65f1a2b3c4d5e6f708091901` } }));
    outsider.receive(JSON.stringify({ action: 'subscribe', payload: { topic: `/${P}/events/${SEED.members.owner.teammateId}` } }));
    expect(frames).toEqual([]);
    owner.subscribe(`/${P}/bots/65f1a2b3c4d5e6f708091901`);
    expect(owner.on(`/${P}/bots/65f1a2b3c4d5e6f708091901`)).toHaveLength(1);
  });
});
