import { describe, expect, it } from 'vitest';
import * as sdk from '../src/index';
import { createHttpClient, deleteGroup, getTag, listTags, NotFoundError, PermissionDeniedError, SupportKbError, type OperationId } from '../src/index';
import { createClient as createHeyApiClient, createConfig } from '../src/generated/client';
import { BASE, HttpResponse, on, PROJECT, useMockServer } from './helpers';

/**
 * `createHttpClient` (src/http.ts): the client the generated functions receive, a thin adapter over the
 * transport that implements the part of hey-api's `Client` they use.
 */
const { server, seen } = useMockServer();
const TAG = { _id: '65f1a2b3c4d5e6f708091101', tag: 'vip', id_project: PROJECT };
const failureOf = (promise: PromiseLike<unknown>) =>
  Promise.resolve(promise).then(
    () => undefined,
    (error: unknown) => error,
  );
const http = (options: Partial<sdk.HttpClientOptions> = {}) => createHttpClient({ baseUrl: BASE, auth: { token: 'abc' }, maxRetries: 0, ...options });

describe('createHttpClient', () => {
  it('rejects a baseUrl that is not an absolute URL', () => {
    expect(() => createHttpClient({ baseUrl: 'not a url' })).toThrow(TypeError);
  });

  it('rejects a baseUrl that is not http(s)', () => {
    expect(() => createHttpClient({ baseUrl: 'ftp://x.test' })).toThrow(/http/);
  });

  it('rejects incomplete credentials', () => {
    expect(() => createHttpClient({ baseUrl: BASE, auth: { basic: { email: 'a@b.test' } } as never })).toThrow(TypeError);
  });
});

describe('a generated function on the client', () => {
  it('resolves to { data, request, response }: the parsed body, the request as sent, and the answer', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json(TAG, { headers: { 'x-powered-by': 'Express' } })));
    const { data, request, response } = await getTag({ client: http().client, path: { project_id: PROJECT, id: TAG._id }, throwOnError: true });
    expect(data).toEqual(TAG);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-powered-by')).toBe('Express');
    expect(request).toBeInstanceOf(Request);
    expect(request.method).toBe('GET');
    expect(request.url).toBe(`${BASE}/${PROJECT}/tags/${TAG._id}`);
    expect(request.headers.get('authorization')).toBe('JWT abc');
  });

  it("responseStyle: 'data' resolves to the body alone", async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json(TAG)));
    await expect(getTag({ client: http().client, path: { project_id: PROJECT, id: TAG._id }, responseStyle: 'data' } as never)).resolves.toEqual(TAG);
  });

  it("parseAs: 'text' resolves to the body as text", async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json(TAG)));
    const { data } = await getTag({ client: http().client, path: { project_id: PROJECT, id: TAG._id }, parseAs: 'text' });
    expect(data).toBe(JSON.stringify(TAG));
  });

  it('an empty 200 body resolves data to undefined', async () => {
    server.use(on('delete', `/${PROJECT}/groups/:id`, () => new HttpResponse(null, { status: 200 })));
    const { data, response } = await deleteGroup({ client: http().client, path: { project_id: PROJECT, id: '65f1a2b3c4d5e6f7080999aa' }, throwOnError: true });
    expect(data).toBeUndefined();
    expect(response.status).toBe(200);
  });

  it('throws the SDK error with status, headers and the parsed body (never hey-api\'s "Body is unusable")', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ success: false, msg: 'Object not found.' }, { status: 404, headers: { 'x-request-id': 'req-42' } })));
    const failure = (await failureOf(getTag({ client: http().client, path: { project_id: PROJECT, id: '65f1a2b3c4d5e6f708091199' } }))) as NotFoundError;
    expect(failure).toBeInstanceOf(NotFoundError);
    expect(failure.status).toBe(404);
    expect(failure.body).toEqual({ success: false, msg: 'Object not found.' });
    expect(failure.headers.get('x-request-id')).toBe('req-42');
    expect(failure.requestId).toBe('req-42');
    expect(failure.message).toBe('404 Object not found. (getTag) [request req-42]');
    expect(seen).toHaveLength(1);
  });

  it("hey-api's own ky client fails on the same answer with TypeError (hey-api #4339): why the generated functions need this client", async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ success: false, msg: 'Object not found.' }, { status: 404 })));
    const bare = createHeyApiClient(createConfig({ baseUrl: BASE, throwOnError: true, retry: 0 }));
    const failure = await failureOf(getTag({ client: bare, path: { project_id: PROJECT, id: '65f1a2b3c4d5e6f708091199' } }));
    expect(failure).toBeInstanceOf(TypeError);
    expect(String(failure)).toMatch(/Body is unusable|already been read/);
  });

  it('sends the credentials the client holds, and the ones set later', async () => {
    server.use(on('get', `/${PROJECT}/tags`, () => HttpResponse.json([])));
    const client = http({ auth: undefined });
    await listTags({ client: client.client, path: { project_id: PROJECT } });
    client.credentials.set({ token: 'later' });
    await listTags({ client: client.client, path: { project_id: PROJECT } });
    expect(seen.map((s) => s.headers.get('authorization'))).toEqual([null, 'JWT later']);
  });

  it('takes headers as a Headers object, and a null header removes a client header', async () => {
    server.use(on('get', `/${PROJECT}/tags`, () => HttpResponse.json([])));
    const { client } = http({ headers: { 'X-Client': 'sdk', 'X-Keep': 'yes' } });
    await listTags({ client, path: { project_id: PROJECT }, headers: new Headers({ 'X-Call': 'one' }) });
    await listTags({ client, path: { project_id: PROJECT }, headers: { 'X-Client': null } });
    expect([seen[0]!.headers.get('x-client'), seen[0]!.headers.get('x-call'), seen[0]!.headers.get('x-keep')]).toEqual(['sdk', 'one', 'yes']);
    expect([seen[1]!.headers.get('x-client'), seen[1]!.headers.get('x-keep')]).toEqual([null, 'yes']);
  });

  it('retries as many times as its `retry` option says', async () => {
    server.use(on('get', `/${PROJECT}/tags`, () => HttpResponse.json({}, { status: 503 })));
    const failure = await failureOf(listTags({ client: http({ initialRetryDelay: 1 }).client, path: { project_id: PROJECT }, retry: 1 }));
    expect(failure).toBeInstanceOf(sdk.InternalServerError);
    expect(seen).toHaveLength(2);
  });

  it('finds every operation of the manifest by its method and path template', async () => {
    // Every call answers 403: the error names the operation and, where it has one, its minimum role.
    const denied = (async () => Response.json({ success: false, msg: 'denied' }, { status: 403 })) as typeof fetch;
    const { client } = http({ fetch: denied });
    for (const [id, info] of Object.entries(sdk.operations)) {
      const path = Object.fromEntries(info.pathParams.map((name) => [name, 'x']));
      const failure = (await failureOf((sdk as any)[id]({ client, path, ...(info.hasBody ? { body: {} } : {}) }))) as PermissionDeniedError;
      expect([id, failure.request.operationId, failure.request.method]).toEqual([id, id, info.method]);
      expect(failure.message.endsWith(info.minRole === 'none' ? `(${id})` : `— ${id} needs the ${info.minRole} role or higher in the project`), `${id}: ${failure.message}`).toBe(true);
    }
  });

  it('a missing path parameter sends nothing', async () => {
    const failure = await failureOf(getTag({ client: http().client, path: { project_id: PROJECT, id: '' } }));
    expect(failure).toBeInstanceOf(SupportKbError);
    expect(seen).toHaveLength(0);
  });
});

describe('the client used directly', () => {
  it('sends a route outside the contract as asked; its errors name the method and URL', async () => {
    server.use(
      on('get', '/health', () => HttpResponse.json({ ok: true })),
      on('get', '/missing', () => HttpResponse.json({ msg: 'no' }, { status: 404 })),
    );
    const { client } = http();
    await expect(client.get({ url: '/health' }).then((r) => (r as { data: unknown }).data)).resolves.toEqual({ ok: true });
    const failure = (await failureOf(client.get({ url: '/missing' }))) as NotFoundError;
    expect(failure).toBeInstanceOf(NotFoundError);
    expect(failure.message).toBe('404 no (GET /v2/missing)');
    expect(failure.request).toEqual({ method: 'GET', url: `${BASE}/missing` });
  });

  it('request({ method }) finds the operation like get() does', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ msg: 'gone' }, { status: 404 })));
    const failure = (await failureOf(http().client.request({ method: 'GET', url: '/{project_id}/tags/{id}', path: { project_id: PROJECT, id: TAG._id } }))) as NotFoundError;
    expect(failure.request.operationId).toBe('getTag' satisfies OperationId);
  });

  it('buildUrl() builds the URL the call would use', () => {
    expect(http().client.buildUrl({ url: '/{project_id}/tags/{id}', path: { project_id: PROJECT, id: 'a b' }, query: { page: 2 } })).toBe(`${BASE}/${PROJECT}/tags/a%20b?page=2`);
  });

  it('getConfig() describes the client', () => {
    expect(http({ timeout: 5_000, headers: { 'X-Client': 'sdk' } }).client.getConfig()).toMatchObject({ baseUrl: BASE, timeout: 5_000, headers: { 'X-Client': 'sdk' }, throwOnError: true });
  });
});

describe('what the client does not support throws TypeError, and sends nothing', () => {
  it.each([
    ['a per-call baseUrl', { baseUrl: 'https://elsewhere.test' }, /The call option baseUrl is not supported/],
    ['a per-call body serializer', { bodySerializer: () => '' }, /The call option bodySerializer is not supported/],
    ['a response transformer', { responseTransformer: async (d: unknown) => d }, /The call option responseTransformer is not supported/],
    ['throwOnError: false', { throwOnError: false }, /throwOnError: false is not supported/],
    ["parseAs: 'blob'", { parseAs: 'blob' }, /parseAs: 'blob' is not supported/],
    ['a retry object', { retry: { limit: 1 } }, /retry as an object is not supported/],
    ['other kyOptions', { kyOptions: { hooks: {} } }, /kyOptions\.hooks is not supported/],
  ])('%s', async (_name, option, message) => {
    const failure = await failureOf(listTags({ client: http().client, path: { project_id: PROJECT }, ...(option as object) }));
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as Error).message).toMatch(message);
    expect(seen).toHaveLength(0);
  });

  it('interceptors', () => {
    expect(() => http().client.interceptors.request.use((request) => request)).toThrow(/interceptors is not supported by the @supportkb\/sdk client; log with the logLevel/);
    expect(() => http().client.interceptors.error.use((error) => error)).toThrow(TypeError);
  });

  it('server-sent events', async () => {
    await expect(http().client.sse.get({ url: '/{project_id}/tags' })).rejects.toThrow(/sse\.get is not supported/);
  });

  it('setConfig() with a setting (an empty one returns the config)', () => {
    const { client } = http();
    expect(() => client.setConfig({ baseUrl: 'https://elsewhere.test' })).toThrow(/setConfig \(baseUrl\) is not supported/);
    expect(client.setConfig({})).toEqual(client.getConfig());
  });
});
