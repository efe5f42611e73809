import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/state/seed';
import { PID, useMock } from '../support/harness';

const { api, as, service } = useMock();
const FRESH = '65f1a2b3c4d5e6f7080999ad';
const SAVE_FAILED = { success: false, msg: 'Error updating object.' };

/** Creates segments Alpha, Beta, Gamma, one second apart. */
async function createThree(auth: string) {
  for (const name of ['Alpha', 'Beta', 'Gamma']) {
    service.clock.advance(1000);
    await api(`/${PID}/segments`, { auth, body: { name, filters: [{ field: 'country', operator: '=', value: name }] } });
  }
}

describe('listing segments', () => {
  it('wraps a page as {perPage, count, segments}, newest first', async () => {
    const auth = await as('agent');
    await createThree(auth);
    const page0 = await api(`/${PID}/segments?limit=2&page=0`, { auth });
    expect(page0.body).toMatchObject({ perPage: 2, count: 5 });
    expect(page0.body.segments.map((s: any) => s.name)).toEqual(['Gamma', 'Beta']);
    expect((await api(`/${PID}/segments?limit=2&page=2`, { auth })).body.segments.map((s: any) => s.name)).toEqual(['Customers from Italy']);
  });

  it('pages 40 by default; limit is parseInt: 0 means no limit (perPage 0), a negative one its absolute value', async () => {
    const auth = await as('agent');
    expect((await api(`/${PID}/segments`, { auth })).body.perPage).toBe(40);
    expect((await api(`/${PID}/segments?limit=0`, { auth })).body).toMatchObject({ perPage: 0, count: 2 });
    expect((await api(`/${PID}/segments?limit=2.9`, { auth })).body.perPage).toBe(2);
    const negative = (await api(`/${PID}/segments?limit=-1`, { auth })).body;
    expect(negative.perPage).toBe(-1);
    expect(negative.segments).toHaveLength(1);
  });

  it('sorts by `sort` only (routes/segment.js:119; `sortField` is not read), in the direction asked', async () => {
    const auth = await as('agent');
    await createThree(auth);
    const byName = await api(`/${PID}/segments?sort=name&direction=1`, { auth });
    expect(byName.body.segments.map((s: any) => s.name)).toEqual(['Alpha', 'Beta', 'Customers from Italy', 'Gamma', 'VIP leads with email']);
    expect((await api(`/${PID}/segments?sortField=name&direction=1`, { auth })).body.segments[0].name).toBe('Customers from Italy');
  });

  it('answers {err: "error"} for a direction mquery refuses (a synchronous throw in the route)', async () => {
    expect(await api(`/${PID}/segments?direction=abc`, { auth: await as('agent') })).toMatchObject({ status: 500, body: { err: 'error' } });
  });

  it('never answers a skip or sort MongoDB refuses (the callback returns the error, routes/segment.js:136)', async () => {
    const auth = await as('agent');
    await expect(api(`/${PID}/segments?page=-1`, { auth })).rejects.toThrow();
    await expect(api(`/${PID}/segments?sort=$name`, { auth })).rejects.toThrow();
  });
});

describe('creating segments', () => {
  it('stores the filters (a single one wrapped, extra keys dropped), match "all" by default', async () => {
    const created = await api(`/${PID}/segments`, { auth: await as('agent'), body: { name: 'Roma', filters: { field: 'city', operator: '=', value: 'Roma', extra: 1 } } });
    expect(created.body).toMatchObject({ name: 'Roma', match: 'all', status: 100, filters: [{ field: 'city', operator: '=', value: 'Roma' }], id_project: PID });
    expect(created.body.filters[0]).not.toHaveProperty('extra');
    expect(created.body.filters[0]).not.toHaveProperty('_id');
  });

  it('answers 500 "Error updating object." for what the model refuses (routes/segment.js:23)', async () => {
    const auth = await as('agent');
    for (const body of [
      {},
      { name: { a: 1 } },
      { name: 's', match: null },
      { name: 's', filters: 'x' },
      { name: 's', filters: [{ field: 'city', value: 'x' }] },
      { name: 's', filters: [{ field: 'city', operator: '=', value: null }] },
    ]) {
      expect(await api(`/${PID}/segments`, { auth, body })).toMatchObject({ status: 500, body: SAVE_FAILED });
    }
    // A `$` key inside a filter's value: the driver refuses to insert it.
    expect(await api(`/${PID}/segments`, { auth, body: { name: 's', filters: [{ field: 'tags', operator: '=', value: { $in: ['vip'] } }] } })).toMatchObject({ status: 500, body: SAVE_FAILED });
  });
});

describe("the mock's pattern bounds (issue #19)", () => {
  const ATTACK = '[\\s\\S]{1000}[\\s\\S]{1000}b';

  it('refuses a `contains` pattern over the bounds when a segment is created or updated: 400 naming the filter, nothing stored', async () => {
    const auth = await as('agent');
    const before = service.store.segments.size;
    const created = await api(`/${PID}/segments`, {
      auth,
      body: {
        name: 'attack',
        filters: [
          { field: 'city', operator: '=', value: 'Roma' },
          { field: 'fullname', operator: 'contains', value: ATTACK },
        ],
      },
    });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({
      errors: [
        {
          value: ATTACK,
          msg: expect.stringMatching(/^Pattern too expensive for the mock: its counted repeats \(\{n,m\}\) expand to 2000 copies, over the limit of 1000\./),
          param: 'filters.1.value',
          location: 'body',
        },
      ],
    });
    expect(service.store.segments.size).toBe(before);
    // A single filter object (Mongoose wraps it), a pattern too long.
    const long = 'x'.repeat(1001);
    expect((await api(`/${PID}/segments`, { auth, body: { name: 'long', filters: { field: 'fullname', operator: 'contains', value: long } } })).body).toEqual({
      errors: [{ value: `${'x'.repeat(200)}…`, msg: expect.stringContaining('1001 characters, over the limit of 1000'), param: 'filters.value', location: 'body' }],
    });
    const updated = await api(`/${PID}/segments/${SEED.segments.italy}`, { method: 'PUT', auth, body: { name: 'renamed', filters: [{ field: 'fullname', operator: 'contains', value: ATTACK }] } });
    expect(updated).toMatchObject({ status: 400, body: { errors: [{ param: 'filters.0.value', location: 'body' }] } });
    expect(service.store.segments.get(SEED.segments.italy)!.name).toBe('Customers from Italy');
  });

  it('stores realistic patterns, and those RE2 cannot run (matched literally when listing), as before', async () => {
    const auth = await as('agent');
    for (const value of ['^acme', 'foo|bar', '\\d{3}-\\d{4}', '(?i)rossi', 'a{1000}', '(?=x)', '[']) {
      expect((await api(`/${PID}/segments`, { auth, body: { name: value, filters: [{ field: 'fullname', operator: 'contains', value }] } })).status, value).toBe(200);
    }
  });
});

describe('updating and deleting segments', () => {
  it('updates the fields sent, without validation', async () => {
    const auth = await as('agent');
    expect((await api(`/${PID}/segments/${SEED.segments.italy}`, { method: 'PUT', auth, body: { match: 'any' } })).body).toMatchObject({ name: 'Customers from Italy', match: 'any' });
    expect((await api(`/${PID}/segments/${SEED.segments.italy}`, { method: 'PUT', auth, body: { filters: [{}] } })).body.filters).toEqual([{}]);
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

  it('upserts an unknown id on DELETE (routes/segment.js:66): a bare segment with status 0', async () => {
    const deleted = await api(`/${PID}/segments/${FRESH}`, { method: 'DELETE', auth: await as('agent') });
    expect(deleted.body).toEqual({ _id: FRESH, status: 0, match: 'all', filters: [], createdAt: expect.any(String), updatedAt: expect.any(String), __v: 0 });
  });

  it('answers 500 for an id that is no ObjectId (routes/segment.js:54,69,82)', async () => {
    const auth = await as('agent');
    expect(await api(`/${PID}/segments/nope`, { auth })).toMatchObject({ status: 500, body: { success: false, msg: 'Error getting object.' } });
    expect(await api(`/${PID}/segments/nope`, { method: 'PUT', auth, body: { name: 'x' } })).toMatchObject({ status: 500, body: SAVE_FAILED });
    expect(await api(`/${PID}/segments/nope`, { method: 'DELETE', auth })).toMatchObject({ status: 500, body: SAVE_FAILED });
  });
});
