import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  AuthenticationError,
  createClient,
  createHttpClient,
  createSubscription,
  listLeads,
  operations,
  PermissionDeniedError,
  signIn,
  ValidationError,
} from '../src/index';
import { routeRoles } from '../src/generated/roles.gen';
import { zodValidation } from '../src/zod';
import { BASE, closedPort, HttpResponse, on, PROJECT, useMockServer } from './helpers';

/**
 * The first hour of a new user: errors that say what to do. The service's own words stay first and
 * unchanged; the SDK's advice follows. Both styles (createClient, a generated function on
 * createHttpClient) give the same advice.
 */
const { server, seen } = useMockServer();
const failureOf = (promise: PromiseLike<unknown>) => Promise.resolve(promise).then(
  () => undefined,
  (error: unknown) => error,
);
const unauthorized = () => new HttpResponse('Unauthorized', { status: 401, headers: { 'content-type': 'text/plain' } });
const wrongRole = () => HttpResponse.json({ success: false, msg: 'you dont have the required role.' }, { status: 403 });
const SUBSCRIPTION = { event: 'message.create', target: 'https://hooks.acme-support.test/tiledesk' } as const;

describe('a call before signing in', () => {
  it('createClient: the 401 says no credentials were sent, and names auth.signIn and the auth option', async () => {
    server.use(on('get', `/${PROJECT}/leads`, unauthorized));
    const failure = (await failureOf(createClient({ baseUrl: BASE, projectId: PROJECT }).leads.list())) as AuthenticationError;
    expect(failure).toBeInstanceOf(AuthenticationError);
    expect(failure.message).toBe(
      '401 Unauthorized (listLeads) — no credentials were sent: sign in first with auth.signIn (or auth.signInAnonymously, auth.signInWithCustomToken), or pass the auth option ({ token } or { basic: { email, password } })',
    );
    expect(seen[0]!.headers.has('authorization')).toBe(false);
  });

  it('a generated function: the same advice, for that style', async () => {
    server.use(on('get', `/${PROJECT}/leads`, unauthorized));
    const { client } = createHttpClient({ baseUrl: BASE });
    const failure = (await failureOf(listLeads({ client, path: { project_id: PROJECT } }))) as AuthenticationError;
    expect(failure).toBeInstanceOf(AuthenticationError);
    expect(failure.message).toMatch(/^401 Unauthorized \(GET \/v2\/65f1a2b3c4d5e6f708090a0b\/leads\) — no credentials were sent: call signIn\(\) and then http\.credentials\.set\(\{ token \}\), or pass the auth option/);
  });

  it('no advice when credentials were sent (a rejected token), nor on a sign-in (wrong password)', async () => {
    server.use(on('get', `/${PROJECT}/leads`, unauthorized));
    const withToken = (await failureOf(createClient({ baseUrl: BASE, projectId: PROJECT, auth: { token: 'expired' } }).leads.list())) as AuthenticationError;
    expect(withToken.message).toBe('401 Unauthorized (listLeads)');
    const { client } = createHttpClient({ baseUrl: BASE, auth: { token: 'expired' } });
    expect(((await failureOf(listLeads({ client, path: { project_id: PROJECT } }))) as Error).message).toBe('401 Unauthorized (GET /v2/65f1a2b3c4d5e6f708090a0b/leads)');

    server.use(on('post', '/auth/signin', () => HttpResponse.json({ success: false, msg: 'Authentication failed. User not found.' }, { status: 401 })));
    const login = { email: 'nobody@acme-support.test', password: 'wrong' };
    expect(((await failureOf(createClient({ baseUrl: BASE }).auth.signIn(login))) as Error).message).toBe('401 Authentication failed. User not found. (signIn)');
    expect(((await failureOf(signIn({ client: createHttpClient({ baseUrl: BASE }).client, body: login }))) as Error).message).toBe('401 Authentication failed. User not found. (POST /v2/auth/signin)');
  });
});

describe('a role below the operation\'s minimum', () => {
  it('the operations manifest carries each operation\'s minimum role from the contract', () => {
    expect(operations.createSubscription.minRole).toBe('admin');
    expect(operations.listLeads.minRole).toBe('agent');
    expect(operations.createMessage.minRole).toBe('guest');
    expect(operations.signIn.minRole).toBe('none');
    expect(Object.values(operations).every((info) => ['none', 'guest', 'user', 'agent', 'admin', 'owner'].includes(info.minRole))).toBe(true);
  });

  it('createClient: the 403 names the minimum role after the service\'s message', async () => {
    server.use(on('post', `/${PROJECT}/subscriptions`, wrongRole));
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT, auth: { token: 'agent-token' } });
    const failure = (await failureOf(sk.subscriptions.create(SUBSCRIPTION))) as PermissionDeniedError;
    expect(failure).toBeInstanceOf(PermissionDeniedError);
    expect(failure.message).toBe('403 you dont have the required role. (createSubscription) — createSubscription needs the admin role or higher in the project');
  });

  it('a generated function: the same role, looked up by its route', async () => {
    server.use(on('post', `/${PROJECT}/subscriptions`, wrongRole), on('get', `/${PROJECT}/leads`, wrongRole));
    const { client } = createHttpClient({ baseUrl: BASE, auth: { token: 'guest-token' } });
    const denied = (await failureOf(createSubscription({ client, path: { project_id: PROJECT }, body: SUBSCRIPTION }))) as PermissionDeniedError;
    expect(denied).toBeInstanceOf(PermissionDeniedError);
    expect(denied.message).toBe('403 you dont have the required role. (POST /v2/65f1a2b3c4d5e6f708090a0b/subscriptions) — POST /{project_id}/subscriptions needs the admin role or higher in the project');
    const leads = (await failureOf(listLeads({ client, path: { project_id: PROJECT } }))) as PermissionDeniedError;
    expect(leads.message).toMatch(/— GET \/\{project_id\}\/leads needs the agent role or higher in the project$/);
  });

  it('the route table agrees with the manifest for every operation', () => {
    const roleOf = (route: string) => Object.entries(routeRoles.routes).find(([, routes]) => routes!.split(',').includes(route))?.[0] ?? routeRoles.fallback;
    const fromSource = (id: string) => {
      // The generated function's method and URL template, as it hands them to the client.
      const seenCall: { method?: string; url?: string } = {};
      const probe = new Proxy({}, { get: (_t, method: string) => (options: { url: string }) => Object.assign(seenCall, { method: method.toUpperCase(), url: options.url }) && Promise.resolve({}) });
      (operations as Record<string, { send: (options: unknown) => unknown }>)[id]!.send({ client: probe });
      return `${seenCall.method} ${seenCall.url}`;
    };
    for (const [id, info] of Object.entries(operations)) expect([id, roleOf(fromSource(id))]).toEqual([id, info.minRole]);
  });
});

describe('a wrong base URL', () => {
  it('names the error code and host:port in the message, in both styles', async () => {
    const port = await closedPort();
    const baseUrl = `http://127.0.0.1:${port}/v2`;
    server.close(); // real sockets for this test: MSW would answer every request itself
    try {
      const login = { email: 'admin@acme-support.test', password: 'Str0ng-example-passw0rd' };
      const direct = (await failureOf(createClient({ baseUrl, maxRetries: 0 }).auth.signIn(login))) as APIConnectionError;
      expect(direct).toBeInstanceOf(APIConnectionError);
      expect(direct.message).toBe(`Connection error (signIn): ECONNREFUSED 127.0.0.1:${port}; check that baseUrl is right and the service is reachable`);
      const generated = (await failureOf(signIn({ client: createHttpClient({ baseUrl, maxRetries: 0 }).client, body: login }))) as APIConnectionError;
      expect(generated).toBeInstanceOf(APIConnectionError);
      expect(generated.message).toBe(`Connection error (POST /v2/auth/signin): ECONNREFUSED 127.0.0.1:${port}; check that baseUrl is right and the service is reachable`);
      const unknownHost = (await failureOf(createClient({ baseUrl: 'http://supportkb.invalid/v2', maxRetries: 0 }).auth.signIn(login))) as APIConnectionError;
      expect(unknownHost.message).toMatch(/^Connection error \(signIn\): (ENOTFOUND|EAI_AGAIN) supportkb\.invalid;/);
    } finally {
      server.listen({ onUnhandledFrame: 'error' });
    }
  });
});

describe('a request that fails validation', () => {
  it('ValidationError gives the body, the path and the query parameters their own fields', async () => {
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT, auth: { token: 'abc' }, validate: zodValidation() });
    const failure = (await failureOf(sk.segments.create({ name: 'Nordics', match: 'some' as 'all', password: 'hunter2' } as never))) as ValidationError;
    expect(failure).toBeInstanceOf(ValidationError);
    expect(failure.direction).toBe('request');
    expect(failure.issues[0]!.path).toEqual(['body', 'match']);
    expect(failure.body).toEqual({ name: 'Nordics', match: 'some', password: '[redacted]' });
    expect(failure.pathParams).toEqual({ project_id: PROJECT });
    expect(failure.queryParams).toBeUndefined();
    expect(seen).toHaveLength(0);

    const query = (await failureOf(sk.leads.list({ limit: 0 }))) as ValidationError;
    expect(query.issues[0]!.path[0]).toBe('query');
    expect(query.queryParams).toEqual({ limit: 0, page: 0 });
    expect(query.body).toBeUndefined();
  });

  it('a response violation keeps the 200 body in .body, and no parameters', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ _id: '65f1a2b3c4d5e6f708091101', tag: 'vip', id_project: PROJECT, createdAt: 42 })));
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT, auth: { token: 'abc' }, validate: zodValidation() });
    const failure = (await failureOf(sk.tags.get({ id: '65f1a2b3c4d5e6f708091101' }))) as ValidationError;
    expect(failure.direction).toBe('response');
    expect(failure.body).toMatchObject({ createdAt: 42 });
    expect(failure.pathParams).toBeUndefined();
    expect(failure.queryParams).toBeUndefined();
  });
});
