/**
 * `GET /{p}/leads` under hostile filters (issue 31, items 1, 6, 7): the mock answers 400 naming
 * its limit and the query parameter, or answers as the server does with bounded work; never a
 * request that stalls every other. Work is bounded by counting (the request's budget); the
 * figures before and after are in bench/README.md ("Query engine").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMockService } from '../../src/service/create';
import { MAX_LIST_VALUES, MAX_PATH_STEPS, MAX_TEXT_WORK } from '../../src/pattern';
import { SEED } from '../../src/state/seed';
import { call, json } from '../support/requests';

const P = SEED.projectId;
const service = createMockService({ clock: { frozen: true }, webhooks: { delivery: 'none' }, warnings: false });
const admin = service.basic('admin');
afterEach(() => service.reset());

const get = (path: string) => call(service, path, { headers: { Authorization: admin } });
const segment = async (filters: unknown[]) => {
  const created = await call(service, `/${P}/segments`, json(admin, { name: 's', filters }));
  expect(created.status).toBe(200);
  return created.body._id as string;
};

describe('nested paths (issue 31, item 1)', () => {
  it('a segment filter on `attributes.x.0.0…` (80 segments) over a lead nested 40 levels answers, as MongoDB would (before: 2^40 routes, never)', async () => {
    let value: unknown = 'leaf';
    for (let i = 0; i < 40; i++) value = [{ 0: value }];
    const lead = await call(service, `/${P}/leads`, json(admin, { fullname: 'Nested', attributes: { x: value } }));
    expect(lead.status).toBe(200);
    const path = `attributes.x${'.0'.repeat(80)}`;
    const listed = await get(`/${P}/leads?segment=${await segment([{ field: path, operator: '=', value: 'leaf' }])}`);
    expect(listed.status).toBe(200);
    expect(listed.body.leads.map((l: { _id: string }) => l._id)).toEqual([lead.body._id]);
    const missed = await get(`/${P}/leads?segment=${await segment([{ field: path, operator: '=', value: 'other' }])}`);
    expect(missed.body.count).toBe(0);
  });

  it(`a listing whose paths need more than ${MAX_PATH_STEPS} steps: 400 naming the segment's path and the limit`, async () => {
    // Three leads whose attributes hold 700,000 items each: 2.1 million steps for `attributes.list.name`.
    const list = Array.from({ length: 700_000 }, () => 0);
    const template = service.store.leads.get(SEED.leads.marco)!;
    for (let i = 0; i < 3; i++) {
      const id = service.ids.objectId();
      service.store.leads.set(id, { ...structuredClone(template), _id: id, attributes: { list } });
    }
    const listed = await get(`/${P}/leads?segment=${await segment([{ field: 'attributes.list.name', operator: '=', value: 'x' }])}`);
    expect(listed.status).toBe(400);
    expect(listed.body).toEqual({
      errors: [
        {
          value: 'attributes.list.name',
          msg: expect.stringMatching(new RegExp(`^The segment's filter on \`attributes.list.name\`: Query too expensive for the mock: .*more than ${MAX_PATH_STEPS} steps`)),
          param: 'segment',
          location: 'query',
        },
      ],
    });
  });
});

describe('long lists (issue 31, item 6)', () => {
  it(`a segment \`=\` a list of ${MAX_LIST_VALUES + 1} names: 400 naming the limit; ${MAX_LIST_VALUES} answer`, async () => {
    const names = Array.from({ length: MAX_LIST_VALUES + 1 }, (_, i) => `n${i}`);
    const refused = await get(`/${P}/leads?segment=${await segment([{ field: 'fullname', operator: '=', value: names }])}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      errors: [
        {
          value: `a list of ${MAX_LIST_VALUES + 1} values`,
          msg: expect.stringContaining(`The segment's filter on \`fullname\`: Query too expensive for the mock: a list of ${MAX_LIST_VALUES + 1} values`),
          param: 'segment',
          location: 'query',
        },
      ],
    });
    const marco = service.store.leads.get(SEED.leads.marco)!;
    const within = [...names.slice(0, MAX_LIST_VALUES - 1), marco.fullname];
    const listed = await get(`/${P}/leads?segment=${await segment([{ field: 'fullname', operator: '=', value: within }])}`);
    expect(listed.status).toBe(200);
    expect(listed.body.leads.map((l: { _id: string }) => l._id)).toEqual([SEED.leads.marco]);
  });
});

describe('full_text (issue 31, item 7)', () => {
  it('searches the words indexed when the leads were written, and answers 400 naming `full_text` when phrase scans exceed the limit', async () => {
    const words = (i: number) => `common ${Array.from({ length: 30_000 }, (_, k) => `w${i}x${k % 997}`).join(' ')}`.slice(0, 200_000);
    for (let i = 0; i < 30; i++) expect((await call(service, `/${P}/leads`, json(admin, { fullname: words(i) }))).status).toBe(200);
    // 30 × 200,000 characters: a word search looks words up; a phrase scans the text of every lead
    // holding one of its words (all 30 hold `common`), 6 million characters.
    const found = await get(`/${P}/leads?full_text=w29x5&limit=1`);
    expect(found.status).toBe(200);
    expect(found.body.count).toBe(1);
    const phrase = await get(`/${P}/leads?full_text=${encodeURIComponent('"common w3x0"')}`);
    expect(phrase.status).toBe(400);
    expect(phrase.body).toEqual({
      errors: [
        {
          value: '"common w3x0"',
          msg: expect.stringContaining(`Query too expensive for the mock: searching the text of the documents of this request needs more than ${MAX_TEXT_WORK} characters`),
          param: 'full_text',
          location: 'query',
        },
      ],
    });
  });
});
