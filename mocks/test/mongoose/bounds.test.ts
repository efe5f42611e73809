/**
 * The query engine's bounds on one request's work (issue 31, items 1, 6, 7): path resolution, list
 * operators, text search, and the filter run once for a listing's count and page. Work is counted
 * (the request's MatchBudget), never timed.
 */
import { describe, expect, it } from 'vitest';
import { find, save } from '../../src/mongoose/documents';
import { compileFilter, documentFilter, querySchema } from '../../src/mongoose/filter';
import type { Model } from '../../src/mongoose/model';
import { MatchBudget, MAX_LIST_VALUES, MAX_PATH_STEPS, PatternLimitError } from '../../src/pattern';
import { createClock } from '../../src/state/clock';
import { createIdGenerator } from '../../src/state/ids';

const MIXED = querySchema({ name: 'thing', fields: { attributes: { type: 'mixed' }, name: { type: 'string' } } });

/** `{x: [{"0": [{"0": … leaf}]}]}`, `depth` arrays deep, and the path of two "0" per level that reaches the leaf. */
function nested(depth: number, leaf: unknown = 'leaf') {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = [{ 0: value }];
  return { doc: { attributes: { x: value } }, path: `attributes.x${'.0'.repeat(2 * depth)}` };
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('path resolution (issue 31, item 1)', () => {
  it('reads a path of numeric segments over arrays of objects keyed "0" in steps that grow with the depth, not exponentially', () => {
    const steps: number[] = [];
    for (const depth of [10, 20, 40]) {
      const { doc, path } = nested(depth);
      const budget = new MatchBudget();
      expect(compileFilter({ [path]: 'leaf' }, MIXED, budget)(doc)).toBe(true);
      expect(compileFilter({ [path]: 'other' }, MIXED, budget)(doc)).toBe(false);
      steps.push(budget.pathSteps);
    }
    // Each value is visited at most once per segment: at most (values) × (segments + 1), values
    // being 2 per level. Before: 2^20 routes at depth 20 (3 s), 2^40 at depth 40 (never ends).
    const bound = (depth: number) => 2 * (4 * depth + 4) * (2 * depth + 3);
    expect(steps[0]).toBeLessThanOrEqual(bound(10));
    expect(steps[1]).toBeLessThanOrEqual(bound(20));
    expect(steps[2]).toBeLessThanOrEqual(bound(40));
    expect(steps[2]).toBeGreaterThan(steps[1]!);
  });

  it('still reads both the index and the field "0" of each item, as MongoDB does', () => {
    const byIndex = { attributes: { x: ['a', 'b'] } };
    const byField = { attributes: { x: [{ 0: 'a' }, { 0: 'c' }] } };
    const filter = (value: string) => compileFilter({ 'attributes.x.0': value }, MIXED);
    expect(filter('a')(byIndex)).toBe(true);
    expect(filter('b')(byIndex)).toBe(false);
    expect(filter('c')(byField)).toBe(true);
    expect(filter('a')(byField)).toBe(true);
  });

  it('refuses the path whose steps exceed the request budget, naming the path and the limit', () => {
    const budget = new MatchBudget(undefined, { pathSteps: 20_000 });
    const test = compileFilter({ 'attributes.list.name': 'x' }, MIXED, budget);
    // 8,003 steps a document (4,000 items, each an object visited): the budget covers two.
    const doc = { attributes: { list: Array.from({ length: 4_000 }, (_, i) => ({ name: `n${i}` })) } };
    expect(test(doc)).toBe(false);
    expect(test(doc)).toBe(false);
    const error = thrown(() => test(doc));
    expect(error).toBeInstanceOf(PatternLimitError);
    expect(error).toMatchObject({ limit: 'paths', path: 'attributes.list.name', max: 20_000 });
    expect((error as Error).message).toContain('more than 20000 steps');
    expect(budget.pathSteps).toBeGreaterThan(20_000);
  });

  it('never reads members of Object.prototype as fields (`toString`, `constructor`, `__proto__`)', () => {
    const doc = { attributes: { plan: 'pro' } };
    for (const key of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(compileFilter({ [`attributes.${key}`]: { $exists: true } }, MIXED)(doc), key).toBe(false);
      expect(compileFilter({ [`attributes.${key}`]: null }, MIXED)(doc), key).toBe(true);
    }
    expect(compileFilter({ 'attributes.__proto__': 'own' }, MIXED)(JSON.parse('{"attributes":{"__proto__":"own"}}'))).toBe(true);
  });

  it('has the default bound the README documents', () => {
    expect(MAX_PATH_STEPS).toBe(2_000_000);
  });
});

describe('list operators (issue 31, item 6)', () => {
  it(`refuses a list of more than ${MAX_LIST_VALUES} values ($in, $nin, $all), naming the path, when the filter is compiled`, () => {
    const list = Array.from({ length: MAX_LIST_VALUES + 1 }, (_, i) => `n${i}`);
    for (const op of ['$in', '$nin', '$all']) {
      const error = thrown(() => documentFilter(MIXED, { name: { [op]: list } }));
      expect(error, op).toBeInstanceOf(PatternLimitError);
      expect(error, op).toMatchObject({ limit: 'values', path: 'name', measured: MAX_LIST_VALUES + 1, max: MAX_LIST_VALUES });
    }
    // A list sent as the value of a declared path is a `$in` (Mongoose's cast): the same bound.
    expect(thrown(() => documentFilter(MIXED, { name: list }))).toMatchObject({ limit: 'values', path: 'name' });
    expect(documentFilter(MIXED, { name: list.slice(0, MAX_LIST_VALUES) })({ name: 'n9999' })).toBe(true);
  });

  it('matches keyed values by set and the rest one by one: strings, numbers, booleans, ids, dates, null, objects, arrays', () => {
    const schema = querySchema({ name: 'x', fields: { id: { type: 'objectid' }, at: { type: 'date' }, n: { type: 'number' }, attributes: { type: 'mixed' } } });
    const doc = { id: '65F1A2B3C4D5E6F708090A0B', at: '2026-11-20T10:00:00.000Z', n: 0, attributes: { tags: ['a', 'b'], o: { k: 1 }, flag: true } };
    const matches = (filter: Record<string, unknown>) => documentFilter(schema, filter)(doc);
    expect(matches({ id: { $in: ['65f1a2b3c4d5e6f708090a0b'] } })).toBe(true);
    expect(matches({ id: { $in: ['65f1a2b3c4d5e6f708090a0c'] } })).toBe(false);
    expect(matches({ at: { $in: ['2026-11-20T10:00:00Z'] } })).toBe(true);
    expect(matches({ n: { $in: [-0] } })).toBe(true);
    expect(matches({ n: { $in: ['0'] } })).toBe(true); // cast to a number by the path's type
    expect(matches({ 'attributes.tags': { $in: ['b'] } })).toBe(true);
    expect(matches({ 'attributes.tags': { $in: [['a', 'b']] } })).toBe(true);
    expect(matches({ 'attributes.tags': { $in: [['b', 'a']] } })).toBe(false);
    expect(matches({ 'attributes.o': { $in: [{ k: 1 }] } })).toBe(true);
    expect(matches({ 'attributes.o': { $in: [{ k: '1' }] } })).toBe(false);
    expect(matches({ 'attributes.flag': { $in: [true] } })).toBe(true);
    expect(matches({ 'attributes.flag': { $in: ['true'] } })).toBe(false);
    expect(matches({ 'attributes.missing': { $in: [null] } })).toBe(true);
    expect(matches({ 'attributes.missing': { $nin: [null, 'x'] } })).toBe(false);
    expect(matches({ 'attributes.tags': { $nin: ['c'] } })).toBe(true);
  });
});

describe('a listing runs its filter once (issue 31, item 6)', () => {
  it('count() and exec() select the documents once', () => {
    const collection = new Map(Array.from({ length: 50 }, (_, i) => [`k${i}`, { _id: `k${i}`, n: i }]));
    let calls = 0;
    const page = find(collection, { filter: (doc) => (calls++, doc.n % 2 === 0), sortField: 'n', direction: -1, skip: 0, limit: 5 });
    expect(page.count()).toBe(25);
    expect(page.exec().map((doc) => doc.n)).toEqual([48, 46, 44, 42, 40]);
    expect(calls).toBe(50);
  });
});

describe('text search (issue 31, item 7)', () => {
  const model: Model = { name: 'lead', fields: { fullname: { type: 'string' }, email: { type: 'string' } }, textIndex: ['fullname', 'email'] };
  const schema = querySchema(model);
  const env = () => ({ clock: createClock({ frozen: true }), ids: createIdGenerator() });

  it('indexes the words of a document when it is written: a search tokenises nothing', () => {
    const collection = new Map<string, { _id: string }>();
    const e = env();
    for (let i = 0; i < 20; i++) save(e, collection, model, { fullname: `Anna ${'word '.repeat(1000)}${i}`, email: `anna.${i}@example.org` });
    const budget = new MatchBudget();
    const test = documentFilter(schema, { $text: { $search: 'anna 7' } }, budget);
    expect([...collection.values()].filter(test)).toHaveLength(20);
    expect(budget.textWork).toBe(0);
  });

  it('indexes a document changed by other means when it is searched, once, counting its characters', () => {
    const e = env();
    const collection = new Map<string, { _id: string; fullname?: string }>();
    const doc = save(e, collection, model, { fullname: 'Anna Neri' });
    doc.fullname = 'Élodie Martin';
    const budget = new MatchBudget();
    const test = documentFilter(schema, { $text: { $search: 'elodie' } }, budget);
    expect(test(doc)).toBe(true);
    expect(budget.textWork).toBe('Élodie Martin'.length);
    expect(test(doc)).toBe(true);
    expect(budget.textWork).toBe('Élodie Martin'.length);
  });

  it('counts phrase scans, and refuses the search whose work would exceed the budget, naming it', () => {
    const e = env();
    const collection = new Map<string, { _id: string }>();
    for (let i = 0; i < 10; i++) save(e, collection, model, { fullname: `${'lorem ipsum '.repeat(100)}${i}` });
    const budget = new MatchBudget(undefined, { textWork: 5_000 });
    const test = documentFilter(schema, { $text: { $search: '"ipsum lorem"' } }, budget);
    const docs = [...collection.values()];
    expect(test(docs[0]!)).toBe(true);
    expect(budget.textWork).toBe(1201);
    const error = thrown(() => docs.filter(test));
    expect(error).toBeInstanceOf(PatternLimitError);
    expect(error).toMatchObject({ limit: 'text', pattern: '"ipsum lorem"', path: '$text', max: 5_000 });
    expect(budget.textWork).toBeLessThanOrEqual(5_000);
  });
});
