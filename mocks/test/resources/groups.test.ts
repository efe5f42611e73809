import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/state/seed';
import { PID, useMock } from '../support/harness';

const { api, as, service } = useMock();
const FRESH = '65f1a2b3c4d5e6f7080999aa';
const SAVE_FAILED = { success: false, msg: 'Error saving object.' };

async function createNightShift(auth: string) {
  return (await api(`/${PID}/groups`, { auth, body: { name: 'Night shift', members: [SEED.members.agent.userId] } })).body;
}

describe('creating groups', () => {
  it('creates a group with its members, enabled, in the project, by the caller', async () => {
    const created = await createNightShift(await as('agent'));
    expect(created).toMatchObject({ name: 'Night shift', members: [SEED.members.agent.userId], trashed: false, enabled: true, id_project: PID, createdBy: SEED.members.agent.userId, __v: 0 });
  });

  it('casts name to a string and wraps a single member; ignores trashed, enabled and attributes', async () => {
    // routes/group.js:13-20 passes only name and members (trashed: false); models/group.js types members as Array.
    const created = await api(`/${PID}/groups`, { auth: await as('agent'), body: { name: 12, members: 'x', trashed: true, enabled: false, attributes: { a: 1 } } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: '12', members: ['x'], trashed: false, enabled: true });
    expect(created.body).not.toHaveProperty('attributes');
    expect((await api(`/${PID}/groups`, { auth: await as('agent'), body: { name: 'g', members: { a: 1 } } })).body.members).toEqual([{ a: 1 }]);
  });

  it('answers 500 "Error saving object." when the model refuses the name (routes/group.js:25)', async () => {
    const auth = await as('agent');
    for (const body of [{}, { name: '' }, { name: null }, { name: { a: 1 } }, { name: ['a'] }, { members: [] }]) {
      expect(await api(`/${PID}/groups`, { auth, body })).toMatchObject({ status: 500, body: SAVE_FAILED });
    }
  });

  it('refuses a nested key the driver cannot store (js-bson checkKeys on inserts): 500', async () => {
    const auth = await as('agent');
    expect(await api(`/${PID}/groups`, { auth, body: { name: 'g', members: [{ $x: 1 }] } })).toMatchObject({ status: 500, body: SAVE_FAILED });
    expect(await api(`/${PID}/groups`, { auth, body: { name: 'g', members: [{ 'a.b': 1 }] } })).toMatchObject({ status: 500, body: SAVE_FAILED });
  });
});

describe('reading and listing groups', () => {
  it('reads a group by id, 404 for an unknown id, 500 for an id that is no ObjectId (routes/group.js:184,188)', async () => {
    const auth = await as('agent');
    const { _id } = await createNightShift(auth);
    expect((await api(`/${PID}/groups/${_id}`, { auth })).body.name).toBe('Night shift');
    expect(await api(`/${PID}/groups/${FRESH}`, { auth })).toMatchObject({ status: 404, body: { success: false, msg: 'Object not found.' } });
    expect(await api(`/${PID}/groups/not-an-id`, { auth })).toMatchObject({ status: 500, body: { success: false, msg: 'Error getting object.' } });
  });

  it('lists the groups, and those of a member (several with member[]=…)', async () => {
    const auth = await as('agent');
    await createNightShift(auth);
    expect((await api(`/${PID}/groups`, { auth })).body.map((g: any) => g.name)).toEqual(['Tier 1', 'Billing', 'Night shift']);
    expect((await api(`/${PID}/groups?member=${SEED.members.admin.userId}`, { auth })).body.map((g: any) => g.name)).toEqual(['Tier 1', 'Billing']);
    expect((await api(`/${PID}/groups?member[]=nobody&member[]=${SEED.members.agent.userId}`, { auth })).body.map((g: any) => g.name)).toEqual(['Tier 1', 'Night shift']);
  });

  it('never answers a member operator MongoDB refuses ({$in: [{$gt: …}]}; the callback calls an undefined next, routes/group.js:211)', async () => {
    await expect(api(`/${PID}/groups?member[$gt]=a`, { auth: await as('agent') })).rejects.toThrow();
  });
});

describe('updating groups', () => {
  it('updates the fields sent (a trailing slash is accepted)', async () => {
    const auth = await as('agent');
    const { _id } = await createNightShift(auth);
    const updated = await api(`/${PID}/groups/${_id}/`, { method: 'PUT', auth, body: { name: 'Night shift (EU)' } });
    expect(updated.body).toMatchObject({ name: 'Night shift (EU)', members: [SEED.members.agent.userId] });
  });

  it('ignores null fields of an update (req.body.x != undefined, routes/group.js:39-50)', async () => {
    const group = await api(`/${PID}/groups/${SEED.groups.tier1}`, { method: 'PUT', auth: await as('agent'), body: { name: null, members: null } });
    expect(group.status).toBe(200);
    expect(group.body.name).toBe('Tier 1');
  });

  it('casts trashed as a boolean: "yes" is true, "maybe" a 500 (routes/group.js:56)', async () => {
    const auth = await as('agent');
    expect((await api(`/${PID}/groups/${SEED.groups.billing}`, { method: 'PUT', auth, body: { trashed: 'yes' } })).body.trashed).toBe(true);
    expect(await api(`/${PID}/groups/${SEED.groups.billing}`, { method: 'PUT', auth, body: { trashed: 'maybe' } })).toMatchObject({
      status: 500,
      body: { success: false, msg: 'Error updating object.' },
    });
    expect(await api(`/${PID}/groups/not-an-id`, { method: 'PUT', auth, body: { name: 'x' } })).toMatchObject({ status: 500, body: { success: false, msg: 'Error updating object.' } });
  });

  it('upserts an unknown id on PUT: the schema defaults and the fields sent, no project or name', async () => {
    const auth = await as('agent');
    expect((await api(`/${PID}/groups/65f1a2b3c4d5e6f708090fff`, { method: 'PUT', auth, body: { name: 'Upserted' } })).body).toMatchObject({ _id: '65f1a2b3c4d5e6f708090fff', name: 'Upserted' });
    const bare = await api(`/${PID}/groups/65f1a2b3c4d5e6f7080999ac`, { method: 'PUT', auth, body: {} });
    expect(bare.body).toEqual({ _id: '65f1a2b3c4d5e6f7080999ac', members: [], enabled: true, createdAt: expect.any(String), updatedAt: expect.any(String), __v: 0 });
    expect((await api(`/${PID}/groups`, { auth })).body.map((g: any) => g._id)).not.toContain('65f1a2b3c4d5e6f7080999ac');
  });
});

describe('deleting groups', () => {
  it('soft-deletes: trashed and disabled, hidden from the list, still readable', async () => {
    const auth = await as('agent');
    const { _id } = await createNightShift(auth);
    expect(await api(`/${PID}/groups/${_id}`, { method: 'DELETE', auth })).toMatchObject({ status: 200, body: { success: true, message: 'Group successfully deleted' } });
    expect((await api(`/${PID}/groups`, { auth })).body).toHaveLength(2);
    expect((await api(`/${PID}/groups/${_id}`, { auth })).body).toMatchObject({ trashed: true, enabled: false });
  });

  it('confirms a soft delete of an unknown id without creating it (no upsert, routes/group.js:159)', async () => {
    const auth = await as('agent');
    expect((await api(`/${PID}/groups/${FRESH}`, { method: 'DELETE', auth })).body).toEqual({ success: true, message: 'Group successfully deleted' });
    expect((await api(`/${PID}/groups/${FRESH}`, { auth })).status).toBe(404);
  });

  it('removes a group with force=true (exactly "true"), answering the removed group', async () => {
    const auth = await as('agent');
    const { _id } = await createNightShift(auth);
    expect((await api(`/${PID}/groups/${_id}?force=TRUE`, { method: 'DELETE', auth })).body).toEqual({ success: true, message: 'Group successfully deleted' });
    expect((await api(`/${PID}/groups/${_id}?force=true`, { method: 'DELETE', auth })).body._id).toBe(_id);
    expect(await api(`/${PID}/groups/${_id}`, { auth })).toMatchObject({ status: 404, body: { success: false, msg: 'Object not found.' } });
  });

  it('answers a forced delete of an unknown group with 200 and an empty body', async () => {
    const forced = await api(`/${PID}/groups/${FRESH}?force=true`, { method: 'DELETE', auth: await as('agent') });
    expect(forced.status).toBe(200);
    expect(forced.text).toBe('');
  });

  it('answers 500 "Error deleting group" for an id that is no ObjectId (routes/group.js:148,162)', async () => {
    const auth = await as('agent');
    for (const query of ['', '?force=true']) {
      expect(await api(`/${PID}/groups/not-an-id${query}`, { method: 'DELETE', auth })).toMatchObject({ status: 500, body: { success: false, msg: 'Error deleting group' } });
    }
  });

  it('refuses a group a department of the project names (403, routes/group.js:141)', async () => {
    const department = service.store.departments.get(SEED.departmentId)!;
    Object.assign(department, { id_group: SEED.groups.tier1 });
    expect(await api(`/${PID}/groups/${SEED.groups.tier1}?force=true`, { method: 'DELETE', auth: await as('agent') })).toMatchObject({
      status: 403,
      body: { success: false, error: 'Unable to delete a group associated with a department' },
    });
  });
});
