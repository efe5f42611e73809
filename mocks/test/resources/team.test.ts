import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/state/seed';
import { PID, useMock } from '../support/harness';

const { api, as } = useMock();
const { agent, owner, admin: seededAdmin } = SEED.members;

describe('inviting teammates', () => {
  it('makes a registered user (email in any case) an active member', async () => {
    const invited = await api(`/${PID}/project_users/invite`, { auth: await as('admin'), body: { email: 'Luca.Verdi@acme-support.test', role: 'agent' } });
    expect(invited.body).toMatchObject({ id_user: SEED.invitee.userId, role: 'agent', status: 'active', isAuthenticated: true });
  });

  it('refuses a member (403, code 4001)', async () => {
    const auth = await as('admin');
    await api(`/${PID}/project_users/invite`, { auth, body: { email: SEED.invitee.email } });
    expect(await api(`/${PID}/project_users/invite`, { auth, body: { email: SEED.invitee.email } })).toMatchObject({ status: 403, body: { code: 4001, msg: 'Forbidden. User is already a member' } });
  });

  it('refuses the caller itself (403, code 4000)', async () => {
    expect(await api(`/${PID}/project_users/invite`, { auth: await as('admin'), body: { email: seededAdmin.email } })).toMatchObject({ status: 403, body: { code: 4000 } });
  });

  it('stores an invitation of an unknown email as pending', async () => {
    const pending = await api(`/${PID}/project_users/invite`, { auth: await as('admin'), body: { email: 'new.person@acme-support.test', role: 'admin' } });
    expect(pending.body).toMatchObject({ msg: 'User not found, save invite in pending ', pendingInvitation: { email: 'new.person@acme-support.test', role: 'admin' } });
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

  it('filters by role (a comma-separated list) and presence', async () => {
    const auth = await as('agent');
    expect((await api(`/${PID}/project_users?role=guest`, { auth })).body.map((t: any) => t._id)).toEqual([SEED.guest.teammateId]);
    expect((await api(`/${PID}/project_users?role=owner,admin`, { auth })).body).toHaveLength(2);
    expect((await api(`/${PID}/project_users?presencestatus=offline`, { auth })).body.map((t: any) => t._id)).toEqual([SEED.formerAgent.teammateId]);
  });

  it('finds a guest by uuid; an unknown user id is 404', async () => {
    const auth = await as('agent');
    const guest = await api(`/${PID}/project_users/users/${SEED.guest.uuid}`, { auth });
    expect(guest.body[0]).toMatchObject({ _id: SEED.guest.teammateId, uuid_user: SEED.guest.uuid });
    expect((await api(`/${PID}/project_users/users/65f1a2b3c4d5e6f708090bff`, { auth })).status).toBe(404);
  });
});

describe('updating teammates', () => {
  it('updates the current teammate, ignoring its role, dotted settings included', async () => {
    const me = await api(`/${PID}/project_users`, { method: 'PUT', auth: await as('agent'), body: { user_available: false, role: 'admin', max_served_chat: 3, 'settings.email.notification.conversation.pooled': false } });
    expect(me.body).toMatchObject({ _id: agent.teammateId, role: 'agent', user_available: false, max_assigned_chat: 3, id_user: agent.userId });
    expect(me.body.settings).toEqual({ email: { notification: { conversation: { pooled: false } } } });
  });

  it('updates a teammate by id, role applied, tags given new ids', async () => {
    const byId = await api(`/${PID}/project_users/${agent.teammateId}`, { method: 'PUT', auth: await as('admin'), body: { role: 'admin', tags: [{ tag: 'italian', color: '#43a047' }] } });
    expect(byId.body).toMatchObject({ role: 'admin', tags: [{ tag: 'italian', color: '#43a047' }] });
    expect(byId.body.tags[0]._id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('upserts an unknown id: the schema defaults, no project, role or creator', async () => {
    const teammate = await api(`/${PID}/project_users/65f1a2b3c4d5e6f7080999ad`, { method: 'PUT', auth: await as('admin'), body: { user_available: false } });
    expect(teammate.body).toMatchObject({ _id: '65f1a2b3c4d5e6f7080999ad', id: '65f1a2b3c4d5e6f7080999ad', user_available: false, status: 'active', permissions: [] });
    for (const key of ['id_project', 'role', 'createdBy', 'presence']) expect(teammate.body).not.toHaveProperty(key);
  });
});

describe('deleting teammates', () => {
  it('disables by default', async () => {
    const disabled = await api(`/${PID}/project_users/${agent.teammateId}`, { method: 'DELETE', auth: await as('admin') });
    expect(disabled.body).toMatchObject({ status: 'disabled', user_available: false, trashed: false });
  });

  it('trashes with soft=true: listed only with trashed=true', async () => {
    const auth = await as('admin');
    expect((await api(`/${PID}/project_users/${agent.teammateId}?soft=true`, { method: 'DELETE', auth })).body).toMatchObject({ status: 'disabled', trashed: true });
    expect((await api(`/${PID}/project_users`, { auth })).body.map((t: any) => t._id)).toEqual([owner.teammateId, seededAdmin.teammateId, SEED.formerAgent.teammateId]);
    expect((await api(`/${PID}/project_users?trashed=true`, { auth })).body.map((t: any) => t._id)).toEqual([agent.teammateId]);
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
});
