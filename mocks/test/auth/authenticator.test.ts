import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signToken } from '../../src/auth/tokens';
import { createMockService } from '../../src/service/create';
import { SEED } from '../../src/state/seed';
import { PID, useMock } from '../support/harness';
import { call, json } from '../support/requests';

const { api, as, service } = useMock();
const { agent } = SEED.members;

describe('credentials', () => {
  it('accepts Basic email:password', async () => {
    expect((await api(`/${PID}/tags`, { auth: service.basic('agent') })).status).toBe(200);
  });

  it('refuses a wrong Basic password with 401 text and the Basic challenge', async () => {
    const bad = await api(`/${PID}/tags`, { auth: `Basic ${btoa(`${agent.email}:nope`)}` });
    expect(bad.status).toBe(401);
    expect(bad.text).toBe('Unauthorized');
    expect(bad.headers.get('www-authenticate')).toBe('Basic realm="Users"');
  });

  it('takes the JWT scheme in any case and refuses Bearer', async () => {
    const token = (await as('agent')).slice(4);
    expect((await api(`/${PID}/tags`, { auth: `jwt ${token}` })).status).toBe(200);
    expect((await api(`/${PID}/tags`, { auth: `Bearer ${token}` })).status).toBe(401);
  });

  it('refuses a request without credentials (401)', async () => {
    expect((await api(`/${PID}/tags`)).status).toBe(401);
  });

  it('refuses a token signed with another secret (401)', async () => {
    const forged = await new SignJWT({ _id: agent.userId, sub: 'user' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('another-secret'));
    expect((await api(`/${PID}/tags`, { auth: `JWT ${forged}` })).status).toBe(401);
  });

  it('answers 400 text `Bad Request` for an Authorization value without a scheme where the operation declares it, else 401', async () => {
    expect(await api(`/${PID}/tags`, { auth: 'justonetoken' })).toMatchObject({ status: 400, text: 'Bad Request' });
    // listContents declares no text/plain 400: the same header gets 401 there.
    expect((await api(`/${PID}/kb?namespace=${PID}`, { auth: 'justonetoken' })).status).toBe(401);
  });
});

describe('the credentials as passport and middleware/valid-token.js read them', () => {
  it('takes the Basic password between the first and the second colon (passport-http)', async () => {
    expect((await api(`/${PID}/tags`, { auth: `Basic ${btoa(`${agent.email}:${agent.password}:anything`)}` })).status).toBe(200);
    expect((await api(`/${PID}/tags`, { auth: `Basic ${btoa(`${agent.email.toUpperCase()}:${agent.password}`)}` })).status).toBe(200);
  });

  it('answers 403 `Unauthorized.` to a valid token in a header that is not two words', async () => {
    const token = await as('agent');
    expect(await api(`/${PID}/tags`, { auth: token.replace('JWT ', 'JWT  ') })).toMatchObject({ status: 403, body: { success: false, msg: 'Unauthorized.' } });
    expect(await api(`/${PID}/tags`, { auth: `${token} extra` })).toMatchObject({ status: 403, body: { success: false, msg: 'Unauthorized.' } });
  });

  it('takes `?secret_token=` as the JWT strategy does: a valid token without a header is 403 `Unauthorized.` (valid-token.js reads the header), an invalid one 401, strict mode 401', async () => {
    const token = (await as('agent')).slice(4);
    expect(await api(`/${PID}/tags?secret_token=${token}`)).toMatchObject({ status: 403, body: { success: false, msg: 'Unauthorized.' } });
    expect((await api(`/${PID}/tags?secret_token=junk`)).status).toBe(401);
    expect((await api(`/${PID}/tags?secret_token=${token}&secret_token=${token}`)).status).toBe(401);
    // With a two-word header whose Basic credentials fail, the query's token is the caller's.
    expect((await api(`/${PID}/tags?secret_token=${token}`, { auth: `Basic ${btoa(`${agent.email}:nope`)}` })).status).toBe(200);
    // A JWT header wins over the query.
    expect((await api(`/${PID}/tags?secret_token=${token}`, { auth: 'JWT junk' })).status).toBe(401);
    const strict = createMockService({ strict: true });
    const signIn = await call(strict, '/auth/signin', json(undefined, { email: agent.email, password: agent.password }));
    const strictToken = String(signIn.body.token).slice(4);
    expect((await call(strict, `/${PID}/tags`, { headers: { Authorization: `JWT ${strictToken}` } })).status).toBe(200);
    expect((await call(strict, `/${PID}/tags?secret_token=${strictToken}`)).status).toBe(401);
  });

  it("reads a token's caller from its subject: signed with a subscription's secret, `userexternal` is an external user of that subscription's project", async () => {
    const admin = service.basic('admin');
    const subscription = (await api(`/${PID}/subscriptions`, { auth: admin, body: { event: 'lead.create', target: 'http://127.0.0.1:9/h' } })).body;
    const external = await signToken({ _id: 'from-a-subscription', sub: 'userexternal', aud: `https://tiledesk.com/subscriptions/${subscription._id}` }, subscription.secret);
    const signedIn = await api('/auth/signinWithCustomToken', { method: 'POST', auth: `JWT ${external}` });
    expect(signedIn.status).toBe(200);
    expect([...service.store.teammates.values()].find((t) => t.uuid_user === 'from-a-subscription')).toMatchObject({ id_project: PID, role: 'user' });
    expect((await api(`/${PID}/requests/support-group-sub-user/messages`, { auth: `JWT ${external}`, body: { text: 'hi' } })).status).toBe(200);
  });

  it('answers 500 {err: "error"} to a token whose aud is no URL (passport throws)', async () => {
    const token = await signToken({ _id: agent.userId, sub: 'user', aud: 'not a url' }, SEED.serverSecret);
    expect(await api(`/${PID}/tags`, { auth: `JWT ${token}` })).toMatchObject({ status: 500, body: { err: 'error' } });
  });
});

describe('token lifetimes are checked on every use, cached or not', () => {
  const direct = createMockService({ clock: { frozen: true }, webhooks: { delivery: 'none' } });
  afterEach(() => {
    vi.useRealTimers();
    direct.reset();
  });

  it('a token used before its `exp` is refused after it (401)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Date.now();
    const token = await signToken({ _id: SEED.members.admin.userId, sub: 'user', aud: 'https://tiledesk.com', iat: Math.floor(now / 1000), exp: Math.floor(now / 1000) + 60 }, SEED.serverSecret);
    expect((await call(direct, `/${PID}/tags`, { headers: { Authorization: `JWT ${token}` } })).status).toBe(200);
    vi.setSystemTime(now + 61_000);
    expect(await call(direct, `/${PID}/tags`, { headers: { Authorization: `JWT ${token}` } })).toMatchObject({ status: 401, text: 'Unauthorized' });
  });

  it('a token used before its `nbf` is refused, then accepted once it is valid (no remembered refusal)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Date.now();
    const custom = await signToken({ _id: SEED.guest.uuid, sub: 'userexternal', aud: `https://tiledesk.com/projects/${PID}`, nbf: Math.floor(now / 1000) + 60 }, SEED.projectSecret);
    const send = () => call(direct, `/${PID}/requests/support-group-nbf/messages`, json(`JWT ${custom}`, { text: 'hi' }));
    expect((await send()).status).toBe(401);
    vi.setSystemTime(now + 61_000);
    expect((await send()).status).toBe(200);
  });
});

describe('the cache of verified tokens (issue #19: memory bounded by size, not only by count)', () => {
  it('keeps at most 4 Mi characters of tokens and never a token over 64 Ki characters', async () => {
    const { Authenticator } = await import('../../src/auth/authenticator');
    const auth = new Authenticator(service.store, SEED.serverSecret);
    const chars = () => (auth as unknown as { cachedChars: number; cache: Map<string, unknown> }).cachedChars;
    const entries = () => (auth as unknown as { cache: Map<string, unknown> }).cache.size;
    // 200 guest tokens carrying 40 KB of attributes each (8 MB of tokens): before, all 200 were kept.
    for (let i = 0; i < 200; i++) {
      const token = await signToken({ _id: `guest-${i}`, sub: 'guest', attributes: { note: 'x'.repeat(40_000) } }, SEED.serverSecret);
      expect(await auth.authenticate(`JWT ${token}`, false)).toHaveProperty('caller');
    }
    expect(chars()).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(entries()).toBeLessThan(200);
    const huge = await signToken({ _id: 'guest-huge', sub: 'guest', attributes: { note: 'x'.repeat(100_000) } }, SEED.serverSecret);
    const before = entries();
    await auth.authenticate(`JWT ${huge}`, false);
    expect(entries()).toBe(before);
    auth.clear();
    expect([chars(), entries()]).toEqual([0, 0]);
  });
});
