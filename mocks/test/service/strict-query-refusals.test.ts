/**
 * Strict mode refuses what the contract's request serialisation forbids and the server reads anyway
 * — a repeated query name, a deepObject key repeated or nested, `direction=desc` where the contract
 * takes -1 or 1, a dotted key in a guest's attributes — each with a 4xx naming the parameter, while
 * the default mode answers as server 2.19.16 does (checked on it: the answers noted below).
 */
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../src/service/create';
import { SEED } from '../../src/state/seed';
import { call } from '../support/requests';

const P = SEED.projectId;

async function caller(strict: boolean) {
  const service = createMockService({ strict, warnings: false });
  const auth = await service.authorization('owner');
  return {
    get: (path: string) => call(service, `/${P}${path}`, { headers: { Authorization: auth } }),
    anonymous: (attributes: Record<string, unknown>) =>
      call(service, '/auth/signinAnonymously', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id_project: P, firstname: 'Ada', attributes }) }),
  };
}

describe('strict mode: how the query is written', () => {
  it('refuses a declared query name sent twice, naming it and the values', async () => {
    const { get } = await caller(true);
    expect(await get('/leads?limit=1&limit=2')).toMatchObject({
      status: 400,
      body: { errors: [{ value: ['1', '2'], msg: 'limit is sent 2 times; the contract takes one value (the server would read an array)', param: 'limit', location: 'query' }] },
    });
    // Refused for how it is written, not again for its value.
    expect((await get('/leads?direction=1&direction=-1')).body.errors).toEqual([
      { value: ['1', '-1'], msg: 'direction is sent 2 times; the contract takes one value (the server would read an array)', param: 'direction', location: 'query' },
    ]);
  });

  it('refuses a deepObject key sent twice or nested deeper, and takes one level of keys', async () => {
    const { get } = await caller(true);
    expect((await get('/analytics/messages/count?attributes[a][b]=1')).body).toEqual({
      errors: [{ value: '1', msg: 'attributes is a deepObject of one level (attributes[name]=value); attributes[a][b] nests deeper', param: 'attributes[a][b]', location: 'query' }],
    });
    expect((await get('/analytics/messages/count?attributes[a]=1&attributes[a]=2')).body).toEqual({
      errors: [{ value: ['1', '2'], msg: 'attributes[a] is sent 2 times; the contract takes one value (the server would read an array)', param: 'attributes[a]', location: 'query' }],
    });
    expect(await get('/analytics/messages/count?attributes[a]=1&attributes[b]=2')).toMatchObject({ status: 200, body: [] });
  });

  it('refuses direction=desc with the values the contract takes', async () => {
    const { get } = await caller(true);
    for (const path of ['/leads?direction=desc', '/tags?direction=desc']) {
      expect((await get(path)).body).toEqual({ errors: [{ value: 'desc', msg: 'Invalid input: expected one of -1, 1', param: 'direction', location: 'query' }] });
    }
    expect((await get('/leads?direction=1')).status).toBe(200);
  });

  it("refuses a guest's attributes with a dotted key (422, the operation's bad-input status)", async () => {
    const { anonymous } = await caller(true);
    expect(await anonymous({ 'a.b': 1 })).toMatchObject({ status: 422, body: { errors: [{ value: 1, param: 'attributes.a.b', location: 'body' }] } });
    expect((await anonymous({ a: 1 })).status).toBe(200);
  });
});

describe('the default mode: the same requests answered as the server answers them', () => {
  it('reads them as qs does', async () => {
    const { get, anonymous } = await caller(false);
    // 2.19.16: 200 [] for both counts; listLeads' limit the first of the array (perPage 1); desc sorts.
    expect(await get('/analytics/messages/count?attributes[a][b]=1')).toMatchObject({ status: 200, body: [] });
    expect(await get('/analytics/messages/count?attributes[a]=1&attributes[a]=2')).toMatchObject({ status: 200, body: [] });
    expect(await get('/leads?limit=1&limit=2')).toMatchObject({ status: 200, body: { perPage: 1 } });
    expect(await get('/leads?direction=desc')).toMatchObject({ status: 200, body: { perPage: 40 } });
    expect((await get('/tags?direction=desc')).status).toBe(200);
    // 2.19.16 never answers a repeated direction (MongoDB refuses the sort, the route drops the error).
    expect((await get('/leads?direction=1&direction=-1')).status).toBe(0);
    // 2.19.16 signs the guest in with the dotted key in its token's attributes.
    expect(await anonymous({ 'a.b': 1 })).toMatchObject({ status: 200, body: { success: true } });
  });
});
