import { afterEach, describe, expect, it, vi } from 'vitest';
import { topicMatches } from '../../src/realtime/hub';
import { defineScenario, ScenarioError, validateScenario } from '../../src/scenario/index';
import { createMockService } from '../../src/service/create';
import type { MockService } from '../../src/service/options';
import { SEED } from '../../src/state/seed';
import { call, json } from '../support/requests';

/**
 * A scenario's websocket faults (`realtime` of a scenario: mocks/src/realtime/types.ts
 * `RealtimeFaults`): a socket dropped after some frames or some time, every frame late, topics
 * refused. Driven through the hub with a fake transport, as ./hub.test.ts.
 */
const P = SEED.projectId;
const REQ = SEED.conversation.requestId;

const services: MockService[] = [];
function service(realtime: NonNullable<Parameters<typeof defineScenario>[0]['realtime']>) {
  const created = createMockService({ clock: { frozen: true }, webhooks: { delivery: 'none' }, scenario: defineScenario({ realtime }) });
  services.push(created);
  return created;
}
afterEach(() => {
  for (const s of services.splice(0)) s.realtime.terminateAll();
  vi.useRealTimers();
});

/** An owner's connection, recording the frames' topics and methods and whether it was terminated. */
async function open(s: MockService) {
  const handshake = await s.realtime.handshake(await s.authorization('owner'));
  if (!handshake.accepted) throw new Error('refused');
  const frames: { action: string; topic?: string; method?: string }[] = [];
  const transport = {
    send: (text: string) => {
      const { action, payload } = JSON.parse(text);
      frames.push({ action, topic: payload?.topic, method: payload?.method });
    },
    terminate: vi.fn(),
  };
  const connection = s.realtime.connect(handshake.userId, transport);
  const subscribe = (topic: string) => connection.receive(JSON.stringify({ action: 'subscribe', payload: { topic } }));
  return { frames, transport, connection, subscribe };
}

describe('realtime faults of a scenario', () => {
  it('drops the socket after the given number of server frames (terminated, its subscriptions gone)', async () => {
    const s = service({ drop: { afterFrames: 2 } });
    const client = await open(s);
    client.subscribe(`/${P}/requests`);
    expect(client.transport.terminate).not.toHaveBeenCalled();
    client.subscribe(`/${P}/requests/${REQ}`);
    expect(client.frames.map((f) => f.topic)).toEqual([`/${P}/requests`, `/${P}/requests/${REQ}`]);
    expect(client.transport.terminate).toHaveBeenCalledOnce();
    expect(s.realtime.connections).toBe(0);
    // A change after the drop reaches no one; a new connection starts counting again.
    await call(s, `/${P}/requests/${REQ}/messages`, json(await s.authorization('owner'), { text: 'after the drop' }));
    expect(client.frames).toHaveLength(2);
    const again = await open(s);
    again.subscribe(`/${P}/requests`);
    expect(again.transport.terminate).not.toHaveBeenCalled();
  });

  it('drops the socket the given milliseconds after it opened', async () => {
    vi.useFakeTimers();
    const s = service({ drop: { afterMs: 5000 } });
    const client = await open(s);
    vi.advanceTimersByTime(4999);
    expect(client.transport.terminate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(client.transport.terminate).toHaveBeenCalledOnce();
    expect(s.realtime.connections).toBe(0);
  });

  it('sends every frame the given milliseconds late, in order', async () => {
    vi.useFakeTimers();
    const s = service({ delayMs: 250 });
    const client = await open(s);
    client.subscribe(`/${P}/requests`);
    client.subscribe(`/${P}/requests/${REQ}/messages`);
    expect(client.frames).toEqual([]);
    vi.advanceTimersByTime(249);
    expect(client.frames).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(client.frames.map((f) => f.topic)).toEqual([`/${P}/requests`, `/${P}/requests/${REQ}/messages`]);
  });

  it('publishes the frames of a stored change the given milliseconds late: a subscription made in between gets the document twice, as on the server', async () => {
    vi.useFakeTimers();
    const s = service({ eventDelayMs: 200 });
    const owner = await s.authorization('owner');
    const handshake = await s.realtime.handshake(owner);
    if (!handshake.accepted) throw new Error('refused');
    const frames: { method?: string; message: unknown }[] = [];
    const connection = s.realtime.connect(handshake.userId, { send: (text) => frames.push(JSON.parse(text).payload), terminate: vi.fn() });
    const { status, body: message } = await call(s, `/${P}/requests/${REQ}/messages`, json(owner, { text: 'stored before it is published' }));
    expect(status).toBe(200);
    // Subscribed after the write, before the publication: the message is in the snapshot...
    connection.receive(JSON.stringify({ action: 'subscribe', payload: { topic: `/${P}/requests/${REQ}/messages` } }));
    expect(frames).toHaveLength(1);
    expect(frames[0]!.message).toContainEqual(expect.objectContaining({ _id: message._id }));
    // ...and again as a CREATE once the server's listener has run.
    vi.advanceTimersByTime(199);
    expect(frames).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(frames[1]).toMatchObject({ method: 'CREATE', message: { _id: message._id, text: 'stored before it is published' } });
    connection.close();
  });

  it('refuses subscriptions to the given topics with no answer, as the server refuses a topic (* for one segment)', async () => {
    const s = service({ refuseSubscribe: [`/*/requests/*`] });
    const client = await open(s);
    client.subscribe(`/${P}/requests/${REQ}`);
    client.subscribe(`/${P}/requests`);
    expect(client.frames.map((f) => f.topic)).toEqual([`/${P}/requests`]);
    await call(s, `/${P}/requests/${REQ}/messages`, json(await s.authorization('owner'), { text: 'refused topic' }));
    expect(client.frames.filter((f) => f.topic === `/${P}/requests/${REQ}`)).toEqual([]);
    expect(topicMatches('/*/requests/*', `/${P}/requests/${REQ}`)).toBe(true);
    expect(topicMatches('/*/requests/*', `/${P}/requests/${REQ}/messages`)).toBe(false);
    expect(topicMatches(`/${P}/requests`, `/${P}/requests`)).toBe(true);
  });

  it('refuses a malformed realtime section at load, naming the field', () => {
    const issues = (realtime: unknown): string[] => {
      try {
        validateScenario({ realtime });
        return [];
      } catch (error) {
        if (!(error instanceof ScenarioError)) throw error;
        return error.issues.map((issue) => `${issue.path}: ${issue.message}`);
      }
    };
    expect(issues({ drop: {} })).toEqual([expect.stringMatching(/^realtime\.drop: drop needs afterFrames or afterMs/)]);
    expect(issues({ drop: { afterFrames: 0 } })[0]).toMatch(/^realtime\.drop\.afterFrames: /);
    expect(issues({ delayMs: 2 ** 31 })[0]).toMatch(/^realtime\.delayMs: Too long: at most 2147483647 ms/);
    expect(issues({ refuseSubscribe: ['requests'] })[0]).toMatch(/^realtime\.refuseSubscribe\[0\]: A topic/);
    expect(issues({ reset: true })[0]).toMatch(/^realtime\.reset: Unknown field/);
    expect(issues({ eventDelayMs: -1 })[0]).toMatch(/^realtime\.eventDelayMs: /);
    expect(issues({ drop: { afterFrames: 3 }, delayMs: 10, eventDelayMs: 50, refuseSubscribe: ['/*/bots/*'] })).toEqual([]);
  });
});
