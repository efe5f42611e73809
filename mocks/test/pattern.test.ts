import { afterEach, describe, expect, it, vi } from 'vitest';
import { MatchBudget, MAX_MATCH_WORK, MAX_PATTERN_LENGTH, MAX_PATTERN_PROGRAM, MAX_PATTERN_REPETITION, PatternLimitError, userPattern, userRegex } from '../src/pattern';
import { createMockService } from '../src/service/create';
import { SEED } from '../src/state/seed';
import { call, json } from './support/requests';

const P = SEED.projectId;

describe('user patterns run in linear time (RE2), with regular-expression semantics', () => {
  const service = createMockService({ clock: { frozen: true }, webhooks: { delivery: 'none' } });
  afterEach(() => service.reset());

  it('a segment filter `contains` `^(a+)+$` over a 48-character lead name does not backtrack', async () => {
    const admin = service.basic('admin');
    const lead = (await call(service, `/${P}/leads`, json(admin, { fullname: `${'a'.repeat(47)}!` }))).body;
    const matching = (await call(service, `/${P}/leads`, json(admin, { fullname: 'a'.repeat(48) }))).body;
    const segment = (await call(service, `/${P}/segments`, json(admin, { name: 'ReDoS', filters: [{ field: 'fullname', operator: 'contains', value: '^(a+)+$' }] }))).body;
    const res = await call(service, `/${P}/leads?segment=${segment._id}`, { headers: { Authorization: admin } });
    expect(res.status).toBe(200);
    expect(res.body.leads.map((l: any) => l._id)).toEqual([matching._id]);
    expect(res.body.leads.map((l: any) => l._id)).not.toContain(lead._id);
    // A backtracking engine takes about 2^48 steps here (days; 31 characters took 5 s): it would hang
    // until the test's time-out. RE2 takes microseconds; figures are in bench/README.md.
  });

  const searchOf = async (pattern: string) => {
    const admin = service.basic('admin');
    for (const source of [`${'a'.repeat(47)}!`, 'https://www.acme-support.test/help/(?=x)', 'Shipping 24h']) {
      expect((await call(service, `/${P}/kb`, json(admin, { name: source, type: 'text', source, content: 'x', namespace: P }))).status).toBe(200);
    }
    return (await call(service, `/${P}/kb?namespace=${P}&search=${encodeURIComponent(pattern)}`, { headers: { Authorization: admin } })).body.kbs.map((c: any) => c.source);
  };

  it('the content `search` parameter: the same pattern over a 48-character source answers (a backtracking engine would hang)', async () => {
    expect(await searchOf('^(a+)+$')).toEqual([]);
  });

  it('the content `search` parameter keeps regular-expression semantics (anchors, classes, counts, case)', async () => {
    expect(await searchOf('^Ship')).toEqual(['Shipping 24h']);
    expect(await searchOf('[0-9]+h$')).toEqual(['Shipping 24h']);
    expect(await searchOf('shipping 24')).toEqual([]); // case-sensitive, as a RegExp without flags
    expect(await searchOf('^a{47}!$')).toEqual([`${'a'.repeat(47)}!`]);
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

describe('bounds on user patterns (issue #19: a huge program froze the mock)', () => {
  const ATTACK = '[\\s\\S]{1000}[\\s\\S]{1000}b';
  /** A 2 KB lead name or source, `0007lorem ipsum dolor sit amet ab lorem …`: the attack's `b` comes early, so RE2 must scan far. */
  const long = (i: number, length = 2048) => `${String(i).padStart(4, '0')}${'lorem ipsum dolor sit amet ab '.repeat(100)}`.slice(0, length);
  const refusal = (source: string, flags = ''): PatternLimitError | undefined => {
    try {
      userRegex(source, flags);
      return undefined;
    } catch (error) {
      if (error instanceof PatternLimitError) return error;
      throw error;
    }
  };

  it('refuses at compile time a pattern over a static bound: length, expanded repeats, program size', () => {
    expect(refusal(ATTACK)).toMatchObject({ limit: 'repetition', measured: 2000, max: MAX_PATTERN_REPETITION });
    expect(refusal('a{1000}b{1000}')).toMatchObject({ limit: 'repetition', measured: 2000 });
    expect(refusal('(a{10}b){100}')).toMatchObject({ limit: 'repetition', measured: 1100 }); // nested repeats multiply
    expect(refusal('(?i)[\\s\\S]{600}x[\\s\\S]{600}', 'i')).toMatchObject({ limit: 'repetition', measured: 1200 });
    expect(refusal('x'.repeat(MAX_PATTERN_LENGTH + 1))).toMatchObject({ limit: 'length', measured: MAX_PATTERN_LENGTH + 1 }); // even as a literal
    expect(refusal(`${'y'.repeat(600)}x{0,1000}`)).toMatchObject({ limit: 'program', max: MAX_PATTERN_PROGRAM }); // 600 + 2002 instructions
    expect(MAX_PATTERN_PROGRAM).toBeGreaterThanOrEqual(2002); // `x{0,1000}`, one repeat RE2 takes, compiles to 2002 instructions
    for (let i = 0; i < 100; i++) expect(refusal(ATTACK)).toBeInstanceOf(PatternLimitError); // cached
    expect(refusal(ATTACK)!.issue('search', 'query')).toEqual({
      value: ATTACK,
      msg: expect.stringMatching(/^Pattern too expensive for the mock: its counted repeats \(\{n,m\}\) expand to 2000 copies, over the limit of 1000\. This is a limit of the mock/),
      param: 'search',
      location: 'query',
    });
  });

  it('keeps every realistic pattern, and every single repeat RE2 takes (up to 1000)', () => {
    for (const source of [
      '^acme',
      'foo|bar',
      '\\d{3}-\\d{4}',
      '(?i)acme support',
      '^[A-Z][a-z]+ [A-Z][a-z]+$',
      '[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}',
      'a{1000}',
      '^x{0,1000}$',
      '\\w{1,1000}',
      '(a{10}){100}',
      '(?<word>ab){500}',
      '[\\s\\S]{1000}b',
      'x'.repeat(MAX_PATTERN_LENGTH),
    ]) {
      expect(refusal(source), source).toBeUndefined();
      expect(userRegex(source, '').kind, source).toBe('regex');
    }
    expect(userRegex('ACME', 'i').test('the acme corp')).toBe(true);
    expect(userRegex('\\d{3}-\\d{4}', '').test('call 555-1234')).toBe(true);
    // What RE2 refuses still matches literally, as before: a count over 1000, nested counts over 1000.
    for (const source of ['a{1001}', '(a{100}){100}', '(?=x)']) expect(userRegex(source, '').kind, source).toBe('literal');
    // Cost per character: the program size, or 1 for a literal string.
    expect(userRegex('acme', '').cost).toBe(1);
    expect(userRegex('[\\s\\S]{1000}b', '').cost).toBeGreaterThan(1000);
  });

  it('MatchBudget counts cost × length before matching, and refuses the text that would exceed it without matching it', () => {
    const budget = new MatchBudget(10_000);
    const pattern = { kind: 'regex' as const, source: 'p', cost: 10, test: vi.fn(() => true) };
    expect(budget.test(pattern, 'x'.repeat(600))).toBe(true);
    expect(budget.spent).toBe(6000);
    expect(() => budget.test(pattern, 'x'.repeat(401))).toThrow(PatternLimitError);
    expect(pattern.test).toHaveBeenCalledTimes(1);
    expect(budget.test(pattern, 'x'.repeat(400))).toBe(true);
    expect(new MatchBudget().limit).toBe(MAX_MATCH_WORK);
  });

  for (const strict of [false, true]) {
    describe(strict ? 'strict mode' : 'default mode', () => {
      const service = createMockService({ clock: { frozen: true }, webhooks: { delivery: 'none' }, strict, warnings: false });
      afterEach(() => service.reset());
      const admin = service.basic('admin');
      const get = (path: string) => call(service, path, { headers: { Authorization: admin } });
      /** The answer to `path`, with an unrelated request sent meanwhile (which must be answered too). */
      const whileUnrelated = async (path: string) => {
        const [res, unrelated] = await Promise.all([get(path), get(`/${P}/tags`)]);
        expect(unrelated.status).toBe(200);
        return { res };
      };
      const thirtyLeads = async () => {
        for (let i = 0; i < 30; i++) expect((await call(service, `/${P}/leads`, json(admin, { fullname: long(i), email: `lead${i}@acme-support.test` }))).status).toBe(200);
      };
      /** A segment stored as is (as one saved before the bound existed, or written with `update` before it): the listing meets the pattern. */
      const storedSegment = async (filters: unknown[]) => {
        const created = await call(service, `/${P}/segments`, json(admin, { name: 's', filters: [{ field: 'city', operator: '=', value: 'x' }] }));
        (service.store.segments.get(created.body._id) as { filters: unknown }).filters = filters;
        return created.body._id as string;
      };

      it("the issue's segment over 30 leads of 2 KB: refused when saved and when listed (400 naming the field), at once, blocking nothing", async () => {
        await thirtyLeads();
        const filters = [{ field: 'fullname', operator: 'contains', value: ATTACK }];
        const created = await call(service, `/${P}/segments`, json(admin, { name: 'attack', filters }));
        expect(created.status).toBe(400);
        expect(created.body).toEqual({ errors: [{ value: ATTACK, msg: expect.stringContaining('over the limit of 1000'), param: 'filters.0.value', location: 'body' }] });
        expect([...service.store.segments.values()].some((s) => s.name === 'attack')).toBe(false);
        const updated = await call(service, `/${P}/segments/${SEED.segments.italy}`, json(admin, { filters }, 'PUT'));
        expect(updated.body).toEqual({ errors: [{ value: ATTACK, msg: expect.any(String), param: 'filters.0.value', location: 'body' }] });
        const listed = await whileUnrelated(`/${P}/leads?segment=${await storedSegment(filters)}`);
        expect(listed.res.status).toBe(400);
        expect(listed.res.body).toEqual({
          errors: [{ value: ATTACK, msg: expect.stringMatching(/^The segment's filter on `fullname`: Pattern too expensive for the mock/), param: 'segment', location: 'query' }],
        });
        // Before the bounds: 4 to 10 s, and the unrelated request waited as long (bench/README.md).
      });

      it("the issue's pattern as a content search over 30 sources: 400 naming `search`, at once, blocking nothing", async () => {
        for (let i = 0; i < 30; i++) {
          const source = `https://www.acme-support.test/${long(i, 2000)}`;
          expect((await call(service, `/${P}/kb`, json(admin, { name: `s${i}`, type: 'url', source, content: 'x', namespace: P }))).status).toBe(200);
        }
        const searched = await whileUnrelated(`/${P}/kb?namespace=${P}&search=${encodeURIComponent(ATTACK)}`);
        expect(searched.res.status).toBe(400);
        expect(searched.res.body).toEqual({ errors: [{ value: ATTACK, msg: expect.stringContaining('Pattern too expensive for the mock'), param: 'search', location: 'query' }] });
      });

      it('a pattern within the static bounds whose work exceeds the request budget: 400 when listed, after bounded work', async () => {
        await thirtyLeads();
        // 1003 instructions × 2048 characters a lead: the budget covers two leads, not 30.
        const pattern = '[\\s\\S]{1000}b';
        const created = await call(service, `/${P}/segments`, json(admin, { name: 'big', filters: [{ field: 'fullname', operator: 'contains', value: pattern }] }));
        expect(created.status).toBe(200);
        const listed = await whileUnrelated(`/${P}/leads?segment=${created.body._id}`);
        expect(listed.res.body).toEqual({ errors: [{ value: pattern, msg: expect.stringContaining(`more than ${MAX_MATCH_WORK} units of work`), param: 'segment', location: 'query' }] });
        // The same pattern on `email` (30 short texts) fits.
        expect((await get(`/${P}/leads?email[$regex]=${encodeURIComponent('[\\s\\S]{10}test$')}`)).body.count).toBe(30);
      });

      it('realistic patterns over the same 30 leads still answer, case-insensitive ones too', async () => {
        await thirtyLeads();
        const count = async (filters: unknown[]) => (await get(`/${P}/leads?segment=${await storedSegment(filters)}`)).body.count;
        expect(await count([{ field: 'fullname', operator: 'contains', value: '^0007' }])).toBe(1);
        expect(await count([{ field: 'fullname', operator: 'contains', value: '^001[0-9]|^0029' }])).toBe(11);
        expect(await count([{ field: 'email', operator: 'contains', value: 'lead\\d{2}@' }])).toBe(20);
        expect(await count([{ field: 'email', operator: '=', value: { $regex: '^LEAD1\\d@', $options: 'i' } }])).toBe(10);
        expect((await get(`/${P}/leads?email[$regex]=^LEAD2&email[$options]=i`)).body.count).toBe(11);
        expect((await get(`/${P}/kb?namespace=${P}&search=${encodeURIComponent('\\.pdf$|^https://')}`)).status).toBe(200);
      });
    });
  }
});
