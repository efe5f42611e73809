import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { parse } from 'yaml';
import type { Department, EmittedEvent, Faq, FaqBot, Group, Lead, Message, OperatorSelection, Project, StoredConversation, SubscriptionHook, Teammate } from '../src/generated/types.gen';
import { buildWebhookDelivery, verifyWebhook, type ContractWebhookPayloads, type WebhookEvent, type WebhookPayloads } from '../src/webhooks';

/**
 * Every webhook of the contract: its delivery example (a body the real server 2.19.16 sent, signed with
 * the contract's example secret) passes `verifyWebhook`, which narrows `payload` by the event name to
 * the type the contract gives it (the generated types: nothing per event is written in the SDK).
 */
const SECRET = 'b7f3c2a1-5d4e-4f6a-9b8c-7d6e5f4a3b2c';
const examplesDir = new URL('../../../openapi/components/examples/', import.meta.url);
const contract: { webhooks: Record<string, { $ref: string }> } = parse(readFileSync(new URL('../../../openapi/openapi.yaml', import.meta.url), 'utf8'));

/** The request example of each webhook, read from the webhook's file. */
function exampleOf<P = unknown>(event: string): { timestamp: number; payload: P; hook: SubscriptionHook } {
  const file = readFileSync(new URL(`../../../openapi/${contract.webhooks[event]!.$ref}`, import.meta.url), 'utf8');
  const name = /examples\/(\w+Request)\.yaml/.exec(file)![1];
  const example: { timestamp: number; payload: P; hook: SubscriptionHook } = parse(readFileSync(new URL(`${name}.yaml`, examplesDir), 'utf8')).value;
  return example;
}

describe('the webhook events of the contract', () => {
  it('has a delivery example for each webhook, and every one passes verifyWebhook as its own event', async () => {
    const events = Object.keys(contract.webhooks);
    expect(events.length).toBeGreaterThanOrEqual(26);
    for (const event of events) {
      const example = exampleOf(event);
      expect(example.hook.event).toBe(event);
      const verified = await verifyWebhook(JSON.stringify(example), { 'x-hook-secret': SECRET }, { secret: SECRET, event, now: () => example.timestamp + 1_000 });
      expect(verified.event).toBe(event);
      expect(verified.payload).toEqual(example.payload);
    }
    expect(readdirSync(examplesDir).filter((f) => f.endsWith('EventRequest.yaml')).length).toBe(events.length);
  });

  it('narrows the payload by event name to the generated types', () => {
    expectTypeOf<WebhookPayloads['message.create']>().toEqualTypeOf<Message>();
    expectTypeOf<WebhookPayloads['lead.create']>().toEqualTypeOf<Lead>();
    expectTypeOf<WebhookPayloads['request.update']>().toEqualTypeOf<StoredConversation>();
    expectTypeOf<WebhookPayloads['request.close']['messages']>().toEqualTypeOf<Message[]>();
    expectTypeOf<WebhookPayloads['group.delete']>().toEqualTypeOf<Group>();
    expectTypeOf<WebhookPayloads['department.update']>().toEqualTypeOf<Department>();
    expectTypeOf<WebhookPayloads['project_user.update.agent']>().toEqualTypeOf<Teammate>();
    expectTypeOf<WebhookPayloads['operator.select']>().toEqualTypeOf<OperatorSelection>();
    expectTypeOf<WebhookPayloads['faqbot.create']>().toEqualTypeOf<FaqBot>();
    expectTypeOf<WebhookPayloads['faq.update']>().toEqualTypeOf<Faq>();
    expectTypeOf<WebhookPayloads['project.delete']>().toEqualTypeOf<Project>();
    expectTypeOf<WebhookPayloads['event.emit']>().toEqualTypeOf<EmittedEvent>();
    // Events no project subscription receives (no capture to type them by) stay free objects.
    expectTypeOf<WebhookPayloads['user.signup']>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<WebhookPayloads['project.create']>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<keyof ContractWebhookPayloads>().toEqualTypeOf<
      | 'message.create'
      | 'request.create'
      | 'request.update'
      | 'request.close'
      | 'lead.create'
      | 'group.create'
      | 'group.update'
      | 'group.delete'
      | 'department.create'
      | 'department.update'
      | 'department.delete'
      | 'project_user.invite'
      | 'project_user.update'
      | 'project_user.update.agent'
      | 'project_user.delete'
      | 'operator.select'
      | 'faqbot.create'
      | 'faqbot.update'
      | 'faqbot.delete'
      | 'faq.create'
      | 'faq.update'
      | 'faq.delete'
      | 'project.update'
      | 'project.downgrade'
      | 'project.delete'
      | 'event.emit'
    >();
    const narrow = (event: WebhookEvent) => {
      if (event.event === 'operator.select') expectTypeOf(event.payload.operators).toEqualTypeOf<OperatorSelection['operators']>();
      if (event.event === 'department.delete') expectTypeOf(event.payload).toEqualTypeOf<Department>();
      if (event.event === 'faqbot.delete') expectTypeOf(event.payload.secret).toEqualTypeOf<string | undefined>();
      if (event.event === 'faq.create') expectTypeOf(event.payload.id_faq_kb).toEqualTypeOf<string>();
      if (event.event === 'project.update') expectTypeOf(event.payload.status).toEqualTypeOf<number>();
      if (event.event === 'event.emit') expectTypeOf(event.payload.attributes).toEqualTypeOf<{ [key: string]: unknown } | undefined>();
    };
    expect(typeof narrow).toBe('function');
  });

  it('builds an operator.select delivery that verifies, typed by the event', async () => {
    const example = exampleOf<OperatorSelection>('operator.select');
    const hook = { ...example.hook, event: 'operator.select' as const };
    const built = await buildWebhookDelivery({ secret: SECRET, hook, payload: example.payload });
    const verified = await verifyWebhook(built.body, built.headers, { secret: SECRET, subscriptionId: hook._id, event: 'operator.select' });
    expect(verified.event).toBe('operator.select');
    if (verified.event === 'operator.select') expect(verified.payload.operators.length).toBeGreaterThan(0);
  });
});
