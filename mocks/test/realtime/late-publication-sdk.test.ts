import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supportkb/sdk';
import { createRealtime } from '@supportkb/sdk/realtime';
import { setupNodeMock } from '../../src/node';
import { defineScenario } from '../../src/scenario/index';
import { SEED } from '../../src/state/seed';
import { WAIT_TIMEOUT_MS } from '../../../test/time-limits';

/**
 * The server stores a message before it publishes its creation: a subscription made in between gets
 * the message in its snapshot and again as a `CREATE` (seen on the real server, 2.19.16). A
 * scenario's `eventDelayMs` opens that window on the mock; the SDK's realtime client shows the
 * message once.
 */
const P = SEED.projectId;
const REQ = SEED.conversation.requestId;
const BASE = 'https://api.supportkb.test';
const { server, service } = setupNodeMock({ webhooks: { delivery: 'none' }, scenario: defineScenario({ realtime: { eventDelayMs: 300 } }) });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

describe("a change published after the subscription's snapshot was read", () => {
  it('reaches createRealtime once: in the snapshot, not again as created', async () => {
    const sk = createClient({ baseUrl: BASE, projectId: P, auth: { token: await service.authorization('owner') } });
    const connection = createRealtime({ baseUrl: BASE, credentials: sk.http.credentials });
    try {
      const stored = await sk.messages.create({ request_id: REQ, text: 'Stored, not yet published' });
      const texts: string[] = [];
      const messages = connection.subscribe(
        'conversationMessages',
        { project_id: P, request_id: REQ },
        { snapshot: (list) => texts.push(...list.map((m) => String(m.text))), created: (m) => texts.push(String(m.text)) },
      );
      await messages.ready;
      expect(texts.filter((text) => text === stored.text)).toHaveLength(1);
      // A message written after the snapshot is delivered as created, once its publication came.
      await sk.messages.create({ request_id: REQ, text: 'Written after the snapshot' });
      await expect.poll(() => texts.includes('Written after the snapshot'), { timeout: WAIT_TIMEOUT_MS, interval: 20 }).toBe(true);
      expect(texts.filter((text) => text === stored.text || text === 'Written after the snapshot')).toEqual([stored.text, 'Written after the snapshot']);
    } finally {
      connection.close();
    }
  });
});
