import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../src/service/create';
import { SEED } from '../../src/state/seed';
import { call, json } from '../support/requests';

/**
 * The mock's frames against the real server's: test/fixtures/realtime/frames-2.19.16.json holds what
 * the real server (2.19.16) sent in scripts/realtime/capture.mjs's scenario — `me`, a `ping`, the
 * open conversations' snapshot, a visitor opening a conversation, its messages and the conversation
 * subscribed, closing and reopening it, a frame published and one broadcast. The same scenario on
 * the mock must give the same frames: per topic, in order, the same action, method and keys of the
 * message (the ids and times differ, and so do the seeded documents of the first snapshot).
 */
interface Frame {
  action: string;
  payload?: { topic?: string; method?: string; message?: unknown };
}
interface Captured {
  channel: string;
  frame: Frame;
}
const fixture: { frames: Captured[] } = JSON.parse(readFileSync(new URL('../../../test/fixtures/realtime/frames-2.19.16.json', import.meta.url), 'utf8'));

/** The keys of a document, sorted; of the first element of an array (`[]` for an empty one). */
function keysOf(message: unknown): string[] | string {
  const doc = Array.isArray(message) ? message[0] : message;
  if (typeof doc !== 'object' || doc === null) return Array.isArray(message) ? [] : typeof doc;
  return Object.keys(doc).sort();
}

/** A frame's shape: action, topic with its ids abstracted, method (absent for a relayed frame), message keys, payload keys. */
function shape(frame: Frame) {
  const payload = frame.payload ?? {};
  return {
    action: frame.action,
    topic: payload.topic?.replace(/^\/[0-9a-f]{24}/, '/{project_id}').replace(/\/support-group-[^/]+/, '/{request_id}'),
    method: payload.method,
    payloadKeys: Object.keys(payload).sort(),
    messageKeys: frame.action === 'publish' ? keysOf(payload.message) : undefined,
  };
}

/** The frames of each topic (`socket` for the control frames), in order. */
function byTopic(frames: Frame[]) {
  const out: Record<string, ReturnType<typeof shape>[]> = {};
  for (const frame of frames.map(shape)) (out[frame.topic ?? 'socket'] ??= []).push(frame);
  return out;
}

describe("the mock's frames are the real server's", () => {
  it('for the capture scenario: me, ping, snapshots, a new conversation, its messages, close, reopen, publish and broadcast', async () => {
    const service = createMockService({ webhooks: { delivery: 'none' } });
    const P = SEED.projectId;
    const owner = await service.authorization('owner');
    const frames: Frame[] = [];
    const open = async (token: string, keep: boolean) => {
      const handshake = await service.realtime.handshake(token);
      if (!handshake.accepted) throw new Error('refused');
      const connection = service.realtime.connect(handshake.userId, { send: (text) => keep && frames.push(JSON.parse(text)), terminate: () => {} });
      return (frame: unknown) => connection.receive(JSON.stringify(frame));
    };
    const a = await open(owner, true);
    const b = await open(owner.replace(/^JWT /, ''), true);
    try {
      a({ action: 'me' });
      a({ action: 'heartbeat', payload: { message: { text: 'ping' } } });
      a({ action: 'subscribe', payload: { topic: `/${P}/requests` } });
      a({ action: 'subscribe', payload: { topic: '/000000000000000000000000/requests' } });
      const rid = `support-group-${P}-probe1`;
      expect((await call(service, `/${P}/requests/${rid}/messages`, json(await service.authorization('guest'), { text: 'hello from a visitor' }))).status).toBe(200);
      a({ action: 'subscribe', payload: { topic: `/${P}/requests/${rid}/messages` } });
      b({ action: 'subscribe', payload: { topic: `/${P}/requests/${rid}` } });
      expect((await call(service, `/${P}/requests/${rid}/close`, json(owner, {}, 'PUT'))).status).toBe(200);
      expect((await call(service, `/${P}/requests/${rid}/reopen`, json(owner, {}, 'PUT'))).status).toBe(200);
      b({ action: 'publish', payload: { topic: `/${P}/requests`, message: { injected: true } } });
      b({ action: 'broadcast', payload: { topic: `/${P}/requests`, message: { injected: 'broadcast' } } });
    } finally {
      service.realtime.terminateAll();
    }

    const mine = byTopic(frames);
    const real = byTopic(fixture.frames.map((captured) => captured.frame));
    expect(Object.keys(mine).sort()).toEqual(Object.keys(real).sort());
    expect([real.socket, real['/{project_id}/requests'], real['/{project_id}/requests/{request_id}'], real['/{project_id}/requests/{request_id}/messages']].map((list) => list?.length)).toEqual([
      2, 6, 3, 3,
    ]);
    // The first snapshot of the open conversations: the real project had none, the seed has some.
    const [mySnapshot, ...myInbox] = mine['/{project_id}/requests']!;
    const [realSnapshot, ...realInbox] = real['/{project_id}/requests']!;
    expect({ ...mySnapshot, messageKeys: undefined }).toEqual({ ...realSnapshot, messageKeys: undefined });
    expect(myInbox).toEqual(realInbox);
    for (const topic of Object.keys(real).filter((t) => t !== '/{project_id}/requests')) expect(mine[topic], topic).toEqual(real[topic]);
  });
});
