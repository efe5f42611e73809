import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/state/seed';
import { PID, useMock } from '../support/harness';

const { api, as } = useMock();
const FRESH = '65f1a2b3c4d5e6f7080999aa';

async function createNightShift(auth: string) {
  return (await api(`/${PID}/groups`, { auth, body: { name: 'Night shift', members: [SEED.members.agent.userId] } })).body;
}

describe('groups', () => {
  it('creates a group with its members, enabled, in the project, by the caller', async () => {
    const created = await createNightShift(await as('agent'));
    expect(created).toMatchObject({ name: 'Night shift', members: [SEED.members.agent.userId], trashed: false, enabled: true, id_project: PID, createdBy: SEED.members.agent.userId });
  });

  it('reads a group by id', async () => {
    const auth = await as('agent');
    const { _id } = await createNightShift(auth);
    expect((await api(`/${PID}/groups/${_id}`, { auth })).body.name).toBe('Night shift');
  });

  it('lists the groups, and those of a member', async () => {
    const auth = await as('agent');
    await createNightShift(auth);
    expect((await api(`/${PID}/groups`, { auth })).body.map((g: any) => g.name)).toEqual(['Tier 1', 'Billing', 'Night shift']);
    expect((await api(`/${PID}/groups?member=${SEED.members.admin.userId}`, { auth })).body.map((g: any) => g.name)).toEqual(['Tier 1', 'Billing']);
  });

  it('updates the fields sent (a trailing slash is accepted)', async () => {
    const auth = await as('agent');
    const { _id } = await createNightShift(auth);
    const updated = await api(`/${PID}/groups/${_id}/`, { method: 'PUT', auth, body: { name: 'Night shift (EU)' } });
    expect(updated.body).toMatchObject({ name: 'Night shift (EU)', members: [SEED.members.agent.userId] });
  });

  it('ignores null fields of an update ("not given", as on the service)', async () => {
    const group = await api(`/${PID}/groups/${SEED.groups.tier1}`, { method: 'PUT', auth: await as('agent'), body: { name: null, members: null } });
    expect(group.status).toBe(200);
    expect(group.body.name).toBe('Tier 1');
  });

  it('soft-deletes: trashed and disabled, hidden from the list, still readable', async () => {
    const auth = await as('agent');
    const { _id } = await createNightShift(auth);
    expect(await api(`/${PID}/groups/${_id}`, { method: 'DELETE', auth })).toMatchObject({ status: 200, body: { success: true, message: 'Group successfully deleted' } });
    expect((await api(`/${PID}/groups`, { auth })).body).toHaveLength(2);
    expect((await api(`/${PID}/groups/${_id}`, { auth })).body).toMatchObject({ trashed: true, enabled: false });
  });

  it('removes a group with force=true, answering the removed group', async () => {
    const auth = await as('agent');
    const { _id } = await createNightShift(auth);
    expect((await api(`/${PID}/groups/${_id}?force=true`, { method: 'DELETE', auth })).body._id).toBe(_id);
    expect(await api(`/${PID}/groups/${_id}`, { auth })).toMatchObject({ status: 404, body: { success: false, msg: 'Object not found.' } });
  });

  it('answers a forced delete of an unknown group with 200 and an empty body', async () => {
    const forced = await api(`/${PID}/groups/${FRESH}?force=true`, { method: 'DELETE', auth: await as('agent') });
    expect(forced.status).toBe(200);
    expect(forced.text).toBe('');
  });

  it('upserts an unknown id on PUT: the schema defaults and the fields sent, no project or name', async () => {
    const auth = await as('agent');
    expect((await api(`/${PID}/groups/65f1a2b3c4d5e6f708090fff`, { method: 'PUT', auth, body: { name: 'Upserted' } })).body).toMatchObject({ _id: '65f1a2b3c4d5e6f708090fff', name: 'Upserted' });
    const bare = await api(`/${PID}/groups/65f1a2b3c4d5e6f7080999ac`, { method: 'PUT', auth, body: {} });
    expect(bare.body).toMatchObject({ members: [], enabled: true });
    expect(bare.body).not.toHaveProperty('name');
    expect(bare.body).not.toHaveProperty('id_project');
  });

  it('refuses a body without name or with a name of the wrong type (422)', async () => {
    const auth = await as('agent');
    expect((await api(`/${PID}/groups`, { auth, body: { members: [] } })).status).toBe(422);
    expect((await api(`/${PID}/groups`, { auth, body: { name: 7 } })).body.errors[0]).toMatchObject({ value: 7, param: 'name', location: 'body', msg: 'Invalid value' });
  });
});
