import { operations } from '@supportkb/sdk';
import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/state/seed';
import { PID, useMock } from '../support/harness';

const { api, as } = useMock();

async function createAnna(auth: string) {
  return (await api(`/${PID}/leads`, { auth, body: { fullname: 'Anna Neri', email: 'anna.neri@example.org', attributes: { plan: 'free' } } })).body;
}

describe('creating leads', () => {
  it('creates an active lead with a lead_id, no tags and phone null (as the lead service stores it)', async () => {
    const created = await createAnna(await as('agent'));
    expect(created).toMatchObject({ fullname: 'Anna Neri', status: 100, tags: [], phone: null, createdBy: SEED.members.agent.userId });
    expect(created.lead_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await api(`/${PID}/leads/${SEED.leads.marco}`, { auth: await as('agent') })).body.phone).toBeNull();
  });

  it('refuses a malformed email (422)', async () => {
    expect((await api(`/${PID}/leads`, { auth: await as('agent'), body: { email: 'nope' } })).status).toBe(422);
  });
});

describe('listing leads', () => {
  it('wraps a page as {perPage, count, leads}, newest first, 40 per page by default', async () => {
    const auth = await as('agent');
    await createAnna(auth);
    const list = await api(`/${PID}/leads`, { auth });
    expect(list.body).toMatchObject({ perPage: 40, count: 4 });
    expect(list.body.leads[0].fullname).toBe('Anna Neri');
  });

  it('filters by exact email', async () => {
    const auth = await as('agent');
    expect((await api(`/${PID}/leads?email=giulia.bianchi@example.org`, { auth })).body.leads.map((l: any) => l.fullname)).toEqual(['Giulia Bianchi']);
    expect((await api(`/${PID}/leads?email=giulia`, { auth })).body.count).toBe(0);
  });

  it('filters by full text, tags and with_email', async () => {
    const auth = await as('agent');
    await createAnna(auth);
    expect((await api(`/${PID}/leads?full_text=neri`, { auth })).body.leads.map((l: any) => l.fullname)).toEqual(['Anna Neri']);
    expect((await api(`/${PID}/leads?tags=vip`, { auth })).body.count).toBe(1);
    expect((await api(`/${PID}/leads?with_email=true`, { auth })).body.count).toBe(3);
  });

  it("filters by a segment's filters; an unknown segment is 404", async () => {
    const auth = await as('agent');
    expect((await api(`/${PID}/leads?segment=${SEED.segments.italy}`, { auth })).body.leads.map((l: any) => l.fullname)).toEqual(['Giulia Bianchi']);
    expect((await api(`/${PID}/leads?segment=${SEED.segments.vip}`, { auth })).body.count).toBe(1);
    expect(await api(`/${PID}/leads?segment=65f1a2b3c4d5e6f7080910ff`, { auth })).toMatchObject({ status: 404, body: { success: false, msg: 'Error segment not found' } });
  });

  it('pages and sorts', async () => {
    const auth = await as('agent');
    await createAnna(auth);
    expect((await api(`/${PID}/leads?limit=2&page=1&sort=fullname&direction=1`, { auth })).body.leads.map((l: any) => l.fullname)).toEqual(['Marco Esposito', 'guest#5f60']);
  });

  it('refuses a status the contract does not list (400)', async () => {
    expect((await api(`/${PID}/leads?status=7`, { auth: await as('agent') })).status).toBe(400);
  });
});

describe('updating leads', () => {
  it('updates the fields sent, keeping the others', async () => {
    const auth = await as('agent');
    const { _id } = await createAnna(auth);
    const updated = await api(`/${PID}/leads/${_id}`, { method: 'PUT', auth, body: { city: 'Torino', tags: ['vip'], attributes: { plan: 'pro' } } });
    expect(updated.body).toMatchObject({ city: 'Torino', tags: ['vip'], attributes: { plan: 'pro' }, fullname: 'Anna Neri' });
  });

  it("applies every body field the contract declares for updateLead, email lower-cased", async () => {
    const fields = operations.updateLead.bodyFields ?? [];
    expect(fields).toEqual(expect.arrayContaining(['email', 'company', 'note', 'streetAddress', 'region', 'zipcode', 'status']));
    const body = { email: 'Anna.New@Example.org', company: 'Acme', note: 'VIP', streetAddress: 'Via Roma 1', region: 'Piemonte', zipcode: '10100', country: 'Italy', phone: '+390111234567' };
    const updated = await api(`/${PID}/leads/${SEED.leads.marco}`, { method: 'PUT', auth: await as('agent'), body });
    expect(updated.body).toMatchObject({ ...body, email: 'anna.new@example.org' });
  });

  it('takes null as "not given" (what the service\'s JavaScript client sends)', async () => {
    const auth = await as('agent');
    const before = (await api(`/${PID}/leads/${SEED.leads.giulia}`, { auth })).body;
    const updated = await api(`/${PID}/leads/${SEED.leads.giulia}`, { method: 'PUT', auth, body: { fullname: 'Giulia B.', attributes: null, tags: null } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ fullname: 'Giulia B.', attributes: before.attributes, tags: before.tags, email: before.email });
  });

  it('upserts an unknown id on PUT: no lead_id, project or creator', async () => {
    const lead = await api(`/${PID}/leads/65f1a2b3c4d5e6f7080999ab`, { method: 'PUT', auth: await as('agent'), body: { fullname: 'Upserted' } });
    expect(lead.body).toMatchObject({ _id: '65f1a2b3c4d5e6f7080999ab', fullname: 'Upserted', status: 100, tags: [] });
    for (const key of ['lead_id', 'id_project', 'createdBy']) expect(lead.body).not.toHaveProperty(key);
  });
});

describe('deleting leads', () => {
  it('soft-deletes (status 1000): hidden from the default list, listed with status=1000, readable, restorable', async () => {
    const auth = await as('agent');
    const { _id } = await createAnna(auth);
    expect((await api(`/${PID}/leads/${_id}`, { method: 'DELETE', auth })).body.status).toBe(1000);
    expect((await api(`/${PID}/leads`, { auth })).body.count).toBe(3);
    expect((await api(`/${PID}/leads?status=1000`, { auth })).body.leads.map((l: any) => l.fullname)).toEqual(['Anna Neri']);
    expect((await api(`/${PID}/leads/${_id}`, { auth })).body.status).toBe(1000);
    expect((await api(`/${PID}/leads/${_id}`, { method: 'PUT', auth, body: { status: 100 } })).body.status).toBe(100);
  });
});
