/**
 * Bad input, property-based (fast-check): random bodies, parameters, ids and Authorization headers
 * at every one of the 64 operations. No handler may throw or answer 500; every answer is one the
 * contract declares for the operation, with a conforming body; a refused request (4xx) changes
 * nothing in the store; a body that fails the operation's schema is refused with 400/422 (or the
 * service's own 403 rule) once credentials and project are right.
 *
 * Bounded for CI: FC_RUNS (default 25) runs per operation and property, fixed seed per operation.
 */
import fc from 'fast-check';
import { getResponse } from 'msw';
import * as schemas from '@supportkb/sdk/zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { operations, type OperationMeta } from '../src/generated/operations';
import { SEED } from '../src/seed';
import { createMockService } from '../src/service';
import { candidateFilter } from '../src/server';
import { checkExchange, createConformanceCollector } from './conformance';

const RUNS = Number(process.env.FC_RUNS ?? 25);
const P = SEED.projectId;
const conformance = createConformanceCollector();
const service = createMockService({ clock: { frozen: true }, webhooks: { delivery: 'none' }, onResponse: conformance.onResponse });
const tokens: Record<string, string> = {};
const errorSpy = vi.spyOn(console, 'error');

beforeAll(async () => {
  for (const role of ['owner', 'admin', 'agent', 'guest'] as const) tokens[role] = await service.authorization(role);
});
afterAll(() => errorSpy.mockRestore());

const zod = schemas as unknown as Record<string, { shape?: Record<string, unknown>; safeParse(v: unknown): { success: boolean } } | undefined>;
const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

const hex24 = fc.stringMatching(/^[0-9a-f]{24}$/);
const seededIds = [
  ...Object.values(SEED.contents),
  ...Object.values(SEED.groups),
  ...Object.values(SEED.segments),
  ...Object.values(SEED.tags),
  ...Object.values(SEED.leads),
  SEED.secondKnowledgeBaseId,
  SEED.members.agent.teammateId,
  SEED.members.agent.userId,
  SEED.guest.uuid,
  SEED.conversation.requestId,
  'IT',
  'EN',
  'default',
];
const weirdText = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('', ' ', '..', '%', '{}', 'null', 'undefined', '__proto__', 'constructor', '-1', '1e309', 'NaN', '[]', 'a'.repeat(300)));
// '.' and '..' are not ids a client can send: URLs normalise them away.
const segment = (s: string) => s.length > 0 && s !== '.' && s !== '..';
const idArb = fc.oneof(fc.constantFrom(...seededIds), hex24, weirdText.filter(segment));
const projectArb = fc.oneof({ weight: 5, arbitrary: fc.constant(P) }, { weight: 1, arbitrary: hex24 }, { weight: 1, arbitrary: weirdText.filter(segment) });
const authArb = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('owner', 'admin', 'agent', 'guest').map((role) => `@${role}`),
  weirdText,
  fc.constantFrom('Bearer abc', 'JWT ', 'JWT x.y.z', 'jwt eyJhbGciOiJIUzI1NiJ9.e30.sig', 'Basic !!!', `Basic ${btoa('a:b')}`, `Basic ${btoa(`${SEED.members.agent.email}:wrong`)}`, 'justonetoken'),
);
const jsonValue = fc.jsonValue({ maxDepth: 3 });

function bodyArb(meta: OperationMeta): fc.Arbitrary<string | undefined> {
  const schema = zod[`z${pascal(meta.operationId)}Body`];
  const keys = schema?.shape ? Object.keys(schema.shape) : [];
  const shaped = keys.length
    ? fc.dictionary(fc.constantFrom(...keys, 'extra'), fc.oneof(jsonValue, fc.constantFrom(P, 'text', 'url', 'all', 'agent', true, -1, [], {}))).map((o) => JSON.stringify(o))
    : jsonValue.map((v) => JSON.stringify(v));
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 2, arbitrary: jsonValue.map((v) => JSON.stringify(v)) }, { weight: 1, arbitrary: weirdText }, { weight: 1, arbitrary: fc.constant(undefined) });
}

function queryArb(meta: OperationMeta): fc.Arbitrary<[string, string][]> {
  const schema = zod[`z${pascal(meta.operationId)}Query`];
  const names = [...(schema?.shape ? Object.keys(schema.shape) : []), 'page', 'x'];
  const value = fc.oneof(weirdText, fc.integer({ min: -5, max: 500 }).map(String), fc.constantFrom('true', 'false', '-1', '1', '300', '100', '1000', P, 'createdAt'));
  return fc.array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 4 });
}

interface Input {
  params: Record<string, string>;
  query: [string, string][];
  body: string | undefined;
  auth: string | undefined;
}

function inputArb(meta: OperationMeta, project = projectArb, auth = authArb): fc.Arbitrary<Input> {
  const names = [...meta.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const params = fc.record(Object.fromEntries(names.map((name) => [name, name === 'project_id' ? project : idArb])) as Record<string, fc.Arbitrary<string>>);
  return fc.record({ params, query: queryArb(meta), body: bodyArb(meta), auth });
}

function toRequest(meta: OperationMeta, input: Input): Request {
  const path = meta.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(input.params[name]!));
  const url = new URL(`http://api.supportkb.test${path}`);
  for (const [k, v] of input.query) url.searchParams.append(k, v);
  const headers = new Headers();
  if (input.auth !== undefined) {
    const value = input.auth.startsWith('@') ? tokens[input.auth.slice(1)]! : input.auth;
    try {
      headers.set('Authorization', value);
    } catch {
      // Not a valid header value: send none.
    }
  }
  const hasBody = meta.method !== 'GET' && meta.method !== 'DELETE' && input.body !== undefined;
  if (hasBody) headers.set('Content-Type', 'application/json');
  return new Request(url, { method: meta.method, headers, body: hasBody ? input.body : undefined });
}

async function send(request: Request): Promise<{ status: number; problems: string[] }> {
  const before = conformance.problems.length;
  const response = await getResponse(service.handlers, request);
  if (!response) throw new Error(`no handler answered ${request.method} ${request.url}`);
  await response.arrayBuffer();
  return { status: response.status, problems: conformance.problems.splice(before) };
}

describe.each(operations.map((meta) => [meta.operationId, meta] as const))('%s with random input', (_id, meta) => {
  it('never throws or answers 500; declared answers only; a refused request changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(inputArb(meta), async (input) => {
        service.reset();
        const before = JSON.stringify(service.snapshot());
        const { status, problems } = await send(toRequest(meta, input));
        expect(status).not.toBe(500);
        expect(problems).toEqual([]);
        if (status >= 400) expect(JSON.stringify(service.snapshot())).toBe(before);
      }),
      { numRuns: RUNS, seed: 0x5eed + meta.operationId.length * 31 + meta.path.length },
    );
    expect(errorSpy).not.toHaveBeenCalled();
  });

  const bodySchema = zod[`z${pascal(meta.operationId)}Body`];
  if (bodySchema) {
    it('refuses a body that fails its schema with 400/422 (or the service rule), for a caller with the right role', async () => {
      const caller = meta.minRole === 'guest' ? '@guest' : meta.minRole === 'agent' ? '@agent' : '@owner';
      const invalid = bodyArb(meta).filter((text) => {
        // The service reads an empty body as {}.
        if (text === undefined || text.trim() === '') return !bodySchema.safeParse({}).success;
        try {
          return !bodySchema.safeParse(JSON.parse(text)).success;
        } catch {
          return true;
        }
      });
      await fc.assert(
        fc.asyncProperty(inputArb(meta, fc.constant(P), fc.constant(caller)), invalid, async (input, body) => {
          service.reset();
          const before = JSON.stringify(service.snapshot());
          const request = toRequest(meta, { ...input, body: body ?? '' });
          const { status, problems } = await send(request);
          expect(problems).toEqual([]);
          expect([400, 403, 422]).toContain(status);
          expect(JSON.stringify(service.snapshot())).toBe(before);
        }),
        { numRuns: RUNS, seed: 0xbad + meta.operationId.length },
      );
    });
  }
});

describe('random sequences of valid calls', () => {
  // Valid requests on seeded and fresh ids; in any order, every answer must conform and none may be 500.
  const fresh = '65f1a2b3c4d5e6f7080999aa';
  const K = SEED.secondKnowledgeBaseId;
  const calls: [string, string, string, unknown?][] = [
    ['@admin', 'POST', `/${P}/kb/namespace`, { name: 'Seq KB' }],
    ['@admin', 'PUT', `/${P}/kb/namespace/${K}`, { name: 'Renamed' }],
    ['@admin', 'PUT', `/${P}/kb/namespace/${fresh}`, { preview_settings: { model: 'x' } }],
    ['@admin', 'DELETE', `/${P}/kb/namespace/${K}`],
    ['@admin', 'DELETE', `/${P}/kb/namespace/${P}?contents_only=true`],
    ['@admin', 'GET', `/${P}/kb/namespace/all?count=true`],
    ['@admin', 'POST', `/${P}/kb`, { name: 'T', type: 'text', source: 'T', namespace: K }],
    ['@admin', 'POST', `/${P}/kb/multi?namespace=${K}`, { list: ['https://www.acme-support.test/a'] }],
    ['@admin', 'GET', `/${P}/kb?namespace=${K}&status=-1`],
    ['@admin', 'DELETE', `/${P}/kb/${SEED.contents.url}`],
    ['@admin', 'GET', `/${P}/kb/${SEED.contents.url}`],
    ['@agent', 'PUT', `/${P}/project_users`, { user_available: false }],
    ['@admin', 'PUT', `/${P}/project_users/${fresh}`, { role: 'agent' }],
    ['@admin', 'DELETE', `/${P}/project_users/${SEED.members.agent.teammateId}?soft=true`],
    ['@admin', 'DELETE', `/${P}/project_users/${SEED.guest.teammateId}?hard=true`],
    ['@admin', 'POST', `/${P}/project_users/invite`, { email: SEED.invitee.email }],
    ['@admin', 'GET', `/${P}/project_users?role=guest,agent`],
    ['@admin', 'GET', `/${P}/project_users/users/${SEED.guest.uuid}`],
    ['@admin', 'PUT', `/${P}/groups/${fresh}`, { members: [] }],
    ['@admin', 'DELETE', `/${P}/groups/${SEED.groups.tier1}?force=true`],
    ['@admin', 'DELETE', `/${P}/groups/${SEED.groups.billing}`],
    ['@admin', 'GET', `/${P}/groups/${fresh}`],
    ['@admin', 'PUT', `/${P}/segments/${fresh}`, { match: 'any' }],
    ['@admin', 'DELETE', `/${P}/segments/${fresh}`],
    ['@admin', 'GET', `/${P}/segments?sort=name`],
    ['@admin', 'PUT', `/${P}/tags/${fresh}`, { tag: 'fresh' }],
    ['@admin', 'DELETE', `/${P}/tags/${SEED.tags.vip}`],
    ['@admin', 'POST', `/${P}/tags`, { tag: 'vip' }],
    ['@admin', 'GET', `/${P}/tags?page=0`],
    ['@admin', 'DELETE', `/${P}/labels`],
    ['@admin', 'DELETE', `/${P}/labels/IT`],
    ['@admin', 'PATCH', `/${P}/labels/DE/default`],
    ['@admin', 'POST', `/${P}/labels`, { lang: 'DE', data: { A: 'b' }, default: true }],
    ['@admin', 'POST', `/${P}/labels/default/clone`, { lang: 'IT' }],
    [undefined as unknown as string, 'GET', `/${P}/labels`],
    [undefined as unknown as string, 'GET', `/${P}/labels/IT`],
    ['@admin', 'PUT', `/${P}/leads/${fresh}`, { fullname: 'Fresh' }],
    ['@admin', 'DELETE', `/${P}/leads/${SEED.leads.giulia}`],
    ['@admin', 'GET', `/${P}/leads?segment=${SEED.segments.vip}`],
    ['@admin', 'GET', `/${P}/leads?status=1000`],
    ['@guest', 'POST', `/${P}/requests/support-group-seq/messages`, { text: 'seq' }],
    ['@admin', 'POST', `/${P}/subscriptions`, { event: 'message.create', target: 'http://127.0.0.1:9/x' }],
    ['@admin', 'GET', `/${P}/analytics/requests/waiting/day/last`],
    ['@admin', 'GET', `/${P}/analytics/requests/duration`],
    ['@admin', 'GET', `/${P}/analytics/messages/aggregate/day?lastdays=1`],
  ];
  it('conform in any order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...calls), { minLength: 1, maxLength: 25 }), async (sequence) => {
        service.reset();
        for (const [auth, method, path, body] of sequence) {
          const headers = new Headers();
          if (auth) headers.set('Authorization', tokens[auth.slice(1)]!);
          if (body !== undefined) headers.set('Content-Type', 'application/json');
          const { status, problems } = await send(new Request(`http://api.supportkb.test${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
          expect(status, `${method} ${path}`).not.toBe(500);
          expect(problems).toEqual([]);
        }
      }),
      { numRuns: RUNS * 4, seed: 0x5e9 },
    );
  });
});

describe('the standalone server prefilter (candidateFilter)', () => {
  it('gives the same answers as the full handler list, for any method, path and prefix', async () => {
    const filter = candidateFilter(service.handlers);
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...operations), fc.constantFrom(...methods), fc.constantFrom('', '/v2', '/a/b'), fc.boolean(), fc.gen(), async (meta, method, prefix, slash, gen) => {
        const input = gen(() => inputArb(meta));
        const template = toRequest(meta, input);
        const url = new URL(template.url);
        url.pathname = `${prefix}${url.pathname}${slash ? '/' : ''}`;
        const make = () => new Request(url, { method, headers: template.headers, body: method === 'GET' || method === 'DELETE' ? undefined : (input.body ?? undefined) });
        service.reset();
        const full = await getResponse(service.handlers, make());
        service.reset();
        const filtered = await getResponse(filter(method, url.pathname), make());
        expect(filtered?.status).toBe(full?.status);
        expect(await filtered?.text()).toBe(await full?.text());
      }),
      { numRuns: RUNS * 8, seed: 0xf117e5 },
    );
  });
});

describe('the conformance checker itself', () => {
  it('flags an undeclared status and a body that does not match', () => {
    expect(checkExchange({ operationId: 'getTag', status: 418, contentType: 'application/json', body: {}, headers: {} })).toHaveLength(1);
    expect(checkExchange({ operationId: 'getTag', status: 200, contentType: 'application/json', body: { tag: 1 }, headers: {} })[0]).toMatch(/getTag .*→ 200: (\/tag must be string|.*required property '_id')/);
    expect(checkExchange({ operationId: 'listTags', status: 401, contentType: 'text/plain', body: 'Unauthorized', headers: {} })[0]).toMatch(/WWW-Authenticate/);
  });
});
