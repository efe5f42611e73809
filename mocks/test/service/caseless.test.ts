/**
 * Case-insensitive paths, as Express routes the server's (no router of server 2.19.16 sets
 * `caseSensitive`; checked on it: `GET /{p}/LABELS/Default/FR` the French set, `HEAD /{p}/Tags` 200,
 * `POST /{p}/TAGS` creates, `POST /AUTH/signin` signs in, `/{p}/Nothing` 404), on every transport;
 * parameters keep their case.
 */
import { getResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFetch } from '../../src/fetch';
import { startHttpMock, type HttpMock } from '../../src/server';
import { caselessRoute } from '../../src/service/caseless';
import { createMockService } from '../../src/service/create';
import { SEED } from '../../src/state/seed';

const P = SEED.projectId;

describe('case-insensitive routing', () => {
  const mockFetch = createMockFetch({ warnings: false });
  let mock: HttpMock;
  let auth: string;
  beforeAll(async () => {
    mock = await startHttpMock({ service: createMockService({ warnings: false }) });
    auth = await mockFetch.service.authorization('admin');
  });
  afterAll(() => mock.stop());

  const transports: Array<[string, (path: string, init?: RequestInit) => Promise<Response>]> = [
    ['createMockFetch', (path, init) => mockFetch(`https://api.supportkb.test${path}`, init)],
    ['the standalone server', (path, init) => fetch(`${mock.url}${path}`, init)],
  ];

  it.each(transports)('routes literal segments without case, parameters as sent (%s)', async (_name, send) => {
    const lower = await send(`/${P}/leads`, { headers: { Authorization: auth } });
    const mixed = await send(`/${P}/Leads/`, { headers: { Authorization: auth } });
    expect(mixed.status).toBe(200);
    expect(await mixed.json()).toEqual(await lower.json());
    // `lang` keeps its case: FR is the French set (fr would be no set at all).
    const french = await send(`/${P}/LABELS/Default/FR`);
    expect(await french.json()).toMatchObject({ lang: 'FR' });
    const head = await send(`/${P}/Tags`, { method: 'HEAD', headers: { Authorization: auth } });
    expect([head.status, await head.text()]).toEqual([200, '']);
    const created = await send(`/${P}/TAGS`, { method: 'POST', headers: { Authorization: auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ tag: `case-${_name}` }) });
    expect(await created.json()).toMatchObject({ tag: `case-${_name}` });
    const signIn = await send('/AUTH/signin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: SEED.members.admin.email, password: SEED.members.admin.password }),
    });
    expect(signIn.status).toBe(200);
    // A path no operation has, in any case, is still Express's 404 page; so is a method the path lacks.
    expect((await send(`/${P}/Nothing`, { headers: { Authorization: auth } })).status).toBe(404);
    expect((await send(`/${P}/Leads/csv/x`, { headers: { Authorization: auth } })).status).toBe(404);
  });

  it('keeps a base URL as MSW matches it, and the operations under it without case', async () => {
    const service = createMockService({ baseUrl: 'https://api.example.test/v2', warnings: false });
    const token = await service.authorization('admin');
    const at = (path: string) => getResponse(service.handlers, new Request(`https://api.example.test${path}`, { headers: { Authorization: token } }));
    expect((await at(`/v2/${P}/TAGS`))?.status).toBe(200);
    expect(await at(`/V2/${P}/tags`)).toBeUndefined();
    expect(await at(`/v2x/${P}/Tags`)).toBeUndefined();
  });

  it('takes the first route in MSW order whose literals match without case, and only when one differs', () => {
    const answer = async () => new Response(null);
    const routes = [
      { method: 'GET', path: '/{project_id}/kb/multi', answer },
      { method: 'GET', path: '/{project_id}/kb/{content_id}', answer },
    ];
    expect(caselessRoute(routes, 'GET', ['p', 'KB', 'Multi'], true)).toEqual({ route: routes[0], params: { project_id: 'p' } });
    expect(caselessRoute(routes, 'GET', ['x', 'p', 'Kb', 'a%20B'], true)).toEqual({ route: routes[1], params: { project_id: 'p', content_id: 'a B' } });
    expect(caselessRoute(routes, 'GET', ['p', 'kb', 'c'], true)).toBeUndefined();
    expect(caselessRoute(routes, 'POST', ['p', 'KB', 'c'], true)).toBeUndefined();
    expect(caselessRoute(routes, 'GET', ['x', 'p', 'KB', 'c'], false)).toBeUndefined();
  });
});
