import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../src/service/create';
import { SEED } from '../../src/state/seed';
import { PID, useMock } from '../support/harness';
import { call, json } from '../support/requests';

const { api, as, service } = useMock();
const { agent } = SEED.members;

/** A service outside the harness: answers the contract does not describe (yet) are not checked there. */
const direct = createMockService({ clock: { frozen: true }, webhooks: { delivery: 'none' } });

describe('signIn', () => {
  it('issues a JWT with the `JWT ` prefix and no expiry for a seeded user', async () => {
    const res = await api('/auth/signin', { body: { email: agent.email, password: agent.password } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.token).toMatch(/^JWT /);
    // routes/auth.js:573 selects email, firstname, lastname, password, emailverified; :642 drops the password.
    expect(res.body.user).toEqual({ _id: agent.userId, email: agent.email, firstname: 'Maria', lastname: 'Rossi', emailverified: true });
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

  it('refuses a wrong password, and a password that is no string, with the service body (401 JSON)', async () => {
    for (const password of ['wrong', [agent.password], { a: 1 }]) {
      const wrong = await api('/auth/signin', { body: { email: agent.email, password } });
      expect(wrong, JSON.stringify(password)).toMatchObject({ status: 401, body: { success: false, msg: 'Authentication failed. Wrong password.' } });
    }
  });

  it('answers 401 `Password is required.` (two spaces) for a falsy body password that passed the check (routes/auth.js:674)', async () => {
    expect(await api('/auth/signin', { body: { email: agent.email, password: 0 } })).toMatchObject({ status: 401, body: { msg: 'Authentication failed.  Password is required.' } });
    // express-validator reads the query too: the check passes, the body has no password.
    expect(await api('/auth/signin?password=x', { body: { email: agent.email } })).toMatchObject({ status: 401, body: { msg: 'Authentication failed.  Password is required.' } });
  });

  it('answers 422 {errors:[{value,msg,param,location}]} for a bad email or an empty password, `value` absent when not sent (routes/auth.js:565)', async () => {
    const res = await api('/auth/signin', { body: { email: 'not-an-email', password: '' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { value: 'not-an-email', msg: 'Invalid value', param: 'email', location: 'body' },
      { value: '', msg: 'Invalid value', param: 'password', location: 'body' },
    ]);
    expect((await api('/auth/signin', { body: {} })).body.errors).toEqual([
      { msg: 'Invalid value', param: 'email', location: 'body' },
      { msg: 'Invalid value', param: 'password', location: 'body' },
    ]);
  });

  it('validates the email found in the query, and then throws on the missing body email: 500 {err: "error"} (routes/auth.js:568)', async () => {
    expect(await api(`/auth/signin?email=${encodeURIComponent(agent.email)}`, { body: { password: agent.password } })).toMatchObject({ status: 500, body: { err: 'error' } });
    // An array passes isEmail by its first item; `.toLowerCase()` of the array throws.
    expect(await api('/auth/signin', { body: { email: [agent.email], password: agent.password } })).toMatchObject({ status: 500, body: { err: 'error' } });
  });

  it('signs in as any user with the default super password `superadmin`, answering the password hash (routes/auth.js:588, :647)', async () => {
    const res = await call(direct, '/auth/signin', json(undefined, { email: agent.email, password: 'superadmin' }));
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ _id: agent.userId, email: agent.email });
    expect(res.body.user.password).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
    // `==`: a one-item array compares as its text.
    expect((await call(direct, '/auth/signin', json(undefined, { email: agent.email, password: ['superadmin'] }))).status).toBe(200);
    expect((await call(direct, `/${PID}/tags`, { headers: { Authorization: res.body.token } })).status).toBe(200);
  });

  it('has the administrator every server creates at boot, whose sign-in answer says `role: "admin"` (services/bootDataLoader.js, routes/auth.js:658)', async () => {
    const res = await api('/auth/signin', { body: { email: SEED.bootAdmin.email, password: SEED.bootAdmin.password } });
    expect(res).toMatchObject({ status: 200, body: { role: 'admin', user: { email: 'admin@tiledesk.com', firstname: 'Administrator' } } });
  });

  it('reads a form-encoded body as the service does', async () => {
    const res = await api('/auth/signin', { raw: `email=${encodeURIComponent(agent.email)}&password=${agent.password}`, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(200);
  });
});

describe('signInAnonymously', () => {
  it('creates a guest teammate (no names, no attributes, no presence) and a guest token', async () => {
    const res = await api('/auth/signinAnonymously', { body: { id_project: PID, lastname: 'Visitor', attributes: { a: 1 } } });
    expect(res.status).toBe(200);
    const { user, token } = res.body;
    expect(user._id).toBe(user.id);
    // routes/auth.js:189: the first four characters of the UUID.
    expect(user.firstname).toBe(`guest#${user._id.slice(0, 4)}`);
    expect(user.fullName).toBe(`${user.firstname} Visitor`);
    expect(user.attributes).toEqual({ a: 1 });
    expect(decodeJwt(token.slice(4))).toMatchObject({ sub: 'guest', fullName: user.fullName, attributes: { a: 1 } });
    const teammate = (await api(`/${PID}/project_users/users/${user._id}`, { auth: await as('agent') })).body[0];
    expect(teammate).toMatchObject({ role: 'guest', roleType: 2, uuid_user: user._id, isAuthenticated: false, permissions: [] });
    for (const key of ['presence', 'attributes', 'id_user']) expect(teammate).not.toHaveProperty(key);
  });

  it('keeps `firstname` as sent and computes `fullName` as JavaScript does (a trailing space without a last name)', async () => {
    const numeric = (await call(direct, '/auth/signinAnonymously', json(undefined, { id_project: PID, firstname: 42 }))).body.user;
    expect(numeric).toMatchObject({ firstname: 42, fullName: '42 ' });
    const odd = (await call(direct, '/auth/signinAnonymously', json(undefined, { id_project: PID, firstname: { a: 1 }, lastname: ['x', 'y'] }))).body.user;
    expect(odd.fullName).toBe('[object Object] x,y');
  });

  it("gives a token that may post messages but not list the team (the team's minimum role is agent)", async () => {
    const { token } = (await api('/auth/signinAnonymously', { body: { id_project: PID } })).body;
    expect((await api(`/${PID}/requests/support-group-x/messages`, { auth: token, body: { text: 'hi' } })).status).toBe(200);
    expect((await api(`/${PID}/project_users`, { auth: token })).body).toEqual({ success: false, msg: 'you dont have the required role.' });
  });

  it('refuses a body without id_project (422) but takes one from the query, the guest then belonging to no project (routes/auth.js:172)', async () => {
    expect(await api('/auth/signinAnonymously', { body: { firstname: 'x' } })).toMatchObject({ status: 422, body: { errors: [{ msg: 'Invalid value', param: 'id_project', location: 'body' }] } });
    const queryOnly = await api('/auth/signinAnonymously?id_project=x', { body: {} });
    expect(queryOnly.status).toBe(200);
    const teammate = [...service.store.teammates.values()].find((t) => t.uuid_user === queryOnly.body.user._id);
    expect(teammate).toBeDefined();
    expect(teammate).not.toHaveProperty('id_project');
  });

  it('answers 500 `Error saving object.` for an id_project the model cannot store, and takes a one-item array of the id (routes/auth.js:209)', async () => {
    for (const id_project of ['not-an-id', 0, true]) {
      expect(await api('/auth/signinAnonymously', { body: { id_project } }), String(id_project)).toMatchObject({ status: 500, body: { success: false, msg: 'Error saving object.' } });
    }
    expect((await api('/auth/signinAnonymously', { body: { id_project: [PID] } })).status).toBe(200);
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
    expect(teammate.body[0]).toMatchObject({ role: 'user', roleType: 2, isAuthenticated: true });
    expect((await api(`/${PID}/requests/support-group-crm/messages`, { auth: res.body.token, body: { text: 'from the CRM' } })).status).toBe(200);
  });

  it('gives a token of role agent a server token of a new user, answered with its password hash (userService.signup)', async () => {
    const agentToken = await service.customToken({ _id: 'crm-agent-1', role: 'agent', email: 'Crm.Agent@acme-support.test', firstname: 'Carla' });
    const strong = await call(direct, '/auth/signinWithCustomToken', { method: 'POST', headers: { Authorization: `JWT ${agentToken}` } });
    expect(strong.status).toBe(200);
    expect(strong.body.token).not.toBe(`JWT ${agentToken}`);
    expect(strong.body.user).toMatchObject({ email: 'crm.agent@acme-support.test', firstname: 'Carla', emailverified: false, status: 100 });
    expect(strong.body.user.password).toMatch(/^\$2a\$10\$/);
    // The teammate is an end user (roleType 2) of role agent: it passes the agent role check.
    expect((await call(direct, `/${PID}/project_users`, { headers: { Authorization: strong.body.token } })).status).toBe(200);
    const again = await call(direct, '/auth/signinWithCustomToken', { method: 'POST', headers: { Authorization: `JWT ${agentToken}` } });
    expect(again.body.user).not.toHaveProperty('password');
  });

  it('never answers a token of role agent without an email (routes/auth.js:348)', async () => {
    const noEmail = await service.customToken({ _id: 'crm-agent-2', role: 'agent' });
    await expect(fetch('http://api.supportkb.test/auth/signinWithCustomToken', { method: 'POST', headers: { Authorization: `JWT ${noEmail}` } })).rejects.toThrow();
  });

  it('answers the token as is for a sign-in token (a generic audience) without id_project (routes/auth.js:311)', async () => {
    const token = await as('agent');
    const res = await api('/auth/signinWithCustomToken', { method: 'POST', auth: token });
    expect(res).toMatchObject({ status: 200, body: { success: true, token, user: { _id: agent.userId, sub: 'user' } } });
  });

  it('refuses a token without aud (400 JSON) only when the server secret signed it; else 401', async () => {
    const serverSigned = await new SignJWT({ _id: 'x' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(SEED.serverSecret));
    expect(await api('/auth/signinWithCustomToken', { method: 'POST', auth: `JWT ${serverSigned}` })).toMatchObject({ status: 400, body: { success: false, msg: 'JWT Aud field is required' } });
    const projectSigned = await new SignJWT({ _id: 'x' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(SEED.projectSecret));
    expect((await api('/auth/signinWithCustomToken', { method: 'POST', auth: `JWT ${projectSigned}` })).status).toBe(401);
  });

  it('refuses a bad signature, or no token, with 401 text', async () => {
    const badSig = await new SignJWT({ _id: 'x', aud: `https://tiledesk.com/projects/${PID}` }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('wrong'));
    const res = await api('/auth/signinWithCustomToken', { method: 'POST', auth: `JWT ${badSig}` });
    expect(res).toMatchObject({ status: 401, text: 'Unauthorized' });
    expect((await api('/auth/signinWithCustomToken', { method: 'POST' })).status).toBe(401);
  });

  it('answers 403 `Unauthorized.` for a header that is not two words (middleware/valid-token.js) and 500 for an aud that is no URL', async () => {
    const custom = await service.customToken({ _id: 'crm-customer-2' });
    expect(await api('/auth/signinWithCustomToken', { method: 'POST', auth: `JWT  ${custom}` })).toMatchObject({ status: 403, body: { success: false, msg: 'Unauthorized.' } });
    const notUrl = await new SignJWT({ _id: 'x', aud: 'not-a-url' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(SEED.projectSecret));
    expect(await api('/auth/signinWithCustomToken', { method: 'POST', auth: `JWT ${notUrl}` })).toMatchObject({ status: 500, body: { err: 'error' } });
  });

  it('answers a lower-case scheme prefixed `JWT jwt …` on first use (routes/auth.js:471)', async () => {
    const custom = await service.customToken({ _id: 'crm-customer-3' });
    expect((await api('/auth/signinWithCustomToken', { method: 'POST', auth: `jwt ${custom}` })).body.token).toBe(`JWT jwt ${custom}`);
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
