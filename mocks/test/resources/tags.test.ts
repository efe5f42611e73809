import { operations } from '@supportkb/sdk';
import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/state/seed';
import { PID, useMock } from '../support/harness';

const { api, as, service } = useMock();
const FRESH = '65f1a2b3c4d5e6f7080999aa';

/** Creates tags t00..t40, one second apart (43 tags with the seeded two). */
async function create41(auth: string) {
  for (let i = 0; i < 41; i++) {
    service.clock.advance(1000);
    await api(`/${PID}/tags`, { auth, body: { tag: `t${String(i).padStart(2, '0')}`, color: '#000000', attributes: { ignored: true } } });
  }
}

describe('tags', () => {
  it("pages by the contract's page size (40), newest first, dropping `attributes`", async () => {
    expect(operations.listTags.pagination?.pageSize).toBe(40);
    const auth = await as('agent');
    await create41(auth);
    const page0 = await api(`/${PID}/tags`, { auth });
    expect(page0.body).toHaveLength(40);
    expect(page0.body[0].tag).toBe('t40');
    expect(page0.body[0].attributes).toBeUndefined();
    expect((await api(`/${PID}/tags?page=1`, { auth })).body.map((t: any) => t.tag)).toEqual(['t00', 'billing', 'vip']);
  });

  it('sorts by `sort` in the direction asked', async () => {
    const auth = await as('agent');
    await create41(auth);
    expect((await api(`/${PID}/tags?sort=tag&direction=1&page=1`, { auth })).body.map((t: any) => t.tag)).toEqual(['t39', 't40', 'vip']);
  });

  it('answers the existing tag when its name is created again', async () => {
    const duplicate = await api(`/${PID}/tags`, { auth: await as('agent'), body: { tag: 'vip', color: '#ffffff' } });
    expect(duplicate.body).toMatchObject({ _id: SEED.tags.vip, color: '#e53935' });
  });

  it("answers a rename to another tag's name with the server's 500 (the unique index on project and name), changing nothing", async () => {
    // routes/tag.js:47: findByIdAndUpdate fails with E11000 → {success: false, msg: "Error updating object."}
    const renamed = await api(`/${PID}/tags/${SEED.tags.vip}`, { method: 'PUT', auth: await as('agent'), body: { tag: 'billing' } });
    expect(renamed).toMatchObject({ status: 500, body: { success: false, msg: 'Error updating object.' } });
    expect((await api(`/${PID}/tags/${SEED.tags.vip}`, { auth: await as('agent') })).body.tag).toBe('vip');
  });

  it('updates name and color', async () => {
    const updated = await api(`/${PID}/tags/${SEED.tags.vip}`, { method: 'PUT', auth: await as('agent'), body: { tag: 'vip-customer', color: '#8e24aa' } });
    expect(updated.body).toMatchObject({ tag: 'vip-customer', color: '#8e24aa' });
  });

  it('stores a color not sent on update as null, as the service writes both fields', async () => {
    const updated = await api(`/${PID}/tags/${SEED.tags.vip}`, { method: 'PUT', auth: await as('agent'), body: { tag: 'vip-customers' } });
    expect(updated.body).toMatchObject({ _id: SEED.tags.vip, tag: 'vip-customers', color: null });
  });

  it('answers the raw delete result, 1 then 0, and the tag is gone', async () => {
    const auth = await as('agent');
    expect((await api(`/${PID}/tags/${SEED.tags.vip}`, { method: 'DELETE', auth })).body).toEqual({ n: 1, ok: 1, deletedCount: 1 });
    expect((await api(`/${PID}/tags/${SEED.tags.vip}`, { method: 'DELETE', auth })).body).toEqual({ n: 0, ok: 1, deletedCount: 0 });
    expect((await api(`/${PID}/tags/${SEED.tags.vip}`, { auth })).status).toBe(404);
  });

  it('upserts an unknown id on PUT as a bare tag no list shows', async () => {
    const auth = await as('agent');
    const tag = await api(`/${PID}/tags/${FRESH}`, { method: 'PUT', auth, body: { tag: 'upserted' } });
    expect(tag.body).toEqual({ _id: FRESH, tag: 'upserted', color: null, createdAt: expect.any(String), updatedAt: expect.any(String), __v: 0 });
    expect((await api(`/${PID}/tags`, { auth })).body.map((t: any) => t._id)).not.toContain(FRESH);
  });
});
