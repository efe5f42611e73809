/**
 * The order in which in-process listeners (`service.onWebhook`) see deliveries: the order the service
 * emitted them, even when the signing of an earlier delivery (asynchronous, WebCrypto) settles after
 * a later one's. Here `buildWebhookDelivery` is wrapped so the first call settles only after the
 * second, which is what made the order of `request.update` and `project_user.update` vary before.
 */
import { describe, expect, it, vi } from 'vitest';
import type { WebhookDelivery } from '../src/webhooks';

interface Gate {
  calls: number;
  releaseFirst?: () => void;
}
const gate = vi.hoisted((): Gate => ({ calls: 0 }));

vi.mock('@supportkb/sdk/webhooks', async (importOriginal) => {
  const original = await importOriginal<typeof import('@supportkb/sdk/webhooks')>();
  const buildWebhookDelivery: typeof original.buildWebhookDelivery = async (input) => {
    const n = ++gate.calls;
    const built = await original.buildWebhookDelivery(input);
    if (n === 1) await new Promise<void>((resolve) => (gate.releaseFirst = resolve));
    // The second settles, then the first (a few milliseconds later).
    if (n === 2) setTimeout(() => gate.releaseFirst?.(), 5);
    return built;
  };
  return { ...original, buildWebhookDelivery };
});

const { createMockService } = await import('../src/service/create');
const { PID } = await import('./support/harness');
const { call, json } = await import('./support/requests');

describe('webhook listeners', () => {
  it('see deliveries in the order they were emitted when the first signing settles last', async () => {
    const service = createMockService({ webhooks: { delivery: 'none' } });
    const admin = service.basic('admin');
    expect((await call(service, `/${PID}/subscriptions`, json(admin, { event: 'lead.create', target: 'https://hooks.acme-support.test/leads' }))).status).toBe(200);
    const seen: WebhookDelivery[] = [];
    const off = service.onWebhook((delivery) => seen.push(delivery));
    const first = await call(service, `/${PID}/leads`, json(admin, { fullname: 'First Lead' }));
    const second = await call(service, `/${PID}/leads`, json(admin, { fullname: 'Second Lead' }));
    await service.webhooksIdle();
    off();
    expect(gate.calls).toBe(2);
    expect(seen.map((d) => d.body.payload)).toMatchObject([{ fullname: 'First Lead' }, { fullname: 'Second Lead' }]);
    expect(seen.map((d) => d.body.payload)).toEqual([first.body, second.body]);
  });
});
