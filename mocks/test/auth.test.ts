import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { operations } from '../src/generated/operations';
import { ROLES, roleRank } from '../src/auth';
import { SEED } from '../src/seed';
import { PID, useMock } from './helpers';

const { api, as, service } = useMock();
const { admin, agent, owner } = SEED.members;

describe('sign-in (spec §4.1, §5)', () => {
  it('issues a JWT with the `JWT ` prefix and no expiry for a seeded user', async () => {
    const res = await api('/auth/signin', { body: { email: agent.email, password: agent.password } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.token).toMatch(/^JWT /);
    expect(res.body.user).toMatchObject({ _id: agent.userId, email: agent.email, firstname: 'Maria', lastname: 'Rossi' });
    const claims = decodeJwt(res.body.token.slice(4));
    expect(claims).toMatchObject({ _id: agent.userId, iss: 'https://tiledesk.com', aud: 'https://tiledesk.com', sub: 'user' });
    expect(claims.exp).toBeUndefined();
    const teammates = await api(`/${PID}/project_users`, { auth: res.body.token });
    expect(teammates.status).toBe(200);
  });

  it('rejects an unknown email and a wrong password with the service bodies (401 JSON)', async () => {
    const unknown = await api('/auth/signin', { body: { email: 'nobody@acme-support.test', password: 'x' } });
    expect(unknown).toMatchObject({ status: 401, body: { success: false, msg: 'Authentication failed. User not found.' } });
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

  it('accepts Basic credentials and refuses Bearer, missing and bad credentials with 401 text', async () => {
    expect((await api(`/${PID}/tags`, { auth: service.basic('agent') })).status).toBe(200);
    const bad = await api(`/${PID}/tags`, { auth: `Basic ${btoa(`${agent.email}:nope`)}` });
    expect(bad.status).toBe(401);
    expect(bad.text).toBe('Unauthorized');
    expect(bad.headers.get('www-authenticate')).toBe('Basic realm="Users"');
    const token = (await as('agent')).slice(4);
    expect((await api(`/${PID}/tags`, { auth: `Bearer ${token}` })).status).toBe(401);
    expect((await api(`/${PID}/tags`, { auth: `jwt ${token}` })).status).toBe(200);
    expect((await api(`/${PID}/tags`)).status).toBe(401);
    const forged = await new SignJWT({ _id: agent.userId, sub: 'user' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('another-secret'));
    expect((await api(`/${PID}/tags`, { auth: `JWT ${forged}` })).status).toBe(401);
  });

  it('answers 400 text `Bad Request` for an Authorization value without a scheme where declared', async () => {
    const tags = await api(`/${PID}/tags`, { auth: 'justonetoken' });
    expect(tags).toMatchObject({ status: 400, text: 'Bad Request' });
    // listContents declares no text/plain 400: the same header gets 401 there.
    expect((await api(`/${PID}/kb?namespace=${PID}`, { auth: 'justonetoken' })).status).toBe(401);
  });

  it('creates a guest teammate on anonymous sign-in, whose token can post messages', async () => {
    const res = await api('/auth/signinAnonymously', { body: { id_project: PID, lastname: 'Visitor' } });
    expect(res.status).toBe(200);
    const { user, token } = res.body;
    expect(user._id).toBe(user.id);
    expect(user.firstname).toBe(`guest#${user._id.slice(-4)}`);
    expect(user.fullName).toBe(`${user.firstname} Visitor`);
    expect(decodeJwt(token.slice(4)).sub).toBe('guest');
    const teammate = await api(`/${PID}/project_users/users/${user._id}`, { auth: await as('agent') });
    expect(teammate.body[0]).toMatchObject({ role: 'guest', roleType: 2, uuid_user: user._id, isAuthenticated: false });
    expect((await api(`/${PID}/requests/support-group-x/messages`, { auth: token, body: { text: 'hi' } })).status).toBe(200);
    // ...but not list the team (min role agent).
    expect((await api(`/${PID}/project_users`, { auth: token })).body).toEqual({ success: false, msg: 'you dont have the required role.' });
    expect((await api('/auth/signinAnonymously', { body: { firstname: 'x' } })).status).toBe(422);
  });

  it('accepts a custom token signed with the project secret (user role keeps the token; agent gets a server token)', async () => {
    const custom = await service.customToken({ _id: 'crm-customer-8841', firstname: 'Luca', lastname: 'Verdi', email: 'luca.verdi@example.org' });
    const res = await api('/auth/signinWithCustomToken', { method: 'POST', auth: `JWT ${custom}` });
    expect(res.status).toBe(200);
    expect(res.body.token).toBe(`JWT ${custom}`);
    expect(res.body.user).toMatchObject({ _id: 'crm-customer-8841', sub: 'userexternal', aud: `https://tiledesk.com/projects/${PID}` });
    const teammate = await api(`/${PID}/project_users/users/crm-customer-8841`, { auth: await as('agent') });
    expect(teammate.body[0]).toMatchObject({ role: 'user', isAuthenticated: true });
    expect((await api(`/${PID}/requests/support-group-crm/messages`, { auth: res.body.token, body: { text: 'from the CRM' } })).status).toBe(200);

    const agentToken = await service.customToken({ _id: 'crm-agent-1', role: 'agent', email: 'crm.agent@acme-support.test', firstname: 'Carla' });
    const strong = await api('/auth/signinWithCustomToken', { method: 'POST', auth: `JWT ${agentToken}` });
    expect(strong.status).toBe(200);
    expect(strong.body.token).not.toBe(`JWT ${agentToken}`);
    expect(strong.body.user).toMatchObject({ email: 'crm.agent@acme-support.test' });
    expect((await api(`/${PID}/project_users`, { auth: strong.body.token })).status).toBe(200);
  });

  it('refuses custom tokens without aud (400), with a bad signature (401 text), or of a disabled teammate (401 JSON)', async () => {
    const key = new TextEncoder().encode(SEED.projectSecret);
    const noAud = await new SignJWT({ _id: 'x' }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect(await api('/auth/signinWithCustomToken', { method: 'POST', auth: `JWT ${noAud}` })).toMatchObject({ status: 400, body: { success: false, msg: 'JWT Aud field is required' } });
    const badSig = await new SignJWT({ _id: 'x', aud: `https://tiledesk.com/projects/${PID}` }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('wrong'));
    expect(await api('/auth/signinWithCustomToken', { method: 'POST', auth: `JWT ${badSig}` })).toMatchObject({ status: 401, text: 'Unauthorized' });
    expect((await api('/auth/signinWithCustomToken', { method: 'POST' })).status).toBe(401);

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

describe('project resolution (before credentials)', () => {
  it('answers 400 {error} for a malformed or unknown project id', async () => {
    expect(await api('/not-a-project/tags')).toMatchObject({ status: 400, body: { error: 'Invalid project id: not-a-project' } });
    expect(await api('/65f1a2b3c4d5e6f7080900ff/tags', { auth: await as('agent') })).toMatchObject({ status: 400, body: { error: 'Project not found with id: 65f1a2b3c4d5e6f7080900ff' } });
  });
});

describe('roles (x-min-role): 403 bodies per role', () => {
  const samples: Record<string, { path: string; method?: string; body?: unknown }> = {
    listContents: { path: `/${PID}/kb?namespace=${PID}` },
    listKnowledgeBases: { path: `/${PID}/kb/namespace/all` },
    listTeammates: { path: `/${PID}/project_users` },
    inviteTeammate: { path: `/${PID}/project_users/invite`, body: { email: 'someone.new@acme-support.test' } },
    listGroups: { path: `/${PID}/groups` },
    listSegments: { path: `/${PID}/segments` },
    listTags: { path: `/${PID}/tags` },
    upsertLabels: { path: `/${PID}/labels`, body: { lang: 'ES', data: { WELCOME_MSG: '¿Ayuda?' } } },
    listLeads: { path: `/${PID}/leads` },
    countRequests: { path: `/${PID}/analytics/requests/count` },
    createMessage: { path: `/${PID}/requests/support-group-roles/messages`, body: { text: 'hello' } },
    createSubscription: { path: `/${PID}/subscriptions`, body: { event: 'lead.create', target: 'http://127.0.0.1:9/hook' } },
  };
  for (const [operationId, sample] of Object.entries(samples)) {
    const meta = operations.find((op) => op.operationId === operationId)!;
    it(`${operationId} needs ${meta.minRole}`, async () => {
      for (const role of ['guest', 'agent', 'admin', 'owner'] as const) {
        const res = await api(sample.path, { method: sample.method, body: sample.body, auth: await as(role) });
        if (roleRank(role) < roleRank(meta.minRole)) {
          expect(res, `${operationId} as ${role}`).toMatchObject({ status: 403, body: { success: false, msg: 'you dont have the required role.' } });
        } else {
          expect(res.status, `${operationId} as ${role}`).toBe(200);
        }
        service.reset();
      }
    });
  }

  it('orders the roles guest < user < teammate < agent < supervisor < admin < owner', () => {
    expect(ROLES).toEqual(['guest', 'user', 'teammate', 'agent', 'supervisor', 'admin', 'owner']);
  });

  it('refuses disabled and trashed members and non-members with `you dont belong to the project.`', async () => {
    const agentAuth = await as('agent');
    expect((await api(`/${PID}/project_users/${agent.teammateId}`, { method: 'DELETE', auth: await as('admin') })).body.status).toBe('disabled');
    expect(await api(`/${PID}/tags`, { auth: agentAuth })).toMatchObject({ status: 403, body: { success: false, msg: 'you dont belong to the project.' } });
    // The invitee is a registered user but not a member.
    expect(await api(`/${PID}/tags`, { auth: `Basic ${btoa(`${SEED.invitee.email}:${SEED.invitee.password}`)}` })).toMatchObject({ status: 403, body: { msg: 'you dont belong to the project.' } });
    expect(owner.role).toBe('owner');
    expect(admin.role).toBe('admin');
  });
});
