import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIError,
  AuthenticationError,
  createClient,
  createHttpClient,
  createSubscription,
  createTag,
  deleteLabels,
  getTag,
  getTeammateByUserId,
  listGroups,
  listLeads,
  listTags,
  operations,
  PermissionDeniedError,
  ResponseParseError,
  signIn,
  SupportKbError,
  ValidationError,
} from '../src/index';
import { BASE, closedPort, HttpResponse, on, PROJECT, useHostileServer, useMockServer, useTwoOrigins } from './helpers';

/**
 * The transport (src/internal/transport.ts): the one code path that sends requests, for `createClient`'s methods
 * and for the generated functions on `createHttpClient`'s client. What it puts on the wire, the advice it
 * adds to errors, connection errors and 2xx bodies that are not JSON, through both styles.
 */
const { server, seen } = useMockServer();
const failureOf = (promise: PromiseLike<unknown>) =>
  Promise.resolve(promise).then(
    () => undefined,
    (error: unknown) => error,
  );
const TAG = { _id: '65f1a2b3c4d5e6f708091101', tag: 'vip', id_project: PROJECT };
const LOGIN = { email: 'admin@acme-support.test', password: 'Str0ng-example-passw0rd' };

describe('the request on the wire', () => {
  it('sends Content-Type: application/json with a body, and none without one', async () => {
    server.use(
      on('post', `/${PROJECT}/tags`, () => HttpResponse.json(TAG)),
      on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json(TAG)),
    );
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT, auth: { token: 'abc' } });
    await sk.tags.create({ tag: 'vip' });
    await sk.tags.get({ id: TAG._id });
    expect(seen[0]!.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(seen[0]!.body)).toEqual({ tag: 'vip' });
    expect(seen[1]!.headers.get('content-type')).toBeNull();
    expect(seen[1]!.body).toBe('');
  });

  it('a call header overrides a client header of any case', async () => {
    server.use(on('get', `/${PROJECT}/tags`, () => HttpResponse.json([])));
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT, headers: { 'X-Trace': 'client', 'X-Client': 'kept' } });
    await sk.tags.list({}, { headers: { 'x-trace': 'call' } });
    expect(seen[0]!.headers.get('x-trace')).toBe('call');
    expect(seen[0]!.headers.get('x-client')).toBe('kept');
  });

  it('an Authorization header set by the call is sent instead of the credentials', async () => {
    server.use(on('get', `/${PROJECT}/tags`, () => HttpResponse.json([])));
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT, auth: { token: 'held' } });
    await sk.tags.list({}, { headers: { authorization: 'JWT per-call' } });
    expect(seen[0]!.headers.get('authorization')).toBe('JWT per-call');
  });

  it('encodes path parameters and query parameters', async () => {
    server.use(
      on('get', `/${PROJECT}/leads`, () => HttpResponse.json({ perPage: 40, count: 0, leads: [] })),
      on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json(TAG)),
    );
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT });
    await sk.leads.list({ tags: 'vip,a b', full_text: 'Ada & co' });
    await sk.tags.get({ id: 'a/b c' });
    expect(seen[0]!.url.search).toBe('?tags=vip%2Ca%20b&full_text=Ada%20%26%20co&page=0');
    expect(seen[1]!.url.pathname).toBe(`/v2/${PROJECT}/tags/a%2Fb%20c`);
  });

  it('a missing path parameter sends nothing and names it, in both styles', async () => {
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT });
    // @ts-expect-error -- id is required
    const direct = await failureOf(sk.tags.get({}));
    const generated = await failureOf(getTag({ client: createHttpClient({ baseUrl: BASE }).client, path: { project_id: PROJECT } as never }));
    for (const failure of [direct, generated]) {
      expect(failure).toBeInstanceOf(SupportKbError);
      expect((failure as Error).message).toBe('getTag needs the path parameter id.');
    }
    expect(seen).toHaveLength(0);
  });
});

describe('a path parameter that URL parsing would turn into another path (dot segments)', () => {
  // `DELETE /{p}/labels/.` is parsed as `DELETE /{p}/labels/` (delete all labels); `..` climbs a level.
  const spy = () => vi.fn<typeof fetch>(async () => HttpResponse.json([]));
  const refused = (failure: unknown, operationId: string, name: string, sent: string) => {
    expect(failure).toBeInstanceOf(ValidationError);
    const error = failure as ValidationError;
    expect(error.direction).toBe('request');
    expect(error.issues).toEqual([{ path: ['path', name], code: 'invalid_path_segment', message: expect.stringContaining(`"${sent}" is not a path segment`) }]);
    expect(error.message).toBe(`Request of ${operationId} violates the contract: path.${name}: "${sent}" is not a path segment: URL parsing would change the operation; pass a real ${name}`);
  };

  it.each([
    ['deleteLabels', 'lang', '.', (sk: ReturnType<typeof createClient>) => sk.labels.delete({ lang: '.' })],
    ['getTeammateByUserId', 'user_id', '..', (sk: ReturnType<typeof createClient>) => sk.team.getByUserId({ user_id: '..' })],
    ['getTag', 'id', '.', (sk: ReturnType<typeof createClient>) => sk.tags.get({ id: '.' })],
    ['getTag', 'id', '..', (sk: ReturnType<typeof createClient>) => sk.tags.get({ id: ['..'] as never })],
    ['listTags', 'project_id', '..', (sk: ReturnType<typeof createClient>) => sk.tags.list({}, { projectId: '..' })],
  ])('createClient: %s with %s %j is refused before sending', async (operationId, name, sent, call) => {
    const fetch = spy();
    refused(await failureOf(call(createClient({ baseUrl: BASE, projectId: PROJECT, fetch, auth: { token: 'abc' } }))), operationId, name, sent);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the generated functions on createHttpClient are refused the same way, validation or not', async () => {
    const fetch = spy();
    const { client } = createHttpClient({ baseUrl: BASE, fetch, auth: { token: 'abc' } });
    refused(await failureOf(deleteLabels({ client, path: { project_id: PROJECT, lang: '.' } })), 'deleteLabels', 'lang', '.');
    refused(await failureOf(getTeammateByUserId({ client, path: { project_id: PROJECT, user_id: '..' } })), 'getTeammateByUserId', 'user_id', '..');
    refused(await failureOf(getTag({ client, path: { project_id: '..', id: TAG._id } })), 'getTag', 'project_id', '..');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('values with dots that stay one segment are sent, percent-encoded (`%` too, so `%2e` is no dot)', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json(TAG)));
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT });
    for (const id of ['...', '.a', 'a.', '%2e', '.%2E', '%2e%2e', 'a/..', '../x']) await sk.tags.get({ id });
    expect(seen.map((s) => s.url.pathname.slice(`/v2/${PROJECT}/tags/`.length))).toEqual(['...', '.a', 'a.', '%252e', '.%252E', '%252e%252e', 'a%2F..', '..%2Fx']);
  });
});

describe('redirects of requests with a body (two origins on loopback)', () => {
  const origins = useTwoOrigins();
  // Real sockets: MSW would answer every request itself.
  beforeAll(() => server.close());
  afterAll(() => server.listen({ onUnhandledFrame: 'error' }));
  const BASIC = { basic: { email: 'agent@acme-support.test', password: 'Str0ng-example-passw0rd' } };
  const advice = 'not followed: it would send the credentials or body there again; point baseUrl at the final address';

  it('a 307 to another origin is not followed: the second origin receives nothing, in both styles', async () => {
    const sk = createClient({ baseUrl: `${origins.first.url}/v2`, projectId: PROJECT, auth: BASIC, maxRetries: 0 });
    const direct = (await failureOf(sk.tags.create({ tag: 'vip' }))) as APIError;
    const { client } = createHttpClient({ baseUrl: `${origins.first.url}/v2`, auth: BASIC, maxRetries: 0 });
    const generated = (await failureOf(createTag({ client, path: { project_id: PROJECT }, body: { tag: 'vip' } }))) as APIError;
    for (const failure of [direct, generated]) {
      expect(failure).toBeInstanceOf(APIError);
      expect(failure.status).toBe(307);
      expect(failure.message).toBe(`307 (createTag) — redirected to ${origins.second.url}, ${advice}`);
    }
    expect(origins.first.received.map((r) => r.body)).toEqual(['{"tag":"vip"}', '{"tag":"vip"}']);
    expect(origins.second.received).toEqual([]);
  });

  it('a 308 to the same origin is refused too (browsers hide where a redirect points, so no runtime can follow it the same way)', async () => {
    origins.redirect = { status: 308, to: 'same' };
    const sk = createClient({ baseUrl: `${origins.first.url}/v2`, projectId: PROJECT, maxRetries: 0 });
    const failure = (await failureOf(sk.tags.update({ id: TAG._id, tag: 'vip' }))) as APIError;
    expect(failure.message).toBe(`308 (updateTag) — redirected to ${origins.first.url}, ${advice}`);
    expect(origins.first.received.map((r) => r.url)).toEqual([`/v2/${PROJECT}/tags/${TAG._id}`]);
  });

  it('a request without a body keeps following redirects (fetch drops Authorization across origins)', async () => {
    origins.redirect = { status: 302, to: 'second' };
    const sk = createClient({ baseUrl: `${origins.first.url}/v2`, projectId: PROJECT, auth: BASIC, maxRetries: 0 });
    await sk.tags.list();
    expect(origins.second.received.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([['GET', `/v2/${PROJECT}/tags?page=0`, undefined]]);
  });

  it("a browser's opaque redirect (status 0, no Location) is an APIError saying so", async () => {
    const requests: Request[] = [];
    const fetch = vi.fn<typeof globalThis.fetch>(async (input) => {
      requests.push(input as Request);
      const response = new Response(null, { status: 200 });
      for (const [key, value] of [
        ['type', 'opaqueredirect'],
        ['status', 0],
        ['ok', false],
        ['statusText', ''],
      ] as const)
        Object.defineProperty(response, key, { value });
      return response;
    });
    const failure = (await failureOf(createClient({ baseUrl: BASE, projectId: PROJECT, fetch, maxRetries: 0 }).tags.create({ tag: 'vip' }))) as APIError;
    expect(failure).toBeInstanceOf(APIError);
    expect(failure.status).toBe(0);
    expect(failure.message).toBe(`0 (createTag) — redirected to an address the browser hides, ${advice}`);
    expect(requests.map((r) => r.redirect)).toEqual(['manual']);
  });
});

describe('a call before signing in', () => {
  const unauthorized = () => new HttpResponse('Unauthorized', { status: 401, headers: { 'content-type': 'text/plain' } });

  it('the 401 says no credentials were sent, how to sign in and how to pass credentials', async () => {
    server.use(on('get', `/${PROJECT}/leads`, unauthorized));
    const failure = (await failureOf(createClient({ baseUrl: BASE, projectId: PROJECT }).leads.list())) as AuthenticationError;
    expect(failure).toBeInstanceOf(AuthenticationError);
    expect(failure.message).toBe(
      '401 Unauthorized (listLeads) — no credentials were sent: sign in first (auth.signIn, auth.signInAnonymously or auth.signInWithCustomToken; with a generated function, call it, then http.credentials.set({ token })), or pass the auth option ({ token } or { basic: { email, password } })',
    );
    expect(seen[0]!.headers.has('authorization')).toBe(false);
  });

  it('a generated function gets the same error', async () => {
    server.use(on('get', `/${PROJECT}/groups`, unauthorized));
    const direct = (await failureOf(createClient({ baseUrl: BASE, projectId: PROJECT }).groups.list())) as AuthenticationError;
    const generated = (await failureOf(listGroups({ client: createHttpClient({ baseUrl: BASE }).client, path: { project_id: PROJECT } }))) as AuthenticationError;
    expect(generated).toBeInstanceOf(AuthenticationError);
    expect(generated.message).toBe(direct.message);
    expect(generated.request).toEqual(direct.request);
  });

  it('no advice when credentials were sent (a rejected token)', async () => {
    server.use(on('get', `/${PROJECT}/leads`, unauthorized));
    const direct = (await failureOf(createClient({ baseUrl: BASE, projectId: PROJECT, auth: { token: 'expired' } }).leads.list())) as Error;
    const generated = (await failureOf(listLeads({ client: createHttpClient({ baseUrl: BASE, auth: { token: 'expired' } }).client, path: { project_id: PROJECT } }))) as Error;
    expect(direct.message).toBe('401 Unauthorized (listLeads)');
    expect(generated.message).toBe('401 Unauthorized (listLeads)');
  });

  it('no advice on a sign-in (a wrong password): it needs no credentials', async () => {
    server.use(on('post', '/auth/signin', () => HttpResponse.json({ success: false, msg: 'Authentication failed. User not found.' }, { status: 401 })));
    const login = { email: 'nobody@acme-support.test', password: 'wrong' };
    expect(((await failureOf(createClient({ baseUrl: BASE }).auth.signIn(login))) as Error).message).toBe('401 Authentication failed. User not found. (signIn)');
    expect(((await failureOf(signIn({ client: createHttpClient({ baseUrl: BASE }).client, body: login }))) as Error).message).toBe('401 Authentication failed. User not found. (signIn)');
  });
});

describe("a role below the operation's minimum", () => {
  const wrongRole = () => HttpResponse.json({ success: false, msg: 'you dont have the required role.' }, { status: 403 });
  const SUBSCRIPTION = { event: 'message.create', target: 'https://hooks.acme-support.test/tiledesk' } as const;

  it("the operations manifest carries each operation's minimum role from the contract", () => {
    expect(operations.createSubscription.minRole).toBe('admin');
    expect(operations.listLeads.minRole).toBe('agent');
    expect(operations.createMessage.minRole).toBe('guest');
    expect(operations.signIn.minRole).toBe('none');
    expect(Object.values(operations).every((info) => ['none', 'guest', 'user', 'agent', 'admin', 'owner'].includes(info.minRole))).toBe(true);
  });

  it("the 403 names the minimum role after the service's message", async () => {
    server.use(on('post', `/${PROJECT}/subscriptions`, wrongRole));
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT, auth: { token: 'agent-token' } });
    const failure = (await failureOf(sk.subscriptions.create(SUBSCRIPTION))) as PermissionDeniedError;
    expect(failure).toBeInstanceOf(PermissionDeniedError);
    expect(failure.message).toBe('403 you dont have the required role. (createSubscription) — createSubscription needs the admin role or higher in the project');
  });

  it('a generated function gets the same error', async () => {
    server.use(on('post', `/${PROJECT}/subscriptions`, wrongRole), on('get', `/${PROJECT}/leads`, wrongRole));
    const { client } = createHttpClient({ baseUrl: BASE, auth: { token: 'guest-token' } });
    const denied = (await failureOf(createSubscription({ client, path: { project_id: PROJECT }, body: SUBSCRIPTION }))) as PermissionDeniedError;
    expect(denied).toBeInstanceOf(PermissionDeniedError);
    expect(denied.message).toBe('403 you dont have the required role. (createSubscription) — createSubscription needs the admin role or higher in the project');
    const leads = (await failureOf(listLeads({ client, path: { project_id: PROJECT } }))) as PermissionDeniedError;
    expect(leads.message).toMatch(/— listLeads needs the agent role or higher in the project$/);
  });

  it('no role advice on an operation any caller may use', async () => {
    server.use(on('get', `/${PROJECT}/labels`, wrongRole));
    const failure = (await failureOf(createClient({ baseUrl: BASE, projectId: PROJECT, auth: { token: 'abc' } }).labels.list())) as PermissionDeniedError;
    expect(failure.message).toBe('403 you dont have the required role. (listLabels)');
  });
});

describe('no answer at all', () => {
  it('a refused connection names the error code and host:port, in both styles', async () => {
    const port = await closedPort();
    const baseUrl = `http://127.0.0.1:${port}/v2`;
    server.close(); // real sockets for this test: MSW would answer every request itself
    try {
      const direct = (await failureOf(createClient({ baseUrl, maxRetries: 0 }).auth.signIn(LOGIN))) as APIConnectionError;
      const generated = (await failureOf(signIn({ client: createHttpClient({ baseUrl, maxRetries: 0 }).client, body: LOGIN }))) as APIConnectionError;
      for (const failure of [direct, generated]) {
        expect(failure).toBeInstanceOf(APIConnectionError);
        expect(failure.message).toBe(`Connection error (signIn): ECONNREFUSED 127.0.0.1:${port}; check that baseUrl is right and the service is reachable`);
        expect(failure.request).toEqual({ operationId: 'signIn', method: 'POST', url: `${baseUrl}/auth/signin` });
      }
    } finally {
      server.listen({ onUnhandledFrame: 'error' });
    }
  });

  it('an unknown host names the resolver error and the host', async () => {
    server.close();
    try {
      const failure = (await failureOf(createClient({ baseUrl: 'http://supportkb.invalid/v2', maxRetries: 0 }).auth.signIn(LOGIN))) as APIConnectionError;
      expect(failure).toBeInstanceOf(APIConnectionError);
      expect(failure.message).toMatch(/^Connection error \(signIn\): (ENOTFOUND|EAI_AGAIN) supportkb\.invalid;/);
    } finally {
      server.listen({ onUnhandledFrame: 'error' });
    }
  });
});

describe('a 2xx body that is not JSON never puts the body (or a token in it) into the error', () => {
  const hostile = useHostileServer();
  // Real sockets: MSW would answer every request itself.
  beforeAll(() => server.close());
  afterAll(() => server.listen({ onUnhandledFrame: 'error' }));
  const TOKEN = 'JWT eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJfaWQiOiI2NWYxYTJiM2M0ZDVlNmY3MDgwOTBiMDIifQ.c2VjcmV0LXNpZ25hdHVyZQ';
  const truncated = `{"token":"${TOKEN}","user":{"_id":"65f1a2b3c4d5e6f708090b02","email":"admin@acme-support.test","firstname":"Ad`;
  const secretParts = [TOKEN, TOKEN.slice(4), TOKEN.split('.')[1]!, TOKEN.split('.')[2]!];

  function expectNoSecret(error: unknown) {
    for (const shown of [(error as Error).message, String(error), inspect(error, { depth: 10 }), JSON.stringify(error), (error as Error).stack ?? '']) {
      for (const secret of secretParts) expect(shown).not.toContain(secret);
    }
  }

  it('a truncated sign-in answer throws ResponseParseError (status, operation, redacted excerpt, cause), not an APIError', async () => {
    hostile.use((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(truncated));
    const sk = createClient({ baseUrl: hostile.url, projectId: PROJECT, maxRetries: 0 });
    const failure = (await failureOf(sk.auth.signIn(LOGIN))) as ResponseParseError;
    expectNoSecret(failure);
    expect(failure).toBeInstanceOf(ResponseParseError);
    expect(failure).not.toBeInstanceOf(APIError);
    expect(failure.status).toBe(200);
    expect(failure.request).toEqual({ operationId: 'signIn', method: 'POST', url: `${hostile.url}/auth/signin` });
    expect(failure.cause).toBeInstanceOf(SyntaxError);
    expect(failure.message).toMatch(/^The 200 answer \(signIn\) is not valid JSON \(/);
    expect(failure.excerpt).toMatch(/^\{"token":"\[redacted\]","user":\{"_id":"65f1a2b3c4d5e6f708090b02"/);
  });

  it('the sign-in keeps no token from it', async () => {
    hostile.use((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(truncated));
    const sk = createClient({ baseUrl: hostile.url, projectId: PROJECT, maxRetries: 0 });
    await failureOf(sk.auth.signIn(LOGIN));
    expect(sk.authKind).toBe('none');
  });

  it('a generated function throws the same ResponseParseError, never a SyntaxError', async () => {
    hostile.use((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(truncated));
    const direct = (await failureOf(createClient({ baseUrl: hostile.url, maxRetries: 0 }).auth.signIn(LOGIN))) as ResponseParseError;
    const generated = (await failureOf(signIn({ client: createHttpClient({ baseUrl: hostile.url, maxRetries: 0 }).client, body: LOGIN }))) as ResponseParseError;
    expect(generated).toBeInstanceOf(ResponseParseError);
    expect(generated.message).toBe(direct.message);
    expect(generated.request).toEqual(direct.request);
    expect(generated.cause).toBeInstanceOf(SyntaxError);
    expectNoSecret(generated);
  });

  it('an HTML page from a proxy: the excerpt says what came back, the parser message does not quote it', async () => {
    const page = `<html><body>502 from the proxy, session ${TOKEN}</body></html>`;
    hostile.use((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(page));
    const direct = await failureOf(createClient({ baseUrl: hostile.url, projectId: PROJECT, maxRetries: 0 }).tags.list());
    const generated = await failureOf(listTags({ client: createHttpClient({ baseUrl: hostile.url, maxRetries: 0 }).client, path: { project_id: PROJECT } }));
    for (const failure of [direct, generated]) {
      expect(failure).toBeInstanceOf(ResponseParseError);
      expect((failure as ResponseParseError).excerpt).toMatch(/^<html><body>502 from the proxy, session JWT \[redacted\]/);
      expect(String((failure as Error).cause)).not.toContain('<html>');
      expectNoSecret(failure);
    }
  });
});

describe('the message of a ResponseParseError', () => {
  it('names the status and the operation and quotes the beginning of the body', async () => {
    server.use(on('get', `/${PROJECT}/tags`, () => new HttpResponse('<html>proxy page</html>', { status: 200, headers: { 'content-type': 'text/html' } })));
    const failure = (await failureOf(createClient({ baseUrl: BASE, projectId: PROJECT }).tags.list())) as ResponseParseError;
    expect(failure.excerpt).toBe('<html>proxy page</html>');
    expect(failure.message).toBe(`The 200 answer (listTags) is not valid JSON (Unexpected token '<'); it begins: <html>proxy page</html>`);
  });
});
