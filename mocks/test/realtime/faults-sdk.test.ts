import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealtime } from '@supportkb/sdk/realtime';
import { setupNodeMock } from '../../src/node';
import { defineScenario } from '../../src/scenario/index';
import { SEED } from '../../src/state/seed';
import { WAIT_TIMEOUT_MS } from '../../../test/time-limits';

/**
 * A scenario's dropped socket, seen by the SDK's realtime client on `setupNodeMock`: it reconnects,
 * resubscribes, and gets a fresh snapshot marked `resync` (frames may have been missed meanwhile).
 */
const P = SEED.projectId;
const BASE = 'https://api.supportkb.test';
const { server, service } = setupNodeMock({ webhooks: { delivery: 'none' }, scenario: defineScenario({ realtime: { drop: { afterMs: 300 } } }) });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

describe('a scripted drop of the socket', () => {
  it('makes createRealtime reconnect and resync its subscriptions with a fresh snapshot', async () => {
    const connection = createRealtime({ baseUrl: BASE, token: await service.authorization('owner'), reconnect: { initialDelayMs: 20, maxDelayMs: 50 } });
    const snapshots: boolean[] = [];
    try {
      const sub = connection.subscribe('openConversations', { project_id: P }, { snapshot: (_conversations, { resync }) => snapshots.push(resync) });
      await sub.ready;
      expect(snapshots).toEqual([false]);
      await expect.poll(() => snapshots.includes(true), { timeout: WAIT_TIMEOUT_MS, interval: 20 }).toBe(true);
      expect(snapshots[0]).toBe(false);
      expect(snapshots.slice(1)).toContain(true);
    } finally {
      connection.close();
    }
  });
});
