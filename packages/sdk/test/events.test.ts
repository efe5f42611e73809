import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { parse } from 'yaml';
import { SupportKbError, subscriptionEvents, webhookEventsWithPayloadSchema, WebhookVerificationError } from '../src/index';
import { WEBHOOK_EVENTS, WebhookVerificationError as WebhooksEntryError, verifyWebhook, type ContractWebhookPayloads } from '../src/webhooks';

/** The event names the main entry exports (src/events.ts) and the webhook error it shares with `./webhooks`. */
const contract = parse(readFileSync(new URL('../../../openapi/openapi.yaml', import.meta.url), 'utf8')) as { webhooks: Record<string, unknown> };

describe('event names', () => {
  it("webhookEventsWithPayloadSchema: the events the contract's webhooks section documents a payload for", () => {
    expect([...webhookEventsWithPayloadSchema]).toEqual(Object.keys(contract.webhooks).sort());
    expect(webhookEventsWithPayloadSchema).toEqual(expect.arrayContaining(['message.create', 'lead.create', 'group.update', 'department.delete', 'project_user.update.agent', 'operator.select']));
    expectTypeOf<(typeof webhookEventsWithPayloadSchema)[number]>().toEqualTypeOf<keyof ContractWebhookPayloads>();
    // Each is one of the events a subscription can name, of which there are many more.
    for (const event of webhookEventsWithPayloadSchema) expect(subscriptionEvents).toContain(event);
    expect(subscriptionEvents.length).toBeGreaterThan(webhookEventsWithPayloadSchema.length);
    expect(WEBHOOK_EVENTS).toEqual(subscriptionEvents);
  });

  it('has no alias under the old name webhookEvents (renamed before the first release)', async () => {
    expect(Object.keys(await import('../src/index'))).not.toContain('webhookEvents');
  });
});

describe('WebhookVerificationError', () => {
  it('is one class, exported by the main entry and by @supportkb/sdk/webhooks, a SupportKbError', async () => {
    expect(WebhooksEntryError).toBe(WebhookVerificationError);
    const error = await verifyWebhook('{}', {}, { secret: 'subscription-secret' }).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(error).toBeInstanceOf(SupportKbError);
    expect(error).toMatchObject({ name: 'WebhookVerificationError', reason: 'missing_secret' });
  });
});
