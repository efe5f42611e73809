import { describe, expect, it } from 'vitest';
import { createMockFetch, createMockService } from '../src/index';

/** `createMockFetch()`: a `fetch` the stateful mock answers in this process (what @supportkb/mcp's embedded mock uses). */
describe('createMockFetch', () => {
  it('answers an operation at any origin, with its own seeded service', async () => {
    const fetch = createMockFetch();
    const admin = await fetch.service.authorization('admin');
    const response = await fetch(`https://mock.supportkb.invalid/v2/${fetch.service.seed.projectId}/tags`, { headers: { Authorization: admin } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { tag: string }[]).map((tag) => tag.tag)).toEqual(['billing', 'vip']);
  });

  it('answers with a service it is given, whose state it shares', async () => {
    const service = createMockService();
    const fetch = createMockFetch({ service });
    expect(fetch.service).toBe(service);
    const admin = await service.authorization('admin');
    const created = await fetch(`http://x.test/${service.seed.projectId}/tags`, {
      method: 'POST',
      headers: { Authorization: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ tag: 'refund' }),
    });
    expect(created.status).toBe(200);
    const listed = await fetch(`http://x.test/${service.seed.projectId}/tags`, { headers: { Authorization: admin } });
    expect(((await listed.json()) as { tag: string }[]).map((tag) => tag.tag)).toContain('refund');
  });

  it("answers a route no operation has with Express's 404 page, and rejects where the real server never answers", async () => {
    const fetch = createMockFetch();
    const missing = await fetch('http://x.test/nowhere/at/all', { method: 'PATCH' });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<pre>Cannot PATCH /nowhere/at/all</pre>');
    const admin = await fetch.service.authorization('admin');
    await expect(fetch(`http://x.test/${fetch.service.seed.projectId}/leads?page=-1`, { headers: { Authorization: admin } })).rejects.toThrow(TypeError);
  });
});
