import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CredentialStore } from '../src/auth';
import { APIError, AuthenticationError, createClient, createHttpClient, listTags, signIn, signInAnonymously, SupportKbError, ValidationError } from '../src/index';
import { operations } from '../src/generated/operations.gen';
import { signInBehaviours } from '../src/internal/sign-in';
import { BASE, HttpResponse, on, PROJECT, TOKEN_ELSEWHERE, useMockServer, useTwoOrigins } from './helpers';

/** The sign-ins of `createClient` (src/internal/sign-in.ts): each keeps its token; the custom-token one sends its JWT. */
const { server, seen } = useMockServer();
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl';
const PASSWORD = 'correct horse battery staple';
const tags = () => on('get', `/${PROJECT}/tags`, () => HttpResponse.json([]));
const agentSignIn = () =>
  on('post', '/auth/signin', async ({ request }) => {
    const body = (await request.json()) as { email: string; password: string };
    return body.password === PASSWORD
      ? HttpResponse.json({ success: true, token: `JWT ${TOKEN}`, user: { _id: '65f1a2b3c4d5e6f708090b03', email: body.email } })
      : HttpResponse.json({ success: false, msg: 'Authentication failed. Wrong password.' }, { status: 401 });
  });

describe('auth.signIn (email and password)', () => {
  it('resolves to the typed answer and sends no credentials itself', async () => {
    server.use(agentSignIn());
    const session = await createClient({ baseUrl: BASE, auth: { token: 'older' } }).auth.signIn({ email: 'agent@acme-support.test', password: PASSWORD });
    expect(session.user.email).toBe('agent@acme-support.test');
    expect(seen[0]!.headers.get('authorization')).toBeNull();
  });

  it('keeps the JWT for the calls that follow', async () => {
    server.use(agentSignIn(), tags());
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT });
    await sk.auth.signIn({ email: 'agent@acme-support.test', password: PASSWORD });
    expect(sk.authKind).toBe('jwt');
    await sk.tags.list();
    expect(seen[1]!.headers.get('authorization')).toBe(`JWT ${TOKEN}`);
  });

  it('the generated functions called with sk.http.client send it too', async () => {
    server.use(agentSignIn(), tags());
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT });
    await sk.auth.signIn({ email: 'agent@acme-support.test', password: PASSWORD });
    await listTags({ client: sk.http.client, path: { project_id: PROJECT } });
    expect(seen[1]!.headers.get('authorization')).toBe(`JWT ${TOKEN}`);
  });

  it('a wrong password throws AuthenticationError and keeps the credentials held', async () => {
    server.use(agentSignIn());
    const sk = createClient({ baseUrl: BASE, auth: { token: 'older' } });
    const wrong = await sk.auth.signIn({ email: 'agent@acme-support.test', password: 'nope' }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(AuthenticationError);
    expect(String(wrong)).toContain('Wrong password');
    expect(sk.authKind).toBe('jwt');
  });
});

describe('auth.signInAnonymously', () => {
  it('sends the id_project and user details, and keeps the JWT', async () => {
    server.use(
      on('post', '/auth/signinAnonymously', () =>
        HttpResponse.json({
          success: true,
          token: `JWT ${TOKEN}`,
          user: { _id: '3f6c2a1e-8b7d-4c5e-9f0a-1b2c3d4e5f60', id: '3f6c2a1e-8b7d-4c5e-9f0a-1b2c3d4e5f60', firstname: 'guest#5f60', fullName: 'guest#5f60' },
        }),
      ),
      tags(),
    );
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT });
    const session = await sk.auth.signInAnonymously({ id_project: PROJECT, firstname: 'Ada' });
    expect(session.user.fullName).toBe('guest#5f60');
    expect(JSON.parse(seen[0]!.body)).toEqual({ id_project: PROJECT, firstname: 'Ada' });
    await sk.tags.list();
    expect(seen[1]!.headers.get('authorization')).toBe(`JWT ${TOKEN}`);
  });
});

describe('auth.signInWithCustomToken', () => {
  const echo = () => on('post', '/auth/signinWithCustomToken', ({ request }) => HttpResponse.json({ success: true, token: request.headers.get('authorization'), user: { _id: 'crm-customer-8841' } }));

  it('sends the custom JWT as Authorization, with no body, over the credentials held', async () => {
    server.use(echo());
    await createClient({ baseUrl: BASE, auth: { basic: { email: 'agent@acme-support.test', password: PASSWORD } } }).auth.signInWithCustomToken({ customToken: 'custom.jwt.value' });
    expect(seen[0]!.headers.get('authorization')).toBe('JWT custom.jwt.value');
    expect(seen[0]!.body).toBe('');
  });

  it('keeps the returned token', async () => {
    server.use(echo(), tags());
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT });
    await sk.auth.signInWithCustomToken({ customToken: 'JWT custom.jwt.value' });
    await sk.tags.list();
    expect(seen[1]!.headers.get('authorization')).toBe('JWT custom.jwt.value');
  });

  it.each([[{}], [{ customToken: '' }], [{ customToken: '  ' }], [{ customToken: 42 }]])('rejects %j before sending anything', async (params) => {
    const failure = await createClient({ baseUrl: BASE })
      .auth.signInWithCustomToken(params as never)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SupportKbError);
    expect((failure as Error).message).toBe('signInWithCustomToken needs { customToken }.');
    expect(seen).toHaveLength(0);
  });
});

describe('a sign-in answered without a token', () => {
  it('is a ValidationError naming the token, and keeps the old credentials', async () => {
    server.use(on('post', '/auth/signin', () => HttpResponse.json({ success: true })));
    const sk = createClient({ baseUrl: BASE, auth: { token: TOKEN } });
    const failure = (await sk.auth.signIn({ email: 'a@b.test', password: 'x' }).catch((e: unknown) => e)) as ValidationError;
    expect(failure).toBeInstanceOf(ValidationError);
    expect(failure.direction).toBe('response');
    expect(failure.issues).toEqual([{ path: ['token'], message: 'sign-in answered without a token', code: 'invalid_type' }]);
    expect(failure.request).toEqual({ operationId: 'signIn', method: 'POST', url: `${BASE}/auth/signin` });
    expect(sk.authKind).toBe('jwt');
  });
});

describe('a sign-in answered with a redirect (two origins on loopback)', () => {
  const origins = useTwoOrigins();
  // Real sockets: MSW would answer every request itself.
  beforeAll(() => server.close());
  afterAll(() => server.listen({ onUnhandledFrame: 'error' }));
  const LOGIN = { email: 'agent@acme-support.test', password: PASSWORD };
  const expectRefused = (failure: unknown, status: number, operationId: string) => {
    expect(failure).toBeInstanceOf(APIError);
    const error = failure as APIError;
    expect(error.status).toBe(status);
    expect(error.message).toBe(`${status} (${operationId}) — redirected to ${origins.second.url}, not followed: it would send the credentials or body there again; point baseUrl at the final address`);
    expect(error.body).toBeUndefined();
    for (const secret of [PASSWORD, 'custom.jwt.value', TOKEN_ELSEWHERE]) expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(secret);
    // The first origin got the sign-in once; the second origin got nothing at all.
    expect(origins.first.received).toHaveLength(1);
    expect(origins.second.received).toEqual([]);
  };

  it.each([307, 308])('%i to another origin: the password is not sent there, no token is kept (createClient)', async (status) => {
    origins.redirect.status = status;
    const sk = createClient({ baseUrl: `${origins.first.url}/v2`, maxRetries: 0 });
    expectRefused(await sk.auth.signIn(LOGIN).catch((e: unknown) => e), status, 'signIn');
    expect(sk.authKind).toBe('none');
  });

  it('the same through the generated function on createHttpClient', async () => {
    const { client } = createHttpClient({ baseUrl: `${origins.first.url}/v2`, maxRetries: 0 });
    expectRefused(await signIn({ client, body: LOGIN }).catch((e: unknown) => e), 307, 'signIn');
  });

  it('signInAnonymously and signInWithCustomToken (no body: its custom JWT in a header) are not redirected either', async () => {
    const sk = createClient({ baseUrl: `${origins.first.url}/v2`, maxRetries: 0 });
    expectRefused(await sk.auth.signInWithCustomToken({ customToken: 'custom.jwt.value' }).catch((e: unknown) => e), 307, 'signInWithCustomToken');
    origins.first.received.length = 0;
    const { client } = createHttpClient({ baseUrl: `${origins.first.url}/v2`, maxRetries: 0 });
    expectRefused(await signInAnonymously({ client, body: { id_project: PROJECT } }).catch((e: unknown) => e), 307, 'signInAnonymously');
    expect(sk.authKind).toBe('none');
  });
});

describe('signInBehaviours()', () => {
  it('covers the three sign-ins and no other operation', () => {
    expect(Object.keys(signInBehaviours(new CredentialStore(), operations)).sort()).toEqual(['signIn', 'signInAnonymously', 'signInWithCustomToken']);
  });

  it('complete() stores the token of an answer', () => {
    const store = new CredentialStore();
    signInBehaviours(store, operations).signInAnonymously!.complete!({ token: `JWT ${TOKEN}` }, {});
    expect(store.kind).toBe('jwt');
    expect(store.authorization({ type: 'apiKey', name: 'Authorization' })).toBe(`JWT ${TOKEN}`);
  });

  it('prepare() moves customToken into the Authorization header and keeps the other headers', () => {
    const prepared = signInBehaviours(new CredentialStore(), operations).signInWithCustomToken!.prepare!({ customToken: 'abc', extra: 1 }, { 'X-Client': 'sdk' });
    expect(prepared).toEqual({ params: { extra: 1 }, headers: { 'X-Client': 'sdk', Authorization: 'JWT abc' } });
  });
});
