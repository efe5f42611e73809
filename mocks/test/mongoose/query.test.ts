/** Sort, skip and limit as the routes' queries apply them (mocks/src/mongoose/query.ts): table-driven. */
import { describe, expect, it } from 'vitest';
import { applyWindow, findWindow, MongoError, mongoCompare, sortDirection } from '../../src/mongoose/query';

describe('sortDirection (mquery)', () => {
  it.each([
    [1, 1],
    ['1', 1],
    ['asc', 1],
    ['ASCENDING', 1],
    [-1, -1],
    ['-1', -1],
    ['desc', -1],
    ['descending', -1],
    [undefined, 1],
    ['', 1],
    [0, 1],
  ] as const)('%s → %s', (value, expected) => expect(sortDirection('name', value)).toBe(expected));

  it.each([['2'], ['up'], [{}]])('refuses %s with the TypeError mquery throws', (value) => {
    expect(() => sortDirection('name', value)).toThrow(TypeError);
    expect(() => sortDirection('name', value)).toThrow(/^Invalid sort value: \{name: /);
  });
});

describe('findWindow (driver and MongoDB)', () => {
  it.each([
    [0, 0, { skip: 0, limit: 0 }],
    [Number.NaN, Number.NaN, { skip: 0, limit: 0 }],
    [40, 40, { skip: 40, limit: 40 }],
    [0, -5, { skip: 0, limit: 5 }],
    [2.7, 3.9, { skip: 2, limit: 3 }],
  ])('skip %s, limit %s → %o', (skip, limit, expected) => expect(findWindow(skip, limit)).toEqual(expected));

  it('refuses a negative skip as MongoDB 4.4 does (BadValue)', () => {
    expect(() => findWindow(-40, 40)).toThrow(MongoError);
    expect(() => findWindow(-40, 40)).toThrow('Skip value must be non-negative, but received: -40');
  });

  it.each([
    [{ skip: 0, limit: 0 }, [1, 2, 3, 4]],
    [{ skip: 1, limit: 2 }, [2, 3]],
    [{ skip: 3, limit: 0 }, [4]],
    [{ skip: 9, limit: 2 }, []],
  ])('applyWindow %o', (window, expected) => expect(applyWindow([1, 2, 3, 4], window)).toEqual(expected));
});

describe('mongoCompare', () => {
  it('orders by BSON type first (missing and null, numbers, strings, objects, arrays, booleans), then by value', () => {
    const docs = [{ v: true }, { v: 'b' }, { v: [1] }, { v: 2 }, {}, { v: { a: 1 } }, { v: null }, { v: 'a' }, { v: 1 }];
    expect(docs.sort(mongoCompare('v', 1)).map((d) => ('v' in d ? d.v : 'missing'))).toEqual(['missing', null, 1, 2, 'a', 'b', { a: 1 }, [1], true]);
  });

  it('reads dotted fields and sorts descending; equal values keep their order (stable)', () => {
    const docs = [
      { id: 1, a: { b: 2 } },
      { id: 2, a: { b: 3 } },
      { id: 3, a: { b: 2 } },
    ];
    expect(docs.sort(mongoCompare('a.b', -1)).map((d) => d.id)).toEqual([2, 1, 3]);
  });
});
