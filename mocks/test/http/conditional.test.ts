/**
 * What Express does around the routes: a weak `ETag` on every answer with a body, and `304 Not
 * Modified` to a GET or HEAD whose `If-None-Match` matches a 2xx answer — in every transport (the
 * service's MSW handlers as setupNodeMock and setupBrowserMock run them, createMockFetch, the
 * standalone server). The figures were read on server 2.19.16 (Express 4.22.3).
 */
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weakEtag, weakEtagSync, webCryptoEtag } from '../../src/http/conditional';
import { createMockFetch, type MockFetch } from '../../src/fetch';
import { startHttpMock, type HttpMock } from '../../src/server';
import { createMockService } from '../../src/service/create';
import { SEED } from '../../src/state/seed';

const P = SEED.projectId;

describe('weakEtag', () => {
  it('writes the tags server 2.19.16 sent for the same bytes', async () => {
    // GET /{p}/tags of a project without tags; a 404; the body parser's 500; a forced delete of an unknown group.
    expect(await weakEtag('[]')).toBe('W/"2-l9Fw4VUO7kr8CvBlt4zaMCqXZ0w"');
    expect(await weakEtag('{"success":false,"msg":"Object not found."}')).toBe('W/"2b-nUr6pnZ5kjACWcSrAb9QchiDiT8"');
    expect(await weakEtag('{"err":"error"}')).toBe('W/"f-r1C6iGb6XBb8r+VpziHhkP9npUs"');
    expect(await weakEtag('')).toBe('W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"');
  });

  it("is the etag package's weak tag of the UTF-8 bytes: hex length, base64 SHA-1 cut to 27 characters", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 300 }), async (text) => {
        const bytes = Buffer.from(text, 'utf8');
        const expected = bytes.length === 0 ? 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"' : `W/"${bytes.length.toString(16)}-${createHash('sha1').update(bytes).digest('base64').slice(0, 27)}"`;
        expect(await weakEtag(text)).toBe(expected);
        // Both ways the mock computes it: Node's crypto (synchronous) and WebCrypto (the browser's).
        expect(weakEtagSync(text)).toBe(expected);
        expect(await webCryptoEtag(text)).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });
});

/**
 * A request over node:http, as a `Response`: Node's `fetch` (undici) adds `Cache-Control: no-cache`
 * to a request with `If-None-Match` (the Fetch standard's cache mode), which makes no answer fresh —
 * on server 2.19.16 too (checked: 200).
 */
function plainHttp(url: string, init: RequestInit = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers: Object.fromEntries(new Headers(init.headers)) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(name, value);
        const status = res.statusCode ?? 0;
        resolve(new Response(status === 304 ? null : Buffer.concat(chunks), { status, headers }));
      });
    });
    req.on('error', reject);
    req.end(typeof init.body === 'string' ? init.body : undefined);
  });
}

/** The transports, each a `fetch` to the same kind of service. */
const transports: Array<[string, () => Promise<{ fetch: (path: string, init?: RequestInit) => Promise<Response>; stop: () => Promise<void> }>]> = [
  [
    'createMockFetch (the MSW handlers, as setupNodeMock and setupBrowserMock run them)',
    async () => {
      const mockFetch: MockFetch = createMockFetch({ warnings: false });
      return { fetch: (path, init) => mockFetch(`https://api.supportkb.test${path}`, init), stop: async () => undefined };
    },
  ],
  [
    'the standalone server',
    async () => {
      const mock: HttpMock = await startHttpMock({ service: createMockService({ warnings: false }) });
      return { fetch: (path, init) => plainHttp(`${mock.url}${path}`, init), stop: () => mock.stop() };
    },
  ],
];

describe.each(transports)('ETag and 304 through %s', (_name, start) => {
  let transport: Awaited<ReturnType<typeof start>>;
  let auth: string;
  beforeAll(async () => {
    transport = await start();
    auth = await createMockService().authorization('admin');
  });
  afterAll(() => transport.stop());
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => transport.fetch(path, { method, headers: { Authorization: auth, ...headers } });

  it('tags a 200 with the weak ETag of its bytes, and answers a matching If-None-Match with 304 and no body', async () => {
    const first = await get(`/${P}/tags`);
    const text = await first.text();
    const etag = first.headers.get('etag')!;
    expect(etag).toBe(await weakEtag(text));
    const again = await get(`/${P}/tags`, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('content-type')).toBeNull();
    // HEAD as GET; a strong form of the tag, `*` and a list holding it match too (the `fresh` package).
    expect((await get(`/${P}/tags`, { 'If-None-Match': etag }, 'HEAD')).status).toBe(304);
    expect((await get(`/${P}/tags`, { 'If-None-Match': etag.slice(2) })).status).toBe(304);
    expect((await get(`/${P}/tags`, { 'If-None-Match': '*' })).status).toBe(304);
    expect((await get(`/${P}/tags`, { 'If-None-Match': `"a", ${etag}` })).status).toBe(304);
  });

  it('answers 200 with the body where the server does: another tag, no-cache, If-Modified-Since beside it', async () => {
    const etag = (await get(`/${P}/tags`)).headers.get('etag')!;
    expect((await get(`/${P}/tags`, { 'If-None-Match': 'W/"2-l9Fw4VUO7kr8CvBlt4zaMCqXZ0w"' })).status).toBe(200);
    expect((await get(`/${P}/tags`, { 'If-None-Match': etag, 'Cache-Control': 'no-cache' })).status).toBe(200);
    // No route sets Last-Modified, so Express 4's fresh 0.5.2 finds If-Modified-Since stale.
    const both = await get(`/${P}/tags`, { 'If-None-Match': etag, 'If-Modified-Since': 'Sat, 28 Nov 2026 20:00:00 GMT' });
    expect(both.status).toBe(200);
    expect(both.headers.get('etag')).toBe(etag);
  });

  it('tags errors with a JSON body too, but a 304 only for a 2xx of a GET or HEAD', async () => {
    const missing = await get(`/${P}/tags/000000000000000000000000`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('etag')).toBe('W/"2b-nUr6pnZ5kjACWcSrAb9QchiDiT8"');
    expect((await get(`/${P}/tags/000000000000000000000000`, { 'If-None-Match': '*' })).status).toBe(404);
    const created = await transport.fetch(`/${P}/tags`, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/json', 'If-None-Match': '*' },
      body: JSON.stringify({ tag: 'etag' }),
    });
    expect(created.status).toBe(200);
    expect(created.headers.get('etag')).toBe(await weakEtag(await created.text()));
    const malformed = await transport.fetch(`/${P}/tags`, { method: 'POST', headers: { Authorization: auth, 'Content-Type': 'application/json' }, body: '{x' });
    expect([malformed.status, malformed.headers.get('etag')]).toEqual([500, 'W/"f-r1C6iGb6XBb8r+VpziHhkP9npUs"']);
  });

  it("sets none where Express writes without res.send: passport's 401 and res.json(undefined)", async () => {
    const refused = await transport.fetch(`/${P}/tags`, { headers: { 'If-None-Match': '*' } });
    expect([refused.status, refused.headers.get('etag')]).toEqual([401, null]);
    const noLabels = await get(`/${P}/labels/default/XX`);
    expect([noLabels.status, noLabels.headers.get('etag'), await noLabels.text()]).toEqual([200, null, '']);
  });

  it("sends the empty body of res.send(null) (a forced delete of an unknown group) untyped, tagged as Express's empty entity", async () => {
    const forced = await transport.fetch(`/${P}/groups/000000000000000000000000?force=true`, { method: 'DELETE', headers: { Authorization: auth } });
    // …and, as Express writes res.send(null), with no Content-Type (a length of 0 over a socket).
    expect([forced.status, forced.headers.get('etag'), forced.headers.get('content-type'), await forced.text()]).toEqual([200, 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"', null, '']);
  });
});

describe('the empty body of res.send(null) in strict mode', () => {
  it('is labelled text/plain, as the contract declares it (a validating deployment)', async () => {
    const mockFetch = createMockFetch({ strict: true, warnings: false });
    const auth = await mockFetch.service.authorization('admin');
    const forced = await mockFetch(`https://api.supportkb.test/${P}/groups/000000000000000000000000?force=true`, { method: 'DELETE', headers: { Authorization: auth } });
    expect([forced.status, forced.headers.get('content-type'), await forced.text()]).toEqual([200, 'text/plain; charset=utf-8', '']);
  });
});
