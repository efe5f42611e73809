/**
 * The standalone server (`startHttpMock`): the stateful mock over a real socket, its CORS,
 * unknown routes, overrides, request body limits and malformed requests. Every answer that went
 * through an operation is checked against the contract.
 */
import { request as httpRequest } from 'node:http';
import { deflateSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockFetch } from '../src/fetch';
import { networkError } from '../src/overrides';
import { startHttpMock, type HttpMock } from '../src/server';
import { createMockService } from '../src/service/create';
import { SEED } from '../src/state/seed';
import { createConformanceCollector } from './support/conformance';
import { json, lazyBody, MB, rawExchange } from './support/requests';

const P = SEED.projectId;
const LIMIT = 512_000;
const TOO_LARGE = { err: 'Request entity too large', limit: LIMIT };

describe('the standalone server', () => {
  const conformance = createConformanceCollector();
  afterEach(() => expect(conformance.problems.splice(0)).toEqual([]));

  it('serves the stateful mock in this process on a free loopback port, with CORS', async () => {
    const mock = await startHttpMock({ port: 0, serviceOptions: { onResponse: conformance.onResponse } });
    try {
      expect(mock.kind).toBe('stateful');
      expect(mock.pid).toBe(process.pid);
      expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const signIn = await fetch(`${mock.url}/auth/signin`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: SEED.members.admin.email, password: SEED.members.admin.password }),
      });
      const { token } = await signIn.json();
      const created = await fetch(`${mock.url}/${P}/tags/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: token }, body: JSON.stringify({ tag: 'standalone' }) });
      expect(created.status).toBe(200);
      expect(created.headers.get('access-control-allow-origin')).toBe('*');
      const tags = await (await fetch(`${mock.url}/${P}/tags`, { headers: { Authorization: token } })).json();
      expect(tags[0].tag).toBe('standalone');
      expect(mock.service.store.tags.size).toBe(3);
      expect(mock.host).toBe('127.0.0.1');
    } finally {
      await mock.stop();
    }
  });

  it('answers CORS preflights with 204 and the headers asked for', async () => {
    const mock = await startHttpMock({ serviceOptions: { onResponse: conformance.onResponse } });
    try {
      const preflight = await fetch(`${mock.url}/${P}/tags`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
    } finally {
      await mock.stop();
    }
  });

  it("answers the body parsers' errors without CORS, as the server's parsers run before its CORS middleware", async () => {
    const mock = await startHttpMock({ serviceOptions: { onResponse: conformance.onResponse } });
    try {
      const { token } = await (
        await fetch(`${mock.url}/auth/signin`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: SEED.members.admin.email, password: SEED.members.admin.password }),
        })
      ).json();
      const origin = { Origin: 'http://localhost:5173', Authorization: token, 'Content-Type': 'application/json' };
      // Malformed JSON: the JSON parser's 500, no Access-Control-Allow-Origin (a page on another origin sees a network error).
      const malformed = await fetch(`${mock.url}/${P}/tags`, { method: 'POST', headers: origin, body: '{"tag":' });
      expect(malformed.status).toBe(500);
      expect(malformed.headers.get('access-control-allow-origin')).toBeNull();
      // Over the body limit (declared, then streamed): the parser's 413, no Access-Control-Allow-Origin either.
      const declared = await fetch(`${mock.url}/${P}/tags`, { method: 'POST', headers: origin, body: JSON.stringify({ tag: 'x'.repeat(mock.service.bodyLimit + 1) }) });
      expect(declared.status).toBe(413);
      expect(declared.headers.get('access-control-allow-origin')).toBeNull();
      // What the routes answer, their errors included (a refused token: passport runs after CORS), carries it.
      const refused = await fetch(`${mock.url}/${P}/tags`, { headers: { Origin: 'http://localhost:5173', Authorization: 'JWT not-a-token' } });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    } finally {
      await mock.stop();
    }
  });

  it("inflates gzip and deflate bodies as body-parser does; another Content-Encoding, or bytes that do not inflate, is the parsers' 500 without CORS", async () => {
    const mock = await startHttpMock({ serviceOptions: { onResponse: conformance.onResponse } });
    const strict = await startHttpMock({ serviceOptions: { strict: true } });
    try {
      const basic = `Basic ${Buffer.from(`${SEED.members.admin.email}:${SEED.members.admin.password}`).toString('base64')}`;
      const send = (url: string, encoding: string, body: Buffer | string) =>
        fetch(`${url}/${P}/tags`, {
          method: 'POST',
          headers: { Origin: 'http://localhost:5173', Authorization: basic, 'Content-Type': 'application/json', 'Content-Encoding': encoding },
          body: typeof body === 'string' ? body : new Uint8Array(body),
        });
      // Checked on server 2.19.16: a gzip body creates the tag (200), `br` answers 500 {err: "error"} without Access-Control-Allow-Origin.
      const zipped = await send(mock.url, 'gzip', gzipSync(JSON.stringify({ tag: 'zipped' })));
      expect(zipped.status).toBe(200);
      expect((await zipped.json()).tag).toBe('zipped');
      const deflated = await send(mock.url, 'Deflate', deflateSync(JSON.stringify({ tag: 'deflated' })));
      expect(deflated.status).toBe(200);
      expect((await deflated.json()).tag).toBe('deflated');
      for (const [encoding, body] of [
        ['br', JSON.stringify({ tag: 'x' })],
        ['gzip, deflate', gzipSync(JSON.stringify({ tag: 'x' }))],
        ['gzip', JSON.stringify({ tag: 'not compressed' })],
      ] as const) {
        const refused = await send(mock.url, encoding, body);
        expect(refused.status, encoding).toBe(500);
        expect(await refused.json(), encoding).toEqual({ err: 'error' });
        expect(refused.headers.get('access-control-allow-origin'), encoding).toBeNull();
      }
      // The limit applies to the inflated bytes: a small gzip body that inflates past it is a 413.
      const bomb = await send(mock.url, 'gzip', gzipSync(JSON.stringify({ tag: 'x'.repeat(mock.service.bodyLimit + 1) })));
      expect(bomb.status).toBe(413);
      // Strict mode answers a clear 4xx naming the header.
      const named = await send(strict.url, 'br', JSON.stringify({ tag: 'x' }));
      expect(named.status).toBe(400);
      expect(JSON.stringify(await named.json())).toContain('content-encoding');
      expect((await send(strict.url, 'gzip', gzipSync(JSON.stringify({ tag: 'strict-zipped' })))).status).toBe(200);
    } finally {
      await Promise.all([mock.stop(), strict.stop()]);
    }
  });

  it("answers HEAD on a GET route as Express does: the GET's status and headers, Content-Length included, and no body", async () => {
    const mock = await startHttpMock();
    const service = createMockService();
    try {
      const basic = `Basic ${Buffer.from(`${SEED.members.admin.email}:${SEED.members.admin.password}`).toString('base64')}`;
      for (const fetchOf of [
        (url: string, init: RequestInit) => fetch(`${mock.url}${url}`, init),
        (url: string, init: RequestInit) => createMockFetch({ service })(`https://mock.supportkb.invalid${url}`, init),
      ]) {
        const get = await fetchOf(`/${P}/tags`, { headers: { Authorization: basic } });
        const text = await get.text();
        const head = await fetchOf(`/${P}/tags`, { method: 'HEAD', headers: { Authorization: basic } });
        expect(head.status).toBe(200);
        expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
        expect(await head.text()).toBe('');
        if (get.headers.has('content-length')) expect(head.headers.get('content-length')).toBe(String(new TextEncoder().encode(text).byteLength));
        // Refusals too: a HEAD without credentials gets the GET's 401.
        expect((await fetchOf(`/${P}/tags`, { method: 'HEAD' })).status).toBe(401);
      }
      // A path with no GET route is still Express's 404.
      expect((await fetch(`${mock.url}/auth/signin`, { method: 'HEAD' })).status).toBe(404);
    } finally {
      await mock.stop();
    }
  });

  it('answers an unknown route like Express (404 HTML)', async () => {
    const mock = await startHttpMock();
    try {
      const unknown = await fetch(`${mock.url}/nothing/here/at/all`);
      expect(unknown.status).toBe(404);
      expect(await unknown.text()).toContain('Cannot GET /nothing/here/at/all');
    } finally {
      await mock.stop();
    }
  });

  it('takes overrides with use() (a network error closes the socket) and drops them with resetHandlers()', async () => {
    const mock = await startHttpMock({ serviceOptions: { onResponse: conformance.onResponse } });
    try {
      mock.use(networkError('listTags'));
      await expect(fetch(`${mock.url}/${P}/tags`, { headers: { Authorization: mock.service.basic('agent') } })).rejects.toThrow();
      mock.resetHandlers();
      expect((await fetch(`${mock.url}/${P}/tags`, { headers: { Authorization: mock.service.basic('agent') } })).status).toBe(200);
    } finally {
      await mock.stop();
    }
  });

  it('serves a service given to it, and says which process serves', async () => {
    const service = createMockService({ seed: false });
    const mock = await startHttpMock({ service });
    try {
      expect(mock).toMatchObject({ kind: 'stateful', pid: process.pid, service });
    } finally {
      await mock.stop();
    }
  });
});

describe('request bodies are limited (500 KB, 413 with the service body), checked before credentials are needed', () => {
  let mock: HttpMock;
  const conformance = createConformanceCollector();
  beforeAll(async () => {
    mock = await startHttpMock({ serviceOptions: { onResponse: conformance.onResponse } });
  });
  afterEach(() => mock.service.reset());
  afterAll(() => mock.stop());

  it('refuses a 600 KB tag with 413 {err, limit}, closes the connection and stores nothing', async () => {
    const before = mock.service.store.tags.size;
    const res = await fetch(`${mock.url}/${P}/tags`, json(mock.service.basic('admin'), { tag: 'x'.repeat(600_000) }));
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toEqual(TOO_LARGE);
    expect(mock.service.store.tags.size).toBe(before);
  });

  it('takes a body at the limit: every stored string is bounded by it', async () => {
    const atLimit = await fetch(`${mock.url}/${P}/tags`, json(mock.service.basic('admin'), { tag: 'x'.repeat(LIMIT - 20) }));
    expect(atLimit.status).toBe(200);
  });

  it('answers a declared Content-Length over the limit at once, without reading the body', async () => {
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

  it("reads a streamed body without credentials no further than the limit, as the service's body parser (413), and not at all in strict mode (401)", async () => {
    const unauthenticated = lazyBody(64);
    const res = await fetch(`${mock.url}/${P}/tags`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: unauthenticated.stream, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413); // the service parses bodies before it checks credentials
    expect(res.headers.get('connection')).toBe('close');
    expect(unauthenticated.pulled()).toBeLessThan(16); // of 64 MiB: what sat in socket buffers, not the body

    const strict = await startHttpMock({ serviceOptions: { strict: true, webhooks: { delivery: 'none' } } });
    try {
      const unread = lazyBody(64);
      const refused = await fetch(`${strict.url}/${P}/tags`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: unread.stream, duplex: 'half' } as RequestInit);
      expect(refused.status).toBe(401);
      expect(unread.pulled()).toBeLessThan(16);
    } finally {
      await strict.stop();
    }

    const unknown = lazyBody(64);
    const missing = await fetch(`${mock.url}/nothing/here`, { method: 'POST', body: unknown.stream, duplex: 'half' } as RequestInit);
    expect(missing.status).toBe(404);
    expect(unknown.pulled()).toBeLessThan(16);
  });

  it('answers a method the contract does not list as Express does (404 page), and in strict mode 405 with Allow', async () => {
    const other = await fetch(`${mock.url}/${P}/tags`, { method: 'PATCH' });
    expect(other.status).toBe(404);
    expect(await other.text()).toContain(`Cannot PATCH /${P}/tags`);
    const strict = await startHttpMock({ serviceOptions: { strict: true, webhooks: { delivery: 'none' } } });
    try {
      const refused = await fetch(`${strict.url}/${P}/tags/`, { method: 'PATCH' });
      expect(refused.status).toBe(405);
      expect(refused.headers.get('allow')).toBe('GET, POST');
      expect((await fetch(`${strict.url}/nothing/here`, { method: 'PATCH' })).status).toBe(404);
    } finally {
      await strict.stop();
    }
  });

  it('stops reading a streamed body with credentials at the limit (413, nothing stored)', async () => {
    const before = mock.service.store.tags.size;
    const body = lazyBody(64);
    const res = await fetch(`${mock.url}/${P}/tags`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: mock.service.basic('admin') },
      body: body.stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(TOO_LARGE);
    expect(body.pulled()).toBeLessThan(16);
    expect(mock.service.store.tags.size).toBe(before);
    // The server is still there for the next request.
    expect((await fetch(`${mock.url}/${P}/labels/IT`)).status).toBe(200);
  });

  it('every answer of the standalone server that went through an operation conforms, 413 aside (not declared per operation)', () => {
    expect(conformance.problems.filter((p) => !p.includes('→ 413: status 413 is not declared'))).toEqual([]);
  });
});

describe('malformed requests', () => {
  it('answers a malformed Host header with 400 {err}, logging nothing', async () => {
    const errors = vi.spyOn(console, 'error');
    const mock = await startHttpMock();
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
    errors.mockRestore();
  });
});
