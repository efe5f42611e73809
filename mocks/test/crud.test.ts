import { describe, expect, it } from 'vitest';
import { SEED } from '../src/seed';
import { PID, useMock } from './helpers';

const { api, as, service } = useMock();

describe('groups: stateful CRUD, soft delete', () => {
  it('creates, reads, lists, updates and soft-deletes a group', async () => {
    const auth = await as('agent');
    const created = await api(`/${PID}/groups`, { auth, body: { name: 'Night shift', members: [SEED.members.agent.userId] } });
    expect(created.body).toMatchObject({ name: 'Night shift', members: [SEED.members.agent.userId], trashed: false, enabled: true, id_project: PID, createdBy: SEED.members.agent.userId });
    const id = created.body._id;
    expect((await api(`/${PID}/groups/${id}`, { auth })).body.name).toBe('Night shift');
    expect((await api(`/${PID}/groups`, { auth })).body.map((g: any) => g.name)).toEqual(['Tier 1', 'Billing', 'Night shift']);
    expect((await api(`/${PID}/groups?member=${SEED.members.admin.userId}`, { auth })).body.map((g: any) => g.name)).toEqual(['Tier 1', 'Billing']);
    const updated = await api(`/${PID}/groups/${id}/`, { method: 'PUT', auth, body: { name: 'Night shift (EU)' } });
    expect(updated.body).toMatchObject({ name: 'Night shift (EU)', members: [SEED.members.agent.userId] });
    expect(await api(`/${PID}/groups/${id}`, { method: 'DELETE', auth })).toMatchObject({ status: 200, body: { success: true, message: 'Group successfully deleted' } });
    expect((await api(`/${PID}/groups`, { auth })).body).toHaveLength(2);
    expect((await api(`/${PID}/groups/${id}`, { auth })).body).toMatchObject({ trashed: true, enabled: false });
    const forced = await api(`/${PID}/groups/${id}?force=true`, { method: 'DELETE', auth });
    expect(forced.body._id).toBe(id);
    expect(await api(`/${PID}/groups/${id}`, { auth })).toMatchObject({ status: 404, body: { success: false, msg: 'Object not found.' } });
  });

  it('upserts on PUT and validates bodies (422)', async () => {
    const auth = await as('agent');
    const upserted = await api(`/${PID}/groups/65f1a2b3c4d5e6f708090fff`, { method: 'PUT', auth, body: { name: 'Upserted' } });
    expect(upserted.body).toMatchObject({ _id: '65f1a2b3c4d5e6f708090fff', name: 'Upserted' });
    expect((await api(`/${PID}/groups`, { auth, body: { members: [] } })).status).toBe(422);
    expect((await api(`/${PID}/groups`, { auth, body: { name: 7 } })).body.errors[0]).toMatchObject({ value: 7, param: 'name', location: 'body', msg: 'Invalid value' });
  });
});

describe('segments: pages, sort, soft delete', () => {
  it('wraps pages as {perPage, count, segments}, sorts by sort/sortField and hides deleted ones', async () => {
    const auth = await as('agent');
    for (const name of ['Alpha', 'Beta', 'Gamma']) {
      service.clock.advance(1000);
      await api(`/${PID}/segments`, { auth, body: { name, filters: [{ field: 'country', operator: '=', value: name }] } });
    }
    const page0 = await api(`/${PID}/segments?limit=2&page=0`, { auth });
    expect(page0.body).toMatchObject({ perPage: 2, count: 5 });
    expect(page0.body.segments.map((s: any) => s.name)).toEqual(['Gamma', 'Beta']);
    const page2 = await api(`/${PID}/segments?limit=2&page=2`, { auth });
    expect(page2.body.segments.map((s: any) => s.name)).toEqual(['Customers from Italy']);
    const byName = await api(`/${PID}/segments?sort=name&direction=1`, { auth });
    expect(byName.body.segments.map((s: any) => s.name)).toEqual(['Alpha', 'Beta', 'Customers from Italy', 'Gamma', 'VIP leads with email']);
    const bySortField = await api(`/${PID}/segments?sortField=name&direction=-1`, { auth });
    expect(bySortField.body.segments[0].name).toBe('VIP leads with email');
    const alpha = byName.body.segments[0];
    expect((await api(`/${PID}/segments/${alpha._id}`, { method: 'PUT', auth, body: { match: 'any' } })).body).toMatchObject({ name: 'Alpha', match: 'any' });
    expect((await api(`/${PID}/segments/${alpha._id}`, { method: 'DELETE', auth })).body.status).toBe(0);
    expect((await api(`/${PID}/segments`, { auth })).body.count).toBe(4);
    expect((await api(`/${PID}/segments/${alpha._id}`, { auth })).body.status).toBe(0);
    expect((await api(`/${PID}/segments`, { auth, body: { name: 'Bad', filters: [{ field: 'x', operator: 'like', value: 1 }] } })).status).toBe(422);
  });
});

describe('tags: 40 per page, duplicates, delete result', () => {
  it('pages by 40 newest first, returns the existing tag on a duplicate and reports deletes', async () => {
    const auth = await as('agent');
    for (let i = 0; i < 41; i++) {
      service.clock.advance(1000);
      await api(`/${PID}/tags`, { auth, body: { tag: `t${String(i).padStart(2, '0')}`, color: '#000000', attributes: { ignored: true } } });
    }
    const page0 = await api(`/${PID}/tags`, { auth });
    expect(page0.body).toHaveLength(40);
    expect(page0.body[0].tag).toBe('t40');
    expect(page0.body[0].attributes).toBeUndefined();
    const page1 = await api(`/${PID}/tags?page=1`, { auth });
    expect(page1.body.map((t: any) => t.tag)).toEqual(['t00', 'billing', 'vip']);
    const asc = await api(`/${PID}/tags?sort=tag&direction=1&page=1`, { auth });
    expect(asc.body.map((t: any) => t.tag)).toEqual(['t39', 't40', 'vip']);
    const duplicate = await api(`/${PID}/tags`, { auth, body: { tag: 'vip', color: '#ffffff' } });
    expect(duplicate.body).toMatchObject({ _id: SEED.tags.vip, color: '#e53935' });
    expect((await api(`/${PID}/tags/${SEED.tags.vip}`, { method: 'PUT', auth, body: { tag: 'billing' } })).status).toBe(422);
    expect((await api(`/${PID}/tags/${SEED.tags.vip}`, { method: 'PUT', auth, body: { tag: 'vip-customer', color: '#8e24aa' } })).body).toMatchObject({ tag: 'vip-customer', color: '#8e24aa' });
    expect((await api(`/${PID}/tags/${SEED.tags.vip}`, { method: 'DELETE', auth })).body).toEqual({ n: 1, ok: 1, deletedCount: 1 });
    expect((await api(`/${PID}/tags/${SEED.tags.vip}`, { method: 'DELETE', auth })).body).toEqual({ n: 0, ok: 1, deletedCount: 0 });
    expect((await api(`/${PID}/tags/${SEED.tags.vip}`, { auth })).status).toBe(404);
  });
});

describe('leads: filters, pages, soft delete', () => {
  it('filters by exact email, full text, tags, segment, with_email and status', async () => {
    const auth = await as('agent');
    const created = await api(`/${PID}/leads`, { auth, body: { fullname: 'Anna Neri', email: 'anna.neri@example.org', attributes: { plan: 'free' } } });
    expect(created.body).toMatchObject({ fullname: 'Anna Neri', status: 100, tags: [], createdBy: SEED.members.agent.userId });
    expect(created.body.lead_id).toMatch(/^[0-9a-f-]{36}$/);
    const list = await api(`/${PID}/leads`, { auth });
    expect(list.body).toMatchObject({ perPage: 40, count: 4 });
    expect(list.body.leads[0].fullname).toBe('Anna Neri');
    expect((await api(`/${PID}/leads?email=giulia.bianchi@example.org`, { auth })).body.leads.map((l: any) => l.fullname)).toEqual(['Giulia Bianchi']);
    expect((await api(`/${PID}/leads?email=giulia`, { auth })).body.count).toBe(0);
    expect((await api(`/${PID}/leads?full_text=neri`, { auth })).body.leads.map((l: any) => l.fullname)).toEqual(['Anna Neri']);
    expect((await api(`/${PID}/leads?tags=vip`, { auth })).body.count).toBe(1);
    expect((await api(`/${PID}/leads?segment=${SEED.segments.italy}`, { auth })).body.leads.map((l: any) => l.fullname)).toEqual(['Giulia Bianchi']);
    expect((await api(`/${PID}/leads?segment=${SEED.segments.vip}`, { auth })).body.count).toBe(1);
    expect(await api(`/${PID}/leads?segment=65f1a2b3c4d5e6f7080910ff`, { auth })).toMatchObject({ status: 404, body: { success: false, msg: 'Error segment not found' } });
    expect((await api(`/${PID}/leads?with_email=true`, { auth })).body.count).toBe(3);
    expect((await api(`/${PID}/leads?limit=2&page=1&sort=fullname&direction=1`, { auth })).body.leads.map((l: any) => l.fullname)).toEqual(['Marco Esposito', 'guest#5f60']);
    const updated = await api(`/${PID}/leads/${created.body._id}`, { method: 'PUT', auth, body: { city: 'Torino', tags: ['vip'], attributes: { plan: 'pro' } } });
    expect(updated.body).toMatchObject({ city: 'Torino', tags: ['vip'], attributes: { plan: 'pro' }, fullname: 'Anna Neri' });
    expect((await api(`/${PID}/leads/${created.body._id}`, { method: 'DELETE', auth })).body.status).toBe(1000);
    expect((await api(`/${PID}/leads`, { auth })).body.count).toBe(3);
    expect((await api(`/${PID}/leads?status=1000`, { auth })).body.leads.map((l: any) => l.fullname)).toEqual(['Anna Neri']);
    expect((await api(`/${PID}/leads/${created.body._id}`, { auth })).body.status).toBe(1000);
    expect((await api(`/${PID}/leads/${created.body._id}`, { method: 'PUT', auth, body: { status: 100 } })).body.status).toBe(100);
    expect((await api(`/${PID}/leads?status=7`, { auth })).status).toBe(400);
    expect((await api(`/${PID}/leads`, { auth, body: { email: 'nope' } })).status).toBe(422);
  });
});

describe('team: invite, update, soft delete', () => {
  it('invites a registered user, refuses self and members, stores pending invitations', async () => {
    const auth = await as('admin');
    const invited = await api(`/${PID}/project_users/invite`, { auth, body: { email: 'Luca.Verdi@acme-support.test', role: 'agent' } });
    expect(invited.body).toMatchObject({ id_user: SEED.invitee.userId, role: 'agent', status: 'active', isAuthenticated: true });
    expect(await api(`/${PID}/project_users/invite`, { auth, body: { email: SEED.invitee.email } })).toMatchObject({ status: 403, body: { code: 4001, msg: 'Forbidden. User is already a member' } });
    expect(await api(`/${PID}/project_users/invite`, { auth, body: { email: SEED.members.admin.email } })).toMatchObject({ status: 403, body: { code: 4000 } });
    const pending = await api(`/${PID}/project_users/invite`, { auth, body: { email: 'new.person@acme-support.test', role: 'admin' } });
    expect(pending.body).toMatchObject({ msg: 'User not found, save invite in pending ', pendingInvitation: { email: 'new.person@acme-support.test', role: 'admin' } });
    const team = await api(`/${PID}/project_users`, { auth });
    expect(team.body.map((t: any) => t.role)).toEqual(['owner', 'admin', 'agent', 'agent', 'agent']);
    expect(team.body[0].id_user).toMatchObject({ _id: SEED.members.owner.userId, email: SEED.members.owner.email });
    // A teammate whose user account was deleted stays, with id_user populated as null (as on the service).
    expect(team.body.find((t: any) => t._id === SEED.formerAgent.teammateId)).toMatchObject({ id_user: null, role: 'agent' });
  });

  it('updates the current teammate (role ignored) and a teammate by id (role applied); deletes disable, soft trashes, hard removes', async () => {
    const agentAuth = await as('agent');
    const me = await api(`/${PID}/project_users`, { method: 'PUT', auth: agentAuth, body: { user_available: false, role: 'admin', max_served_chat: 3, 'settings.email.notification.conversation.pooled': false } });
    expect(me.body).toMatchObject({ _id: SEED.members.agent.teammateId, role: 'agent', user_available: false, max_assigned_chat: 3, id_user: SEED.members.agent.userId });
    expect(me.body.settings).toEqual({ email: { notification: { conversation: { pooled: false } } } });
    const admin = await as('admin');
    const byId = await api(`/${PID}/project_users/${SEED.members.agent.teammateId}`, { method: 'PUT', auth: admin, body: { role: 'admin', tags: [{ tag: 'italian', color: '#43a047' }] } });
    expect(byId.body).toMatchObject({ role: 'admin', tags: [{ tag: 'italian', color: '#43a047' }] });
    expect(byId.body.tags[0]._id).toMatch(/^[0-9a-f]{24}$/);
    const disabled = await api(`/${PID}/project_users/${SEED.members.agent.teammateId}`, { method: 'DELETE', auth: admin });
    expect(disabled.body).toMatchObject({ status: 'disabled', user_available: false, trashed: false });
    const trashed = await api(`/${PID}/project_users/${SEED.members.agent.teammateId}?soft=true`, { method: 'DELETE', auth: admin });
    expect(trashed.body).toMatchObject({ status: 'disabled', trashed: true });
    expect((await api(`/${PID}/project_users`, { auth: admin })).body.map((t: any) => t._id)).toEqual([SEED.members.owner.teammateId, SEED.members.admin.teammateId, SEED.formerAgent.teammateId]);
    expect((await api(`/${PID}/project_users?trashed=true`, { auth: admin })).body.map((t: any) => t._id)).toEqual([SEED.members.agent.teammateId]);
    expect((await api(`/${PID}/project_users/${SEED.members.agent.teammateId}?hard=true`, { method: 'DELETE', auth: admin })).status).toBe(200);
    expect(await api(`/${PID}/project_users/${SEED.members.agent.teammateId}`, { method: 'DELETE', auth: admin })).toMatchObject({
      status: 404,
      body: { success: false, error: `Project user not found with id ${SEED.members.agent.teammateId}` },
    });
    expect((await api(`/${PID}/project_users/${SEED.members.agent.teammateId}`, { auth: admin })).status).toBe(404);
  });

  it('filters the team by role, status and presence and finds guests by uuid', async () => {
    const auth = await as('agent');
    expect((await api(`/${PID}/project_users?role=guest`, { auth })).body.map((t: any) => t._id)).toEqual([SEED.guest.teammateId]);
    expect((await api(`/${PID}/project_users?role=owner,admin`, { auth })).body).toHaveLength(2);
    expect((await api(`/${PID}/project_users?presencestatus=offline`, { auth })).body.map((t: any) => t._id)).toEqual([SEED.formerAgent.teammateId]);
    const guest = await api(`/${PID}/project_users/users/${SEED.guest.uuid}`, { auth });
    expect(guest.body[0]).toMatchObject({ _id: SEED.guest.teammateId, uuid_user: SEED.guest.uuid });
    expect((await api(`/${PID}/project_users/users/65f1a2b3c4d5e6f708090bff`, { auth })).status).toBe(404);
  });
});
