import { describe, expect, it } from 'vitest';
import { createClient, ValidationError } from '../src/index';
import { zodValidation } from '../src/zod';
import * as z from 'zod/mini';
import { toIssues, violations } from '../src/internal/validation';
import { HttpResponse, on, PROJECT, useMockServer, BASE } from './helpers';

const { server, seen } = useMockServer();
const TAG = {
  _id: '65f1a2b3c4d5e6f708091101',
  tag: 'vip',
  color: '#e53935',
  id_project: PROJECT,
  createdBy: '65f1a2b3c4d5e6f708090b01',
  createdAt: '2026-11-10T08:00:00.000Z',
  updatedAt: '2026-11-10T08:00:00.000Z',
  __v: 0,
};
const validated = () => createClient({ baseUrl: BASE, projectId: PROJECT, validate: zodValidation() });

describe('opt-in zod validation', () => {
  it('is off by default: a body that breaks the contract passes through untouched', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ ...TAG, createdAt: 42 })));
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT });
    await expect(sk.tags.get({ id: TAG._id })).resolves.toMatchObject({ createdAt: 42 });
  });

  it('is forward-compatible: extra fields are kept and unknown enum values pass', async () => {
    const content = {
      _id: '65f1a2b3c4d5e6f708090e01',
      name: 'Refunds',
      id_project: PROJECT,
      namespace: PROJECT,
      createdAt: '2026-11-12T10:00:00.000Z',
      updatedAt: '2026-11-12T10:03:41.000Z',
      __v: 0,
      status: 999,
      type: 'video',
      brandNewField: { x: 1 }, // an unknown status and type, an unknown field
    };
    server.use(on('get', `/${PROJECT}/kb/:content_id`, () => HttpResponse.json(content)));
    await expect(validated().kb.contents.get({ content_id: content._id })).resolves.toEqual(content);
  });

  it('raises ValidationError with the path and the raw body on a real violation', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ ...TAG, createdAt: 42, password: 'leaked' })));
    const failure = (await validated()
      .tags.get({ id: TAG._id })
      .catch((e: unknown) => e)) as ValidationError;
    expect(failure).toBeInstanceOf(ValidationError);
    expect(failure.direction).toBe('response');
    expect(failure.issues[0]!.path).toEqual(['createdAt']);
    expect(failure.message).toMatch(/Response of getTag violates the contract: createdAt/);
    expect(failure.body).toMatchObject({ createdAt: 42, password: '[redacted]' });
  });

  it('says what is wrong even though zod/mini loads no messages: the issue code and its facts', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ ...TAG, createdAt: 42 })));
    const failure = (await validated()
      .tags.get({ id: TAG._id })
      .catch((e: unknown) => e)) as ValidationError;
    expect(failure.issues).toEqual([{ path: ['createdAt'], code: 'invalid_type', message: 'invalid_type (expected string)' }]);
    expect(failure.message).toBe('Response of getTag violates the contract: createdAt: invalid_type (expected string)');
    // A message zod did write (a locale the application loaded, or a schema's own) is kept as it is.
    const issue = { code: 'too_small' as const, origin: 'string' as const, minimum: 1, inclusive: true, input: '', path: ['name'] };
    expect(toIssues([{ ...issue, message: 'Invalid input' }])[0]!.message).toBe('too_small (minimum 1)');
    expect(toIssues([{ ...issue, message: 'Too small: expected string to have >=1 characters' }])[0]!.message).toBe('Too small: expected string to have >=1 characters');
  });

  it('reports a union no branch matches by its closest branch, not as (root): invalid_union', async () => {
    // getTag answers Tag | TagUpserted: a bare upserted tag (no id_project, no createdBy) with a broken __v
    // fails Tag three times and TagUpserted once; TagUpserted's issue is the one reported.
    const { id_project: _, createdBy: __, ...bare } = TAG;
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ ...bare, tag: null, __v: 'zero' })));
    const failure = (await validated()
      .tags.get({ id: TAG._id })
      .catch((e: unknown) => e)) as ValidationError;
    expect(failure.issues).toEqual([{ path: ['__v'], code: 'invalid_type', message: 'invalid_type (expected number)' }]);
    expect(failure.message).toBe('Response of getTag violates the contract: __v: invalid_type (expected number)');
    // A value no branch matches in kind: one issue on it, saying what each branch expected.
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json('vip')));
    const kind = (await validated()
      .tags.get({ id: TAG._id })
      .catch((e: unknown) => e)) as ValidationError;
    expect(kind.issues).toEqual([{ path: [], code: 'invalid_union', message: 'invalid_type (expected object)' }]);

    // Nested unions keep the whole path; a branch that matches in kind wins over fewer issues on the value itself.
    const schema = z.object({
      owner: z.union([z.string(), z.object({ _id: z.string(), email: z.string(), name: z.string() })]),
      status: z.union([z.literal(100), z.literal(0)]),
    });
    expect(violations(schema, { owner: { _id: 7 }, status: 0 }, false)).toEqual([
      { path: ['owner', '_id'], code: 'invalid_type', message: 'invalid_type (expected string)' },
      { path: ['owner', 'email'], code: 'invalid_type', message: 'invalid_type (expected string)' },
      { path: ['owner', 'name'], code: 'invalid_type', message: 'invalid_type (expected string)' },
    ]);
    expect(violations(schema, { owner: true, status: 5 }, false)).toEqual([
      { path: ['owner'], code: 'invalid_union', message: 'invalid_type (expected string) or invalid_type (expected object)' },
      { path: ['status'], code: 'invalid_union', message: 'invalid_value (values 100) or invalid_value (values 0)' },
    ]);
    // Tolerant (responses): a union passes when one branch has only tolerated issues (an unknown literal).
    expect(violations(schema, { owner: 'u1', status: 5 }, true)).toEqual([]);
    // ... but a missing value, `null` or a value of another type is no unknown literal: still a violation.
    for (const status of [undefined, null, '100']) {
      expect(violations(schema, { owner: 'u1', status }, true), `status ${String(status)}`).toEqual([
        { path: ['status'], code: 'invalid_union', message: 'invalid_value (values 100) or invalid_value (values 0)' },
      ]);
    }
    expect(violations(z.object({ at: z.object({ status: schema.shape.status }) }), { at: { status: 5 } }, true, ['body'])).toEqual([]);
    expect(violations(z.object({ at: z.object({ status: schema.shape.status }) }), { at: {} }, true, ['body'])).toHaveLength(1);
  });

  it('validates requests before sending: nothing goes out', async () => {
    const failure = (await validated()
      // @ts-expect-error -- tag must be a string
      .tags.create({ tag: 42 })
      .catch((e: unknown) => e)) as ValidationError;
    expect(failure).toBeInstanceOf(ValidationError);
    expect(failure.direction).toBe('request');
    expect(failure.issues[0]!.path).toEqual(['body', 'tag']);
    expect(seen).toHaveLength(0);
  });

  it('an empty 200 body resolves to undefined where the contract declares one, and is a violation elsewhere', async () => {
    server.use(on('delete', `/${PROJECT}/groups/:id`, () => new HttpResponse(null, { status: 200 })));
    await expect(validated().groups.delete({ id: '65f1a2b3c4d5e6f7080999aa', force: true })).resolves.toBeUndefined();
    server.use(on('get', `/${PROJECT}/tags/:id`, () => new HttpResponse(null, { status: 200 })));
    await expect(validated().tags.get({ id: TAG._id })).rejects.toBeInstanceOf(ValidationError);
  });

  it('accepts what real servers send: stored nulls and open values', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ ...TAG, color: null })));
    await expect(validated().tags.get({ id: TAG._id })).resolves.toMatchObject({ color: null });
    const teammate = {
      _id: '65f1a2b3c4d5e6f708090c06',
      id: '65f1a2b3c4d5e6f708090c06',
      id_project: PROJECT,
      id_user: null,
      role: 'custom-reviewer',
      status: 'active', // a stored null, a role the contract does not list
      roleType: 1,
      user_available: true,
      number_assigned_requests: 0,
      isBusy: false,
      tags: [],
      permissions: [],
      isAuthenticated: true,
      last_login_at: '2026-11-20T08:55:00.000Z',
      createdBy: '65f1a2b3c4d5e6f708090b02',
      createdAt: '2026-11-03T10:10:00.000Z',
      updatedAt: '2026-11-20T08:55:00.000Z',
      trashed: false,
      __v: 0,
    };
    server.use(on('get', `/${PROJECT}/project_users/:id`, () => HttpResponse.json(teammate)));
    await expect(validated().team.get({ project_user_id: teammate._id })).resolves.toEqual(teammate);
  });

  it('can be turned off for one call', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json({ ...TAG, createdAt: 42 })));
    await expect(validated().tags.get({ id: TAG._id }, { validate: false })).resolves.toMatchObject({ createdAt: 42 });
  });
});

describe('bodies nested absurdly deep', () => {
  it('a 200 body of arrays 2,000 deep (4 KB) is a ValidationError, not a RangeError', async () => {
    server.use(on('get', `/${PROJECT}/tags`, () => new HttpResponse(`${'['.repeat(2_000)}${']'.repeat(2_000)}`, { headers: { 'content-type': 'application/json' } })));
    const failure = (await validated()
      .tags.list()
      .catch((e: unknown) => e)) as ValidationError;
    expect(failure).toBeInstanceOf(ValidationError);
    expect(failure.message).toBe('Response of listTags violates the contract: 0: invalid_type (expected object)');
    expect(JSON.stringify(failure.body)).toContain('[too deep]');
  });

  it('a value too deep for a recursive schema is one too_deep issue on the value, not a RangeError', () => {
    const tree: z.ZodMiniType = z.union([z.number(), z.array(z.lazy(() => tree))]);
    let value: unknown = 1;
    for (let i = 0; i < 100_000; i++) value = [value];
    expect(violations(tree, value, false, ['body'])).toEqual([{ path: ['body'], message: 'nested too deeply to check (the stack ran out)', code: 'too_deep' }]);
    expect(violations(tree, [[1]], false)).toEqual([]);
  });
});

describe('raw access', () => {
  it('withResponse() gives the Response (status, headers) beside the data; asResponse() the Response alone', async () => {
    server.use(on('get', `/${PROJECT}/tags/:id`, () => HttpResponse.json(TAG, { headers: { 'x-powered-by': 'Express' } })));
    const sk = createClient({ baseUrl: BASE, projectId: PROJECT });
    const { data, response } = await sk.tags.get({ id: TAG._id }).withResponse();
    expect(data).toEqual(TAG);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-powered-by')).toBe('Express');
    expect((await sk.tags.get({ id: TAG._id }).asResponse()).status).toBe(200);
  });

  it('a paged list exposes the response of each page', async () => {
    server.use(on('get', `/${PROJECT}/leads`, () => HttpResponse.json({ perPage: 40, count: 0, leads: [] })));
    const { response } = await createClient({ baseUrl: BASE, projectId: PROJECT }).leads.list().withResponse();
    expect(response.status).toBe(200);
  });

  it('starts no request until the promise is used', async () => {
    server.use(on('get', `/${PROJECT}/tags`, () => HttpResponse.json([])));
    const pending = createClient({ baseUrl: BASE, projectId: PROJECT }).tags.list();
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toHaveLength(0);
    await pending;
    expect(seen).toHaveLength(1);
  });
});
