import { describe, expect, it } from 'vitest';
import { CredentialStore } from '../src/auth';
import { AuthenticationError, createClient, listTags, SupportKbError, ValidationError } from '../src/index';
import { signInBehaviours } from '../src/sign-in';
import { BASE, HttpResponse, on, PROJECT, useMockServer } from './helpers';

/** The sign-ins of `createClient` (src/sign-in.ts): each keeps its token; the custom-token one sends its JWT. */
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
        HttpResponse.json({ success: true, token: `JWT ${TOKEN}`, user: { _id: '3f6c2a1e-8b7d-4c5e-9f0a-1b2c3d4e5f60', id: '3f6c2a1e-8b7d-4c5e-9f0a-1b2c3d4e5f60', firstname: 'guest#5f60', fullName: 'guest#5f60' } }),
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
    const failure = await createClient({ baseUrl: BASE }).auth.signInWithCustomToken(params as never).catch((e: unknown) => e);
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

describe('signInBehaviours()', () => {
  it('covers the three sign-ins and no other operation', () => {
    expect(Object.keys(signInBehaviours(new CredentialStore())).sort()).toEqual(['signIn', 'signInAnonymously', 'signInWithCustomToken']);
  });

  it('complete() stores the token of an answer', () => {
    const store = new CredentialStore();
    signInBehaviours(store).signInAnonymously!.complete!({ token: `JWT ${TOKEN}` }, {});
    expect(store.kind).toBe('jwt');
    expect(store.authorization({ type: 'apiKey', name: 'Authorization' })).toBe(`JWT ${TOKEN}`);
  });

  it('prepare() moves customToken into the Authorization header and keeps the other headers', () => {
    const prepared = signInBehaviours(new CredentialStore()).signInWithCustomToken!.prepare!({ customToken: 'abc', extra: 1 }, { 'X-Client': 'sdk' });
    expect(prepared).toEqual({ params: { extra: 1 }, headers: { 'X-Client': 'sdk', Authorization: 'JWT abc' } });
  });
});
