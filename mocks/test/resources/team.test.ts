import { describe, expect, it } from 'vitest';
import { createMockService } from '../../src/service/create';
import { SEED } from '../../src/state/seed';
import { PID, useMock } from '../support/harness';
import { call, json } from '../support/requests';

const { api, as, service } = useMock();
const { agent, owner, admin: seededAdmin } = SEED.members;

/** A service outside the harness, for answers the contract does not describe (yet). */
const direct = createMockService({ clock: { frozen: true }, webhooks: { delivery: 'none' } });
const directAs = (role: 'owner' | 'admin' | 'agent' | 'guest') => direct.authorization(role);

describe('inviting teammates', () => {
  it('makes a registered user (email in any case) an active member', async () => {
    const invited = await api(`/${PID}/project_users/invite`, { auth: await as('admin'), body: { email: 'Luca.Verdi@acme-support.test', role: 'agent' } });
    expect(invited.body).toMatchObject({ id_user: SEED.invitee.userId, role: 'agent', roleType: 1, status: 'active', isAuthenticated: true, permissions: [] });
    expect(invited.body).not.toHaveProperty('presence');
  });

  it('refuses an active member (403, code 4001)', async () => {
    const auth = await as('admin');
    await api(`/${PID}/project_users/invite`, { auth, body: { email: SEED.invitee.email, role: 'agent' } });
    expect(await api(`/${PID}/project_users/invite`, { auth, body: { email: SEED.invitee.email } })).toMatchObject({ status: 403, body: { code: 4001, msg: 'Forbidden. User is already a member' } });
  });

  it('invites a disabled member again as a new teammate beside the old one (only active agent-side teammates are members, routes/project_user.js:91)', async () => {
    const auth = await as('admin');
    expect((await api(`/${PID}/project_users/${agent.teammateId}`, { method: 'DELETE', auth })).body.status).toBe('disabled');
    const again = await api(`/${PID}/project_users/invite`, { auth, body: { email: agent.email, role: 'agent' } });
    expect(again.status).toBe(200);
    expect(again.body._id).not.toBe(agent.teammateId);
    expect([...service.store.teammates.values()].filter((t) => t.id_user === agent.userId)).toHaveLength(2);
  });

  it('refuses the caller itself (403, code 4000)', async () => {
    expect(await api(`/${PID}/project_users/invite`, { auth: await as('admin'), body: { email: seededAdmin.email } })).toMatchObject({ status: 403, body: { code: 4000 } });
  });

  it('stores an invitation of an unknown email as pending, once; without a role it is refused with 200 (services/pendingInvitationService.js)', async () => {
    const auth = await as('admin');
    const pending = await api(`/${PID}/project_users/invite`, { auth, body: { email: 'New.Person@acme-support.test', role: 'admin' } });
    expect(pending.body).toMatchObject({ msg: 'User not found, save invite in pending ', pendingInvitation: { email: 'new.person@acme-support.test', role: 'admin', id_project: PID } });
    expect(await api(`/${PID}/project_users/invite`, { auth, body: { email: 'new.person@acme-support.test', role: 'agent' } })).toMatchObject({
      status: 200,
      body: { success: false, msg: 'Pending Invitation already exist.' },
    });
    expect(await api(`/${PID}/project_users/invite`, { auth, body: { email: 'other.person@acme-support.test' } })).toMatchObject({
      status: 200,
      body: { success: false, msg: 'Role is required.', code: 405 },
    });
  });

  it('answers 500 {err: "error"} for an email that is no string (routes/project_user.js:49) and the route message for a role the model refuses', async () => {
    const auth = await as('admin');
    expect(await api(`/${PID}/project_users/invite`, { auth, body: { email: 5, role: 'agent' } })).toMatchObject({ status: 500, body: { err: 'error' } });
    expect(await api(`/${PID}/project_users/invite`, { auth, body: { email: SEED.invitee.email, role: { a: 1 } } })).toMatchObject({
      status: 500,
      body: { success: false, msg: `An error occurred on inviting user ${SEED.invitee.email} on project ${PID}` },
    });
  });
});

describe('reading the team', () => {
  it('lists the agent-side members with their users populated, a deleted user as null', async () => {
    const team = await api(`/${PID}/project_users`, { auth: await as('admin') });
    expect(team.body.map((t: any) => t.role)).toEqual(['owner', 'admin', 'agent', 'agent']);
    expect(team.body[0].id_user).toMatchObject({ _id: owner.userId, email: owner.email });
    expect(team.body.find((t: any) => t._id === SEED.formerAgent.teammateId)).toMatchObject({ id_user: null, role: 'agent' });
  });

  it('reads a teammate whose user was deleted with id_user null', async () => {
    expect((await api(`/${PID}/project_users/${SEED.formerAgent.teammateId}`, { auth: await as('agent') })).body).toMatchObject({ id_user: null, role: 'agent' });
  });

  it('filters by role (one value, or the parameter repeated: `$in`; a comma is part of the name) and presence', async () => {
    const auth = await as('agent');
    expect((await api(`/${PID}/project_users?role=guest`, { auth })).body.map((t: any) => t._id)).toEqual([SEED.guest.teammateId]);
    expect((await api(`/${PID}/project_users?role=owner&role=admin`, { auth })).body).toHaveLength(2);
    expect((await api(`/${PID}/project_users?role=owner,admin`, { auth })).body).toEqual([]);
    expect((await api(`/${PID}/project_users?presencestatus=offline`, { auth })).body.map((t: any) => t._id)).toEqual([SEED.formerAgent.teammateId]);
    expect((await api(`/${PID}/project_users?status[$ne]=active`, { auth })).body).toEqual([]);
  });

  it('answers 500 `Error getting object.` for a query value Mongoose cannot cast (routes/project_user.js:675)', async () => {
    const auth = await as('agent');
    for (const query of ['role[a]=owner', 'status[$foo]=x', 'presencestatus[a]=x']) {
      expect(await api(`/${PID}/project_users?${query}`, { auth }), query).toMatchObject({ status: 500, body: { success: false, msg: 'Error getting object.' } });
    }
  });

  it('lists every teammate, trashed or not, for any `trashed` but `false` (routes/project_user.js:652)', async () => {
    const auth = await as('admin');
    await api(`/${PID}/project_users/${agent.teammateId}?soft=true`, { method: 'DELETE', auth });
    const all = (await api(`/${PID}/project_users?trashed=true`, { auth })).body.map((t: any) => t._id);
    expect(all).toEqual([owner.teammateId, seededAdmin.teammateId, agent.teammateId, SEED.formerAgent.teammateId]);
    expect((await api(`/${PID}/project_users?trashed=1`, { auth })).body).toHaveLength(4);
    expect((await api(`/${PID}/project_users?trashed=false`, { auth })).body).toHaveLength(3);
  });

  it('finds a guest by uuid; an unknown user id is 404', async () => {
    const auth = await as('agent');
    const guest = await api(`/${PID}/project_users/users/${SEED.guest.uuid}`, { auth });
    expect(guest.body[0]).toMatchObject({ _id: SEED.guest.teammateId, uuid_user: SEED.guest.uuid, isBusy: false });
    expect((await api(`/${PID}/project_users/users/65f1a2b3c4d5e6f708090bff`, { auth })).status).toBe(404);
  });

  it('reads a 24-hex or 12-character id as a user id (ObjectId.isValid): an external user with such an id is not found (routes/project_user.js:578)', async () => {
    const custom = await service.customToken({ _id: '5f5f5f5f5f5f5f5f5f5f5f5f' });
    expect((await api('/auth/signinWithCustomToken', { method: 'POST', auth: `JWT ${custom}` })).status).toBe(200);
    expect([...service.store.teammates.values()].some((t) => t.uuid_user === '5f5f5f5f5f5f5f5f5f5f5f5f')).toBe(true);
    expect((await api(`/${PID}/project_users/users/5f5f5f5f5f5f5f5f5f5f5f5f`, { auth: await as('agent') })).status).toBe(404);
    expect((await api(`/${PID}/project_users/users/abcdefghijkl`, { auth: await as('agent') })).status).toBe(404);
  });

  it('answers 500 `Error getting object.` for a teammate id that is no ObjectId (routes/project_user.js:522)', async () => {
    expect(await api(`/${PID}/project_users/not-an-id`, { auth: await as('agent') })).toMatchObject({ status: 500, body: { success: false, msg: 'Error getting object.' } });
  });

  it('serves the shadowing routes GET /project_users/me and /project_users/users/search (routes/project_user.js:500, :535)', async () => {
    const me = await call(direct, `/${PID}/project_users/me`, { headers: { Authorization: await directAs('agent') } });
    expect(me.status).toBe(200);
    expect(me.body).toEqual([expect.objectContaining({ _id: agent.teammateId, id_user: agent.userId, isBusy: false })]);
    const search = (email: string) => call(direct, `/${PID}/project_users/users/search?email=${encodeURIComponent(email)}`, { headers: { Authorization: direct.basic('admin') } });
    expect(await search(agent.email)).toMatchObject({ status: 200, body: { _id: agent.userId } });
    expect(await search(SEED.invitee.email)).toMatchObject({ status: 403, body: { msg: 'Unauthorized. This is not a your teammate.' } });
    expect((await search('nobody@acme-support.test')).status).toBe(404);
  });
});

describe('updating teammates', () => {
  it('updates the current teammate, ignoring its role, status and max_served_chat, dotted settings included', async () => {
    const me = await api(`/${PID}/project_users`, {
      method: 'PUT',
      auth: await as('agent'),
      body: { user_available: false, role: 'admin', status: 'disabled', max_served_chat: 3, 'settings.email.notification.conversation.pooled': false },
    });
    expect(me.body).toMatchObject({ _id: agent.teammateId, role: 'agent', status: 'active', user_available: false, max_assigned_chat: 4, id_user: agent.userId });
    expect(me.body.settings).toEqual({ email: { notification: { conversation: { pooled: false } } } });
  });

  it('casts the fields sent with the model: 500 `Error updating object.` for a value it cannot store (routes/project_user.js:257)', async () => {
    const auth = await as('agent');
    for (const body of [{ user_available: 'maybe' }, { max_assigned_chat: 'abc' }, { max_assigned_chat: { a: 1 } }, { tags: 'vip' }, { profileStatus: { a: 1 } }]) {
      expect(await api(`/${PID}/project_users`, { method: 'PUT', auth, body }), JSON.stringify(body)).toMatchObject({ status: 500, body: { success: false, msg: 'Error updating object.' } });
    }
    expect((await api(`/${PID}/project_users`, { method: 'PUT', auth, body: { user_available: 'no', max_assigned_chat: '7' } })).body).toMatchObject({ user_available: false, max_assigned_chat: 7 });
  });

  it('updates a teammate by id, role applied without its roleType, tags given new ids', async () => {
    const byId = await api(`/${PID}/project_users/${agent.teammateId}`, { method: 'PUT', auth: await as('admin'), body: { role: 'guest', tags: [{ tag: 'italian', color: '#43a047' }] } });
    expect(byId.body).toMatchObject({ role: 'guest', roleType: 1, isAuthenticated: false, tags: [{ tag: 'italian', color: '#43a047' }] });
    expect(byId.body.tags[0]._id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('gives a custom role (or an empty one) every role: middleware/has-role.js sends it to the permission check, which lets it through', async () => {
    const admin = await as('admin');
    expect((await api(`/${PID}/project_users/${agent.teammateId}`, { method: 'PUT', auth: admin, body: { role: 'support-lead' } })).status).toBe(200);
    const agentAuth = await as('agent');
    expect((await api(`/${PID}/project_users/0000000000000000000000cc`, { method: 'DELETE', auth: agentAuth })).status).toBe(404);
    expect((await api(`/${PID}/subscriptions`, { auth: agentAuth, body: { event: 'lead.create', target: 'http://127.0.0.1:9/h' } })).status).toBe(200);
    expect((await api(`/${PID}/project_users/${agent.teammateId}`, { method: 'PUT', auth: admin, body: { role: '' } })).status).toBe(200);
    expect((await api(`/${PID}/kb/namespace/all`, { auth: agentAuth })).status).toBe(200);
  });

  it('upserts an unknown id: the schema defaults, no project, role or creator', async () => {
    const teammate = await api(`/${PID}/project_users/65f1a2b3c4d5e6f7080999ad`, { method: 'PUT', auth: await as('admin'), body: { user_available: false } });
    expect(teammate.body).toMatchObject({ _id: '65f1a2b3c4d5e6f7080999ad', id: '65f1a2b3c4d5e6f7080999ad', user_available: false, status: 'active', permissions: [] });
    for (const key of ['id_project', 'role', 'createdBy', 'presence']) expect(teammate.body).not.toHaveProperty(key);
  });

  it('answers 500 `Error updating object.` for an id that is no ObjectId (routes/project_user.js:336)', async () => {
    expect(await api(`/${PID}/project_users/not-an-id`, { method: 'PUT', auth: await as('admin'), body: { role: 'agent' } })).toMatchObject({ status: 500, body: { msg: 'Error updating object.' } });
  });
});

describe('deleting teammates', () => {
  it('disables by default', async () => {
    const disabled = await api(`/${PID}/project_users/${agent.teammateId}`, { method: 'DELETE', auth: await as('admin') });
    expect(disabled.body).toMatchObject({ status: 'disabled', user_available: false, trashed: false });
  });

  it('counts soft and hard only as the exact text `true` (soft=yes disables)', async () => {
    const auth = await as('admin');
    expect((await api(`/${PID}/project_users/${agent.teammateId}?soft=yes`, { method: 'DELETE', auth })).body).toMatchObject({ status: 'disabled', trashed: false });
  });

  it('trashes with soft=true: left out of the default list', async () => {
    const auth = await as('admin');
    expect((await api(`/${PID}/project_users/${agent.teammateId}?soft=true`, { method: 'DELETE', auth })).body).toMatchObject({ status: 'disabled', trashed: true });
    expect((await api(`/${PID}/project_users`, { auth })).body.map((t: any) => t._id)).toEqual([owner.teammateId, seededAdmin.teammateId, SEED.formerAgent.teammateId]);
  });

  it('removes with hard=true; then deletes and reads are 404', async () => {
    const auth = await as('admin');
    expect((await api(`/${PID}/project_users/${agent.teammateId}?hard=true`, { method: 'DELETE', auth })).status).toBe(200);
    expect(await api(`/${PID}/project_users/${agent.teammateId}`, { method: 'DELETE', auth })).toMatchObject({
      status: 404,
      body: { success: false, error: `Project user not found with id ${agent.teammateId}` },
    });
    expect((await api(`/${PID}/project_users/${agent.teammateId}`, { auth })).status).toBe(404);
  });

  it("answers 500 with each branch's message for an id that is no ObjectId (routes/project_user.js:386, :406, :427)", async () => {
    const auth = await as('admin');
    expect((await api(`/${PID}/project_users/bad-id`, { method: 'DELETE', auth })).body.msg).toBe('Error disabling Project User with id bad-id');
    expect((await api(`/${PID}/project_users/bad-id?soft=true`, { method: 'DELETE', auth })).body.msg).toBe('Error deleting Project User with id bad-id');
    expect((await api(`/${PID}/project_users/bad-id?hard=true`, { method: 'DELETE', auth })).body.msg).toBe('Error deleting Project user with id bad-id');
  });
});

describe('teammates have no presence until they connect, and last_login_at from the server start (models/project_user.js:47, :62)', () => {
  it('creates teammates without presence, all with the same last_login_at', async () => {
    const a = (await call(direct, '/auth/signinAnonymously', json(undefined, { id_project: PID }))).body.user._id;
    direct.clock.advance(60_000);
    const b = (await call(direct, '/auth/signinAnonymously', json(undefined, { id_project: PID }))).body.user._id;
    const [ta, tb] = [a, b].map((uuid) => [...direct.store.teammates.values()].find((t) => t.uuid_user === uuid)!);
    expect(ta).not.toHaveProperty('presence');
    expect(ta!.last_login_at).toBe(tb!.last_login_at);
    expect(ta!.createdAt).not.toBe(tb!.createdAt);
  });
});
