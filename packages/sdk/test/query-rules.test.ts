import { describe, expect, it } from 'vitest';
import { createClient, createHttpClient, deleteGroup, deleteTeammate, listKnowledgeBases, listLeads, listSegments, listTags, operations, type OperationId } from '../src/index';
import { routeIndex } from '../src/generated/operations.gen';
import { operationAt } from '../src/http';
import { wireQuery } from '../src/internal/transport';
import { BASE, HttpResponse, on, PROJECT, useMockServer } from './helpers';

/**
 * The query rules of the contract (openapi/README.md, "Query parameters the server reads its own way"),
 * applied by the transport (src/internal/transport.ts `wireQuery`) to both client styles:
 * - `x-alias-of`: `sort` is `sortField` under the real server's name (tags, leads, segments); the SDK
 *   sends the value under both names, whichever the call gave;
 * - `x-false-is-true`: booleans the server reads as true whatever their value (`if (req.query.x)`); the
 *   SDK drops one that is `false`. Booleans the server compares with `'true'` are sent as given.
 */
const { server, seen } = useMockServer();
const KB = '65f1a2b3c4d5e6f708090d02';
const TEAMMATE = '65f1a2b3c4d5e6f708090c05';
const GROUP = '65f1a2b3c4d5e6f708090f01';
const query = (n = 0) => Object.fromEntries(seen[n]!.url.searchParams);

function answerLists() {
  server.use(
    on('get', `/${PROJECT}/tags`, () => HttpResponse.json([])),
    on('get', `/${PROJECT}/leads`, () => HttpResponse.json({ perPage: 40, count: 0, leads: [] })),
    on('get', `/${PROJECT}/segments`, () => HttpResponse.json({ perPage: 40, count: 0, segments: [] })),
    on('get', `/${PROJECT}/kb`, () => HttpResponse.json({ count: 0, query: {}, kbs: [] })),
    on('get', `/${PROJECT}/kb/namespace/all`, () => HttpResponse.json([])),
    on('get', `/${PROJECT}/project_users`, () => HttpResponse.json([])),
    on('delete', `/${PROJECT}/project_users/:id`, () => HttpResponse.json({ _id: TEAMMATE })),
    on('delete', `/${PROJECT}/groups/:id`, () => HttpResponse.json({ success: true, message: 'Group successfully deleted' })),
    on('delete', `/${PROJECT}/kb/namespace/:id`, () => HttpResponse.json({ success: true, message: 'Namespace deleted succesfully' })),
  );
}

const sk = () => createClient({ baseUrl: BASE, projectId: PROJECT, auth: { token: 'abc' }, maxRetries: 0 });
const http = () => createHttpClient({ baseUrl: BASE, auth: { token: 'abc' }, maxRetries: 0 }).client;

describe('x-alias-of: sort and sortField are sent together', () => {
  it('createClient: sortField alone also sends sort, and sort alone also sends sortField (tags, leads, segments)', async () => {
    answerLists();
    const client = sk();
    await client.tags.list({ sortField: 'tag', direction: 1 });
    await client.tags.list({ sort: 'tag' });
    await client.leads.list({ sortField: 'fullname' });
    await client.segments.list({ sort: 'name' });
    expect(query(0)).toEqual({ sortField: 'tag', sort: 'tag', direction: '1', page: '0' });
    expect(query(1)).toEqual({ sort: 'tag', sortField: 'tag', page: '0' });
    expect(seen[0]!.url.search).toBe('?sortField=tag&direction=1&page=0&sort=tag');
    expect(query(2)).toMatchObject({ sortField: 'fullname', sort: 'fullname' });
    expect(query(3)).toMatchObject({ sort: 'name', sortField: 'name' });
  });

  it('a generated function on createHttpClient sends the pair both ways too', async () => {
    answerLists();
    await listTags({ client: http(), path: { project_id: PROJECT }, query: { sortField: 'tag' } });
    await listLeads({ client: http(), path: { project_id: PROJECT }, query: { sort: 'email' } });
    await listSegments({ client: http(), path: { project_id: PROJECT }, query: { sortField: 'name', direction: 1 } });
    expect(seen[0]!.url.search).toBe('?sortField=tag&sort=tag');
    expect(query(1)).toEqual({ sort: 'email', sortField: 'email' });
    expect(query(2)).toEqual({ sortField: 'name', direction: '1', sort: 'name' });
  });

  it('every page of a paged list carries both', async () => {
    let served = 0;
    server.use(on('get', `/${PROJECT}/tags`, () => HttpResponse.json(served++ === 0 ? Array.from({ length: 40 }, (_, i) => ({ _id: `t${i}`, tag: `t${i}` })) : [])));
    const pages = [];
    for await (const page of sk().tags.list({ sortField: 'tag' }).pages()) pages.push(page);
    expect(seen).toHaveLength(2);
    for (const request of seen) expect(request.url.searchParams.get('sort')).toBe('tag');
    expect(query(1)).toMatchObject({ sortField: 'tag', sort: 'tag', page: '1' });
  });

  it('both given are sent as given; neither given sends neither (the server default applies)', async () => {
    answerLists();
    await sk().tags.list({ sortField: 'tag', sort: 'color' });
    await sk().tags.list();
    await listTags({ client: http(), path: { project_id: PROJECT } });
    expect(query(0)).toMatchObject({ sortField: 'tag', sort: 'color' });
    expect(query(1)).toEqual({ page: '0' });
    expect(seen[2]!.url.search).toBe('');
  });

  it('listContents has no alias: the server reads sortField there, and only sortField is sent', async () => {
    answerLists();
    await sk().kb.contents.list({ namespace: KB, sortField: 'name' });
    expect(query(0)).toEqual({ namespace: KB, sortField: 'name', page: '0' });
  });

  it("never changes the caller's objects", async () => {
    answerLists();
    const params = { sortField: 'tag' };
    const generatedQuery = { sortField: 'tag', with_email: false };
    await sk().tags.list(params);
    await listLeads({ client: http(), path: { project_id: PROJECT }, query: generatedQuery });
    expect(params).toEqual({ sortField: 'tag' });
    expect(generatedQuery).toEqual({ sortField: 'tag', with_email: false });
  });
});

describe('x-false-is-true: a flag the server reads as true whatever its value is not sent when false', () => {
  it('createClient: with_email/with_fullname (listLeads) and count (listKnowledgeBases): false omitted, true sent', async () => {
    answerLists();
    const client = sk();
    await client.leads.list({ with_email: false, with_fullname: true });
    await client.leads.list({ with_email: true, with_fullname: false });
    await client.kb.list({ count: false });
    await client.kb.list({ count: true });
    expect(query(0)).toEqual({ with_fullname: 'true', page: '0' });
    expect(query(1)).toEqual({ with_email: 'true', page: '0' });
    expect(seen[2]!.url.search).toBe('');
    expect(query(3)).toEqual({ count: 'true' });
  });

  it('a generated function on createHttpClient omits them too', async () => {
    answerLists();
    await listLeads({ client: http(), path: { project_id: PROJECT }, query: { with_email: false, with_fullname: false, email: 'ada@example.org' } });
    await listKnowledgeBases({ client: http(), path: { project_id: PROJECT }, query: { count: false } });
    await listKnowledgeBases({ client: http(), path: { project_id: PROJECT }, query: { count: true } });
    expect(seen[0]!.url.search).toBe('?email=ada%40example.org');
    expect(seen[1]!.url.search).toBe('');
    expect(seen[2]!.url.search).toBe('?count=true');
  });

  it("booleans the server compares with 'true' (or reads false correctly) still send false", async () => {
    answerLists();
    const client = sk();
    await client.team.delete({ project_user_id: TEAMMATE, soft: false, hard: false });
    await client.groups.delete({ id: GROUP, force: false });
    await client.kb.delete({ id: KB, contents_only: false });
    await client.team.list({ trashed: false });
    await deleteTeammate({ client: http(), path: { project_id: PROJECT, project_user_id: TEAMMATE }, query: { soft: false } });
    await deleteGroup({ client: http(), path: { project_id: PROJECT, id: GROUP }, query: { force: false } });
    expect(seen.map((s) => s.url.search)).toEqual(['?soft=false&hard=false', '?force=false', '?contents_only=false', '?trashed=false', '?soft=false', '?force=false']);
  });
});

describe('the manifest carries the rules (generated from x-alias-of and x-false-is-true)', () => {
  const withRule = (key: 'queryAliases' | 'presenceFlags') =>
    Object.fromEntries(
      Object.values(operations)
        .filter((info) => info[key])
        .map((info) => [info.operationId, info[key]]),
    );

  it('queryAliases: sort → sortField on listTags, listLeads and listSegments only', () => {
    expect(withRule('queryAliases')).toEqual({ listLeads: { sort: 'sortField' }, listSegments: { sort: 'sortField' }, listTags: { sort: 'sortField' } });
  });

  it('presenceFlags: with_email and with_fullname of listLeads, count of listKnowledgeBases, and nothing else', () => {
    expect(withRule('presenceFlags')).toEqual({ listKnowledgeBases: ['count'], listLeads: ['with_email', 'with_fullname'] });
  });

  it("the generated functions' route index carries the same rules for every operation", async () => {
    for (const info of Object.values(operations)) {
      const found = await operationAt(info.method, info.path);
      expect(found, info.operationId).toEqual({
        operationId: info.operationId,
        minRole: info.minRole,
        ...(info.queryAliases ? { queryAliases: info.queryAliases } : {}),
        ...(info.presenceFlags ? { presenceFlags: info.presenceFlags } : {}),
        ...(info.textBody ? { textBody: info.textBody } : {}),
      });
    }
    expect(Object.keys(routeIndex)).toHaveLength(Object.keys(operations).length);
    expect(routeIndex['GET /{project_id}/tags']).toEqual(['listTags' satisfies OperationId, 'agent', { queryAliases: { sort: 'sortField' } }]);
  });
});

describe('wireQuery', () => {
  const rules = { queryAliases: { sort: 'sortField' }, presenceFlags: ['with_email'] };

  it('returns the same object when the route has no rules or the call no query', () => {
    const q = { sortField: 'tag' };
    expect(wireQuery({}, q)).toBe(q);
    expect(wireQuery(rules, undefined)).toBeUndefined();
  });

  it('treats null and undefined as not given, and keeps every other value of a flag', () => {
    expect(wireQuery(rules, { sortField: 'tag', sort: null })).toEqual({ sortField: 'tag', sort: 'tag' });
    expect(wireQuery(rules, { sortField: undefined, sort: 'tag' })).toEqual({ sortField: 'tag', sort: 'tag' });
    expect(wireQuery(rules, { with_email: false })).toEqual({});
    expect(wireQuery(rules, { with_email: true })).toEqual({ with_email: true });
    expect(wireQuery(rules, { with_email: undefined })).toEqual({ with_email: undefined });
  });
});
