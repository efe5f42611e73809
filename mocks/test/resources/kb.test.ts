import { zKnowledgeBasePreviewSettings } from '@supportkb/sdk/zod';
import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/state/seed';
import { PID, useMock } from '../support/harness';

const { api, as, service } = useMock({ behaviour: { indexing: { stepMs: 1000 } } });

describe('knowledge bases', () => {
  it('lists the default and the second knowledge base, without counts', async () => {
    const list = await api(`/${PID}/kb/namespace/all`, { auth: await as('admin') });
    expect(list.body.map((kb: any) => [kb.id, kb.name, kb.default])).toEqual([
      [PID, 'Default', true],
      [SEED.secondKnowledgeBaseId, 'Product manuals', false],
    ]);
    expect(list.body[0].count).toBeUndefined();
  });

  it('counts contents when `count` is present, whatever its value', async () => {
    expect((await api(`/${PID}/kb/namespace/all?count=false`, { auth: await as('admin') })).body.map((kb: any) => kb.count)).toEqual([4, 0]);
  });

  it("creates the default knowledge base on first read of an empty project, with the contract's default preview settings", async () => {
    service.store.knowledgeBases.clear();
    const list = await api(`/${PID}/kb/namespace/all`, { auth: await as('admin') });
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: PID, name: 'Default', default: true, preview_settings: { model: 'gpt-4o', max_tokens: 256, alpha: 0.5, context: null } });
    expect(list.body[0].preview_settings).toEqual(zKnowledgeBasePreviewSettings.parse({}));
  });

  it('never deletes the default knowledge base (403)', async () => {
    expect(await api(`/${PID}/kb/namespace/${PID}`, { method: 'DELETE', auth: await as('admin') })).toMatchObject({ status: 403, body: { success: false, error: 'Default namespace cannot be deleted' } });
  });

  it('empties a knowledge base with contents_only=true and keeps it', async () => {
    const auth = await as('admin');
    expect((await api(`/${PID}/kb/namespace/${PID}?contents_only=true`, { method: 'DELETE', auth })).body).toEqual({ success: true, message: 'All contents deleted successfully' });
    expect((await api(`/${PID}/kb?namespace=${PID}`, { auth })).body.count).toBe(0);
    expect((await api(`/${PID}/kb/namespace/all`, { auth })).body).toHaveLength(2);
  });

  it('deletes another knowledge base; then it is 404', async () => {
    const auth = await as('admin');
    expect((await api(`/${PID}/kb/namespace/${SEED.secondKnowledgeBaseId}`, { method: 'DELETE', auth })).body).toEqual({ success: true, message: 'Namespace deleted succesfully' });
    expect(await api(`/${PID}/kb/namespace/${SEED.secondKnowledgeBaseId}`, { method: 'DELETE', auth })).toMatchObject({ status: 404, body: { error: `No namespace found for id ${SEED.secondKnowledgeBaseId}` } });
  });

  it('creates a knowledge base, not the default', async () => {
    const kb = await api(`/${PID}/kb/namespace`, { auth: await as('admin'), body: { name: 'FAQ' } });
    expect(kb.body).toMatchObject({ name: 'FAQ', default: false, hybrid: false, id_project: PID });
  });

  it('replaces the preview settings whole on update', async () => {
    const updated = await api(`/${PID}/kb/namespace/${SEED.secondKnowledgeBaseId}`, { method: 'PUT', auth: await as('admin'), body: { preview_settings: { model: 'gpt-4o-mini', top_k: 2 } } });
    expect(updated.body.preview_settings).toEqual({ model: 'gpt-4o-mini', top_k: 2 });
  });

  it('refuses a non-boolean hybrid (400) and a body without name (422)', async () => {
    const auth = await as('admin');
    expect(await api(`/${PID}/kb/namespace`, { auth, body: { name: 'X', hybrid: 'yes' } })).toMatchObject({ status: 400, body: { error: "Value not accepted for 'hybrid' field. Expected boolean." } });
    expect((await api(`/${PID}/kb/namespace`, { auth, body: {} })).status).toBe(422);
  });

  it('enforces the plan limit (50 knowledge bases)', async () => {
    const auth = await as('admin');
    for (let i = 0; i < 48; i++) expect((await api(`/${PID}/kb/namespace`, { auth, body: { name: `kb ${i}` } })).status).toBe(200);
    expect(await api(`/${PID}/kb/namespace`, { auth, body: { name: 'one too many' } })).toMatchObject({ status: 403, body: { plan_limit: 50 } });
  });

  it('upserts an unknown id on PUT as a bare record', async () => {
    const kb = await api(`/${PID}/kb/namespace/65f1a2b3c4d5e6f7080999ae`, { method: 'PUT', auth: await as('admin'), body: { name: 'Upserted KB' } });
    expect(kb.body).toEqual({ id: '65f1a2b3c4d5e6f7080999ae', name: 'Upserted KB', default: false, hybrid: false, createdAt: expect.any(String), updatedAt: expect.any(String) });
  });
});

describe('listing contents', () => {
  it("wraps them as {count, query, kbs} with the contract's defaults echoed", async () => {
    const all = await api(`/${PID}/kb?namespace=${PID}`, { auth: await as('admin') });
    expect(all.body.count).toBe(4);
    expect(all.body.query).toEqual({ limit: 200, sortField: 'updatedAt', direction: -1 });
    expect(all.body.kbs.map((c: any) => c._id)).toEqual([SEED.contents.text, SEED.contents.pdf, SEED.contents.faq, SEED.contents.url]);
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

  it('refuses a request without namespace (400 of the service) or with a status not listed (400)', async () => {
    const auth = await as('admin');
    expect(await api(`/${PID}/kb`, { auth })).toMatchObject({ status: 400, body: { success: false, error: "queryParam 'namespace' is not defined" } });
    expect((await api(`/${PID}/kb?namespace=${PID}&status=42`, { auth })).status).toBe(400);
  });

  it('sends url contents with content null and a failed one with last_error.timestamp in epoch ms', async () => {
    const list = await api(`/${PID}/kb?namespace=${PID}`, { auth: await as('admin') });
    const byId = Object.fromEntries(list.body.kbs.map((c: any) => [c._id, c]));
    expect(byId[SEED.contents.url].content).toBeNull();
    expect(byId[SEED.contents.pdf].last_error).toEqual({ timestamp: Date.parse('2026-11-16T11:02:10.000Z'), message: expect.any(String) });
  });
});

describe('creating contents', () => {
  it('moves a new content through -1 → 100 → 200 → 300 on the clock', async () => {
    const auth = await as('admin');
    const created = await api(`/${PID}/kb/`, { auth, body: { name: 'Opening hours', type: 'text', source: 'Opening hours', content: 'Mon-Fri', namespace: PID } });
    expect(created.body.lastErrorObject).toEqual({ n: 1, updatedExisting: false, upserted: created.body.value._id });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await api(`/${PID}/kb/${created.body.value._id}`, { auth })).body.status);
      service.clock.advance(1000);
    }
    expect(statuses).toEqual([-1, 100, 200, 300]);
  });

  it('ends a failing source at 400 with last_error', async () => {
    const auth = await as('admin');
    const failing = await api(`/${PID}/kb`, { auth, body: { name: 'Broken', type: 'pdf', source: 'https://files.acme-support.test/fail.pdf', namespace: PID } });
    service.clock.advance(3000);
    expect((await api(`/${PID}/kb/${failing.body.value._id}`, { auth })).body).toMatchObject({ status: 400, last_error: { message: expect.stringContaining('fail.pdf') } });
  });

  it('replaces the content of the same type and source, starting again from -1', async () => {
    const auth = await as('admin');
    const first = await api(`/${PID}/kb`, { auth, body: { name: 'Opening hours', type: 'text', source: 'Opening hours', content: 'Mon-Fri', namespace: PID } });
    service.clock.advance(3000);
    const again = await api(`/${PID}/kb`, { auth, body: { name: 'Opening hours (new)', type: 'text', source: 'Opening hours', content: 'Mon-Sat', namespace: PID } });
    expect(again.body.lastErrorObject).toEqual({ n: 1, updatedExisting: true });
    expect(again.body.value).toMatchObject({ _id: first.body.value._id, status: -1, content: 'Mon-Sat', name: 'Opening hours (new)' });
  });

  it("stores a missing source as null, replacing the project's other source-less content of that type", async () => {
    const auth = await as('admin');
    const first = await api(`/${PID}/kb`, { auth, body: { name: 'A', type: 'text', content: 'first', namespace: PID } });
    expect(first.body.value).toMatchObject({ source: null, content: 'first' });
    const second = await api(`/${PID}/kb`, { auth, body: { name: 'B', type: 'text', content: 'second', namespace: SEED.secondKnowledgeBaseId } });
    expect(second.body.lastErrorObject).toEqual({ n: 1, updatedExisting: true });
    expect(second.body.value).toMatchObject({ _id: first.body.value._id, name: 'B', namespace: SEED.secondKnowledgeBaseId, source: null });
  });

  it('refuses a body without namespace (400 of the service) or with an unknown one (404)', async () => {
    const auth = await as('admin');
    expect(await api(`/${PID}/kb`, { auth, body: { name: 'x', type: 'text' } })).toMatchObject({ status: 400, body: { error: "parameter 'namespace' is not defined" } });
    expect(await api(`/${PID}/kb`, { auth, body: { name: 'x', type: 'text', namespace: '65f1a2b3c4d5e6f708090d09' } })).toMatchObject({ status: 404, body: { error: 'Namespace not found with id 65f1a2b3c4d5e6f708090d09' } });
  });

  it('refuses a content type the contract does not list (422)', async () => {
    expect((await api(`/${PID}/kb`, { auth: await as('admin'), body: { name: 'x', type: 'video', namespace: PID } })).status).toBe(422);
  });
});

describe('url contents in bulk and sitemaps', () => {
  const urls = ['https://www.acme-support.test/help/returns', 'https://www.acme-support.test/help/shipping'];

  it('adds url contents (upserting a known url) with the url defaults', async () => {
    const added = await api(`/${PID}/kb/multi?namespace=${PID}`, { auth: await as('admin'), body: { list: urls, tags: ['help-center'] } });
    expect(added.body.map((c: any) => [c.name, c.type, c.status, c.scrape_type, c.refresh_rate])).toEqual(urls.map((u) => [u, 'url', -1, 2, 'never']));
    expect(added.body[1]._id).toBe(SEED.contents.url);
  });

  it('refuses more than 300 urls (403) and a request without namespace (400)', async () => {
    const auth = await as('admin');
    const tooMany = Array.from({ length: 301 }, (_, i) => `https://www.acme-support.test/p/${i}`);
    expect(await api(`/${PID}/kb/multi?namespace=${PID}`, { auth, body: { list: tooMany } })).toMatchObject({ status: 403, body: { error: "Too many urls. Can't index more than 300 urls at a time." } });
    expect((await api(`/${PID}/kb/multi`, { auth, body: { list: urls } })).status).toBe(400);
  });

  it('parses a sitemap from the fixtures, fetching nothing; an unknown one answers an HTTPError', async () => {
    const auth = await as('admin');
    expect((await api(`/${PID}/kb/sitemap`, { auth, body: { sitemap: 'https://www.acme-support.test/sitemap.xml' } })).body.sites).toHaveLength(3);
    expect((await api(`/${PID}/kb/sitemap`, { auth, body: { sitemap: 'https://unknown.example/sitemap.xml' } })).body).toMatchObject({ sites: [], errors: [{ type: 'HTTPError' }] });
  });
});

describe('deleting contents', () => {
  it('answers the deleted content; then deletes and reads are 404', async () => {
    const auth = await as('admin');
    expect((await api(`/${PID}/kb/${SEED.contents.pdf}`, { method: 'DELETE', auth })).body).toMatchObject({ _id: SEED.contents.pdf, status: 400 });
    expect(await api(`/${PID}/kb/${SEED.contents.pdf}`, { method: 'DELETE', auth })).toMatchObject({ status: 404, body: { error: 'Content not found' } });
    expect(await api(`/${PID}/kb/${SEED.contents.pdf}`, { auth })).toMatchObject({ status: 404, body: { error: `Content not found with id ${SEED.contents.pdf} for project ${PID}` } });
  });
});
