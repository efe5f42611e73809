/**
 * The request pipeline, in the order it runs: declared body size, project, credentials and role
 * (tested in auth/), body read up to the limit and nesting checked, the service's own checks,
 * validation against the operation's schemas (from `operationSchemas` of `@supportkb/sdk/zod`)
 * with 422 where declared and 400 elsewhere, then the handler; never a 500 on bad input.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createMockService } from '../../src/service/create';
import { PID, useMock } from '../support/harness';
import { call, json } from '../support/requests';

const LIMIT = 512_000;
const TOO_LARGE = { err: 'Request entity too large', limit: LIMIT };
const { api, as } = useMock();

describe('the project', () => {
  it('answers 400 {error} for a malformed project id, before credentials', async () => {
    expect(await api('/not-a-project/tags')).toMatchObject({ status: 400, body: { error: 'Invalid project id: not-a-project' } });
  });

  it('answers 400 {error} for an unknown project id', async () => {
    expect(await api('/65f1a2b3c4d5e6f7080900ff/tags', { auth: await as('agent') })).toMatchObject({ status: 400, body: { error: 'Project not found with id: 65f1a2b3c4d5e6f7080900ff' } });
  });
});

describe('request bodies are limited (500 KB, 413 with the service body) on the MSW transports', () => {
  it('refuses a body over the limit with 413 {err, limit}, storing nothing', async () => {
    const service = createMockService({ clock: { frozen: true }, webhooks: { delivery: 'none' } });
    const before = service.store.leads.size;
    expect(await call(service, `/${PID}/leads`, json(service.basic('admin'), { fullname: 'x'.repeat(600_000) }))).toMatchObject({ status: 413, body: TOO_LARGE });
    expect(service.store.leads.size).toBe(before);
  });

  it('refuses a declared Content-Length over the limit before anything else, credentials included', async () => {
    const service = createMockService({ webhooks: { delivery: 'none' } });
    const declared = await call(service, `/${PID}/leads`, { method: 'POST', headers: { 'Content-Length': String(LIMIT + 1), 'Content-Type': 'application/json' }, body: '{}' });
    expect(declared).toMatchObject({ status: 413, body: TOO_LARGE });
  });

  it('takes another limit from the `bodyLimit` option', async () => {
    const small = createMockService({ bodyLimit: 1000, webhooks: { delivery: 'none' } });
    expect(small.bodyLimit).toBe(1000);
    expect(await call(small, `/${PID}/tags`, json(small.basic('admin'), { tag: 'y'.repeat(1000) }))).toMatchObject({ status: 413, body: { err: 'Request entity too large', limit: 1000 } });
    expect((await call(small, `/${PID}/tags`, json(small.basic('admin'), { tag: 'y'.repeat(900) }))).status).toBe(200);
  });

  it('refuses a `bodyLimit` that is not a positive integer (RangeError)', () => {
    expect(() => createMockService({ bodyLimit: 0 })).toThrow(RangeError);
    expect(() => createMockService({ bodyLimit: 1.5 })).toThrow('bodyLimit must be a positive integer number of bytes, got 1.5');
  });
});

describe('bad input never answers 500', () => {
  const errors = vi.spyOn(console, 'error');
  afterAll(() => errors.mockRestore());
  const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

  it('refuses JSON nested 3,000 levels deep as bad input (422 {errors}), storing nothing and logging nothing', async () => {
    const service = createMockService({ webhooks: { delivery: 'none' } });
    const admin = service.basic('admin');
    const before = JSON.stringify(service.snapshot());
    expect(await call(service, `/${PID}/leads`, json(admin, `{"fullname":"Deep","attributes":${deep(3000)}}`))).toMatchObject({
      status: 422,
      body: { errors: [{ msg: 'Nesting deeper than 100 levels', param: 'body', location: 'body' }] },
    });
    expect((await call(service, `/${PID}/labels`, json(admin, `{"lang":"FR","data":${deep(3000)}}`))).status).toBe(422);
    expect((await call(service, `/${PID}/tags`, json(admin, `{"tag":${'['.repeat(3000)}${']'.repeat(3000)}}`))).status).toBe(422);
    expect(JSON.stringify(service.snapshot())).toBe(before);
    expect(errors).not.toHaveBeenCalled();
  });

  it('takes JSON nested 100 levels deep', async () => {
    const service = createMockService({ webhooks: { delivery: 'none' } });
    expect((await call(service, `/${PID}/leads`, json(service.basic('admin'), `{"fullname":"Deep","attributes":${deep(99)}}`))).status).toBe(200);
  });

  it('refuses malformed JSON as bad input, quoting it', async () => {
    const res = await api(`/${PID}/tags`, { auth: await as('agent'), raw: '{"tag":', headers: { 'Content-Type': 'application/json' } });
    expect(res).toMatchObject({ status: 422, body: { errors: [{ value: '{"tag":', msg: 'Malformed JSON body', param: 'body', location: 'body' }] } });
  });
});

describe('validation against the operation schemas', () => {
  it('refuses a body that is no object (422 where the operation declares it)', async () => {
    expect(await api(`/${PID}/tags`, { auth: await as('agent'), raw: '[]', headers: { 'Content-Type': 'application/json' } })).toMatchObject({ status: 422, body: { errors: [{ param: 'body', location: 'body' }] } });
  });

  it('refuses a bad query parameter with 400 where the operation declares no 422', async () => {
    expect(await api(`/${PID}/leads?page=-1`, { auth: await as('agent') })).toMatchObject({ status: 400, body: { errors: [{ value: '-1', msg: 'Invalid value', param: 'page', location: 'query' }] } });
  });

  it('refuses a bad path parameter, naming it', async () => {
    expect(await api(`/${PID}/tags/not-an-id`, { auth: await as('agent') })).toMatchObject({ status: 400, body: { errors: [{ value: 'not-an-id', param: 'id', location: 'params' }] } });
  });

  it("applies the contract's query defaults when a parameter is absent", async () => {
    const list = await api(`/${PID}/kb?namespace=${PID}`, { auth: await as('admin') });
    expect(list.body.query).toEqual({ limit: 200, sortField: 'updatedAt', direction: -1 });
  });

  it('answers a handler that throws (a mock bug) with 500 {err: "error"} and says so on the console', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const service = createMockService({ webhooks: { delivery: 'none' } });
    service.store.leads.set('65f1a2b3c4d5e6f708091399', null as never); // a corrupt store: listing leads throws
    const res = await call(service, `/${PID}/leads`, { headers: { Authorization: service.basic('agent') } });
    expect(res).toMatchObject({ status: 500, body: { err: 'error' } });
    expect(errors.mock.calls[0]?.[0]).toBe('[@supportkb/mocks] listLeads threw:');
    errors.mockRestore();
  });
});
