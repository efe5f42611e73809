import { inspect } from 'node:util';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createClient, listTags, operations, SupportKbError, type APIPromise, type ClientMethod, type PagePromise, type ResponseOf } from '../src/index';
import { clientMethods, pagedOperations } from '../src/generated/operations.gen';
import { BASE, HttpResponse, on, PROJECT, useHostileServer, useMockServer } from './helpers';

/** `createClient` (src/client.ts): methods per resource, one parameter object, the project, the client's own surface. */
const { server, seen } = useMockServer();
const TAG = { _id: '65f1a2b3c4d5e6f708091101', tag: 'vip', id_project: PROJECT };
const PASSWORD = 'correct horse battery staple';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl';

describe('the methods', () => {
  it('has one method per operation, where the manifest puts it', () => {
    const sk = createClient({ baseUrl: BASE });
    for (const info of Object.values(operations)) {
      const method = info.resource.reduce<any>((node, key) => node[key], sk)[info.name];
      expect(typeof method, info.operationId).toBe('function');
    }
    expect(Object.values(operations).length).toBeGreaterThan(60);
  });

  it("builds them from the method index, which names each operation where the manifest puts it, paged ones with the manifest's pagination", () => {
    // The client carries `clientMethods` and `pagedOperations` before its first call; the rest of `operations` loads with it.
    type Level = { [key: string]: string | Level };
    const fromManifest: Level = {};
    for (const info of Object.values(operations)) {
      const node = info.resource.reduce<Level>((at, key) => {
        const below = (at[key] ??= {});
        if (typeof below === 'string') throw new Error(`${key} is a method and a resource`);
        return below;
      }, fromManifest);
      node[info.name] = info.operationId;
    }
    expect(clientMethods).toEqual(fromManifest);
    expect(Object.keys(createClient({ baseUrl: BASE }))).toEqual(Object.keys(fromManifest));
    expect(pagedOperations).toEqual(Object.fromEntries(Object.values(operations).flatMap((info) => (info.pagination ? [[info.operationId, info.pagination]] : []))));
  });

  it('splits the one parameter object into path, query and body', async () => {
    server.use(on('put', `/${PROJECT}/tags/:id`, () => HttpResponse.json(TAG)));
    await createClient({ baseUrl: BASE, projectId: PROJECT }).tags.update({ id: TAG._id, tag: 'vip', color: '#e53935' });
    expect(seen[0]!.url.pathname).toBe(`/v2/${PROJECT}/tags/${TAG._id}`);
    expect(seen[0]!.url.search).toBe('');
    expect(JSON.parse(seen[0]!.body)).toEqual({ tag: 'vip', color: '#e53935' });
  });

  it('sends a list body given as the body field (setConversationParticipants)', async () => {
    server.use(on('put', `/${PROJECT}/requests/:request_id/participants`, () => HttpResponse.json({ request_id: 'r1' })));
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT, auth: { token: 'JWT t' } });
    await sk.conversations.setParticipants({ request_id: 'r1', body: ['65f1a2b3c4d5e6f708090b03'] });
    expect(seen[0]!.url.pathname).toBe(`/v2/${PROJECT}/requests/r1/participants`);
    expect(JSON.parse(seen[0]!.body)).toEqual(['65f1a2b3c4d5e6f708090b03']);
  });

  it('leaves out parameters that are undefined', async () => {
    server.use(on('get', `/${PROJECT}/leads`, () => HttpResponse.json({ perPage: 40, count: 0, leads: [] })));
    await createClient({ baseUrl: BASE, projectId: PROJECT }).leads.list({ email: undefined, full_text: 'ada' });
    expect(seen[0]!.url.search).toBe('?full_text=ada&page=0');
  });

  it('takes the project from the call options over the client, and from the parameters over both', async () => {
    server.use(on('get', '/:project/tags', () => HttpResponse.json([])));
    const sk = createClient({ baseUrl: BASE, projectId: 'client-project' });
    await sk.tags.list();
    await sk.tags.list({}, { projectId: 'call-project' });
    await sk.tags.list({ project_id: 'param-project' }, { projectId: 'call-project' });
    expect(seen.map((s) => s.url.pathname)).toEqual(['/v2/client-project/tags', '/v2/call-project/tags', '/v2/param-project/tags']);
  });

  it('rejects a call without a project before sending anything', async () => {
    await expect(createClient({ baseUrl: BASE }).tags.list()).rejects.toThrow(new SupportKbError('listTags needs a project: pass project_id, or projectId to createClient() or to the call.'));
    expect(seen).toHaveLength(0);
  });

  it('rejects a call without a path parameter before sending anything', async () => {
    // @ts-expect-error -- id is required
    await expect(createClient({ baseUrl: BASE, projectId: PROJECT }).tags.get({})).rejects.toThrow(/getTag needs the path parameter id/);
    expect(seen).toHaveLength(0);
  });

  it('rejects an invalid baseUrl', () => {
    expect(() => createClient({ baseUrl: 'not a url' })).toThrow(TypeError);
  });
});

describe('a parameter object with `__proto__` (parsed input)', () => {
  const hostile = useHostileServer();
  const body = '{"tag":"vip","__proto__":{"color":"#000000"}}';

  it('sends it as a body field', async () => {
    let received = '';
    hostile.use((request, response) => {
      request.on('data', (chunk: Buffer) => (received += chunk));
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(TAG)));
    });
    server.close(); // real sockets: MSW would answer every request itself
    try {
      await createClient({ baseUrl: hostile.url, projectId: PROJECT, maxRetries: 0 }).tags.create(JSON.parse(body));
    } finally {
      server.listen({ onUnhandledFrame: 'error' });
    }
    expect(JSON.parse(received)).toEqual(JSON.parse(body));
    expect(received).toContain('"__proto__"');
  });
});

describe('the client itself', () => {
  it('sk.http.client calls the generated functions with the same credentials', async () => {
    server.use(on('get', `/${PROJECT}/tags`, () => HttpResponse.json([])));
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT });
    sk.setAuth({ token: TOKEN });
    await listTags({ client: sk.http.client, path: { project_id: PROJECT } });
    expect(seen[0]!.headers.get('authorization')).toBe(`JWT ${TOKEN}`);
  });

  it('setAuth() replaces the credentials and authKind says which are held', () => {
    const sk = createClient({ baseUrl: BASE });
    expect(sk.authKind).toBe('none');
    sk.setAuth({ basic: { email: 'agent@acme-support.test', password: PASSWORD } });
    expect(sk.authKind).toBe('basic');
    sk.setAuth(undefined);
    expect(sk.authKind).toBe('none');
  });

  it('JSON.stringify and util.inspect show no secret', () => {
    const basic = createClient({ baseUrl: BASE, projectId: PROJECT, auth: { basic: { email: 'agent@acme-support.test', password: PASSWORD } } });
    const jwt = createClient({ baseUrl: BASE, auth: { token: TOKEN } });
    expect(JSON.parse(JSON.stringify(basic))).toEqual({ baseUrl: BASE, projectId: PROJECT, auth: '[redacted]' });
    const shown = [JSON.stringify(basic), inspect(basic, { depth: 10, showHidden: true }), JSON.stringify(jwt), inspect(jwt, { depth: 10, showHidden: true })].join('\n');
    expect(shown).not.toContain(PASSWORD);
    expect(shown).not.toContain(TOKEN);
  });
});

describe('types', () => {
  it('ClientMethod<K> is the type of the method of operation K', () => {
    const sk = createClient({ baseUrl: BASE });
    expectTypeOf(sk.tags.get).toEqualTypeOf<ClientMethod<'getTag'>>();
    expectTypeOf(sk.tags.list).toEqualTypeOf<ClientMethod<'listTags'>>();
    expectTypeOf<ReturnType<ClientMethod<'getTag'>>>().toEqualTypeOf<APIPromise<ResponseOf<'getTag'>>>();
    expectTypeOf<ReturnType<ClientMethod<'listTags'>>>().toMatchTypeOf<PagePromise<ResponseOf<'listTags'>, unknown>>();
  });
});
