import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '@supportkb/sdk/webhooks';
import { zMessageCreateEvent } from '@supportkb/sdk/zod';
import { createMockService } from '../src/service/create';
import { SEED } from '../src/state/seed';
import type { DeliveryResult, WebhookDelivery } from '../src/webhooks';
import { PID, useMock } from './support/harness';
import { call, json } from './support/requests';

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

describe('webhook deliveries', () => {
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
    expect(zMessageCreateEvent.safeParse(body).success).toBe(true);
    const { payload } = await jwtVerify(body.token, new TextEncoder().encode(SEED.subscriptionSecret), {
      issuer: 'https://tiledesk.com',
      audience: `https://tiledesk.com/subscriptions/${subscription._id}`,
      subject: 'subscription',
    });
    expect(payload).toMatchObject({ _id: subscription._id, event: 'message.create', target: receiver.url });
    expect(seen.map((d) => d.event)).toEqual(['message.create']);
    expect(await seen[0]!.result).toEqual({ delivered: true, attempts: 1, status: 200 });
  });

  it('retries 5xx and 429 with backoff until delivered', async () => {
    receiver.hits.length = 0;
    receiver.plan = [503, 429, 200];
    await api(`/${PID}/subscriptions`, { auth: await as('admin'), body: { event: 'message.create', target: receiver.url } });
    const results: Promise<unknown>[] = [];
    const off = service.onWebhook((d) => results.push(d.result));
    await api(`/${PID}/requests/support-group-retry/messages`, { auth: await as('guest'), body: { text: 'retry me' } });
    await service.webhooksIdle();
    off();
    expect(await results[0]).toEqual({ delivered: true, attempts: 3, status: 200 });
    expect(receiver.hits).toHaveLength(3);
    // Backoff: base 5 ms, then 10 ms.
    expect(receiver.hits[2]!.at - receiver.hits[0]!.at).toBeGreaterThanOrEqual(14);
  });

  it('gives up after two retries', async () => {
    receiver.hits.length = 0;
    receiver.plan = [500, 500, 500, 500];
    await api(`/${PID}/subscriptions`, { auth: await as('admin'), body: { event: 'message.create', target: receiver.url } });
    const results: Promise<unknown>[] = [];
    const off = service.onWebhook((d) => results.push(d.result));
    await api(`/${PID}/requests/support-group-retry/messages`, { auth: await as('guest'), body: { text: 'fail me' } });
    await service.webhooksIdle();
    off();
    expect(await results[0]).toEqual({ delivered: false, attempts: 3, status: 500 });
    expect(receiver.hits).toHaveLength(3);
    receiver.plan = [];
  });

  it('retries network errors, then gives up saying why', async () => {
    const closed = await startReceiver();
    await closed.close();
    await api(`/${PID}/subscriptions`, { auth: await as('admin'), body: { event: 'message.create', target: closed.url } });
    const results: Promise<any>[] = [];
    const off = service.onWebhook((d) => results.push(d.result));
    await api(`/${PID}/requests/support-group-network/messages`, { auth: await as('agent'), body: { text: 'anyone?' } });
    await service.webhooksIdle();
    off();
    const [network] = await Promise.all(results);
    expect(network).toMatchObject({ delivered: false, attempts: 3 });
    expect(network.error).toBeTruthy();
  });

  it('does not POST to reserved host names (.test, .example, .invalid)', async () => {
    await api(`/${PID}/subscriptions`, { auth: await as('admin'), body: { event: 'lead.create', target: 'https://hooks.acme-support.test/leads' } });
    const results: Promise<any>[] = [];
    const off = service.onWebhook((d) => results.push(d.result));
    await api(`/${PID}/leads`, { auth: await as('agent'), body: { fullname: 'Reserved' } });
    await service.webhooksIdle();
    off();
    expect(await Promise.all(results)).toEqual([{ delivered: false, attempts: 0, skipped: 'reserved-host' }]);
  });

  it('emits lead.create with the lead as payload to the in-process listener, and a 4xx is not retried', async () => {
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


describe('the delivery body', () => {
  it("is built by the SDK's buildWebhookDelivery, so the SDK's verifyWebhook accepts it", async () => {
    const direct = createMockService({ webhooks: { delivery: 'none' } });
    const admin = direct.basic('admin');
    const subscription = (await call(direct, `/${PID}/subscriptions`, json(admin, { event: 'lead.create', target: 'https://hooks.acme-support.test/leads' }))).body;
    const delivered = new Promise<WebhookDelivery>((resolve) => direct.onWebhook(resolve));
    await call(direct, `/${PID}/leads`, json(admin, { fullname: 'Verified' }));
    const delivery = await delivered;
    const event = await verifyWebhook(JSON.stringify(delivery.body), delivery.headers, { secret: subscription.secret, subscriptionId: subscription._id, event: 'lead.create' });
    expect(event).toMatchObject({ event: 'lead.create', payload: { fullname: 'Verified' }, hook: { _id: subscription._id } });
    expect(delivery.headers).toMatchObject({ 'content-type': 'application/json', 'user-agent': 'tiledesk-webhooks', 'x-hook-secret': subscription.secret });
  });
});

describe('a webhook receiver that never answers', () => {
  let hung: Server;
  let url = '';
  let connections = 0;
  beforeAll(async () => {
    hung = createServer(() => {
      // never answers
    });
    hung.on('connection', () => connections++);
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(hung.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    hung.closeAllConnections();
    await new Promise((resolve) => hung.close(resolve));
  });

  it('gets every attempt timed out, then the delivery gives up and says so; webhooksIdle() resolves', async () => {
    // Collect garbage while the attempts wait: a timeout held only weakly would vanish with it.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const service = createMockService({ webhooks: { timeoutMs: 150, baseDelayMs: 10 } });
    const admin = service.basic('admin');
    await call(service, `/${PID}/subscriptions`, json(admin, { event: 'lead.create', target: url }));
    let result: Promise<DeliveryResult> | undefined;
    service.onWebhook((delivery) => (result = delivery.result));
    await call(service, `/${PID}/leads`, json(admin, { fullname: 'Hung' }));
    const collector = setInterval(() => gc(), 5);
    try {
      const idle = service.webhooksIdle().then(() => 'idle');
      const outcome = await Promise.race([idle, new Promise((resolve) => setTimeout(() => resolve('still pending after 8 s'), 8000))]);
      expect(outcome).toBe('idle');
    } finally {
      clearInterval(collector);
    }
    expect(await result).toEqual({ delivered: false, attempts: 3, error: 'No answer within 150 ms' });
    expect(connections).toBe(3);
  });
});

