/**
 * Strict mode and the contract's rules that Schemathesis (test/schemathesis.test.ts) found missing:
 * a path the contract lists literally is matched before a templated one (405 for a method it does
 * not list, not the templated operation's 400), and the keys MongoDB refuses to store (`StorableKey`)
 * are refused at any level the contract states, before the route (which, as the server, would
 * never answer). The default mode keeps answering as the server does; `warnings: false` silences
 * every warning of the service.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { operationIds, operationMeta } from '../../src/manifest';
import { createMockService } from '../../src/service/create';
import { concretePathOf } from '../../src/service/routes';
import { PID } from '../support/harness';
import { call, json } from '../support/requests';

const strict = () => createMockService({ webhooks: { delivery: 'none' }, strict: true, warnings: false });

describe('strict mode matches a concrete path before a templated one', () => {
  it.each([
    ['GET', `/${PID}/kb/multi`, '/{project_id}/kb/multi', 'POST'],
    ['GET', `/${PID}/kb/namespace`, '/{project_id}/kb/namespace', 'POST'],
    ['PUT', `/${PID}/kb/namespace/all`, '/{project_id}/kb/namespace/all', 'GET'],
    ['PUT', `/${PID}/project_users/invite`, '/{project_id}/project_users/invite', 'POST'],
  ])('%s %s is 405 with Allow of %s', async (method, path, template, allowed) => {
    const service = strict();
    const body = method === 'GET' ? {} : { body: '{}', headers: { 'Content-Type': 'application/json', Authorization: service.basic('admin') } };
    const answer = await call(service, path, { method, headers: { Authorization: service.basic('admin') }, ...body });
    expect(answer).toMatchObject({ status: 405, body: { errors: [{ value: method, param: 'method', location: 'method', msg: `The contract has no ${method} ${template}; it allows ${allowed}` }] } });
  });

  it('leaves a templated request alone when no concrete path of the contract matches it', () => {
    const all = operationIds.map(operationMeta);
    expect(concretePathOf(operationMeta('getContent'), { project_id: PID, content_id: '65f1a2b3c4d5e6f708090e01' }, all)).toBeUndefined();
    expect(concretePathOf(operationMeta('getContent'), { project_id: PID, content_id: 'multi' }, all)).toEqual({ path: '/{project_id}/kb/multi', methods: ['POST'] });
  });

  it('does not change the default mode, which routes as the server does', async () => {
    const service = createMockService({ webhooks: { delivery: 'none' }, warnings: false });
    const answer = await call(service, `/${PID}/kb/multi`, { headers: { Authorization: service.basic('admin') } });
    expect(answer.status).not.toBe(405);
  });
});

describe('strict mode refuses keys MongoDB refuses to store', () => {
  it.each([
    ['a key starting with $', { $plan: 1 }, '$plan'],
    ['a dotted key', { 'a.b': 1 }, 'a.b'],
    ['a NUL in a key', { 'a\u0000': 1 }, 'a\u0000'],
    // Below the first level the value is a union (scalar, array, object): zod names the value that matches none.
    ['a nested refused key', { plan: { tier: { 'x.y': true } } }, 'plan'],
    ['a refused key inside an array', { list: [{ $x: 1 }] }, 'list'],
  ])('createLead attributes with %s: 400 naming it (or the value holding it), nothing stored', async (_what, attributes, param) => {
    const service = strict();
    const before = service.store.leads.size;
    const answer = await call(service, `/${PID}/leads`, json(service.basic('admin'), { fullname: 'Ada', attributes }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((e: { param: string }) => e.param)).toContain(`attributes.${param}`);
    expect(service.store.leads.size).toBe(before);
  });

  it('refuses such a key beside the declared members of a message channel (an allOf of the contract)', async () => {
    const service = strict();
    const answer = await call(service, `/${PID}/requests/support-group-strict-keys/messages`, json(service.basic('admin'), { text: 'hi', channel: { name: 'chat21', 'x.y': 1 } }));
    expect(answer.status).toBe(422);
    expect(answer.body.errors.map((e: { param: string }) => e.param)).toContain('channel.x.y');
  });

  it('takes keys MongoDB stores, and empty label data is refused', async () => {
    const service = strict();
    expect(
      (await call(service, `/${PID}/leads`, json(service.basic('admin'), { fullname: 'Ada', attributes: { plan: 'pro', nested: { 'tier-1': ['a', { ok: true }] }, '': 'empty key' } }))).status,
    ).toBe(200);
    const empty = await call(service, `/${PID}/labels`, json(service.basic('admin'), { lang: 'IT', data: {} }));
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([expect.objectContaining({ param: 'data', location: 'body' })]);
  });
});

describe('warnings: false', () => {
  afterEach(() => vi.restoreAllMocks());

  it('silences the warning about a subscription to an event the service never delivers', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const service = createMockService({ webhooks: { delivery: 'none' }, warnings: false });
    expect((await call(service, `/${PID}/subscriptions`, json(service.basic('admin'), { event: 'message.created', target: 'https://hooks.example.org/x' }))).status).toBe(200);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('strict mode names a time zone MongoDB does not know (aggregateRequestsByHour)', () => {
  it('answers 400 naming timezone where the server fails the aggregation with a 500', async () => {
    const service = strict();
    const hours = (timezone: string) => call(service, `/${PID}/analytics/requests/aggregate/hours?timezone=${timezone}`, { headers: { Authorization: service.basic('admin') } });
    for (const timezone of ['Mars/Olympus', 'europe/rome', '%2B1', '$nope', '1']) {
      const answer = await hours(timezone);
      expect(answer.status, timezone).toBe(400);
      expect(answer.body.errors, timezone).toEqual([expect.objectContaining({ param: 'timezone', location: 'query', msg: expect.stringMatching(/^Unknown time zone: /) })]);
    }
    for (const timezone of ['Europe/Rome', 'UTC', '%2B01:00', '-0530', '%2B02']) expect((await hours(timezone)).status, timezone).toBe(200);
    // The default mode answers as the server: the aggregation's 500.
    const server = createMockService({ webhooks: { delivery: 'none' }, warnings: false });
    const answer = await call(server, `/${PID}/analytics/requests/aggregate/hours?timezone=Mars/Olympus`, { headers: { Authorization: server.basic('admin') } });
    expect(answer).toMatchObject({ status: 500, body: { success: false, msg: 'Error getting analytics.' } });
  });
});

describe('strict mode names a taken tag name (updateTag)', () => {
  it("answers 409 naming tag where the server's unique index fails the update with a 500", async () => {
    const service = strict();
    const headers = { 'Content-Type': 'application/json', Authorization: service.basic('admin') };
    const create = async (tag: string) => (await call(service, `/${PID}/tags`, { method: 'POST', headers, body: JSON.stringify({ tag }) })).body._id;
    await create('taken');
    const other = await create('free');
    const answer = await call(service, `/${PID}/tags/${other}`, { method: 'PUT', headers, body: JSON.stringify({ tag: 'taken' }) });
    expect(answer).toMatchObject({
      status: 409,
      body: { errors: [{ value: 'taken', param: 'tag', location: 'body', msg: 'Another tag of the project is named "taken": tag names are unique within a project' }] },
    });
    expect((await call(service, `/${PID}/tags/${other}`, { headers })).body.tag).toBe('free');
    // The default mode answers as the server: the update's 500.
    const server = createMockService({ webhooks: { delivery: 'none' }, warnings: false });
    const serverHeaders = { 'Content-Type': 'application/json', Authorization: server.basic('admin') };
    const [first, second] = await Promise.all(
      ['taken', 'free'].map(async (tag) => (await call(server, `/${PID}/tags`, { method: 'POST', headers: serverHeaders, body: JSON.stringify({ tag }) })).body._id),
    );
    expect(first).toBeDefined();
    expect(await call(server, `/${PID}/tags/${second}`, { method: 'PUT', headers: serverHeaders, body: JSON.stringify({ tag: 'taken' }) })).toMatchObject({
      status: 500,
      body: { success: false, msg: 'Error updating object.' },
    });
  });
});
