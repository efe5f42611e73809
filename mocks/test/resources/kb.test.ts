// Knowledge bases and contents in the default mode: answers as the server's routes/kb.js (2.19.16)
// gives them, with a vector-store engine that works. Line numbers refer to
// node_modules/@tiledesk/tiledesk-server/routes/kb.js unless another file is named.
import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { zKnowledgeBasePreviewSettings } from '@supportkb/sdk/zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSitemap } from '../../src/resources/sitemapper';
import { SEED } from '../../src/state/seed';
import { PID, useMock } from '../support/harness';

const { api, as, service } = useMock({ behaviour: { indexing: { stepMs: 1000 } } });

/** Mongoose 5.13's CastError of a string path, as the routes send it. */
const stringCastError = (path: string, value: unknown, inspected: string, valueType: string, model?: string) => ({
  stringValue: `"${inspected}"`,
  valueType,
  kind: 'string',
  value,
  path,
  reason: null,
  name: 'CastError',
  message: `Cast to string failed for value "${inspected}" (type ${valueType}) at path "${path}"${model ? ` for model "${model}"` : ''}`,
});

describe('knowledge bases', () => {
  it('lists the default and the second knowledge base, without counts, with the engine and embedding keys the server stores', async () => {
    const list = await api(`/${PID}/kb/namespace/all`, { auth: await as('admin') });
    expect(list.body.map((kb: any) => [kb.id, kb.name, kb.default])).toEqual([
      [PID, 'Default', true],
      [SEED.secondKnowledgeBaseId, 'Product manuals', false],
    ]);
    expect(list.body[0].count).toBeUndefined();
    // config/kb/engine.js: apikey = VECTOR_STORE_APIKEY || ''; models/kb_setting.js: embedding.api_key's setter stores ''.
    expect(list.body[0].engine).toEqual({ name: 'pinecone', type: 'serverless', apikey: '', vector_size: 1536, index_name: 'llm-sample-index' });
    expect(list.body[0].embedding).toEqual({ provider: 'openai', name: 'text-embedding-ada-002', api_key: '', dimension: 1536 });
  });

  it('counts contents when `count` has a value, whatever it is (kb.js:970 `if (req.query.count)`)', async () => {
    const auth = await as('admin');
    expect((await api(`/${PID}/kb/namespace/all?count=false`, { auth })).body.map((kb: any) => kb.count)).toEqual([4, 0]);
    expect((await api(`/${PID}/kb/namespace/all?count=`, { auth })).body.map((kb: any) => kb.count)).toEqual([undefined, undefined]);
  });

  it('creates the default knowledge base on first read of an empty project, without count even when asked (kb.js:931-960)', async () => {
    service.store.knowledgeBases.clear();
    const list = await api(`/${PID}/kb/namespace/all?count=true`, { auth: await as('admin') });
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: PID, name: 'Default', default: true, preview_settings: { model: 'gpt-4o', max_tokens: 256, alpha: 0.5, context: null } });
    expect(list.body[0].preview_settings).toEqual(zKnowledgeBasePreviewSettings.parse({}));
    expect(list.body[0].count).toBeUndefined();
  });

  it('never deletes the default knowledge base (kb.js:1479), also with contents_only=1, which is not the text `true` (kb.js:1433)', async () => {
    const auth = await as('admin');
    expect(await api(`/${PID}/kb/namespace/${PID}`, { method: 'DELETE', auth })).toMatchObject({ status: 403, body: { success: false, error: 'Default namespace cannot be deleted' } });
    expect(await api(`/${PID}/kb/namespace/${PID}?contents_only=1`, { method: 'DELETE', auth })).toMatchObject({ status: 403, body: { error: 'Default namespace cannot be deleted' } });
  });

  it('empties a knowledge base with contents_only=true and keeps it', async () => {
    const auth = await as('admin');
    expect((await api(`/${PID}/kb/namespace/${PID}?contents_only=true`, { method: 'DELETE', auth })).body).toEqual({ success: true, message: 'All contents deleted successfully' });
    expect((await api(`/${PID}/kb?namespace=${PID}`, { auth })).body.count).toBe(0);
    expect((await api(`/${PID}/kb/namespace/all`, { auth })).body).toHaveLength(2);
  });

  it('deletes another knowledge base; then it is 404 (kb.js:1427)', async () => {
    const auth = await as('admin');
    expect((await api(`/${PID}/kb/namespace/${SEED.secondKnowledgeBaseId}`, { method: 'DELETE', auth })).body).toEqual({ success: true, message: 'Namespace deleted succesfully' });
    expect(await api(`/${PID}/kb/namespace/${SEED.secondKnowledgeBaseId}`, { method: 'DELETE', auth })).toMatchObject({
      status: 404,
      body: { error: `No namespace found for id ${SEED.secondKnowledgeBaseId}` },
    });
  });

  it('creates a knowledge base, not the default; the name is cast (5 → "5") and other fields are ignored', async () => {
    const kb = await api(`/${PID}/kb/namespace`, { auth: await as('admin'), body: { name: 5, default: true, id: 'mine', preview_settings: { a: 1 } } });
    expect(kb.body).toMatchObject({ name: '5', default: false, hybrid: false, id_project: PID, preview_settings: zKnowledgeBasePreviewSettings.parse({}) });
    expect(kb.body.id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('makes the first knowledge base of a project without any the default one (kb.js:1163)', async () => {
    service.store.knowledgeBases.clear();
    expect((await api(`/${PID}/kb/namespace`, { auth: await as('admin'), body: { name: 'First' } })).body).toMatchObject({ name: 'First', default: true });
  });

  it('replaces the preview settings whole on update, stores any value as sent, and ignores null (kb.js:1394-1399)', async () => {
    const auth = await as('admin');
    const path = `/${PID}/kb/namespace/${SEED.secondKnowledgeBaseId}`;
    expect((await api(path, { method: 'PUT', auth, body: { preview_settings: { model: 'gpt-4o-mini', top_k: 2 } } })).body.preview_settings).toEqual({ model: 'gpt-4o-mini', top_k: 2 });
    expect((await api(path, { method: 'PUT', auth, body: { name: null, preview_settings: null } })).body).toMatchObject({
      name: 'Product manuals',
      preview_settings: { model: 'gpt-4o-mini', top_k: 2 },
    });
    expect((await api(path, { method: 'PUT', auth, body: { preview_settings: 'x' } })).body.preview_settings).toBe('x');
  });

  it('refuses a name that is no string with the cast error (kb.js:1404)', async () => {
    const refused = await api(`/${PID}/kb/namespace/${SEED.secondKnowledgeBaseId}`, { method: 'PUT', auth: await as('admin'), body: { name: { a: 1 } } });
    expect(refused).toMatchObject({ status: 500, body: { success: false, error: stringCastError('name', { a: 1 }, '{ a: 1 }', 'Object') } });
  });

  it("checks hybrid: 400 when not a boolean, 403 unless the project's plan allows it (kb.js:1132-1146)", async () => {
    const auth = await as('admin');
    const notBoolean = { success: false, error: "Value not accepted for 'hybrid' field. Expected boolean." };
    expect(await api(`/${PID}/kb/namespace`, { auth, body: { name: 'X', hybrid: 'yes' } })).toMatchObject({ status: 400, body: notBoolean });
    expect(await api(`/${PID}/kb/namespace`, { auth, body: { name: 'X', hybrid: null } })).toMatchObject({ status: 400, body: notBoolean });
    expect(await api(`/${PID}/kb/namespace`, { auth, body: { name: 'X', hybrid: true } })).toMatchObject({
      status: 403,
      body: { success: false, error: 'Hybrid mode is not allowed for the current project' },
    });
    Object.assign(service.store.projects.get(PID)!, { profile: { customization: { hybrid: true } } });
    const hybrid = await api(`/${PID}/kb/namespace`, { auth, body: { name: 'X', hybrid: true } });
    expect(hybrid.body).toMatchObject({ hybrid: true, engine: { index_name: 'llm-sample-hybrid-index' } });
  });

  it("answers a name the model refuses with Mongoose's ValidationError (kb.js:1179)", async () => {
    const auth = await as('admin');
    const required = (value?: unknown) => {
      const withValue = value === undefined ? {} : { value };
      return {
        errors: {
          name: {
            name: 'ValidatorError',
            message: 'Path `name` is required.',
            properties: { message: 'Path `name` is required.', type: 'required', path: 'name', ...withValue },
            kind: 'required',
            path: 'name',
            ...withValue,
          },
        },
        _message: 'Namespace validation failed',
        name: 'ValidationError',
        message: 'Namespace validation failed: name: Path `name` is required.',
      };
    };
    expect(await api(`/${PID}/kb/namespace`, { auth, body: {} })).toMatchObject({ status: 500, body: { success: false, error: required() } });
    expect((await api(`/${PID}/kb/namespace`, { auth, body: { name: '' } })).body.error).toEqual(required(''));
    expect((await api(`/${PID}/kb/namespace`, { auth, body: { name: null } })).body.error).toEqual(required(null));
    const cast = stringCastError('name', ['a', 'b'], "[ 'a', 'b' ]", 'Array');
    expect((await api(`/${PID}/kb/namespace`, { auth, body: { name: ['a', 'b'] } })).body.error).toEqual({
      errors: { name: cast },
      _message: 'Namespace validation failed',
      name: 'ValidationError',
      message: `Namespace validation failed: name: ${cast.message}`,
    });
  });

  it('enforces the plan limit (50 knowledge bases)', async () => {
    const auth = await as('admin');
    for (let i = 0; i < 48; i++) expect((await api(`/${PID}/kb/namespace`, { auth, body: { name: `kb ${i}` } })).status).toBe(200);
    expect(await api(`/${PID}/kb/namespace`, { auth, body: { name: 'one too many' } })).toMatchObject({ status: 403, body: { plan_limit: 50 } });
  });

  it('upserts an unknown id on PUT as a bare record, whatever the id (kb.js:1401)', async () => {
    const auth = await as('admin');
    const kb = await api(`/${PID}/kb/namespace/65f1a2b3c4d5e6f7080999ae`, { method: 'PUT', auth, body: { name: 'Upserted KB' } });
    expect(kb.body).toEqual({ id: '65f1a2b3c4d5e6f7080999ae', name: 'Upserted KB', default: false, hybrid: false, createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect((await api(`/${PID}/kb/namespace/not-an-object-id`, { method: 'PUT', auth, body: {} })).body).toEqual({
      id: 'not-an-object-id',
      default: false,
      hybrid: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await api(`/${PID}/kb/namespace/all`, { auth })).body).toHaveLength(2);
  });
});

describe('listing contents', () => {
  it("wraps them as {count, query, kbs} with the route's defaults echoed", async () => {
    const all = await api(`/${PID}/kb?namespace=${PID}`, { auth: await as('admin') });
    expect(all.body.count).toBe(4);
    expect(all.body.query).toEqual({ limit: 200, sortField: 'updatedAt', direction: -1 });
    expect(all.body.kbs.map((c: any) => c._id)).toEqual([SEED.contents.text, SEED.contents.pdf, SEED.contents.faq, SEED.contents.url]);
    // Mongoose's hydration adds the model's default (models/kb_setting.js: situated_context default false).
    expect(all.body.kbs.every((c: any) => c.situated_context === false)).toBe(true);
  });

  it('filters by status and pages, echoing both', async () => {
    const indexed = await api(`/${PID}/kb?namespace=${PID}&status=300&limit=1&page=1`, { auth: await as('admin') });
    expect(indexed.body.query).toEqual({ limit: 1, sortField: 'updatedAt', direction: -1, status: 300, page: 1 });
    expect(indexed.body.count).toBe(2);
    expect(indexed.body.kbs.map((c: any) => c._id)).toEqual([SEED.contents.url]);
  });

  it('filters by type and by a search pattern over the source', async () => {
    const auth = await as('admin');
    expect((await api(`/${PID}/kb?namespace=${PID}&type=pdf`, { auth })).body.count).toBe(1);
    const search = await api(`/${PID}/kb?namespace=${PID}&search=help/&sortField=name&direction=1`, { auth });
    expect(search.body.kbs.map((c: any) => c._id)).toEqual([SEED.contents.url]);
    expect(search.body.query.search).toBe('help/');
  });

  it('reads the parameters as the route does: parseInt, truthiness, page * limit (kb.js:1556-1588)', async () => {
    const auth = await as('admin');
    const list = (query: string) => api(`/${PID}/kb?namespace=${PID}&${query}`, { auth });
    expect((await list('limit=0')).body).toMatchObject({ count: 4, query: { sortField: 'updatedAt', direction: -1 } });
    expect((await list('limit=0')).body.query.limit).toBeUndefined();
    expect((await list('limit=abc')).body.kbs).toHaveLength(4);
    expect((await list('page=abc&limit=1')).body.kbs).toHaveLength(1);
    expect((await list('status=42')).body).toEqual({ count: 0, query: { status: 42, limit: 200, page: 0, sortField: 'updatedAt', direction: -1 }, kbs: [] });
    expect((await list('status=0')).body.query).toEqual({ limit: 200, sortField: 'updatedAt', direction: -1 });
    const ascending = await list('direction=abc');
    expect(ascending.body.query).toEqual({ limit: 200, sortField: 'updatedAt' });
    expect(ascending.body.kbs.map((c: any) => c._id)).toEqual([SEED.contents.url, SEED.contents.faq, SEED.contents.pdf, SEED.contents.text]);
  });

  it('casts the filter as Mongoose does: arrays are $in, operators apply, other objects are cast errors (kb.js:1612)', async () => {
    const auth = await as('admin');
    expect((await api(`/${PID}/kb?namespace=${PID}&type[]=pdf&type[]=faq`, { auth })).body.count).toBe(2);
    expect((await api(`/${PID}/kb?namespace=${PID}&type[$ne]=url`, { auth })).body.count).toBe(3);
    const refused = await api(`/${PID}/kb?namespace=${PID}&type[a]=1`, { auth });
    expect(refused).toMatchObject({ status: 500, body: { success: false, error: stringCastError('type', { a: '1' }, "{ a: '1' }", 'Object', 'KB') } });
    const status = await api(`/${PID}/kb?namespace=${PID}&status=abc`, { auth });
    expect(status.status).toBe(500);
    expect(status.body.error).toMatchObject({
      kind: 'Number',
      path: 'status',
      value: null,
      name: 'CastError',
      message: 'Cast to Number failed for value "NaN" (type number) at path "status" for model "KB"',
    });
  });

  it("answers MongoDB's refusals with 500 and the driver's error (kb.js:1612)", async () => {
    const auth = await as('admin');
    expect(await api(`/${PID}/kb?namespace=${PID}&page=-1`, { auth })).toMatchObject({ status: 500, body: { success: false, error: { ok: 0, code: 2, codeName: 'BadValue', name: 'MongoError' } } });
    expect((await api(`/${PID}/kb?namespace=${PID}&sortField=$foo`, { auth })).body.error).toEqual({ ok: 0, code: 16410, codeName: 'Location16410', name: 'MongoError' });
  });

  it('never answers an invalid search pattern (kb.js:1591 `new RegExp`) or a direction mquery refuses (kb.js:1608)', async () => {
    const auth = await as('admin');
    await expect(api(`/${PID}/kb?namespace=${PID}&search=c%2B%2B`, { auth })).rejects.toThrow();
    await expect(api(`/${PID}/kb?namespace=${PID}&search=%5B`, { auth })).rejects.toThrow();
    await expect(api(`/${PID}/kb?namespace=${PID}&direction=2`, { auth })).rejects.toThrow();
    expect((await api(`/${PID}/kb?namespace=${PID}&search=c%5C%2B%5C%2B`, { auth })).status).toBe(200);
  });

  it("refuses a search pattern over the mock's bounds with 400 naming `search` (a limit of the mock, issue #19), without delaying other requests", async () => {
    const auth = await as('admin');
    for (let i = 0; i < 30; i++) {
      const source = `https://www.acme-support.test/${String(i).padStart(4, '0')}${'lorem ipsum dolor sit amet ab '.repeat(70)}`;
      expect((await api(`/${PID}/kb`, { auth, body: { name: `s${i}`, type: 'url', source, namespace: PID } })).status).toBe(200);
    }
    const attack = '[\\s\\S]{1000}[\\s\\S]{1000}b';
    const [searched, unrelated] = await Promise.all([api(`/${PID}/kb?namespace=${PID}&search=${encodeURIComponent(attack)}`, { auth }), api(`/${PID}/tags`, { auth })]);
    expect(searched).toMatchObject({ status: 400, body: { errors: [{ value: attack, msg: expect.stringContaining('Pattern too expensive for the mock'), param: 'search', location: 'query' }] } });
    expect(unrelated.status).toBe(200);
    // Wherever else a pattern arrives: an operator in the query or in a body.
    expect((await api(`/${PID}/kb?namespace[$regex]=${encodeURIComponent(attack)}`, { auth })).body).toMatchObject({ errors: [{ param: 'namespace', location: 'query' }] });
    expect((await api(`/${PID}/kb`, { auth, body: { name: 'x', type: 'url', source: { $regex: attack }, namespace: PID } })).body).toMatchObject({ errors: [{ param: 'source', location: 'body' }] });
    // Realistic searches answer as before.
    expect((await api(`/${PID}/kb?namespace=${PID}&search=${encodeURIComponent('^https://www\\.acme-support\\.test/000[0-9]')}`, { auth })).body.count).toBe(10);
  });

  it('refuses a request without namespace (kb.js:1540)', async () => {
    expect(await api(`/${PID}/kb`, { auth: await as('admin') })).toMatchObject({ status: 400, body: { success: false, error: "queryParam 'namespace' is not defined" } });
  });

  it('sends url contents with content null and a failed one with last_error.timestamp in epoch ms and last_refresh', async () => {
    const list = await api(`/${PID}/kb?namespace=${PID}`, { auth: await as('admin') });
    const byId = Object.fromEntries(list.body.kbs.map((c: any) => [c._id, c]));
    expect(byId[SEED.contents.url].content).toBeNull();
    expect(byId[SEED.contents.pdf].last_error).toEqual({ timestamp: Date.parse('2026-11-16T11:02:10.000Z'), message: expect.any(String) });
    expect(byId[SEED.contents.pdf].last_refresh).toBe('2026-11-16T11:02:10.000Z');
  });
});

describe('reading a content', () => {
  it('answers 500 for a malformed id (kb.js:1664) and 404 for an unknown one, a 12-character id included', async () => {
    const auth = await as('admin');
    expect(await api(`/${PID}/kb/not-an-object-id`, { auth })).toMatchObject({ status: 500, body: { success: false, error: 'An error occurred retrieving the content' } });
    expect(await api(`/${PID}/kb/abcdefghijkl`, { auth })).toMatchObject({ status: 404, body: { error: `Content not found with id abcdefghijkl for project ${PID}` } });
  });
});

describe('creating contents', () => {
  it('moves a new content through -1 → 100 → 200 → 300 on the clock, with last_refresh from 100 (services/aiManager.js:511)', async () => {
    const auth = await as('admin');
    const created = await api(`/${PID}/kb/`, { auth, body: { name: 'Opening hours', type: 'text', source: 'Opening hours', content: 'Mon-Fri', namespace: PID } });
    expect(created.body.lastErrorObject).toEqual({ n: 1, updatedExisting: false, upserted: created.body.value._id });
    expect(created.body.value.last_refresh).toBeUndefined();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await api(`/${PID}/kb/${created.body.value._id}`, { auth })).body.status);
      service.clock.advance(1000);
    }
    expect(statuses).toEqual([-1, 100, 200, 300]);
    expect((await api(`/${PID}/kb/${created.body.value._id}`, { auth })).body.last_refresh).toEqual(expect.any(String));
  });

  it('ends a failing source at 400 with last_error', async () => {
    const auth = await as('admin');
    const failing = await api(`/${PID}/kb`, { auth, body: { name: 'Broken', type: 'pdf', source: 'https://files.acme-support.test/fail.pdf', namespace: PID } });
    service.clock.advance(3000);
    expect((await api(`/${PID}/kb/${failing.body.value._id}`, { auth })).body).toMatchObject({ status: 400, last_error: { message: expect.stringContaining('fail.pdf') } });
  });

  it('replaces the content of the same type and source, starting again from -1 and keeping the stored fields not written (kb.js:1735 $set)', async () => {
    const auth = await as('admin');
    const first = await api(`/${PID}/kb`, { auth, body: { name: 'Opening hours', type: 'text', source: 'Opening hours', content: 'Mon-Fri', namespace: PID, tags: ['hours'] } });
    service.clock.advance(3000);
    const again = await api(`/${PID}/kb`, { auth, body: { name: 'Opening hours (new)', type: 'text', source: 'Opening hours', namespace: PID } });
    expect(again.body.lastErrorObject).toEqual({ n: 1, updatedExisting: true });
    expect(again.body.value).toMatchObject({ _id: first.body.value._id, status: -1, content: null, name: 'Opening hours (new)', tags: ['hours'] });
  });

  it("stores a missing source as null, replacing the project's other source-less content of that type", async () => {
    const auth = await as('admin');
    const first = await api(`/${PID}/kb`, { auth, body: { name: 'A', type: 'text', content: 'first', namespace: PID } });
    expect(first.body.value).toMatchObject({ source: null, content: 'first' });
    const second = await api(`/${PID}/kb`, { auth, body: { name: 'B', type: 'text', content: 'second', namespace: SEED.secondKnowledgeBaseId } });
    expect(second.body.lastErrorObject).toEqual({ n: 1, updatedExisting: true });
    expect(second.body.value).toMatchObject({ _id: first.body.value._id, name: 'B', namespace: SEED.secondKnowledgeBaseId, source: null });
  });

  it('writes the per-type fields of kb.js:1710-1731', async () => {
    const auth = await as('admin');
    const create = async (body: object) => (await api(`/${PID}/kb`, { auth, body: { namespace: PID, name: 'n', ...body } })).body.value;
    expect(await create({ type: 'txt', source: 't1' })).toMatchObject({ scrape_type: 1 });
    expect(await create({ type: 'regex_custom', source: 'r1' })).toMatchObject({ chunk_regex: null });
    expect(await create({ type: 'url', source: 'https://a.test/0', scrape_type: 0, situated_context: true, refresh_rate: '' })).toMatchObject({
      scrape_type: 0,
      scrape_options: null,
      refresh_rate: 'never',
      situated_context: true,
    });
    expect(await create({ type: 'url', source: 'https://a.test/4', scrape_type: 4, scrape_options: { main: true }, refresh_rate: 5 })).toMatchObject({
      scrape_type: 4,
      scrape_options: { main: true },
      refresh_rate: '5',
    });
    expect(await create({ type: 'url', source: 'https://a.test/s', situated_context: true })).toMatchObject({ scrape_type: 2, situated_context: false });
    expect(await create({ type: 'video', source: 'v', tags: ['a', 1] })).toEqual(expect.not.objectContaining({ tags: expect.anything() }));
    expect(await create({ type: 'text', source: 'e', tags: [] })).toMatchObject({ tags: [] });
  });

  it('checks the namespace as aiManager.checkNamespace does (kb.js:1678-1688)', async () => {
    const auth = await as('admin');
    const create = (namespace: unknown) => api(`/${PID}/kb`, { auth, body: { name: 'x', type: 'text', source: 'ns', namespace } });
    expect(await api(`/${PID}/kb`, { auth, body: { name: 'x', type: 'text' } })).toMatchObject({ status: 400, body: { error: "parameter 'namespace' is not defined" } });
    expect(await create(false)).toMatchObject({ status: 400 });
    expect(await create('65f1a2b3c4d5e6f708090d09')).toMatchObject({ status: 404, body: { error: 'Namespace not found with id 65f1a2b3c4d5e6f708090d09' } });
    expect(await create(5)).toMatchObject({ status: 404, body: { error: 'Namespace not found with id 5' } });
    expect(await create({ a: 1 })).toMatchObject({ status: 500, body: { success: false } });
    expect((await create({ a: 1 })).body.error).toBeUndefined();
    // An array finds the knowledge base ($in), then the update cannot store it.
    expect(await create([PID])).toMatchObject({ status: 500, body: { error: stringCastError('namespace', [PID], `[ '${PID}' ]`, 'Array') } });
  });

  it('answers the cast errors of the upsert: the filter names the model, the update does not (kb.js:1738)', async () => {
    const auth = await as('admin');
    const create = (body: object) => api(`/${PID}/kb`, { auth, body: { namespace: PID, name: 'x', type: 'text', source: 's', ...body } });
    expect((await create({ source: { a: 1 } })).body.error).toEqual(stringCastError('source', { a: 1 }, '{ a: 1 }', 'Object', 'KB'));
    expect((await create({ source: ['s1'] })).body.error).toEqual(stringCastError('source', ['s1'], "[ 's1' ]", 'Array'));
    expect((await create({ name: { a: 1 } })).body.error).toEqual(stringCastError('name', { a: 1 }, '{ a: 1 }', 'Object'));
    expect((await create({ source: { $ne: 'zz' } })).body.error).toEqual(stringCastError('source', { $ne: 'zz' }, "{ '$ne': 'zz' }", 'Object'));
  });
});

describe('url contents in bulk', () => {
  const urls = ['https://www.acme-support.test/help/returns', 'https://www.acme-support.test/help/shipping'];

  it('adds url contents (upserting a known url) and answers the stored documents in stored order', async () => {
    const added = await api(`/${PID}/kb/multi?namespace=${PID}`, { auth: await as('admin'), body: { list: urls, tags: '["help-center"]' } });
    expect(added.body.map((c: any) => [c.name, c.type, c.status, c.scrape_type, c.refresh_rate, c.tags])).toEqual([urls[1], urls[0]].map((u) => [u, 'url', -1, 2, 'never', ['help-center']]));
    expect(added.body[0]._id).toBe(SEED.contents.url);
    // A bulk upsert writes no version key and no defaults (services/aiManager.js:522, KB.find().lean()).
    expect(added.body[1]).toEqual(expect.not.objectContaining({ __v: expect.anything(), situated_context: expect.anything() }));
    expect(added.body[1].content).toBe('');
  });

  it('refuses more than 300 urls (403) and a request without namespace (400)', async () => {
    const auth = await as('admin');
    const tooMany = Array.from({ length: 301 }, (_, i) => `https://www.acme-support.test/p/${i}`);
    expect(await api(`/${PID}/kb/multi?namespace=${PID}`, { auth, body: { list: tooMany } })).toMatchObject({
      status: 403,
      body: { error: "Too many urls. Can't index more than 300 urls at a time." },
    });
    expect((await api(`/${PID}/kb/multi`, { auth, body: { list: urls } })).status).toBe(400);
  });

  it('answers a missing list 500 (kb.js:1836), never answers a list that is no array (services/aiManager.js:64), 500 for one it cannot store', async () => {
    const auth = await as('admin');
    expect(await api(`/${PID}/kb/multi?namespace=${PID}`, { auth, body: {} })).toMatchObject({ status: 500, body: { success: false } });
    await expect(api(`/${PID}/kb/multi?namespace=${PID}`, { auth, body: { list: 'https://a.test/' } })).rejects.toThrow();
    expect(await api(`/${PID}/kb/multi?namespace=${PID}`, { auth, body: { list: [{ a: 1 }] } })).toMatchObject({
      status: 500,
      body: { success: false, error: 'Unable to add multiple urls due to an error.' },
    });
  });
});

describe('sitemaps', () => {
  let server: Server;
  let base = '';
  const urlset = (locs: string[]) => `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`;
  beforeAll(async () => {
    const pages: Record<string, () => [number, string | Buffer]> = {
      '/ok.xml': () => [200, urlset(['https://a.test/1', 'https://a.test/2?x=1&amp;y=2'])],
      '/gz.xml.gz': () => [200, gzipSync(urlset(['https://a.test/gz']))],
      '/index.xml': () => [200, `<sitemapindex><sitemap><loc>${base}/ok.xml</loc></sitemap><sitemap><loc>${base}/missing.xml</loc></sitemap></sitemapindex>`],
      '/html': () => [200, '<html><body>hi</body></html>'],
      '/empty-index.xml': () => [200, '<sitemapindex><foo>1</foo></sitemapindex>'],
      '/loop.xml': () => [200, '<sitemapindex><sitemap><lastmod>2020</lastmod></sitemap></sitemapindex>'],
    };
    server = createServer((req, res) => {
      const page = pages[req.url ?? ''];
      const [status, body] = page ? page() : [404, 'nope'];
      res.writeHead(status, { 'content-type': 'application/xml' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const read = async (sitemap: unknown) => api(`/${PID}/kb/sitemap`, { auth: await as('admin'), body: sitemap === undefined ? {} : { sitemap } });

  it('answers a fixture of behaviour.sitemaps without fetching', async () => {
    expect((await read('https://www.acme-support.test/sitemap.xml')).body).toEqual({ url: 'https://www.acme-support.test/sitemap.xml', sites: expect.any(Array), errors: [] });
  });

  it('fetches a sitemap as sitemapper 3.2.24 does: entities, gzip, nested sitemaps and their errors', async () => {
    expect((await read(`${base}/ok.xml`)).body).toEqual({ url: `${base}/ok.xml`, sites: ['https://a.test/1', 'https://a.test/2?x=1&y=2'], errors: [] });
    expect((await read(`${base}/gz.xml.gz`)).body.sites).toEqual(['https://a.test/gz']);
    expect((await read(`${base}/index.xml`)).body).toEqual({
      url: `${base}/index.xml`,
      sites: ['https://a.test/1', 'https://a.test/2?x=1&y=2'],
      errors: [{ type: 'HTTPError', message: 'HTTP Error occurred: Response code 404 (Not Found)', url: `${base}/missing.xml`, retries: 0 }],
    });
    expect((await read(`${base}/html`)).body.errors).toEqual([{ url: `${base}/html`, type: 'UnknownStateError', message: 'An unknown error occurred.', retries: 0 }]);
  });

  it('reports what got refuses before any request, in 200 bodies (kb.js:2009)', async () => {
    const failure = (type: string, url?: unknown) => ({
      sites: [],
      errors: [{ type, message: `Error occurred: ${type}`, ...(url === undefined ? {} : { url }), retries: 0 }],
      ...(url === undefined ? {} : { url }),
    });
    expect((await read(undefined)).body).toEqual(failure('RequestError'));
    expect((await read('not a url')).body).toEqual(failure('TypeError', 'not a url'));
    expect((await read('ftp://files.example/s.xml')).body).toEqual(failure('UnsupportedProtocolError', 'ftp://files.example/s.xml'));
    expect((await read('/sitemap.xml')).body).toEqual(failure('Error', '/sitemap.xml'));
    expect((await read('https://sitemaps.example/s.xml')).body).toEqual(failure('RequestError', 'https://sitemaps.example/s.xml'));
  });

  it('answers 500 when the reader throws (an index without sitemaps) and never answers an index that makes it loop', async () => {
    expect(await read(`${base}/empty-index.xml`)).toMatchObject({ status: 500, body: { success: false, error: {} } });
    await expect(read(`${base}/loop.xml`)).rejects.toThrow();
  });
});

describe('deleting contents', () => {
  it('answers the deleted content; then deletes and reads are 404', async () => {
    const auth = await as('admin');
    expect((await api(`/${PID}/kb/${SEED.contents.pdf}`, { method: 'DELETE', auth })).body).toMatchObject({ _id: SEED.contents.pdf, status: 400, situated_context: false });
    expect(await api(`/${PID}/kb/${SEED.contents.pdf}`, { method: 'DELETE', auth })).toMatchObject({ status: 404, body: { error: 'Content not found' } });
    expect(await api(`/${PID}/kb/${SEED.contents.pdf}`, { auth })).toMatchObject({ status: 404, body: { error: `Content not found with id ${SEED.contents.pdf} for project ${PID}` } });
  });

  it('answers a malformed id with the cast error, naming the model (kb.js:2300)', async () => {
    const refused = await api(`/${PID}/kb/not-an-object-id`, { method: 'DELETE', auth: await as('admin') });
    expect(refused).toMatchObject({
      status: 500,
      body: {
        success: false,
        error: {
          stringValue: '"not-an-object-id"',
          valueType: 'string',
          kind: 'ObjectId',
          value: 'not-an-object-id',
          path: '_id',
          reason: {},
          name: 'CastError',
          message: 'Cast to ObjectId failed for value "not-an-object-id" (type string) at path "_id" for model "KB"',
        },
      },
    });
  });
});

describe('the sitemap reader (sitemapper 3.2.24 over got 11 and fast-xml-parser 4.5)', () => {
  const serve = (pages: Record<string, string>) =>
    (async (input: RequestInfo | URL) => {
      const page = pages[new URL(input instanceof Request ? input.url : String(input)).pathname];
      return page === undefined ? new Response('no', { status: 404, statusText: 'Not Found' }) : new Response(page);
    }) as typeof fetch;

  it('reads loc values as fast-xml-parser does (values measured on the real server)', async () => {
    const locs = ['1.50', '0x1F', '1e3', '007', '-5', '+5', ' 12 ', '1.0', '12a', 'false', '.5', '5.', '0', '-0', '1e400', '12345678901234567890'];
    const pages = {
      '/numbers.xml': `<urlset>${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>`,
      '/mixed.xml':
        '<?xml version="1.0"?><!-- c --><ns:urlset xmlns:ns="x"><ns:url><ns:loc>a&#38;b&apos;c&quot;&lt;&gt;&amp;lt;</ns:loc></ns:url><url/><url><loc><![CDATA[https://a.test/c]]></loc></url><url><loc>a</loc><loc>b</loc></url></urlset>',
      '/named.xml': '<name>Bar</name>',
    };
    const read = async (path: string) => readSitemap(`https://sitemaps.local${path}`, { fetch: serve(pages) });
    expect(await read('/numbers.xml')).toEqual({
      data: { url: 'https://sitemaps.local/numbers.xml', sites: [1.5, 31, 1000, 7, -5, 5, 12, 1, '12a', false, 0.5, 5, 0, '-0', Infinity, '12345678901234567890'], errors: [] },
    });
    expect(((await read('/mixed.xml')) as any).data.sites).toEqual(['a&b\'c"<>&lt;', null, 'https://a.test/c', ['a', 'b']]);
    expect(((await read('/named.xml')) as any).data.errors).toEqual([{ url: 'https://sitemaps.local/named.xml', type: 'Bar', message: 'An unknown error occurred.', retries: 0 }]);
  });

  it('echoes a number as the url with UnsupportedProtocolError, and cancels after the timeout (CancelError)', async () => {
    expect(await readSitemap(5)).toEqual({ data: { url: 5, sites: [], errors: [{ type: 'UnsupportedProtocolError', message: 'Error occurred: UnsupportedProtocolError', url: 5, retries: 0 }] } });
    const never = ((input: Request) => new Promise((_, reject) => input.signal.addEventListener('abort', () => reject(new Error('aborted'))))) as unknown as typeof fetch;
    expect(await readSitemap('https://slow.local/s.xml', { fetch: never, timeoutMs: 20 })).toEqual({
      data: {
        url: 'https://slow.local/s.xml',
        sites: [],
        errors: [{ type: 'CancelError', message: "Request timed out after 20 milliseconds for url: 'https://slow.local/s.xml'", url: 'https://slow.local/s.xml', retries: 0 }],
      },
    });
  });

  it('counts a sitemap index that names itself as endless (sitemapper would fetch it forever)', async () => {
    const pages = { '/self.xml': '<sitemapindex><sitemap><loc>https://sitemaps.local/self.xml</loc></sitemap></sitemapindex>' };
    expect(await readSitemap('https://sitemaps.local/self.xml', { fetch: serve(pages) })).toEqual({ endless: expect.any(String) });
  });
});
