import { describe, expect, it } from 'vitest';
import { SEED } from '../src/seed';
import { PID, useMock } from './helpers';

/**
 * The mock stores and sends what the real service does where the contract now says so: nulls the
 * service stores, epoch milliseconds, bare documents from upserts on unknown ids, an empty body, and
 * `null` taken as "not given" on updates. Every answer is also checked against the contract (helpers).
 */
const { api, as } = useMock();
const FRESH = '65f1a2b3c4d5e6f7080999aa';

describe('nulls the service stores', () => {
  it('a lead created without a phone has phone null', async () => {
    const auth = await as('agent');
    const lead = await api(`/${PID}/leads`, { auth, body: { fullname: 'Ada Lovelace', email: 'ada@example.org' } });
    expect(lead.body).toMatchObject({ fullname: 'Ada Lovelace', phone: null });
    expect((await api(`/${PID}/leads/${SEED.leads.marco}`, { auth })).body.phone).toBeNull();
  });

  it('a tag updated without a color has color null', async () => {
    const auth = await as('agent');
    const updated = await api(`/${PID}/tags/${SEED.tags.vip}`, { method: 'PUT', auth, body: { tag: 'vip-customers' } });
    expect(updated.body).toMatchObject({ _id: SEED.tags.vip, tag: 'vip-customers', color: null });
  });

  it('a teammate whose user was deleted has id_user null', async () => {
    const auth = await as('agent');
    expect((await api(`/${PID}/project_users/${SEED.formerAgent.teammateId}`, { auth })).body).toMatchObject({ id_user: null, role: 'agent' });
  });

  it('contents: url contents have no content (null), a failed one has last_error.timestamp in epoch ms', async () => {
    const auth = await as('admin');
    const list = await api(`/${PID}/kb?namespace=${PID}`, { auth });
    const byId = Object.fromEntries(list.body.kbs.map((c: any) => [c._id, c]));
    expect(byId[SEED.contents.url].content).toBeNull();
    expect(byId[SEED.contents.pdf].last_error).toEqual({ timestamp: Date.parse('2026-11-16T11:02:10.000Z'), message: expect.any(String) });
  });

  it('createContent without source stores source null and replaces the project’s other source-less content of that type', async () => {
    const auth = await as('admin');
    const first = await api(`/${PID}/kb`, { auth, body: { name: 'A', type: 'text', content: 'first', namespace: PID } });
    expect(first.body.value).toMatchObject({ source: null, content: 'first' });
    const second = await api(`/${PID}/kb`, { auth, body: { name: 'B', type: 'text', content: 'second', namespace: SEED.secondKnowledgeBaseId } });
    expect(second.body.lastErrorObject).toEqual({ n: 1, updatedExisting: true });
    expect(second.body.value).toMatchObject({ _id: first.body.value._id, name: 'B', namespace: SEED.secondKnowledgeBaseId, source: null });
  });
});

describe('null means "not given" on updates', () => {
  it('updateLead with attributes: null and tags: null (what the service’s JavaScript client sends) changes only the rest', async () => {
    const auth = await as('agent');
    const before = (await api(`/${PID}/leads/${SEED.leads.giulia}`, { auth })).body;
    const updated = await api(`/${PID}/leads/${SEED.leads.giulia}`, { method: 'PUT', auth, body: { fullname: 'Giulia B.', attributes: null, tags: null } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ fullname: 'Giulia B.', attributes: before.attributes, tags: before.tags, email: before.email });
  });

  it('updateGroup and updateSegment ignore null fields', async () => {
    const auth = await as('agent');
    const group = await api(`/${PID}/groups/${SEED.groups.tier1}`, { method: 'PUT', auth, body: { name: null, members: null } });
    expect(group.status).toBe(200);
    expect(group.body.name).toBe('Tier 1');
    const segment = await api(`/${PID}/segments/${SEED.segments.italy}`, { method: 'PUT', auth, body: { name: null, match: null, filters: null } });
    expect(segment.status).toBe(200);
    expect(segment.body.name).toBe('Customers from Italy');
  });
});

describe('upserts on unknown ids', () => {
  it('PUT creates a bare document: no project, creator (or lead_id); lists do not show it', async () => {
    const auth = await as('agent');
    const tag = await api(`/${PID}/tags/${FRESH}`, { method: 'PUT', auth, body: { tag: 'upserted' } });
    expect(tag.body).toEqual({ _id: FRESH, tag: 'upserted', color: null, createdAt: expect.any(String), updatedAt: expect.any(String), __v: 0 });
    const lead = await api(`/${PID}/leads/65f1a2b3c4d5e6f7080999ab`, { method: 'PUT', auth, body: { fullname: 'Upserted' } });
    expect(lead.body).toMatchObject({ _id: '65f1a2b3c4d5e6f7080999ab', fullname: 'Upserted', status: 100, tags: [] });
    for (const key of ['lead_id', 'id_project', 'createdBy']) expect(lead.body).not.toHaveProperty(key);
    const group = await api(`/${PID}/groups/65f1a2b3c4d5e6f7080999ac`, { method: 'PUT', auth, body: {} });
    expect(group.body).toMatchObject({ members: [], enabled: true });
    expect(group.body).not.toHaveProperty('name');
    expect((await api(`/${PID}/tags`, { auth })).body.map((t: any) => t._id)).not.toContain(FRESH);
    const admin = await as('admin');
    const teammate = await api(`/${PID}/project_users/65f1a2b3c4d5e6f7080999ad`, { method: 'PUT', auth: admin, body: { user_available: false } });
    expect(teammate.body).toMatchObject({ _id: '65f1a2b3c4d5e6f7080999ad', id: '65f1a2b3c4d5e6f7080999ad', user_available: false, status: 'active' });
    for (const key of ['id_project', 'role', 'createdBy']) expect(teammate.body).not.toHaveProperty(key);
    const kb = await api(`/${PID}/kb/namespace/65f1a2b3c4d5e6f7080999ae`, { method: 'PUT', auth: admin, body: { name: 'Upserted KB' } });
    expect(kb.body).toEqual({ id: '65f1a2b3c4d5e6f7080999ae', name: 'Upserted KB', default: false, hybrid: false, createdAt: expect.any(String), updatedAt: expect.any(String) });
  });

  it('a forced delete of an unknown group answers 200 with an empty body', async () => {
    const auth = await as('agent');
    const forced = await api(`/${PID}/groups/${FRESH}?force=true`, { method: 'DELETE', auth });
    expect(forced.status).toBe(200);
    expect(forced.text).toBe('');
  });
});
