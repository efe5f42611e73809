import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/state/seed';
import { PID, useMock } from '../support/harness';

const { api, as, service } = useMock();
const { agent } = SEED.members;

describe('signIn', () => {
  it('issues a JWT with the `JWT ` prefix and no expiry for a seeded user', async () => {
    const res = await api('/auth/signin', { body: { email: agent.email, password: agent.password } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.token).toMatch(/^JWT /);
    expect(res.body.user).toMatchObject({ _id: agent.userId, email: agent.email, firstname: 'Maria', lastname: 'Rossi' });
    const claims = decodeJwt(res.body.token.slice(4));
    expect(claims).toMatchObject({ _id: agent.userId, iss: 'https://tiledesk.com', aud: 'https://tiledesk.com', sub: 'user' });
    expect(claims.exp).toBeUndefined();
  });

  it('gives a token that authenticates later requests', async () => {
    const { token } = (await api('/auth/signin', { body: { email: agent.email, password: agent.password } })).body;
    expect((await api(`/${PID}/project_users`, { auth: token })).status).toBe(200);
  });

  it('refuses an unknown email with the service body (401 JSON)', async () => {
    const unknown = await api('/auth/signin', { body: { email: 'nobody@acme-support.test', password: 'x' } });
    expect(unknown).toMatchObject({ status: 401, body: { success: false, msg: 'Authentication failed. User not found.' } });
  });

  it('refuses a wrong password with the service body (401 JSON)', async () => {
    const wrong = await api('/auth/signin', { body: { email: agent.email, password: 'wrong' } });
    expect(wrong).toMatchObject({ status: 401, body: { success: false, msg: 'Authentication failed. Wrong password.' } });
  });

  it('answers 422 {errors:[{value,msg,param,location}]} for a bad email or an empty password', async () => {
    const res = await api('/auth/signin', { body: { email: 'not-an-email', password: '' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { value: 'not-an-email', msg: 'Invalid value', param: 'email', location: 'body' },
        { value: '', msg: 'Invalid value', param: 'password', location: 'body' },
      ]),
    );
  });
});

describe('signInAnonymously', () => {
  it('creates a guest teammate and a guest token', async () => {
    const res = await api('/auth/signinAnonymously', { body: { id_project: PID, lastname: 'Visitor' } });
    expect(res.status).toBe(200);
    const { user, token } = res.body;
    expect(user._id).toBe(user.id);
    expect(user.firstname).toBe(`guest#${user._id.slice(-4)}`);
    expect(user.fullName).toBe(`${user.firstname} Visitor`);
    expect(decodeJwt(token.slice(4)).sub).toBe('guest');
    const teammate = await api(`/${PID}/project_users/users/${user._id}`, { auth: await as('agent') });
    expect(teammate.body[0]).toMatchObject({ role: 'guest', roleType: 2, uuid_user: user._id, isAuthenticated: false });
  });

  it("gives a token that may post messages but not list the team (the team's minimum role is agent)", async () => {
    const { token } = (await api('/auth/signinAnonymously', { body: { id_project: PID } })).body;
    expect((await api(`/${PID}/requests/support-group-x/messages`, { auth: token, body: { text: 'hi' } })).status).toBe(200);
    expect((await api(`/${PID}/project_users`, { auth: token })).body).toEqual({ success: false, msg: 'you dont have the required role.' });
  });

  it('refuses a body without id_project (422)', async () => {
    expect((await api('/auth/signinAnonymously', { body: { firstname: 'x' } })).status).toBe(422);
  });
});

describe('signInWithCustomToken', () => {
  it('signs in a token of role user with the token itself, as a member of role user', async () => {
    const custom = await service.customToken({ _id: 'crm-customer-8841', firstname: 'Luca', lastname: 'Verdi', email: 'luca.verdi@example.org' });
    const res = await api('/auth/signinWithCustomToken', { method: 'POST', auth: `JWT ${custom}` });
    expect(res.status).toBe(200);
    expect(res.body.token).toBe(`JWT ${custom}`);
    expect(res.body.user).toMatchObject({ _id: 'crm-customer-8841', sub: 'userexternal', aud: `https://tiledesk.com/projects/${PID}` });
    const teammate = await api(`/${PID}/project_users/users/crm-customer-8841`, { auth: await as('agent') });
    expect(teammate.body[0]).toMatchObject({ role: 'user', isAuthenticated: true });
    expect((await api(`/${PID}/requests/support-group-crm/messages`, { auth: res.body.token, body: { text: 'from the CRM' } })).status).toBe(200);
  });

  it('gives a token of role agent a server token of a (new) user', async () => {
    const agentToken = await service.customToken({ _id: 'crm-agent-1', role: 'agent', email: 'crm.agent@acme-support.test', firstname: 'Carla' });
    const strong = await api('/auth/signinWithCustomToken', { method: 'POST', auth: `JWT ${agentToken}` });
    expect(strong.status).toBe(200);
    expect(strong.body.token).not.toBe(`JWT ${agentToken}`);
    expect(strong.body.user).toMatchObject({ email: 'crm.agent@acme-support.test' });
    expect((await api(`/${PID}/project_users`, { auth: strong.body.token })).status).toBe(200);
  });

  it('refuses a token without aud (400 JSON)', async () => {
    const noAud = await new SignJWT({ _id: 'x' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(SEED.projectSecret));
    expect(await api('/auth/signinWithCustomToken', { method: 'POST', auth: `JWT ${noAud}` })).toMatchObject({ status: 400, body: { success: false, msg: 'JWT Aud field is required' } });
  });

  it('refuses a bad signature, or no token, with 401 text', async () => {
    const badSig = await new SignJWT({ _id: 'x', aud: `https://tiledesk.com/projects/${PID}` }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('wrong'));
    expect(await api('/auth/signinWithCustomToken', { method: 'POST', auth: `JWT ${badSig}` })).toMatchObject({ status: 401, text: 'Unauthorized' });
    expect((await api('/auth/signinWithCustomToken', { method: 'POST' })).status).toBe(401);
  });

  it('refuses the token of a disabled teammate (401 JSON)', async () => {
    const custom = await service.customToken({ _id: 'crm-customer-9' });
    expect((await api('/auth/signinWithCustomToken', { method: 'POST', auth: `JWT ${custom}` })).status).toBe(200);
    const teammate = (await api(`/${PID}/project_users/users/crm-customer-9`, { auth: await as('agent') })).body[0];
    expect((await api(`/${PID}/project_users/${teammate._id}`, { method: 'PUT', auth: await as('admin'), body: { status: 'disabled' } })).status).toBe(200);
    expect(await api('/auth/signinWithCustomToken', { method: 'POST', auth: `JWT ${custom}` })).toMatchObject({
      status: 401,
      body: { success: false, msg: 'Authentication failed. Project_user not active.' },
    });
  });
});
