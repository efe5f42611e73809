import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { latency, networkError, override, respondWith, serverError, status, type SuccessBody } from '../src/overrides';
import { SEED } from '../src/seed';
import { PID, useMock } from './helpers';

const { api, as, server } = useMock();

describe('overrides and faults (server.use)', () => {
  it('respondWith answers one operation with a typed body', async () => {
    const tag: SuccessBody<'getTag'> = { _id: SEED.tags.vip, tag: 'overridden', id_project: PID };
    server.use(respondWith('getTag', tag));
    expect((await api(`/${PID}/tags/${SEED.tags.vip}`, { auth: await as('agent') })).body).toEqual(tag);
    // Other operations still reach the stateful handlers.
    expect((await api(`/${PID}/tags`, { auth: await as('agent') })).body).toHaveLength(2);
  });

  it('override can fall through to the stateful handler and can answer once', async () => {
    const seen: string[] = [];
    server.use(
      override('listTags', ({ request }) => {
        seen.push(request.method);
        return undefined;
      }),
      override('listLeads', () => HttpResponse.json({ perPage: 40, count: 0, leads: [] }), { once: true }),
    );
    expect((await api(`/${PID}/tags`, { auth: await as('agent') })).status).toBe(200);
    expect(seen).toEqual(['GET']);
    expect((await api(`/${PID}/leads`, { auth: await as('agent') })).body.count).toBe(0);
    expect((await api(`/${PID}/leads`, { auth: await as('agent') })).body.count).toBe(3);
  });

  it('latency delays the operation and keeps the stateful answer', async () => {
    server.use(latency('listGroups', 120));
    const started = performance.now();
    const res = await api(`/${PID}/groups`, { auth: await as('agent') });
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    expect(res.body).toHaveLength(2);
  });

  it('status injects 429 with Retry-After, serverError a 5xx, networkError a failed fetch', async () => {
    server.use(status('listSegments', 429, { retryAfter: 3 }), serverError('listTags', 503), networkError('listLeads'));
    const limited = await api(`/${PID}/segments`, { auth: await as('agent') });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(limited.body).toEqual({ message: 'Rate limit exceeded' });
    expect(await api(`/${PID}/tags`, { auth: await as('agent') })).toMatchObject({ status: 503, body: { err: 'error' } });
    await expect(api(`/${PID}/leads`, { auth: await as('agent') })).rejects.toThrow(/fetch/i);
    server.resetHandlers();
    expect((await api(`/${PID}/segments`, { auth: await as('agent') })).status).toBe(200);
  });
});
