import { describe, expect, it } from 'vitest';
import { SEED } from '../src/seed';
import { PID, useMock } from './helpers';

const { api, as, service } = useMock({ behaviour: { indexing: { stepMs: 1000 } } });

describe('knowledge bases', () => {
  it('lists the default and second knowledge base, counts contents on request', async () => {
    const auth = await as('admin');
    const list = await api(`/${PID}/kb/namespace/all`, { auth });
    expect(list.body.map((kb: any) => [kb.id, kb.name, kb.default])).toEqual([
      [PID, 'Default', true],
      [SEED.secondKnowledgeBaseId, 'Product manuals', false],
    ]);
    expect(list.body[0].count).toBeUndefined();
    expect((await api(`/${PID}/kb/namespace/all?count=false`, { auth })).body.map((kb: any) => kb.count)).toEqual([4, 0]);
  });

  it('creates the default knowledge base on first read of an empty project', async () => {
    const auth = await as('admin');
    service.store.knowledgeBases.clear();
    const list = await api(`/${PID}/kb/namespace/all`, { auth });
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: PID, name: 'Default', default: true, preview_settings: { model: 'gpt-4o', max_tokens: 256, alpha: 0.5, context: null } });
  });

  it('never deletes the default knowledge base; contents_only empties it', async () => {
    const auth = await as('admin');
    expect(await api(`/${PID}/kb/namespace/${PID}`, { method: 'DELETE', auth })).toMatchObject({ status: 403, body: { success: false, error: 'Default namespace cannot be deleted' } });
    expect((await api(`/${PID}/kb/namespace/${PID}?contents_only=true`, { method: 'DELETE', auth })).body).toEqual({ success: true, message: 'All contents deleted successfully' });
    expect((await api(`/${PID}/kb?namespace=${PID}`, { auth })).body.count).toBe(0);
    expect((await api(`/${PID}/kb/namespace/all`, { auth })).body).toHaveLength(2);
    expect((await api(`/${PID}/kb/namespace/${SEED.secondKnowledgeBaseId}`, { method: 'DELETE', auth })).body).toEqual({ success: true, message: 'Namespace deleted succesfully' });
    expect(await api(`/${PID}/kb/namespace/${SEED.secondKnowledgeBaseId}`, { method: 'DELETE', auth })).toMatchObject({ status: 404, body: { error: `No namespace found for id ${SEED.secondKnowledgeBaseId}` } });
  });

  it('creates, renames (preview settings replaced whole), refuses a non-boolean hybrid and enforces the plan limit', async () => {
    const auth = await as('admin');
    const kb = await api(`/${PID}/kb/namespace`, { auth, body: { name: 'FAQ' } });
    expect(kb.body).toMatchObject({ name: 'FAQ', default: false, hybrid: false, id_project: PID });
    const updated = await api(`/${PID}/kb/namespace/${kb.body.id}`, { method: 'PUT', auth, body: { preview_settings: { model: 'gpt-4o-mini', top_k: 2 } } });
    expect(updated.body.preview_settings).toEqual({ model: 'gpt-4o-mini', top_k: 2 });
    expect(await api(`/${PID}/kb/namespace`, { auth, body: { name: 'X', hybrid: 'yes' } })).toMatchObject({ status: 400, body: { error: "Value not accepted for 'hybrid' field. Expected boolean." } });
    expect((await api(`/${PID}/kb/namespace`, { auth, body: {} })).status).toBe(422);
    for (let i = 0; i < 47; i++) expect((await api(`/${PID}/kb/namespace`, { auth, body: { name: `kb ${i}` } })).status).toBe(200);
    expect(await api(`/${PID}/kb/namespace`, { auth, body: { name: 'one too many' } })).toMatchObject({ status: 403, body: { plan_limit: 50 } });
  });
});

describe('contents', () => {
  it('lists with the {count, query, kbs} wrapper, filters, sorting and pages', async () => {
    const auth = await as('admin');
    const all = await api(`/${PID}/kb?namespace=${PID}`, { auth });
    expect(all.body.count).toBe(4);
    expect(all.body.query).toEqual({ limit: 200, sortField: 'updatedAt', direction: -1 });
    expect(all.body.kbs.map((c: any) => c._id)).toEqual([SEED.contents.text, SEED.contents.pdf, SEED.contents.faq, SEED.contents.url]);
    const indexed = await api(`/${PID}/kb?namespace=${PID}&status=300&limit=1&page=1`, { auth });
    expect(indexed.body.query).toEqual({ limit: 1, sortField: 'updatedAt', direction: -1, status: 300, page: 1 });
    expect(indexed.body.count).toBe(2);
    expect(indexed.body.kbs.map((c: any) => c._id)).toEqual([SEED.contents.url]);
    expect((await api(`/${PID}/kb?namespace=${PID}&type=pdf`, { auth })).body.count).toBe(1);
    const search = await api(`/${PID}/kb?namespace=${PID}&search=help/&sortField=name&direction=1`, { auth });
    expect(search.body.kbs.map((c: any) => c._id)).toEqual([SEED.contents.url]);
    expect(search.body.query.search).toBe('help/');
    expect(await api(`/${PID}/kb`, { auth })).toMatchObject({ status: 400, body: { success: false, error: "queryParam 'namespace' is not defined" } });
    expect((await api(`/${PID}/kb?namespace=${PID}&status=42`, { auth })).status).toBe(400);
  });

  it('moves a new content through -1 → 100 → 200 → 300 on the clock, and a failing source to 400', async () => {
    const auth = await as('admin');
    const created = await api(`/${PID}/kb/`, { auth, body: { name: 'Opening hours', type: 'text', source: 'Opening hours', content: 'Mon-Fri', namespace: PID } });
    expect(created.body.lastErrorObject).toEqual({ n: 1, updatedExisting: false, upserted: created.body.value._id });
    const id = created.body.value._id;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await api(`/${PID}/kb/${id}`, { auth })).body.status);
      service.clock.advance(1000);
    }
    expect(statuses).toEqual([-1, 100, 200, 300]);
    const failing = await api(`/${PID}/kb`, { auth, body: { name: 'Broken', type: 'pdf', source: 'https://files.acme-support.test/fail.pdf', namespace: PID } });
    service.clock.advance(3000);
    const broken = await api(`/${PID}/kb/${failing.body.value._id}`, { auth });
    expect(broken.body).toMatchObject({ status: 400, last_error: { message: expect.stringContaining('fail.pdf') } });
    // Re-sending the same type and source replaces the content and starts again from -1.
    const again = await api(`/${PID}/kb`, { auth, body: { name: 'Opening hours (new)', type: 'text', source: 'Opening hours', content: 'Mon-Sat', namespace: PID } });
    expect(again.body.lastErrorObject).toEqual({ n: 1, updatedExisting: true });
    expect(again.body.value).toMatchObject({ _id: id, status: -1, content: 'Mon-Sat', name: 'Opening hours (new)' });
  });

  it('checks the namespace of new contents (400 missing, 404 unknown) and validates bodies (422)', async () => {
    const auth = await as('admin');
    expect(await api(`/${PID}/kb`, { auth, body: { name: 'x', type: 'text' } })).toMatchObject({ status: 400, body: { error: "parameter 'namespace' is not defined" } });
    expect(await api(`/${PID}/kb`, { auth, body: { name: 'x', type: 'text', namespace: '65f1a2b3c4d5e6f708090d09' } })).toMatchObject({ status: 404, body: { error: 'Namespace not found with id 65f1a2b3c4d5e6f708090d09' } });
    expect((await api(`/${PID}/kb`, { auth, body: { name: 'x', type: 'video', namespace: PID } })).status).toBe(422);
  });

  it('adds url contents in bulk (upsert, 300 max), parses sitemaps without fetching and deletes contents', async () => {
    const auth = await as('admin');
    const urls = ['https://www.acme-support.test/help/returns', 'https://www.acme-support.test/help/shipping'];
    const added = await api(`/${PID}/kb/multi?namespace=${PID}`, { auth, body: { list: urls, tags: ['help-center'] } });
    expect(added.body.map((c: any) => [c.name, c.type, c.status, c.scrape_type, c.refresh_rate])).toEqual(urls.map((u) => [u, 'url', -1, 2, 'never']));
    expect(added.body[1]._id).toBe(SEED.contents.url);
    const tooMany = Array.from({ length: 301 }, (_, i) => `https://www.acme-support.test/p/${i}`);
    expect(await api(`/${PID}/kb/multi?namespace=${PID}`, { auth, body: { list: tooMany } })).toMatchObject({ status: 403, body: { error: "Too many urls. Can't index more than 300 urls at a time." } });
    expect((await api(`/${PID}/kb/multi`, { auth, body: { list: urls } })).status).toBe(400);
    const sitemap = await api(`/${PID}/kb/sitemap`, { auth, body: { sitemap: 'https://www.acme-support.test/sitemap.xml' } });
    expect(sitemap.body.sites).toHaveLength(3);
    const unknown = await api(`/${PID}/kb/sitemap`, { auth, body: { sitemap: 'https://unknown.example/sitemap.xml' } });
    expect(unknown.body).toMatchObject({ sites: [], errors: [{ type: 'HTTPError' }] });
    expect((await api(`/${PID}/kb/${SEED.contents.pdf}`, { method: 'DELETE', auth })).body).toMatchObject({ _id: SEED.contents.pdf, status: 400 });
    expect(await api(`/${PID}/kb/${SEED.contents.pdf}`, { method: 'DELETE', auth })).toMatchObject({ status: 404, body: { error: 'Content not found' } });
    expect(await api(`/${PID}/kb/${SEED.contents.pdf}`, { auth })).toMatchObject({ status: 404, body: { error: `Content not found with id ${SEED.contents.pdf} for project ${PID}` } });
  });
});

describe('labels: fallback rules and built-in languages', () => {
  it('serves reads without credentials, with the fallback exact → default → EN → built-in EN', async () => {
    expect((await api(`/${PID}/labels/IT`)).body).toMatchObject({ lang: 'IT', default: false });
    expect((await api(`/${PID}/labels/DE`)).body).toMatchObject({ lang: 'EN', default: true });
    const admin = await as('admin');
    await api(`/${PID}/labels/IT/default`, { method: 'PATCH', auth: admin });
    expect((await api(`/${PID}/labels/DE`)).body.lang).toBe('IT');
    expect((await api(`/${PID}/labels`, { method: 'DELETE', auth: admin })).body).toEqual({ n: 1, ok: 1, deletedCount: 1 });
    expect((await api(`/${PID}/labels`)).body).toEqual({});
    const builtin = await api(`/${PID}/labels/DE`);
    expect(builtin.body._id).toBeUndefined();
    expect(builtin.body.lang).toBe('EN');
    expect(await api(`/${PID}/labels/IT/default`, { method: 'PATCH', auth: admin })).toMatchObject({ status: 404, body: { msg: 'Lang not found' } });
  });

  it('ships 15 built-in languages; unknown codes give {}', async () => {
    const builtins = await api(`/${PID}/labels/default`);
    expect(builtins.body.map((set: any) => set.lang)).toEqual(['EN', 'IT', 'FR', 'ES', 'DE', 'PT', 'RU', 'TR', 'SR', 'AR', 'UK', 'SV', 'KK', 'UZ', 'AZ']);
    expect((await api(`/${PID}/labels/default/FR`)).body.data.WELCOME_MSG).toBe('Comment pouvons-nous vous aider?');
    expect((await api(`/${PID}/labels/default/it`)).body).toEqual({});
  });

  it('upserts entries (first one default, default:true moves it), clones built-ins (unknown → EN relabelled), deletes non-default languages', async () => {
    const admin = await as('admin');
    await api(`/${PID}/labels`, { method: 'DELETE', auth: admin });
    const first = await api(`/${PID}/labels`, { auth: admin, body: { lang: 'ES', data: { WELCOME_MSG: '¿Cómo podemos ayudarte?' }, default: false } });
    expect(first.body).toMatchObject({ lang: 'ES', default: true });
    const de = await api(`/${PID}/labels`, { auth: admin, body: { lang: 'DE', data: { WELCOME_MSG: 'Hallo' }, default: true } });
    expect(de.body).toMatchObject({ lang: 'DE', default: true });
    expect((await api(`/${PID}/labels/ES`)).body.default).toBe(false);
    const cloned = await api(`/${PID}/labels/default/clone`, { auth: admin, body: { lang: 'XX' } });
    expect(cloned.body.data.map((e: any) => e.lang)).toEqual(['ES', 'DE', 'XX']);
    expect(cloned.body.data[2].data.WELCOME_MSG).toBe('How can we help?');
    expect((await api(`/${PID}/labels/default/clone`, { auth: admin, body: { lang: '' } })).status).toBe(422);
    expect(await api(`/${PID}/labels/DE`, { method: 'DELETE', auth: admin })).toMatchObject({ status: 400, body: { msg: "You can't delete the default language." } });
    expect((await api(`/${PID}/labels/ES`, { method: 'DELETE', auth: admin })).body).toMatchObject({ lang: 'DE', default: true });
    expect(await api(`/${PID}/labels/ES`, { method: 'DELETE', auth: admin })).toMatchObject({ status: 404, body: { msg: 'Object not found.' } });
  });
});

describe('analytics computed from the stored conversations and messages', () => {
  const get = async (suffix: string) => (await api(`/${PID}/analytics/${suffix}`, { auth: await as('admin') })).body;

  it('counts conversations and messages of the windows and moves with new messages', async () => {
    const conversations = [...service.store.conversations.values()];
    const now = service.clock.now();
    const last30 = conversations.filter((c) => now - Date.parse(c.createdAt) <= 30 * 86_400_000);
    expect(await get('requests/count')).toEqual([{ totalCount: last30.length }]);
    expect(await get('requests/aggregate/status')).toEqual([{ totalCount: last30.length }]);
    expect(await get('requests/hasBot/count')).toEqual([{ totalCount: last30.filter((c) => c.hasBot).length }]);
    const messages = (await get('messages/count'))[0].totalCount;
    expect(messages).toBeGreaterThan(last30.length);
    const byDay = await get('requests/aggregate/day?lastdays=30');
    expect(byDay.reduce((sum: number, d: any) => sum + d.count, 0)).toBe(last30.length);
    expect(byDay).toEqual([...byDay].sort((a: any, b: any) => Date.UTC(a._id.year, a._id.month, a._id.day) - Date.UTC(b._id.year, b._id.month, b._id.day)));
    const months = await get('requests/aggregate/month');
    expect(months.reduce((sum: number, m: any) => sum + m.count, 0)).toBe(conversations.length);
    const weeks = await get('requests/aggregate/week');
    expect(weeks.reduce((sum: number, w: any) => sum + w.count, 0)).toBe(conversations.length);
    const hours = await get('requests/aggregate/hours');
    expect(hours.map((h: any) => h._id.hour)).toEqual([...hours.map((h: any) => h._id.hour)].sort((a, b) => b - a));
    const rome = await get('requests/aggregate/hours?timezone=Europe/Rome');
    expect(rome[0]._id.hour).toBe(hours[0]._id.hour + 1);
    const [waiting] = await get('requests/waiting');
    expect(waiting._id).toBe(PID);
    expect(waiting.waiting_time_avg).toBeGreaterThan(0);
    const [duration] = await get('requests/duration');
    expect(duration.duration_avg).toBeGreaterThan(0);
    const [satisfaction] = await get('requests/satisfaction');
    expect(satisfaction.satisfaction_avg).toBeGreaterThanOrEqual(3);
    expect(satisfaction.satisfaction_avg).toBeLessThanOrEqual(5);

    const guest = await as('guest');
    await api(`/${PID}/requests/support-group-analytics/messages`, { auth: guest, body: { text: 'new!' } });
    expect(await get('requests/count')).toEqual([{ totalCount: last30.length + 1 }]);
    expect((await get('messages/count'))[0].totalCount).toBe(messages + 1);
    expect((await get(`messages/count?recipient=support-group-analytics`))[0].totalCount).toBe(1);
    const today = (await get('messages/aggregate/day')).at(-1);
    expect(today._id).toEqual({ year: 2026, month: 11, day: 20 });
    expect((await api(`/${PID}/analytics/requests/aggregate/hours?timezone=Mars/Olympus`, { auth: await as('admin') })).status).toBe(400);
  });

  it('answers [] when there is nothing to count', async () => {
    service.store.conversations.clear();
    service.store.messages.clear();
    for (const suffix of ['requests/count', 'requests/waiting', 'requests/duration', 'requests/satisfaction', 'messages/count', 'requests/aggregate/day']) expect(await get(suffix)).toEqual([]);
  });
});
