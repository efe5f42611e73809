import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CredentialStore, jwtAuthorization } from '../src/auth';
import { createClient, createHttpClient, listTags } from '../src/index';
import { BASE, HttpResponse, on, PROJECT, useMockServer } from './helpers';

/** Credentials (src/auth.ts): how they are given, sent, replaced and kept out of sight. */
const { server, seen } = useMockServer();
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl';
const PASSWORD = 'correct horse battery staple';
const JWT_SCHEME = { type: 'apiKey', name: 'Authorization' } as const;
const BASIC_SCHEME = { type: 'http', scheme: 'basic' } as const;
const tags = () => on('get', `/${PROJECT}/tags`, () => HttpResponse.json([]));

describe('jwtAuthorization()', () => {
  it.each([TOKEN, `JWT ${TOKEN}`, `jwt  ${TOKEN}`, ` ${TOKEN} `])('%j gives "JWT <token>"', (given) => {
    expect(jwtAuthorization(given)).toBe(`JWT ${TOKEN}`);
  });
});

describe('CredentialStore', () => {
  it('answers the JWT scheme with a token, and not Basic', () => {
    const store = new CredentialStore({ token: TOKEN });
    expect(store.authorization(JWT_SCHEME)).toBe(`JWT ${TOKEN}`);
    expect(store.authorization(BASIC_SCHEME)).toBeUndefined();
  });

  it('answers Basic with email:password, and not the JWT scheme', () => {
    const store = new CredentialStore({ basic: { email: 'agent@acme-support.test', password: PASSWORD } });
    expect(store.authorization(BASIC_SCHEME)).toBe(`agent@acme-support.test:${PASSWORD}`);
    expect(store.authorization(JWT_SCHEME)).toBeUndefined();
  });

  it('set(undefined) signs out', () => {
    const store = new CredentialStore({ token: TOKEN });
    store.set(undefined);
    expect(store.kind).toBe('none');
    expect(store.authorization(JWT_SCHEME)).toBeUndefined();
  });

  it('rejects an empty token', () => {
    expect(() => new CredentialStore({ token: 'JWT ' })).toThrow(/auth.token is empty/);
  });

  it('rejects Basic credentials without a password', () => {
    expect(() => new CredentialStore({ basic: { email: 'a@b.test' } } as never)).toThrow(/auth.basic needs an email and a password/);
  });

  it('a rejected set() keeps the credentials held', () => {
    const store = new CredentialStore({ token: TOKEN });
    expect(() => store.set({ token: '' })).toThrow(TypeError);
    expect(store.authorization(JWT_SCHEME)).toBe(`JWT ${TOKEN}`);
  });

  it('shows only its kind through JSON.stringify, toString and util.inspect', () => {
    const store = new CredentialStore({ basic: { email: 'agent@acme-support.test', password: PASSWORD } });
    expect(JSON.stringify(store)).toBe('{"kind":"basic","credentials":"[redacted]"}');
    expect(String(store)).toBe('CredentialStore(basic)');
    expect(inspect(store, { depth: 10, showHidden: true })).toBe('CredentialStore(basic)');
  });

  it('keeps its own copy of the credentials given', () => {
    const basic = { email: 'agent@acme-support.test', password: PASSWORD };
    const store = new CredentialStore({ basic });
    basic.password = 'changed';
    expect(store.authorization(BASIC_SCHEME)).toBe(`agent@acme-support.test:${PASSWORD}`);
  });
});

describe('credentials on the wire', () => {
  it.each([TOKEN, `JWT ${TOKEN}`, `jwt  ${TOKEN}`])('a token given as %j is sent as "JWT <token>"', async (given) => {
    server.use(tags());
    await createClient({ baseUrl: BASE, projectId: PROJECT, auth: { token: given } }).tags.list();
    expect(seen[0]!.headers.get('authorization')).toBe(`JWT ${TOKEN}`);
  });

  it('Basic credentials are sent base64-encoded', async () => {
    server.use(tags());
    await createClient({ baseUrl: BASE, projectId: PROJECT, auth: { basic: { email: 'agent@acme-support.test', password: PASSWORD } } }).tags.list();
    expect(seen[0]!.headers.get('authorization')).toBe(`Basic ${btoa(`agent@acme-support.test:${PASSWORD}`)}`);
  });

  it('the generated functions on createHttpClient send them too', async () => {
    server.use(tags());
    const { client } = createHttpClient({ baseUrl: BASE, auth: { token: TOKEN } });
    await listTags({ client, path: { project_id: PROJECT } });
    expect(seen[0]!.headers.get('authorization')).toBe(`JWT ${TOKEN}`);
  });

  it('an operation that declares no security gets none', async () => {
    server.use(on('post', '/auth/signin', () => HttpResponse.json({ token: `JWT ${TOKEN}`, user: {} })));
    await createClient({ baseUrl: BASE, auth: { token: TOKEN } }).auth.signIn({ email: 'a@b.test', password: 'x' });
    expect(seen[0]!.headers.get('authorization')).toBeNull();
  });
});
