import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schemas from '@supportkb/sdk/zod';
import { SEED } from '../src/seed';
import type { WebhookDelivery } from '../src/webhooks';
import { PID, useMock } from './helpers';

const { api, as, service } = useMock();

/** A real HTTP receiver on loopback that answers with the statuses it is told, in turn. */
interface Receiver {
  url: string;
  hits: { headers: IncomingHttpHeaders; body: any; at: number }[];
  plan: number[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const hits: Receiver['hits'] = [];
  const receiver = { hits, plan: [] as number[] } as unknown as Receiver;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      hits.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString()), at: Date.now() });
      res.writeHead(receiver.plan.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

describe('messages', () => {
  it('creates the conversation of an unknown request_id, with its lead, and appends to a known one', async () => {
    const guest = await as('guest');
    const requestId = 'support-group-0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
    const first = await api(`/${PID}/requests/${requestId}/messages`, {
      auth: guest,
      body: { text: 'Is my order shipped?', senderFullname: 'Ada', sourcePage: 'https://www.acme-support.test/orders', subject: 'Order 1234', channel: { name: 'chat21' } },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ type: 'text', status: 0, sender: SEED.guest.uuid, senderFullname: 'Ada', recipient: requestId, text: 'Is my order shipped?', channel_type: 'group', channel: { name: 'chat21' } });
    expect(first.body.request).toMatchObject({
      request_id: requestId,
      first_text: 'Is my order shipped?',
      status: 100,
      subject: 'Order 1234',
      requester: { _id: SEED.guest.teammateId, role: 'guest' },
      lead: { lead_id: SEED.guest.uuid },
      department: { _id: SEED.departmentId, name: 'Default' },
    });
    const second = await api(`/${PID}/requests/${requestId}/messages`, { auth: await as('agent'), body: { text: 'Yes, yesterday.' } });
    expect(second.body.request._id).toBe(first.body.request._id);
    expect(second.body.sender).toBe(SEED.members.agent.userId);
    expect(service.store.conversations.get(requestId)?.first_text).toBe('Is my order shipped?');
  });

  it('answers 422 ["text field is required"] for a text message without text, and 403 for a foreign sender', async () => {
    const guest = await as('guest');
    expect(await api(`/${PID}/requests/support-group-x/messages`, { auth: guest, body: { type: 'text' } })).toMatchObject({ status: 422, body: { errors: ['text field is required'] } });
    expect((await api(`/${PID}/requests/support-group-x/messages`, { auth: guest, body: { text: 'hi', sender: 'someone-else' } })).status).toBe(403);
    expect(service.store.conversations.has('support-group-x')).toBe(false);
  });
});

describe('webhooks', () => {
  it('subscribes (secret in body and x-hook-secret), returns the existing subscription for the same event', async () => {
    const admin = await as('admin');
    const created = await api(`/${PID}/subscriptions`, { auth: admin, body: { event: 'message.create', target: receiver.url } });
    expect(created.body).toMatchObject({ secret: SEED.subscriptionSecret, event: 'message.create', target: receiver.url, id_project: PID, global: false });
    expect(created.headers.get('x-hook-secret')).toBe(SEED.subscriptionSecret);
    const again = await api(`/${PID}/subscriptions`, { auth: admin, body: { event: 'message.create', target: 'http://127.0.0.1:9/other' } });
    expect(again.body._id).toBe(created.body._id);
    expect(again.body.target).toBe(receiver.url);
  });

  it('POSTs message.create to a real loopback receiver with the service headers, body and a verifiable token', async () => {
    receiver.hits.length = 0;
    const subscription = (await api(`/${PID}/subscriptions`, { auth: await as('admin'), body: { event: 'message.create', target: receiver.url } })).body;
    const seen: WebhookDelivery[] = [];
    const off = service.onWebhook((delivery) => seen.push(delivery));
    const message = (await api(`/${PID}/requests/support-group-hooks/messages`, { auth: await as('guest'), body: { text: 'ping' } })).body;
    await service.webhooksIdle();
    off();
    expect(receiver.hits).toHaveLength(1);
    const [hit] = receiver.hits;
    expect(hit!.headers['content-type']).toBe('application/json');
    expect(hit!.headers['x-hook-secret']).toBe(SEED.subscriptionSecret);
    expect(hit!.headers['user-agent']).toBe('tiledesk-webhooks');
    const body = hit!.body;
    expect(body.payload).toEqual(message);
    const { secret: _secret, global: _global, ...hook } = subscription;
    expect(body.hook).toEqual(hook);
    // The wall clock, not the service clock (which starts at the seed's date): receivers compare it with theirs.
    expect(Math.abs(body.timestamp - Date.now())).toBeLessThan(60_000);
    expect(schemas.zMessageCreateEvent.safeParse(body).success).toBe(true);
    const { payload } = await jwtVerify(body.token, new TextEncoder().encode(SEED.subscriptionSecret), {
      issuer: 'https://tiledesk.com',
      audience: `https://tiledesk.com/subscriptions/${subscription._id}`,
      subject: 'subscription',
    });
    expect(payload).toMatchObject({ _id: subscription._id, event: 'message.create', target: receiver.url });
    expect(seen.map((d) => d.event)).toEqual(['message.create']);
    expect(await seen[0]!.result).toEqual({ delivered: true, attempts: 1, status: 200 });
  });

  it('retries twice on 5xx and 429 with backoff, then gives up', async () => {
    receiver.hits.length = 0;
    receiver.plan = [503, 429, 200];
    await api(`/${PID}/subscriptions`, { auth: await as('admin'), body: { event: 'message.create', target: receiver.url } });
    const results: Promise<unknown>[] = [];
    const off = service.onWebhook((d) => results.push(d.result));
    await api(`/${PID}/requests/support-group-retry/messages`, { auth: await as('guest'), body: { text: 'retry me' } });
    await service.webhooksIdle();
    expect(await results[0]).toEqual({ delivered: true, attempts: 3, status: 200 });
    expect(receiver.hits).toHaveLength(3);
    // Backoff: base 5 ms, then 10 ms.
    expect(receiver.hits[2]!.at - receiver.hits[0]!.at).toBeGreaterThanOrEqual(14);

    receiver.hits.length = 0;
    receiver.plan = [500, 500, 500, 500];
    await api(`/${PID}/requests/support-group-retry/messages`, { auth: await as('guest'), body: { text: 'fail me' } });
    await service.webhooksIdle();
    off();
    expect(await results[1]).toEqual({ delivered: false, attempts: 3, status: 500 });
    expect(receiver.hits).toHaveLength(3);
    receiver.plan = [];
  });

  it('retries network errors, never on 4xx, and does not POST to reserved hosts', async () => {
    const closed = await startReceiver();
    await closed.close();
    await api(`/${PID}/subscriptions`, { auth: await as('admin'), body: { event: 'message.create', target: closed.url } });
    await api(`/${PID}/subscriptions`, { auth: await as('admin'), body: { event: 'lead.create', target: 'https://hooks.acme-support.test/leads' } });
    const results: Promise<any>[] = [];
    const off = service.onWebhook((d) => results.push(d.result));
    await api(`/${PID}/requests/support-group-network/messages`, { auth: await as('agent'), body: { text: 'anyone?' } });
    await service.webhooksIdle();
    off();
    const settled = await Promise.all(results);
    expect(settled).toContainEqual({ delivered: false, attempts: 0, skipped: 'reserved-host' });
    const network = settled.find((r) => r.attempts === 3);
    expect(network).toMatchObject({ delivered: false, attempts: 3 });
    expect(network.error).toBeTruthy();
  });

  it('emits lead.create with the lead as payload to the in-process listener', async () => {
    receiver.hits.length = 0;
    receiver.plan = [404];
    await api(`/${PID}/subscriptions`, { auth: await as('admin'), body: { event: 'lead.create', target: receiver.url } });
    const seen: WebhookDelivery[] = [];
    const off = service.onWebhook((d) => seen.push(d));
    const lead = (await api(`/${PID}/leads`, { auth: await as('agent'), body: { fullname: 'Hook Lead' } })).body;
    await service.webhooksIdle();
    off();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body.payload).toEqual(lead);
    expect(seen[0]!.headers['x-hook-secret']).toBe(SEED.subscriptionSecret);
    expect(await seen[0]!.result).toEqual({ delivered: true, attempts: 1, status: 404 });
    expect(receiver.hits).toHaveLength(1);
  });
});
