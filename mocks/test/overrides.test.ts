import { HttpResponse } from 'msw';
import type { ResponseOf as SdkResponseOf } from '@supportkb/sdk';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { latency, networkError, override, respondWith, serverError, status, type ResponseOf } from '../src/overrides';
import { SEED } from '../src/state/seed';
import { PID, useMock } from './support/harness';

const { api, as, server } = useMock();

describe('overrides and faults (server.use)', () => {
  it('respondWith answers one operation with a typed body', async () => {
    const at = '2026-11-10T08:00:00.000Z';
    // The SDK's ResponseOf, re-exported.
    expectTypeOf<ResponseOf<'getTag'>>().toEqualTypeOf<SdkResponseOf<'getTag'>>();
    const tag: ResponseOf<'getTag'> = { _id: SEED.tags.vip, tag: 'overridden', id_project: PID, createdBy: SEED.members.owner.userId, createdAt: at, updatedAt: at, __v: 0 };
    server.use(respondWith('getTag', tag));
    expect((await api(`/${PID}/tags/${SEED.tags.vip}`, { auth: await as('agent') })).body).toEqual(tag);
    // Other operations still reach the stateful handlers.
    expect((await api(`/${PID}/tags`, { auth: await as('agent') })).body).toHaveLength(2);
  });

  it('override can fall through to the stateful handler', async () => {
    const seen: string[] = [];
    server.use(
      override('listTags', ({ request }) => {
        seen.push(request.method);
        return undefined;
      }),
    );
    expect((await api(`/${PID}/tags`, { auth: await as('agent') })).status).toBe(200);
    expect(seen).toEqual(['GET']);
  });

  it("leaves a more concrete path's operation alone: an override of getLead does not take GET /leads/csv (exportLeadsCsv)", async () => {
    server.use(override('getLead', () => HttpResponse.json({ lead_id: 'overridden' })));
    const csv = await api(`/${PID}/leads/csv`, { auth: await as('agent') });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await api(`/${PID}/leads/${SEED.leads.giulia}`, { auth: await as('agent') })).body).toEqual({ lead_id: 'overridden' });
  });

  it('override can answer once, then step aside', async () => {
    server.use(override('listLeads', () => HttpResponse.json({ perPage: 40, count: 0, leads: [] }), { once: true }));
    expect((await api(`/${PID}/leads`, { auth: await as('agent') })).body.count).toBe(0);
    expect((await api(`/${PID}/leads`, { auth: await as('agent') })).body.count).toBe(3);
  });

  it('override refuses an operationId the contract lacks (TypeError)', () => {
    expect(() => override('listTag' as never, () => undefined)).toThrow(TypeError);
  });

  it('latency delays the operation and keeps the stateful answer', async () => {
    server.use(latency('listGroups', 120));
    const started = performance.now();
    const res = await api(`/${PID}/groups`, { auth: await as('agent') });
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    expect(res.body).toHaveLength(2);
  });

  it('status answers 429 with Retry-After and the rate-limit body', async () => {
    server.use(status('listSegments', 429, { retryAfter: 3 }));
    const limited = await api(`/${PID}/segments`, { auth: await as('agent') });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(limited.body).toEqual({ message: 'Rate limit exceeded' });
  });

  it("serverError answers a 5xx with the service's global error body", async () => {
    server.use(serverError('listTags', 503));
    expect(await api(`/${PID}/tags`, { auth: await as('agent') })).toMatchObject({ status: 503, body: { err: 'error' } });
  });

  it('networkError makes fetch fail', async () => {
    server.use(networkError('listLeads'));
    await expect(api(`/${PID}/leads`, { auth: await as('agent') })).rejects.toThrow(/fetch/i);
  });

  it('resetHandlers drops the overrides', async () => {
    server.use(status('listSegments', 429));
    server.resetHandlers();
    expect((await api(`/${PID}/segments`, { auth: await as('agent') })).status).toBe(200);
  });
});
