/**
 * The default mode's one-time warnings (issue 31, item 8): keyed by operation and kind, never by the
 * request's own text; capped; forgotten on reset.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockService } from '../../src/service/create';
import { MAX_WARNINGS, OnceWarnings, unansweredKind, violationKind } from '../../src/service/warnings';
import { SEED } from '../../src/state/seed';
import { call, json } from '../support/requests';

const P = SEED.projectId;

describe('warnings of the default mode', () => {
  let warn: { mock: { calls: unknown[][] }; mockRestore(): void };
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());
  const lines = (): string[] => warn.mock.calls.map((c) => String(c[0]));

  it('800 distinct requests the server never answers, of one kind: one warning (before: 800)', async () => {
    const service = createMockService({ webhooks: { delivery: 'none' } });
    const headers = { Authorization: service.basic('admin') };
    for (let i = 0; i < 800; i++) expect((await call(service, `/${P}/leads?status=${'bad'.repeat(30)}-${i}`, { headers })).status).toBe(0);
    // One for the request production never answers, one for the contract violation (`status` is a number).
    const unanswered = lines().filter((line) => line.includes('never answers'));
    expect(unanswered).toHaveLength(1);
    expect(lines()).toHaveLength(2);
    expect(unanswered[0]).toMatch(/^\[@supportkb\/mocks\] listLeads: the real server never answers this request \(the lead query fails \(Cast to Number failed/);
  });

  it('violations at distinct array indexes are one kind (`filters.*.operator`)', async () => {
    const service = createMockService({ webhooks: { delivery: 'none' } });
    const admin = service.basic('admin');
    const ok = { field: 'fullname', operator: '=', value: 'x' };
    for (let i = 0; i < 50; i++) await call(service, `/${P}/segments`, json(admin, { name: `s${i}`, filters: [...Array.from({ length: i }, () => ok), { ...ok, operator: 5 }] }));
    const violations = lines().filter((line) => line.includes('createSegment: body filters.'));
    expect(violations).toHaveLength(1);
  });

  it('a reset forgets them: the same request warns again (before: never again)', async () => {
    const service = createMockService({ webhooks: { delivery: 'none' } });
    const headers = { Authorization: service.basic('admin') };
    const unanswered = () => lines().filter((line) => line.includes('never answers'));
    await call(service, `/${P}/tags?page=-1`, { headers });
    await call(service, `/${P}/tags?page=-1`, { headers });
    expect(unanswered()).toHaveLength(1);
    service.reset();
    await call(service, `/${P}/tags?page=-1`, { headers });
    expect(unanswered()).toHaveLength(2);
  });

  it('a subscription to an unknown event warns once per name until a reset', async () => {
    const service = createMockService({ webhooks: { delivery: 'none' } });
    const admin = service.basic('admin');
    const subscribe = (target: string) => call(service, `/${P}/subscriptions`, json(admin, { event: 'lead.created', target }));
    expect((await subscribe('https://hooks.example.org/a')).status).toBe(200);
    expect((await subscribe('https://hooks.example.org/b')).status).toBe(200);
    expect(lines().filter((line) => line.includes('"lead.created"'))).toHaveLength(1);
    service.reset();
    await subscribe('https://hooks.example.org/c');
    expect(lines().filter((line) => line.includes('"lead.created"'))).toHaveLength(2);
  });

  it(`prints at most ${MAX_WARNINGS} kinds, then one line saying the rest are not shown`, () => {
    const warnings = new OnceWarnings(true);
    for (let i = 0; i < 3 * MAX_WARNINGS; i++) warnings.warn(`kind ${i}`, `warning ${i}`);
    expect(lines()).toHaveLength(MAX_WARNINGS + 1);
    expect(lines().at(-1)).toContain('further ones are not shown until the service is reset');
    expect(warnings.size).toBe(MAX_WARNINGS);
    warnings.clear();
    expect(warnings.warn('kind 0', 'again')).toBe(true);
  });

  it('is silent, and keeps nothing, with warnings: false', () => {
    const warnings = new OnceWarnings(false);
    expect(warnings.warn('kind', 'text')).toBe(false);
    expect(warnings.size).toBe(0);
    expect(warn.mock.calls).toEqual([]);
  });

  it('kinds: array indexes generalised; the reason up to its first parenthesis', () => {
    expect(violationKind('createSegment', { param: 'filters.12.operator', msg: 'x', location: 'body' })).toBe('createSegment body filters.*.operator');
    expect(violationKind('createTag', { param: 'tag', msg: 'x', location: 'body' })).toBe('createTag body tag');
    expect(unansweredKind('listLeads', 'the lead query fails (Cast to Number failed for value "x(" at path "status") inside')).toBe('listLeads unanswered the lead query fails ');
    expect(unansweredKind('listTags', 'no detail')).toBe('listTags unanswered no detail');
  });
});
