import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyWebhook } from '@supportkb/sdk/webhooks';
import { zMessageCreateEvent } from '@supportkb/sdk/zod';
import { createMockService } from '../src/service/create';
import { SEED } from '../src/state/seed';
import { createStore } from '../src/state/store';
import { DELIVERY_LOG_LIMIT, WebhookDispatcher, type DeliveryResult, type WebhookDelivery } from '../src/webhooks';
import { PID, useMock } from './support/harness';
import { call, json } from './support/requests';
import { WAIT_TIMEOUT_MS } from '../../test/time-limits';

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

describe('the delivery log and failed-delivery warnings (issue #19, item 8)', () => {
  /**
   * Before: nothing recorded the attempts and nothing was printed, so deliveries to a dead target
   * (e.g. the existing subscription `createSubscription` answers for a repeated event, with its old
   * target, as the server does) failed silently. Now `service.webhookLog()` lists every attempt and
   * a delivery that ends without a 2xx writes one console.warn per subscription.
   */
  afterEach(() => vi.restoreAllMocks());
  const lead = async (fullname: string) => api(`/${PID}/leads`, { auth: await as('agent'), body: { fullname } });

  it('records every attempt in service.webhookLog(): subscription, event, target, attempt, ok, status, at; reset() empties it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    receiver.hits.length = 0;
    receiver.plan = [503, 200];
    const subscription = (await api(`/${PID}/subscriptions`, { auth: await as('admin'), body: { event: 'lead.create', target: receiver.url } })).body;
    const before = Date.now();
    await lead('Logged');
    await service.webhooksIdle();
    const log = service.webhookLog();
    expect(log).toEqual([
      { subscriptionId: subscription._id, event: 'lead.create', target: receiver.url, attempt: 1, ok: false, status: 503, at: expect.any(String) },
      { subscriptionId: subscription._id, event: 'lead.create', target: receiver.url, attempt: 2, ok: true, status: 200, at: expect.any(String) },
    ]);
    expect(Date.parse(log[0]!.at)).toBeGreaterThanOrEqual(before - 1000);
    // Delivered in the end: nothing to report.
    expect(warn).not.toHaveBeenCalled();
    log.length = 0;
    expect(service.webhookLog()).toHaveLength(2); // a copy
    service.reset();
    expect(service.webhookLog()).toEqual([]);
  });

  it('warns once per subscription for a delivery that fails, naming the target, the status and the attempt, never the secret or the token', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    receiver.hits.length = 0;
    receiver.plan = [500, 500, 500, 500, 500, 500];
    const subscription = (await api(`/${PID}/subscriptions`, { auth: await as('admin'), body: { event: 'lead.create', target: receiver.url } })).body;
    await lead('First');
    await lead('Second');
    await service.webhooksIdle();
    expect(receiver.hits).toHaveLength(6);
    expect(service.webhookLog().map((e) => [e.attempt, e.ok, e.status])).toEqual([1, 1, 2, 2, 3, 3].map((n) => [n, false, 500]));
    expect(warn).toHaveBeenCalledTimes(1);
    const text = String(warn.mock.calls[0]![0]);
    expect(text).toBe(
      `[@supportkb/mocks] webhook delivery failed: lead.create to ${receiver.url} (subscription ${subscription._id}): HTTP 500 (attempt 3 of 3). Later failures of this subscription are not reported; service.webhookLog() lists every attempt.`,
    );
    for (const hit of receiver.hits) expect(text).not.toContain(hit.body.token);
    expect(text).not.toContain(SEED.subscriptionSecret);
  });

  it('warns for a dead target with the network error, and for a 4xx (not retried), once per subscription each', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const dead = await startReceiver();
    await dead.close();
    receiver.hits.length = 0;
    receiver.plan = [404, 404];
    const admin = await as('admin');
    const gone = (await api(`/${PID}/subscriptions`, { auth: admin, body: { event: 'lead.create', target: dead.url } })).body;
    const missing = (await api(`/${PID}/subscriptions`, { auth: admin, body: { event: 'lead.create', target: receiver.url } })).body;
    await lead('One');
    await lead('Two');
    await service.webhooksIdle();
    const texts = warn.mock.calls.map((c) => String(c[0])).sort();
    expect(texts).toHaveLength(2);
    expect(texts.find((t) => t.includes(gone._id))).toMatch(
      new RegExp(`lead\\.create to ${dead.url.replace(/[.]/g, '\\.')} \\(subscription ${gone._id}\\): fetch failed: .*ECONNREFUSED.* \\(attempt 3 of 3\\)`),
    );
    expect(texts.find((t) => t.includes(missing._id))).toContain(`(subscription ${missing._id}): HTTP 404 (attempt 1 of 3)`);
    const log = service.webhookLog();
    expect(log.filter((e) => e.subscriptionId === gone._id)).toHaveLength(6);
    expect(log.filter((e) => e.subscriptionId === gone._id).every((e) => !e.ok && e.status === undefined && /ECONNREFUSED/.test(e.error!))).toBe(true);
    expect(log.filter((e) => e.subscriptionId === missing._id).map((e) => [e.attempt, e.ok, e.status])).toEqual([
      [1, false, 404],
      [1, false, 404],
    ]);
  });

  it('honours warnings: false (the log is still kept), and masks credentials of a target in the warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const quiet = createMockService({ warnings: false, webhooks: { baseDelayMs: 1, fetch: async () => new Response('no', { status: 500 }) } });
    const loud = createMockService({ webhooks: { baseDelayMs: 1, fetch: async () => new Response('no', { status: 500 }) } });
    for (const service of [quiet, loud]) {
      const admin = service.basic('admin');
      await call(service, `/${PID}/subscriptions`, json(admin, { event: 'lead.create', target: 'https://user:hunter2@hooks.example.org/x' }));
      await call(service, `/${PID}/leads`, json(admin, { fullname: 'Quiet' }));
      await service.webhooksIdle();
      expect(service.webhookLog()).toHaveLength(3);
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('to https://***@hooks.example.org/x (subscription');
    expect(String(warn.mock.calls[0]![0])).not.toContain('hunter2');
  });

  it('keeps the last DELIVERY_LOG_LIMIT (1,000) entries', async () => {
    const store = createStore();
    store.subscriptions.set('65f1a2b3c4d5e6f7080914aa', {
      _id: '65f1a2b3c4d5e6f7080914aa',
      event: 'lead.create',
      target: 'http://127.0.0.1:9/h',
      secret: 's',
      id_project: PID,
      createdBy: 'u',
      global: false,
      createdAt: '2026-11-20T09:15:00.000Z',
      updatedAt: '2026-11-20T09:15:00.000Z',
      __v: 0,
    } as never);
    const dispatcher = new WebhookDispatcher(store, { fetch: async () => new Response('ok') });
    for (let i = 0; i < DELIVERY_LOG_LIMIT + 5; i++) dispatcher.emit('lead.create', PID, { fullname: `L${i}` } as never);
    await dispatcher.idle();
    expect(DELIVERY_LOG_LIMIT).toBe(1000);
    const log = dispatcher.log();
    expect(log).toHaveLength(1000);
    expect(log.every((e) => e.ok && e.status === 200 && e.attempt === 1)).toBe(true);
  });
});

describe('targets that are not http(s) (issue #19, item 6: defence in depth)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('never hands them to fetch: a subscription from a seed or an override fails at once, logged and warned once', async () => {
    // Before: `fetch` got `file:`, `javascript:` and `gopher:` URLs, three times each (retries).
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetched: string[] = [];
    const service = createMockService({ webhooks: { baseDelayMs: 1, fetch: async (input) => (fetched.push(input instanceof Request ? input.url : String(input)), new Response('ok')) } });
    const targets = ['file:///etc/passwd', 'javascript:alert(1)', 'gopher://127.0.0.1:70/x', 'hooks'];
    targets.forEach((target, i) => {
      const _id = `65f1a2b3c4d5e6f7080914b${i}`;
      service.store.subscriptions.set(_id, {
        _id,
        event: 'lead.create',
        target,
        secret: 's',
        id_project: PID,
        createdBy: 'u',
        global: false,
        createdAt: '2026-11-20T09:15:00.000Z',
        updatedAt: '2026-11-20T09:15:00.000Z',
        __v: 0,
      } as never);
    });
    const results: Promise<DeliveryResult>[] = [];
    service.onWebhook((d) => results.push(d.result));
    const admin = service.basic('admin');
    await call(service, `/${PID}/leads`, json(admin, { fullname: 'One' }));
    await call(service, `/${PID}/leads`, json(admin, { fullname: 'Two' }));
    await service.webhooksIdle();
    expect(fetched).toEqual([]);
    for (const result of await Promise.all(results)) expect(result).toEqual({ delivered: false, attempts: 0, error: expect.stringMatching(/^Not sent: the target is not an absolute http\(s\) URL/) });
    const log = service.webhookLog();
    expect(log).toHaveLength(8);
    expect(log.every((e) => e.attempt === 0 && !e.ok && e.status === undefined)).toBe(true);
    expect(log.find((e) => e.target === 'file:///etc/passwd')!.error).toContain('(scheme file:)');
    expect(warn).toHaveBeenCalledTimes(4);
    expect(String(warn.mock.calls[0]![0])).toMatch(/webhook delivery failed: lead\.create to \S+ \(subscription 65f1a2b3c4d5e6f7080914b\d\): Not sent: .* \(nothing sent\)\./);
  });
});

describe('deliveries in flight are bounded (issue 31, item 3)', () => {
  afterEach(() => vi.restoreAllMocks());

  /** A receiver that reads each delivery and never answers (until `release()`), counting the body bytes per path. */
  async function startSilentReceiver() {
    const bytes = new Map<string, number>();
    let hits = 0;
    const server = createServer((req) => {
      let size = 0;
      req.on('data', (chunk: Buffer) => (size += chunk.length));
      req.on('end', () => {
        hits++;
        bytes.set(req.url!, (bytes.get(req.url!) ?? 0) + size);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      bytes,
      hits: () => hits,
      /** Drops every connection (the attempts in flight fail) and stops listening. */
      release: async () => {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  }

  /** `count` subscriptions to `message.create` at `<url>/hook/<i>`, then `messages` messages of ~2 KB each posted by the admin. */
  async function flood(options: { subscriptions: number; messages: number; maxInFlightBytes?: number; maxInFlightBytesPerSubscription?: number }) {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const receiver = await startSilentReceiver();
    const service = createMockService({
      webhooks: { retries: 0, timeoutMs: 120_000, maxInFlightBytes: options.maxInFlightBytes, maxInFlightBytesPerSubscription: options.maxInFlightBytesPerSubscription },
    });
    const template: Parameters<typeof service.store.subscriptions.set>[1] = {
      _id: '',
      event: 'message.create',
      target: '',
      secret: 's',
      id_project: PID,
      createdBy: 'u',
      global: false,
      createdAt: '2026-11-20T09:15:00.000Z',
      updatedAt: '2026-11-20T09:15:00.000Z',
      __v: 0,
    };
    for (let i = 0; i < options.subscriptions; i++) {
      const _id = `65f1a2b3c4d5e6f7080915${String(i).padStart(2, '0')}`;
      service.store.subscriptions.set(_id, { ...template, _id, target: `${receiver.url}/hook/${i}` });
    }
    const admin = service.basic('admin');
    for (let i = 0; i < options.messages; i++) {
      const res = await call(service, `/${PID}/requests/support-group-flood/messages`, json(admin, { text: `${i} ${'x'.repeat(2000)}` }));
      expect(res.status).toBe(200);
    }
    const emitted = options.subscriptions * options.messages;
    const dropped = () => service.webhookLog().filter((e) => e.attempt === 0);
    // Every delivery either reached the receiver (and waits for an answer) or was dropped.
    const deadline = Date.now() + WAIT_TIMEOUT_MS;
    while (receiver.hits() + dropped().length < emitted && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return { service, receiver, emitted, dropped };
  }

  it('drops, logs and warns once per subscription past the per-subscription bound; the bytes held stay under it', async () => {
    const { service, receiver, emitted, dropped } = await flood({ subscriptions: 1, messages: 20, maxInFlightBytesPerSubscription: 16 * 1024 });
    try {
      expect(receiver.hits() + dropped().length).toBe(emitted);
      expect(receiver.bytes.get('/hook/0')).toBeLessThanOrEqual(16 * 1024);
      expect(receiver.hits()).toBeGreaterThan(0);
      expect(dropped().length).toBeGreaterThan(0);
      expect(dropped()[0]!.error).toMatch(/^Not sent: dropped, \d+ more bytes of deliveries with \d+ bytes already in flight to this subscription \(limit 16384\)/);
      expect(console.warn).toHaveBeenCalledTimes(1);
    } finally {
      await receiver.release();
      await service.webhooksIdle();
    }
  });

  it('bounds the total over all subscriptions (a guest message fans out to each), and frees the bytes when deliveries end', async () => {
    const { service, receiver, emitted, dropped } = await flood({ subscriptions: 12, messages: 10, maxInFlightBytes: 64 * 1024 });
    let released = false;
    try {
      const received = [...receiver.bytes.values()].reduce((a, b) => a + b, 0);
      expect(receiver.hits() + dropped().length).toBe(emitted);
      // Before: all 120 deliveries (about 850 KB of bodies of ~7 KB, each held several times over) were in flight.
      expect(received).toBeLessThanOrEqual(64 * 1024);
      expect(dropped()[0]?.error).toMatch(/already in flight to all subscriptions \(limit 65536\)/);
      await receiver.release();
      released = true;
      await service.webhooksIdle();
      // Nothing in flight any more: the next message is sent to every subscription again.
      const again = await startSilentReceiver();
      try {
        for (const [id, subscription] of service.store.subscriptions) service.store.subscriptions.set(id, { ...subscription, target: subscription.target.replace(receiver.url, again.url) });
        const before = dropped().length;
        await call(service, `/${PID}/requests/support-group-after/messages`, json(service.basic('admin'), { text: 'after' }));
        const deadline = Date.now() + WAIT_TIMEOUT_MS;
        while (again.hits() < 12 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        expect([
          again.hits(),
          dropped()
            .slice(before)
            .map((e) => e.error),
        ]).toEqual([12, []]);
      } finally {
        await again.release();
        await service.webhooksIdle();
      }
    } finally {
      if (!released) await receiver.release();
    }
  });
});
