import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/state/seed';
import { PID, useMock } from '../support/harness';

const { api, as, service } = useMock();

/** Creates segments Alpha, Beta, Gamma, one second apart. */
async function createThree(auth: string) {
  for (const name of ['Alpha', 'Beta', 'Gamma']) {
    service.clock.advance(1000);
    await api(`/${PID}/segments`, { auth, body: { name, filters: [{ field: 'country', operator: '=', value: name }] } });
  }
}

describe('segments', () => {
  it('wraps a page as {perPage, count, segments}, newest first', async () => {
    const auth = await as('agent');
    await createThree(auth);
    const page0 = await api(`/${PID}/segments?limit=2&page=0`, { auth });
    expect(page0.body).toMatchObject({ perPage: 2, count: 5 });
    expect(page0.body.segments.map((s: any) => s.name)).toEqual(['Gamma', 'Beta']);
    expect((await api(`/${PID}/segments?limit=2&page=2`, { auth })).body.segments.map((s: any) => s.name)).toEqual(['Customers from Italy']);
  });

  it('pages by the contract default page size (40) when no limit is sent', async () => {
    expect((await api(`/${PID}/segments`, { auth: await as('agent') })).body.perPage).toBe(40);
  });

  it('sorts by `sort`, else `sortField`, in the direction asked', async () => {
    const auth = await as('agent');
    await createThree(auth);
    const byName = await api(`/${PID}/segments?sort=name&direction=1`, { auth });
    expect(byName.body.segments.map((s: any) => s.name)).toEqual(['Alpha', 'Beta', 'Customers from Italy', 'Gamma', 'VIP leads with email']);
    expect((await api(`/${PID}/segments?sortField=name&direction=-1`, { auth })).body.segments[0].name).toBe('VIP leads with email');
  });

  it('updates the fields sent', async () => {
    const updated = await api(`/${PID}/segments/${SEED.segments.italy}`, { method: 'PUT', auth: await as('agent'), body: { match: 'any' } });
    expect(updated.body).toMatchObject({ name: 'Customers from Italy', match: 'any' });
  });

  it('ignores null fields of an update', async () => {
    const segment = await api(`/${PID}/segments/${SEED.segments.italy}`, { method: 'PUT', auth: await as('agent'), body: { name: null, match: null, filters: null } });
    expect(segment.status).toBe(200);
    expect(segment.body.name).toBe('Customers from Italy');
  });

  it('soft-deletes (status 0): hidden from the list, still readable', async () => {
    const auth = await as('agent');
    expect((await api(`/${PID}/segments/${SEED.segments.italy}`, { method: 'DELETE', auth })).body.status).toBe(0);
    expect((await api(`/${PID}/segments`, { auth })).body.count).toBe(1);
    expect((await api(`/${PID}/segments/${SEED.segments.italy}`, { auth })).body.status).toBe(0);
  });

  it('refuses a filter with an unknown operator (422)', async () => {
    expect((await api(`/${PID}/segments`, { auth: await as('agent'), body: { name: 'Bad', filters: [{ field: 'x', operator: 'like', value: 1 }] } })).status).toBe(422);
  });
});
