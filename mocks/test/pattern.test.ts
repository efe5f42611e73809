import { afterEach, describe, expect, it } from 'vitest';
import { userPattern } from '../src/pattern';
import { createMockService } from '../src/service/create';
import { SEED } from '../src/state/seed';
import { call, json } from './support/requests';

const P = SEED.projectId;

describe('user patterns run in linear time (RE2), with regular-expression semantics', () => {
  const service = createMockService({ clock: { frozen: true }, webhooks: { delivery: 'none' } });
  afterEach(() => service.reset());

  it('a segment filter `contains` `^(a+)+$` over a 32-character lead name does not backtrack', async () => {
    const admin = service.basic('admin');
    const lead = (await call(service, `/${P}/leads`, json(admin, { fullname: `${'a'.repeat(31)}!` }))).body;
    const matching = (await call(service, `/${P}/leads`, json(admin, { fullname: 'a'.repeat(32) }))).body;
    const segment = (await call(service, `/${P}/segments`, json(admin, { name: 'ReDoS', filters: [{ field: 'fullname', operator: 'contains', value: '^(a+)+$' }] }))).body;
    const started = performance.now();
    const res = await call(service, `/${P}/leads?segment=${segment._id}`, { headers: { Authorization: admin } });
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.leads.map((l: any) => l._id)).toEqual([matching._id]);
    expect(res.body.leads.map((l: any) => l._id)).not.toContain(lead._id);
    // A backtracking engine takes about 2^32 steps here (over 10 s); RE2 takes microseconds. The
    // bound only tells linear from exponential; figures are in bench/README.md.
    expect(elapsed).toBeLessThan(1000);
  });

  const searchOf = async (pattern: string) => {
    const admin = service.basic('admin');
    for (const source of [`${'a'.repeat(31)}!`, 'https://www.acme-support.test/help/(?=x)', 'Shipping 24h']) {
      expect((await call(service, `/${P}/kb`, json(admin, { name: source, type: 'text', source, content: 'x', namespace: P }))).status).toBe(200);
    }
    return (await call(service, `/${P}/kb?namespace=${P}&search=${encodeURIComponent(pattern)}`, { headers: { Authorization: admin } })).body.kbs.map((c: any) => c.source);
  };

  it('the content `search` parameter: the same pattern over a 32-character source answers at once', async () => {
    const started = performance.now();
    expect(await searchOf('^(a+)+$')).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('the content `search` parameter keeps regular-expression semantics (anchors, classes, counts, case)', async () => {
    expect(await searchOf('^Ship')).toEqual(['Shipping 24h']);
    expect(await searchOf('[0-9]+h$')).toEqual(['Shipping 24h']);
    expect(await searchOf('shipping 24')).toEqual([]); // case-sensitive, as a RegExp without flags
    expect(await searchOf('^a{31}!$')).toEqual([`${'a'.repeat(31)}!`]);
  });

  it('what RE2 cannot express (lookaround, backreferences) matches literally; an invalid pattern gets no answer, as on the server', async () => {
    expect(await searchOf('(?=x)')).toEqual(['https://www.acme-support.test/help/(?=x)']);
    expect(await searchOf('(a)\\1')).toEqual([]);
    // routes/kb.js builds `new RegExp(search)` inside an async route: the throw is never answered.
    const admin = service.basic('admin');
    expect((await call(service, `/${P}/kb?namespace=${P}&search=${encodeURIComponent('[')}`, { headers: { Authorization: admin } })).status).toBe(0);
  });
});

describe('userPattern', () => {
  it('compiles once and tells regex from literal', () => {
    expect(userPattern('^a+$')).toBe(userPattern('^a+$'));
    expect(userPattern('^a+$').kind).toBe('regex');
    expect(userPattern('(?<=x)y').kind).toBe('literal');
    expect(userPattern('(?<=x)y').test('a(?<=x)yb')).toBe(true);
  });
});
