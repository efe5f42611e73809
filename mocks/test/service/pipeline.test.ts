/**
 * The request pipeline. Both modes: a declared body size over the limit first (413); the project
 * (400) before the credentials. The default mode runs the service's stages in its order — the body
 * parsers (a malformed body is the global 500 `{err: "error"}`, before the project and the
 * credentials), project, credentials, role — then the route on the request as sent, and reports
 * each kind of contract violation once; a request the server never answers gets no answer (a reset
 * connection, or nothing until the client gives up with `unanswered: 'hang'`). Strict mode refuses
 * what the contract forbids with 400 (422 where declared) naming every violation.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockService } from '../../src/service/create';
import { PID, useMock } from '../support/harness';
import { call, json } from '../support/requests';

const LIMIT = 512_000;
const TOO_LARGE = { err: 'Request entity too large', limit: LIMIT };
const { api, as } = useMock({ warnings: false });

describe('the project', () => {
  it('answers 400 {error} for a malformed project id, before credentials', async () => {
    expect(await api('/not-a-project/tags')).toMatchObject({ status: 400, body: { error: 'Invalid project id: not-a-project' } });
  });

  it('answers 400 {error} for an unknown project id', async () => {
    expect(await api('/65f1a2b3c4d5e6f7080900ff/tags', { auth: await as('agent') })).toMatchObject({ status: 400, body: { error: 'Project not found with id: 65f1a2b3c4d5e6f7080900ff' } });
  });

  it('takes any 12 characters as a project id, as the driver does (then the project is unknown)', async () => {
    expect(await api('/aaaaaaaaaaaa/tags', { auth: await as('agent') })).toMatchObject({ status: 400, body: { error: 'Project not found with id: aaaaaaaaaaaa' } });
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
    for (const strict of [false, true]) {
      const service = createMockService({ webhooks: { delivery: 'none' }, strict });
      const declared = await call(service, `/${PID}/leads`, { method: 'POST', headers: { 'Content-Length': String(LIMIT + 1), 'Content-Type': 'application/json' }, body: '{}' });
      expect(declared).toMatchObject({ status: 413, body: TOO_LARGE });
    }
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

describe('the default mode: the service body parsers, in its order', () => {
  it('answers malformed JSON with the global 500 {err: "error"}, before the project and the credentials (as the server)', async () => {
    const service = createMockService({ webhooks: { delivery: 'none' }, warnings: false });
    expect(await call(service, `/${PID}/tags`, json(service.basic('agent'), '{"tag":'))).toMatchObject({ status: 500, body: { err: 'error' } });
    expect(await call(service, '/not-a-project/tags', json(undefined, '{"tag":'))).toMatchObject({ status: 500, body: { err: 'error' } });
    // body-parser's strict mode: only an object or an array at the top.
    expect(await call(service, `/${PID}/tags`, json(service.basic('agent'), '"tag"'))).toMatchObject({ status: 500, body: { err: 'error' } });
  });

  it('leaves a body of another media type unread: the route sees {} (createTag then fails to save)', async () => {
    const service = createMockService({ webhooks: { delivery: 'none' }, warnings: false });
    const res = await call(service, `/${PID}/tags`, { method: 'POST', headers: { Authorization: service.basic('agent'), 'Content-Type': 'text/plain' }, body: 'tag=x' });
    expect(res).toMatchObject({ status: 500, body: { success: false, msg: 'Error saving object.' } });
  });

  it('parses URL-encoded forms as the service does (qs)', async () => {
    const service = createMockService({ webhooks: { delivery: 'none' }, warnings: false });
    const res = await call(service, `/${PID}/tags`, {
      method: 'POST',
      headers: { Authorization: service.basic('agent'), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'tag=from-a-form&color=%23000000',
    });
    expect(res).toMatchObject({ status: 200, body: { tag: 'from-a-form', color: '#000000' } });
  });

  it('reports each kind of contract violation once per operation (console.warn), saying what production did', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const service = createMockService({ webhooks: { delivery: 'none' } });
      const agent = service.basic('agent');
      expect((await call(service, `/${PID}/tags`, json(agent, { tag: 5 }))).status).toBe(200);
      expect((await call(service, `/${PID}/tags`, json(agent, { tag: 6 }))).status).toBe(200);
      expect((await call(service, `/${PID}/tags`, json(agent, { tag: { a: 1 } }))).status).toBe(500);
      const lines = warn.mock.calls.map((c) => String(c[0]));
      expect(lines).toEqual([expect.stringContaining('[@supportkb/mocks] createTag: body tag: Invalid input: expected string, received number')]);
      expect(lines[0]).toContain('the mock answered it as the real server does (200)');
      expect(lines[0]).toContain('strict: true');
    } finally {
      warn.mockRestore();
    }
  });

  it('is silent with warnings: false', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const service = createMockService({ webhooks: { delivery: 'none' }, warnings: false });
      await call(service, `/${PID}/tags`, json(service.basic('agent'), { tag: 5 }));
      await call(service, `/${PID}/tags?page=-1`, { headers: { Authorization: service.basic('agent') } });
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe('requests the real server never answers', () => {
  let warn: { mock: { calls: unknown[][] }; mockRestore(): void };
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());

  it('get a network error at once by default (the connection is closed), and one warning saying why', async () => {
    const service = createMockService({ webhooks: { delivery: 'none' } });
    const headers = { Authorization: service.basic('agent') };
    for (let i = 0; i < 2; i++) expect(await call(service, `/${PID}/tags?page=-1`, { headers })).toMatchObject({ status: 0 });
    const lines = warn.mock.calls.map((c) => String(c[0])).filter((line) => line.includes('never answers'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/listTags: the real server never answers this request \(MongoDB refuses the query .*routes\/tag\.js drops the error\)/);
  });

  it("get nothing until the client gives up with behaviour: { unanswered: 'hang' }", async () => {
    const service = createMockService({ webhooks: { delivery: 'none' }, behaviour: { unanswered: 'hang' } });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 300);
    const answer = await call(service, `/${PID}/tags?page=-1`, { headers: { Authorization: service.basic('agent') }, signal: controller.signal });
    expect(answer.status).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(warn.mock.calls.map((c) => String(c[0]))).toContainEqual(expect.stringContaining('answers nothing until the client gives up'));
  });
});

describe('strict mode refuses what the contract forbids, naming each violation', () => {
  const strict = createMockService({ webhooks: { delivery: 'none' }, strict: true });
  const agent = strict.basic('agent');
  const errors = vi.spyOn(console, 'error');
  afterAll(() => errors.mockRestore());

  it('a body field of the wrong type: 400 {errors: [{value, msg, param, location}]}, nothing stored', async () => {
    const before = strict.store.tags.size;
    expect(await call(strict, `/${PID}/tags`, json(agent, { tag: 5 }))).toEqual(
      expect.objectContaining({ status: 400, body: { errors: [{ value: 5, msg: 'Invalid input: expected string, received number', param: 'tag', location: 'body' }] } }),
    );
    expect(strict.store.tags.size).toBe(before);
    expect(strict.strict).toBe(true);
  });

  it('malformed JSON and a body that is no JSON', async () => {
    expect(await call(strict, `/${PID}/tags`, json(agent, '{"tag":'))).toMatchObject({
      status: 400,
      body: { errors: [{ value: '{"tag":', msg: 'Malformed JSON body', param: 'body', location: 'body' }] },
    });
    const text = await call(strict, `/${PID}/tags`, { method: 'POST', headers: { Authorization: agent, 'Content-Type': 'text/plain' }, body: '{"tag":"x"}' });
    expect(text).toMatchObject({ status: 400, body: { errors: [{ value: 'text/plain', param: 'content-type', location: 'headers' }] } });
    expect(await call(strict, `/${PID}/tags`, json(agent, '[]'))).toMatchObject({ status: 400, body: { errors: [expect.objectContaining({ location: 'body' })] } });
  });

  it('a bad query parameter and a bad path parameter', async () => {
    const headers = { Authorization: agent };
    expect(await call(strict, `/${PID}/leads?page=-1`, { headers })).toMatchObject({ status: 400, body: { errors: [{ value: -1, param: 'page', location: 'query' }] } });
    expect(await call(strict, `/${PID}/tags/not-an-id`, { headers })).toMatchObject({ status: 400, body: { errors: [{ value: 'not-an-id', param: 'id', location: 'params' }] } });
  });

  it('422 where the operation declares it (the service validates sign-ins itself)', async () => {
    expect(await call(strict, '/auth/signin', json(undefined, { email: 'not-an-email', password: 'x' }))).toMatchObject({ status: 422, body: { errors: [{ param: 'email', location: 'body' }] } });
  });

  it('credentials and the project still come first', async () => {
    expect((await call(strict, `/${PID}/tags`, json(undefined, { tag: 5 }))).status).toBe(401);
    expect((await call(strict, '/not-a-project/tags', json(agent, { tag: 5 }))).status).toBe(400);
  });

  it('a valid request goes to the same route as in the default mode', async () => {
    expect(await call(strict, `/${PID}/tags`, json(agent, { tag: 'strictly-fine', color: '#000000' }))).toMatchObject({ status: 200, body: { tag: 'strictly-fine' } });
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('both modes', () => {
  const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

  it('refuse JSON nested deeper than 100 levels (400 {errors}), storing nothing', async () => {
    for (const strict of [false, true]) {
      const service = createMockService({ webhooks: { delivery: 'none' }, strict, warnings: false });
      const admin = service.basic('admin');
      const before = JSON.stringify(service.snapshot());
      expect(await call(service, `/${PID}/leads`, json(admin, `{"fullname":"Deep","attributes":${deep(3000)}}`))).toMatchObject({
        status: 400,
        body: { errors: [{ msg: 'Nesting deeper than 100 levels', param: 'body', location: 'body' }] },
      });
      expect(JSON.stringify(service.snapshot())).toBe(before);
    }
  });

  it('answer a handler that throws (a mock bug) with 500 {err: "error"} and say so on the console', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const service = createMockService({ webhooks: { delivery: 'none' } });
    service.store.tags.set('65f1a2b3c4d5e6f708091199', null as never); // a corrupt store: listing tags throws
    const res = await call(service, `/${PID}/tags`, { headers: { Authorization: service.basic('agent') } });
    expect(res).toMatchObject({ status: 500, body: { err: 'error' } });
    expect(errors.mock.calls[0]?.[0]).toBe('[@supportkb/mocks] listTags threw:');
    errors.mockRestore();
  });
});
