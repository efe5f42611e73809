import { inspect } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { AuthenticationError, createClient, createHttpClient, listTags, ValidationError } from '../src/index';
import { HttpResponse, on, PROJECT, useMockServer, BASE } from './helpers';

const { server, seen } = useMockServer();
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl';
const PASSWORD = 'correct horse battery staple';
const tags = () => on('get', `/${PROJECT}/tags`, () => HttpResponse.json([]));

describe('sign-ins keep the JWT for the calls that follow', () => {
  it('agent sign-in (email + password)', async () => {
    server.use(
      on('post', '/auth/signin', async ({ request }) => {
        const body = (await request.json()) as { email: string; password: string };
        return body.password === PASSWORD
          ? HttpResponse.json({ success: true, token: `JWT ${TOKEN}`, user: { _id: '65f1a2b3c4d5e6f708090b03', email: body.email } })
          : HttpResponse.json({ success: false, msg: 'Authentication failed. Wrong password.' }, { status: 401 });
      }),
      tags(),
    );
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT });
    expect(sk.authKind).toBe('none');
    const session = await sk.auth.signIn({ email: 'agent@acme-support.test', password: PASSWORD });
    expect(session.user.email).toBe('agent@acme-support.test');
    expect(seen[0]!.headers.get('authorization')).toBeNull();
    expect(sk.authKind).toBe('jwt');
    await sk.tags.list();
    expect(seen[1]!.headers.get('authorization')).toBe(`JWT ${TOKEN}`);
    // The generated functions, called with the client's generated client, share the same credentials.
    await listTags({ client: sk.http.client, path: { project_id: PROJECT } });
    expect(seen[2]!.headers.get('authorization')).toBe(`JWT ${TOKEN}`);
    const wrong = await sk.auth.signIn({ email: 'agent@acme-support.test', password: 'nope' }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(AuthenticationError);
    expect(String(wrong)).toContain('Wrong password');
  });

  it('anonymous sign-in (id_project and optional user details)', async () => {
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

  it('custom-token sign-in sends the custom JWT and keeps the returned token', async () => {
    server.use(
      on('post', '/auth/signinWithCustomToken', ({ request }) => HttpResponse.json({ success: true, token: request.headers.get('authorization'), user: { _id: 'crm-customer-8841' } })),
      tags(),
    );
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT });
    await sk.auth.signInWithCustomToken({ customToken: 'custom.jwt.value' });
    expect(seen[0]!.headers.get('authorization')).toBe('JWT custom.jwt.value');
    await sk.tags.list();
    expect(seen[1]!.headers.get('authorization')).toBe('JWT custom.jwt.value');
  });

  it('a sign-in answered without a token is a ValidationError, and keeps the old credentials', async () => {
    server.use(on('post', '/auth/signin', () => HttpResponse.json({ success: true })));
    const sk = createClient({ baseUrl: BASE, auth: { token: TOKEN } });
    await expect(sk.auth.signIn({ email: 'a@b.test', password: 'x' })).rejects.toBeInstanceOf(ValidationError);
    expect(sk.authKind).toBe('jwt');
  });
});

describe('credentials', () => {
  it.each([TOKEN, `JWT ${TOKEN}`, `jwt  ${TOKEN}`])('a token given as %j is sent as "JWT <token>"', async (given) => {
    server.use(tags());
    await createClient({ baseUrl: BASE, projectId: PROJECT, auth: { token: given } }).tags.list();
    expect(seen[0]!.headers.get('authorization')).toBe(`JWT ${TOKEN}`);
  });

  it('Basic credentials', async () => {
    server.use(tags());
    await createClient({ baseUrl: BASE, projectId: PROJECT, auth: { basic: { email: 'agent@acme-support.test', password: PASSWORD } } }).tags.list();
    expect(seen[0]!.headers.get('authorization')).toBe(`Basic ${btoa(`agent@acme-support.test:${PASSWORD}`)}`);
  });

  it('the tree-shakable transport sends them too', async () => {
    server.use(tags());
    const { client } = createHttpClient({ baseUrl: BASE, auth: { token: TOKEN } });
    await listTags({ client, path: { project_id: PROJECT } });
    expect(seen[0]!.headers.get('authorization')).toBe(`JWT ${TOKEN}`);
  });

  it('rejects an empty token', () => {
    expect(() => createClient({ baseUrl: BASE, auth: { token: 'JWT ' } })).toThrow(/empty/);
  });
});

describe('secrets never leak', () => {
  it('not through JSON.stringify, toString or inspect of the client', () => {
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT, auth: { basic: { email: 'agent@acme-support.test', password: PASSWORD } } });
    const shown = [JSON.stringify(sk), String(sk.http.credentials), inspect(sk, { depth: 10, showHidden: true }), JSON.stringify(sk.http.credentials)].join('\n');
    expect(shown).not.toContain(PASSWORD);
    const jwt = createClient({ baseUrl: BASE, auth: { token: TOKEN } });
    expect([JSON.stringify(jwt), inspect(jwt, { depth: 10, showHidden: true })].join('\n')).not.toContain(TOKEN);
  });

  it('not through errors, even when a body echoes them', async () => {
    server.use(on('post', '/auth/signin', () => HttpResponse.json({ success: false, msg: 'nope', token: TOKEN, password: PASSWORD }, { status: 401 })));
    const sk = createClient({ baseUrl: BASE, auth: { token: TOKEN } });
    const failure = await sk.auth.signIn({ email: 'a@b.test', password: PASSWORD }).catch((e: unknown) => e);
    const shown = [String(failure), JSON.stringify(failure), inspect(failure, { depth: 10 })].join('\n');
    expect(shown).not.toContain(TOKEN);
    expect(shown).not.toContain(PASSWORD);
  });

  it('not through logs', async () => {
    server.use(tags());
    const sink = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    await createClient({ baseUrl: BASE, projectId: PROJECT, auth: { token: TOKEN }, logLevel: 'debug', logger: sink }).tags.list();
    const logged = JSON.stringify([sink.debug.mock.calls, sink.info.mock.calls]);
    expect(sink.debug).toHaveBeenCalled();
    expect(logged).toContain('/tags');
    expect(logged).toContain('[redacted]');
    expect(logged).not.toContain(TOKEN);
  });
});
