import { describe, expect, it } from 'vitest';
import { createClient } from '../src/index';
import { HttpResponse, on, PROJECT, useMockServer, BASE } from './helpers';

const { server, seen } = useMockServer();
const lead = (i: number) => ({ _id: `65f1a2b3c4d5e6f70809${String(i).padStart(4, '0')}`, lead_id: `lead-${i}`, id_project: PROJECT, fullname: `Lead ${i}` });
const tag = (i: number) => ({ _id: `65f1a2b3c4d5e6f70811${String(i).padStart(4, '0')}`, tag: `tag-${i}`, id_project: PROJECT });
const sk = () => createClient({ baseUrl: BASE, projectId: PROJECT });

describe('pagination (0-based pages)', () => {
  it('walks {perPage, count, leads} pages and stops on the last one without an extra request', async () => {
    const all = Array.from({ length: 95 }, (_, i) => lead(i));
    server.use(
      on('get', `/${PROJECT}/leads`, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page') ?? 0);
        return HttpResponse.json({ perPage: 40, count: all.length, leads: all.slice(page * 40, page * 40 + 40) });
      }),
    );
    const names: string[] = [];
    for await (const item of sk().leads.list()) names.push(item.fullname!);
    expect(names).toEqual(all.map((l) => l.fullname));
    expect(seen.map((s) => s.url.searchParams.get('page'))).toEqual(['0', '1', '2']);
  });

  const segmentPages = () =>
    on('get', `/${PROJECT}/segments`, ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? 0);
      const segments = page < 2 ? [{ _id: `65f1a2b3c4d5e6f70810100${page}`, name: `S${page}`, match: 'all', filters: [], id_project: PROJECT }] : [];
      return HttpResponse.json({ perPage: 1, count: 2, segments });
    });

  it('awaiting gives the first page body as the service sent it', async () => {
    server.use(segmentPages());
    const first = await sk().segments.list({ limit: 1 });
    expect(first).toMatchObject({ perPage: 1, count: 2 });
    expect(seen).toHaveLength(1);
  });

  it('.pages() walks whole pages, each with its items, response and whether another follows', async () => {
    server.use(segmentPages());
    const pages = [];
    for await (const page of sk().segments.list({ limit: 1 }).pages()) pages.push({ page: page.page, n: page.items.length, next: page.hasNextPage, status: page.response.status });
    expect(pages).toEqual([
      { page: 0, n: 1, next: true, status: 200 },
      { page: 1, n: 1, next: false, status: 200 },
    ]);
    expect(seen).toHaveLength(2);
  });

  it('contents page by {count, query:{limit}, kbs} and keep the other query parameters', async () => {
    const all = Array.from({ length: 5 }, (_, i) => ({ _id: `65f1a2b3c4d5e6f7080e${String(i).padStart(4, '0')}`, name: `c${i}`, id_project: PROJECT, namespace: PROJECT, status: 300 }));
    server.use(
      on('get', `/${PROJECT}/kb`, ({ request }) => {
        const q = new URL(request.url).searchParams;
        const limit = Number(q.get('limit') ?? 200);
        const page = Number(q.get('page') ?? 0);
        return HttpResponse.json({ count: all.length, query: { limit, sortField: 'updatedAt', direction: -1 }, kbs: all.slice(page * limit, page * limit + limit) });
      }),
    );
    const ids: string[] = [];
    for await (const content of sk().kb.contents.list({ namespace: PROJECT, limit: 2, status: 300 })) ids.push(content._id);
    expect(ids).toHaveLength(5);
    expect(seen.map((s) => [s.url.searchParams.get('page'), s.url.searchParams.get('limit'), s.url.searchParams.get('namespace')])).toEqual([
      ['0', '2', PROJECT],
      ['1', '2', PROJECT],
      ['2', '2', PROJECT],
    ]);
  });

  it('tags come as a plain array of at most 40: a short page is the last', async () => {
    const all = Array.from({ length: 85 }, (_, i) => tag(i));
    server.use(
      on('get', `/${PROJECT}/tags`, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page') ?? 0);
        return HttpResponse.json(all.slice(page * 40, page * 40 + 40));
      }),
    );
    let n = 0;
    for await (const _ of sk().tags.list({ direction: 1 })) n++;
    expect(n).toBe(85);
    expect(seen.map((s) => s.url.searchParams.get('page'))).toEqual(['0', '1', '2']);
    expect(seen.every((s) => s.url.searchParams.get('direction') === '1')).toBe(true);
  });

  it('starts from the page asked for, and an empty list makes one request', async () => {
    server.use(on('get', `/${PROJECT}/leads`, () => HttpResponse.json({ perPage: 40, count: 0, leads: [] })));
    const items = [];
    for await (const item of sk().leads.list({ page: 3 })) items.push(item);
    expect(items).toEqual([]);
    expect(seen.map((s) => s.url.searchParams.get('page'))).toEqual(['3']);
  });
});
