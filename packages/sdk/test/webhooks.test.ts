import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildWebhookDelivery, verifyWebhook, WebhookVerificationError, type WebhookEvent } from '../src/webhooks';

/** The contract's own delivery example (fixtures come from the contract, not copies). */
const example = parse(readFileSync(new URL('../../../openapi/components/examples/MessageCreateEventRequest.yaml', import.meta.url), 'utf8')).value;
const SECRET = 'b7f3c2a1-5d4e-4f6a-9b8c-7d6e5f4a3b2c';
const at = (ms: number) => () => ms;

describe('verifyWebhook', () => {
  it('accepts the contract example as the service sends it (secret header, token, timestamp)', async () => {
    const event = await verifyWebhook(JSON.stringify(example), { 'x-hook-secret': SECRET, 'user-agent': 'tiledesk-webhooks' }, { secret: SECRET, now: at(example.timestamp + 1_000) });
    expect(event.event).toBe('message.create');
    if (event.event === 'message.create') expect(event.payload.text).toBe(example.payload.text);
    expect(event.hook._id).toBe(example.hook._id);
  });

  it('round-trips a delivery built by buildWebhookDelivery, from bytes and a Headers object', async () => {
    const delivery = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload, timestamp: Date.now() });
    const event: WebhookEvent = await verifyWebhook(new TextEncoder().encode(delivery.body), new Headers(delivery.headers), { secret: SECRET });
    expect(event.event).toBe('message.create');
    expect(delivery.headers['user-agent']).toBe('tiledesk-webhooks');
  });

  const reject = async (reason: string, body: string, headers: Record<string, string>, now = Date.now()) => {
    const failure = await verifyWebhook(body, headers, { secret: SECRET, now: at(now) }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(WebhookVerificationError);
    expect((failure as WebhookVerificationError).reason).toBe(reason);
    expect(String(failure)).not.toContain(SECRET);
  };

  it('rejects a missing or wrong x-hook-secret', async () => {
    const d = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload });
    await reject('missing_secret', d.body, {});
    await reject('secret_mismatch', d.body, { 'x-hook-secret': 'b7f3c2a1-5d4e-4f6a-9b8c-7d6e5f4a3b2d' });
    await reject('secret_mismatch', d.body, { 'x-hook-secret': 'short' });
  });

  it('rejects a token signed with another secret, for another hook, or absent', async () => {
    const forged = await buildWebhookDelivery({ secret: 'another-secret', hook: example.hook, payload: example.payload });
    await reject('invalid_token', forged.body, { 'x-hook-secret': SECRET });
    const other = await buildWebhookDelivery({ secret: SECRET, hook: { ...example.hook, _id: '65f1a2b3c4d5e6f708091499' }, payload: example.payload });
    const swapped = { ...JSON.parse(other.body), hook: example.hook };
    await reject('invalid_token', JSON.stringify(swapped), { 'x-hook-secret': SECRET });
    const { token: _t, ...tokenless } = JSON.parse(other.body);
    await reject('invalid_token', JSON.stringify(tokenless), { 'x-hook-secret': SECRET });
  });

  it('rejects a timestamp outside the tolerance window (default 5 minutes, configurable)', async () => {
    const d = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload, timestamp: 1_795_167_000_120 });
    await reject('timestamp_out_of_tolerance', d.body, d.headers, 1_795_167_000_120 + 5 * 60_000 + 1);
    await reject('timestamp_out_of_tolerance', d.body, d.headers, 1_795_167_000_120 - 5 * 60_000 - 1);
    await expect(verifyWebhook(d.body, d.headers, { secret: SECRET, now: at(1_795_167_000_120 + 9 * 60_000), tolerance: 10 * 60_000 })).resolves.toBeTruthy();
  });

  it('rejects a malformed body and a payload that violates the contract', async () => {
    await reject('malformed_body', '{"timestamp":', { 'x-hook-secret': SECRET });
    const bad = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: { ...example.payload, createdAt: 12 } });
    await reject('invalid_payload', bad.body, bad.headers);
  });

  it('types other events by name', async () => {
    const hook = { ...example.hook, event: 'lead.create' as const };
    const lead = { _id: '65f1a2b3c4d5e6f708091301', lead_id: 'x', id_project: hook.id_project, fullname: 'Giulia Bianchi' };
    const d = await buildWebhookDelivery({ secret: SECRET, hook, payload: lead });
    const event = await verifyWebhook(d.body, d.headers, { secret: SECRET });
    expect(event.event).toBe('lead.create');
    if (event.event === 'lead.create') expect(event.payload.fullname).toBe('Giulia Bianchi');
  });
});
