/**
 * The mock under hostile input, time and load: body size limits on every transport, patterns that
 * would backtrack catastrophically, token lifetimes and projects, the scope of a webhook
 * subscription's token, a webhook receiver that never answers, deeply nested JSON and malformed
 * `Host` headers. Figures (memory under an oversized body, time of a pathological pattern, a soak
 * of 100,000 requests) are in bench/README.md, produced by `npm run bench:mocks-soak`.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { getResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signToken } from '../src/auth';
import { BodyTooLargeError, readBodyText } from '../src/http';
import { startMockHttpServer, type MockHttpServer } from '../src/server';
import { createMockService, type MockService } from '../src/service';
import { SEED } from '../src/seed';
import type { DeliveryResult } from '../src/webhooks';
import { createConformanceCollector } from './conformance';

const P = SEED.projectId;
const LIMIT = 512_000;
const TOO_LARGE = { err: 'Request entity too large', limit: LIMIT };
const MB = 1024 * 1024;

/** An in-process call through the service's MSW handlers (no conformance collector: 413 is a global answer). */
async function call(service: MockService, path: string, init: RequestInit = {}): Promise<{ status: number; body: any; text: string }> {
  const response = await getResponse(service.handlers, new Request(`http://api.supportkb.test${path}`, init));
  if (!response) throw new Error(`no handler for ${path}`);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a text body
  }
  return { status: response.status, body, text };
}

const json = (auth: string | undefined, body: unknown, method = 'POST'): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: auth } : {}) },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

/** A body of `chunks` MiB produced on demand; `pulled()` tells how many chunks the server took. */
function lazyBody(chunks: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === 0) controller.enqueue(new TextEncoder().encode('{"tag":"'));
      pulled++;
      if (pulled > chunks) controller.close();
      else controller.enqueue(new Uint8Array(MB).fill(0x61));
    },
  });
  return { stream, pulled: () => pulled };
}

/** Sends raw bytes over a socket and resolves with everything the server wrote until it closed (or 3 s). */
function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    let out = '';
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('data', (chunk) => (out += chunk));
    socket.on('close', () => resolve(out));
    socket.on('error', () => resolve(out));
    setTimeout(() => socket.destroy(), 3000).unref();
  });
}

describe('1. request bodies are limited (500 KB, 413 with the service body), checked before credentials are needed', () => {
  let mock: MockHttpServer;
  const conformance = createConformanceCollector();
  beforeAll(async () => {
    mock = await startMockHttpServer({ serviceOptions: { onResponse: conformance.onResponse } });
  });
  afterEach(() => mock.service.reset());
  afterAll(() => mock.stop());

  it('standalone server: refuses a 600 KB tag with 413 {err, limit}, closes the connection and stores nothing', async () => {
    const before = mock.service.store.tags.size;
    const res = await fetch(`${mock.url}/${P}/tags`, json(mock.service.basic('admin'), { tag: 'x'.repeat(600_000) }));
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toEqual(TOO_LARGE);
    expect(mock.service.store.tags.size).toBe(before);
    // At the limit the body is still taken: every stored string is bounded by it.
    const atLimit = await fetch(`${mock.url}/${P}/tags`, json(mock.service.basic('admin'), { tag: 'x'.repeat(LIMIT - 20) }));
    expect(atLimit.status).toBe(200);
  });

  it('standalone server: answers a declared Content-Length over the limit at once, without reading the body', async () => {
    const answer = await new Promise<{ status?: number; body: string }>((resolve) => {
      const req = httpRequest(`${mock.url}/${P}/tags`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': String(256 * MB) } }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      });
      req.on('error', () => {});
      req.write('{"tag":"'); // and nothing more: the server must not wait for the other 256 MB
      setTimeout(() => {
        resolve({ body: 'no answer within 5 s' });
        req.destroy();
      }, 5000).unref();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
  });

  it('standalone server: refuses a streamed body without credentials (401) or to an unknown path (404) without reading it', async () => {
    const unauthenticated = lazyBody(64);
    const res = await fetch(`${mock.url}/${P}/tags`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: unauthenticated.stream, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(401);
    expect(res.headers.get('connection')).toBe('close');
    expect(unauthenticated.pulled()).toBeLessThan(16); // of 64 MiB: what sat in socket buffers, not the body

    const unknown = lazyBody(64);
    const missing = await fetch(`${mock.url}/nothing/here`, { method: 'POST', body: unknown.stream, duplex: 'half' } as RequestInit);
    expect(missing.status).toBe(404);
    expect(unknown.pulled()).toBeLessThan(16);
  });

  it('standalone server: stops reading a streamed body with credentials at the limit (413, nothing stored)', async () => {
    const before = mock.service.store.tags.size;
    const body = lazyBody(64);
    const res = await fetch(`${mock.url}/${P}/tags`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: mock.service.basic('admin') }, body: body.stream, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(TOO_LARGE);
    expect(body.pulled()).toBeLessThan(16);
    expect(mock.service.store.tags.size).toBe(before);
    // The server is still there for the next request.
    expect((await fetch(`${mock.url}/${P}/labels/IT`)).status).toBe(200);
  });

  it('MSW transports (Node, browser): the handlers enforce the same limit, and `bodyLimit` changes it', async () => {
    const service = createMockService({ clock: { frozen: true }, webhooks: { delivery: 'none' } });
    const admin = service.basic('admin');
    const before = service.store.leads.size;
    expect(await call(service, `/${P}/leads`, json(admin, { fullname: 'x'.repeat(600_000) }))).toMatchObject({ status: 413, body: TOO_LARGE });
    expect(service.store.leads.size).toBe(before);
    // A declared size over the limit is refused before anything else, even without credentials (as the service's body parser).
    const declared = await call(service, `/${P}/leads`, { method: 'POST', headers: { 'Content-Length': String(LIMIT + 1), 'Content-Type': 'application/json' }, body: '{}' });
    expect(declared).toMatchObject({ status: 413, body: TOO_LARGE });

    const small = createMockService({ bodyLimit: 1000, webhooks: { delivery: 'none' } });
    expect(small.bodyLimit).toBe(1000);
    expect(await call(small, `/${P}/tags`, json(small.basic('admin'), { tag: 'y'.repeat(1000) }))).toMatchObject({ status: 413, body: { err: 'Request entity too large', limit: 1000 } });
    expect((await call(small, `/${P}/tags`, json(small.basic('admin'), { tag: 'y'.repeat(900) }))).status).toBe(200);
    expect(() => createMockService({ bodyLimit: 0 })).toThrow(RangeError);
  });

  it('every answer of the standalone server that went through an operation conforms, 413 aside (not declared per operation)', () => {
    expect(conformance.problems.filter((p) => !p.includes('→ 413: status 413 is not declared'))).toEqual([]);
  });
});

describe('2. user patterns run in linear time (RE2), with regular-expression semantics', () => {
  const service = createMockService({ clock: { frozen: true }, webhooks: { delivery: 'none' } });
  afterEach(() => service.reset());

  it('a segment filter `contains` `^(a+)+$` over a 32-character lead name does not backtrack', async () => {
    const admin = service.basic('admin');
    const lead = (await call(service, `/${P}/leads`, json(admin, { fullname: `${'a'.repeat(31)}!` }))).body;
    const matching = (await call(service, `/${P}/leads`, json(admin, { fullname: 'a'.repeat(32) }))).body;
    const segment = (await call(service, `/${P}/segments`, json(admin, { name: 'ReDoS', filters: [{ field: 'fullname', operator: 'contains', value: '^(a+)+$' }] }))).body;
    const started = performance.now();
    const res = await call(service, `/${P}/leads?segment=${segment._id}`, { headers: { Authorization: admin } });
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.leads.map((l: any) => l._id)).toEqual([matching._id]);
    expect(res.body.leads.map((l: any) => l._id)).not.toContain(lead._id);
    // A backtracking engine takes about 2^32 steps here (over 10 s); RE2 takes microseconds. The
    // bound only tells linear from exponential; figures are in bench/README.md.
    expect(elapsed).toBeLessThan(1000);
  });

  it('the content `search` parameter: the same pattern over a 32-character source, and regex semantics kept', async () => {
    const admin = service.basic('admin');
    for (const source of [`${'a'.repeat(31)}!`, 'https://www.acme-support.test/help/(?=x)', 'Shipping 24h']) {
      expect((await call(service, `/${P}/kb`, json(admin, { name: source, type: 'text', source, content: 'x', namespace: P }))).status).toBe(200);
    }
    const search = async (pattern: string) => (await call(service, `/${P}/kb?namespace=${P}&search=${encodeURIComponent(pattern)}`, { headers: { Authorization: admin } })).body.kbs.map((c: any) => c.source);
    const started = performance.now();
    expect(await search('^(a+)+$')).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await search('^Ship')).toEqual(['Shipping 24h']);
    expect(await search('[0-9]+h$')).toEqual(['Shipping 24h']);
    expect(await search('shipping 24')).toEqual([]); // case-sensitive, as a RegExp without flags
    expect(await search('^a{31}!$')).toEqual([`${'a'.repeat(31)}!`]);
    // What RE2 cannot express (lookaround, backreferences) and invalid patterns match literally.
    expect(await search('(?=x)')).toEqual(['https://www.acme-support.test/help/(?=x)']);
    expect(await search('(a)\\1')).toEqual([]);
    expect(await search('[')).toEqual([]);
  });
});

describe('3. token lifetimes are checked on every use, cached or not', () => {
  const service = createMockService({ clock: { frozen: true }, webhooks: { delivery: 'none' } });
  afterEach(() => {
    vi.useRealTimers();
    service.reset();
  });

  it('a token used before its `exp` is refused after it (401)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Date.now();
    const token = await signToken({ _id: SEED.members.admin.userId, sub: 'user', aud: 'https://tiledesk.com', iat: Math.floor(now / 1000), exp: Math.floor(now / 1000) + 60 }, SEED.serverSecret);
    expect((await call(service, `/${P}/tags`, { headers: { Authorization: `JWT ${token}` } })).status).toBe(200);
    vi.setSystemTime(now + 61_000);
    expect(await call(service, `/${P}/tags`, { headers: { Authorization: `JWT ${token}` } })).toMatchObject({ status: 401, text: 'Unauthorized' });
  });

  it('a token used before its `nbf` is refused, then accepted once it is valid (no remembered refusal)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Date.now();
    const custom = await signToken({ _id: SEED.guest.uuid, sub: 'userexternal', aud: `https://tiledesk.com/projects/${P}`, nbf: Math.floor(now / 1000) + 60 }, SEED.projectSecret);
    const send = () => call(service, `/${P}/requests/support-group-nbf/messages`, json(`JWT ${custom}`, { text: 'hi' }));
    expect((await send()).status).toBe(401);
    vi.setSystemTime(now + 61_000);
    expect((await send()).status).toBe(200);
  });
});

describe("4. a project's custom token works on that project's paths only", () => {
  const service = createMockService({ clock: { frozen: true }, webhooks: { delivery: 'none' } });
  const B = '65f1a2b3c4d5e6f7080b0b0b';
  beforeAll(() => {
    service.store.projects.set(B, { _id: B, name: 'Project B', jwtSecret: 'project-b-secret', status: 100 });
  });

  it("refuses on project A a token signed with B's secret, even one naming A's guest (403)", async () => {
    const impostor = await service.customToken({ _id: SEED.guest.uuid }, B);
    const before = service.store.messages.size;
    expect(await call(service, `/${P}/requests/support-group-b/messages`, json(`JWT ${impostor}`, { text: 'from B' }))).toMatchObject({ status: 403, body: { success: false, msg: 'you dont belong to the project.' } });
    expect(service.store.messages.size).toBe(before);
    const strong = await service.customToken({ _id: SEED.guest.uuid, role: 'owner' }, B);
    expect((await call(service, `/${P}/tags`, { headers: { Authorization: `JWT ${strong}` } })).status).toBe(403);
    // A's own custom token for the same id still works on A.
    const own = await service.customToken({ _id: SEED.guest.uuid });
    expect((await call(service, `/${P}/requests/support-group-a/messages`, json(`JWT ${own}`, { text: 'from A' }))).status).toBe(200);
  });
});

describe("5. a webhook subscription's token is scoped as the service scopes it", () => {
  const service = createMockService({ clock: { frozen: true }, webhooks: { delivery: 'none' } });
  let token = '';
  beforeAll(async () => {
    const admin = service.basic('admin');
    await call(service, `/${P}/subscriptions`, json(admin, { event: 'lead.create', target: 'https://hooks.acme-support.test/leads' }));
    const delivered = new Promise<string>((resolve) => service.onWebhook((delivery) => resolve(delivery.body.token)));
    await call(service, `/${P}/leads`, json(admin, { fullname: 'Hook' }));
    token = `JWT ${await delivered}`;
  });

  it('passes the operations whose route accepts subscriptions (knowledge bases, tags, leads, teammates read/update, messages)', async () => {
    for (const path of [`/${P}/kb/namespace/all`, `/${P}/tags`, `/${P}/leads`, `/${P}/groups`, `/${P}/segments`, `/${P}/project_users`, `/${P}/project_users/${SEED.members.agent.teammateId}`]) {
      expect((await call(service, path, { headers: { Authorization: token } })).status, path).toBe(200);
    }
    expect((await call(service, `/${P}/requests/support-group-hook/messages`, json(token, { text: 'from the hook' }))).status).toBe(200);
  });

  it('is refused (403, `you dont belong to the project.`) everywhere else: subscriptions, invites, hard deletes, analytics, label writes', async () => {
    const before = JSON.stringify(service.snapshot());
    const refused: [string, RequestInit][] = [
      [`/${P}/subscriptions`, json(token, { event: 'message.create', target: 'https://evil.example/x' })],
      [`/${P}/project_users/${SEED.members.agent.teammateId}?hard=true`, { method: 'DELETE', headers: { Authorization: token } }],
      [`/${P}/project_users/invite`, json(token, { email: 'mallory@example.org', role: 'owner' })],
      [`/${P}/project_users`, json(token, { user_available: false }, 'PUT')],
      [`/${P}/analytics/requests/count`, { headers: { Authorization: token } }],
      [`/${P}/labels`, json(token, { lang: 'FR', data: { A: 'b' } })],
      [`/${P}/labels/default/clone`, json(token, { lang: 'IT' })],
    ];
    for (const [path, init] of refused) {
      expect(await call(service, path, init), path).toMatchObject({ status: 403, body: { success: false, msg: 'you dont belong to the project.' } });
    }
    expect(JSON.stringify(service.snapshot())).toBe(before);
  });

  it("is refused on another project's paths", async () => {
    const B = '65f1a2b3c4d5e6f7080b0b0c';
    service.store.projects.set(B, { _id: B, name: 'Project B', jwtSecret: 'project-b-secret', status: 100 });
    expect(await call(service, `/${B}/tags`, { headers: { Authorization: token } })).toMatchObject({ status: 403, body: { msg: 'you dont belong to the project.' } });
  });
});

describe('6. a webhook receiver that never answers', () => {
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
    await call(service, `/${P}/subscriptions`, json(admin, { event: 'lead.create', target: url }));
    let result: Promise<DeliveryResult> | undefined;
    service.onWebhook((delivery) => (result = delivery.result));
    await call(service, `/${P}/leads`, json(admin, { fullname: 'Hung' }));
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

describe('7. bad input never answers 500', () => {
  const errors = vi.spyOn(console, 'error');
  afterAll(() => errors.mockRestore());

  it('JSON nested 3,000 levels deep is bad input (422 {errors}), nothing stored', async () => {
    const service = createMockService({ webhooks: { delivery: 'none' } });
    const admin = service.basic('admin');
    const before = JSON.stringify(service.snapshot());
    const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    const lead = await call(service, `/${P}/leads`, json(admin, `{"fullname":"Deep","attributes":${deep(3000)}}`));
    expect(lead).toMatchObject({ status: 422, body: { errors: [{ msg: 'Nesting deeper than 100 levels', param: 'body', location: 'body' }] } });
    const labels = await call(service, `/${P}/labels`, json(admin, `{"lang":"FR","data":${deep(3000)}}`));
    expect(labels.status).toBe(422);
    const arrays = await call(service, `/${P}/tags`, json(admin, `{"tag":${'['.repeat(3000)}${']'.repeat(3000)}}`));
    expect(arrays.status).toBe(422);
    expect(JSON.stringify(service.snapshot())).toBe(before);
    // 100 levels are still taken.
    expect((await call(service, `/${P}/leads`, json(admin, `{"fullname":"Deep","attributes":${deep(99)}}`))).status).toBe(200);
    expect(errors).not.toHaveBeenCalled();
  });

  it('a malformed Host header gets 400 {err} from the standalone server, nothing logged', async () => {
    const mock = await startMockHttpServer();
    try {
      for (const host of ['a b', '[::1', 'example.org:99999', 'user@example.org', 'example.org/path']) {
        const answer = await rawExchange(mock.port, `GET /${P}/labels/IT HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
        expect(answer, host).toMatch(/^HTTP\/1\.1 400 /);
        expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ err: 'Bad Request: malformed Host header or request target' });
      }
      const fine = await rawExchange(mock.port, `GET /${P}/labels/IT HTTP/1.1\r\nHost: localhost:80\r\nConnection: close\r\n\r\n`);
      expect(fine).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      await mock.stop();
    }
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('bodies where the runtime has no request body stream (Firefox service workers)', () => {
  const streamless = (text: string) => {
    const request = new Request('http://mock/x', { method: 'POST', body: text });
    Object.defineProperty(request, 'body', { value: undefined });
    return request;
  };
  it('reads the body whole, then applies the limit', async () => {
    await expect(readBodyText(streamless('{"tag":"vip"}'), 100)).resolves.toBe('{"tag":"vip"}');
    await expect(readBodyText(streamless('x'.repeat(101)), 100)).rejects.toBeInstanceOf(BodyTooLargeError);
  });
});
