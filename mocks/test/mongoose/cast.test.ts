/** Mongoose 5.13's casts, rule by rule (mocks/src/mongoose/cast.ts): table-driven. */
import { describe, expect, it } from 'vitest';
import { castBoolean, castDate, CastError, castNumber, castObjectId, castString, isObjectIdLike } from '../../src/mongoose/cast';

type Row = [input: unknown, expected: unknown];
const REFUSED = Symbol('refused');

function table(name: string, cast: (value: unknown, path: string) => unknown, rows: readonly Row[]) {
  describe(name, () => {
    it.each(rows.map(([input, expected]) => [JSON.stringify(input) ?? String(input), input, expected] as const))('%s', (_label, input, expected) => {
      if (expected === REFUSED) {
        let thrown: unknown;
        try {
          cast(input, 'field');
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(CastError);
        expect(thrown).toMatchObject({ path: 'field', value: input });
      } else expect(cast(input, 'field')).toEqual(expected);
    });
  });
}

table('castString', castString, [
  ['abc', 'abc'],
  [5, '5'],
  [true, 'true'],
  [null, null],
  [undefined, undefined],
  [{ _id: 'x1' }, 'x1'],
  [{ _id: '' }, REFUSED],
  [{ a: 1 }, REFUSED],
  [['a'], REFUSED],
]);

table('castNumber', castNumber, [
  [5, 5],
  ['5', 5],
  [' 7 ', 7],
  ['', null],
  [true, 1],
  [false, 0],
  [{ _id: '3' }, 3],
  [null, null],
  ['abc', REFUSED],
  [Number.NaN, REFUSED],
  [{ a: 1 }, REFUSED],
  [[1], REFUSED],
]);

table('castBoolean', castBoolean, [
  [true, true],
  ['true', true],
  [1, true],
  ['1', true],
  ['yes', true],
  [false, false],
  ['false', false],
  [0, false],
  ['0', false],
  ['no', false],
  [null, null],
  ['maybe', REFUSED],
  [2, REFUSED],
  [{}, REFUSED],
]);

table('castObjectId', castObjectId, [
  ['65F1A2B3C4D5E6F708090A0B', '65f1a2b3c4d5e6f708090a0b'],
  [['65f1a2b3c4d5e6f708090a0b'], '65f1a2b3c4d5e6f708090a0b'],
  [{ _id: '65f1a2b3c4d5e6f708090a0b' }, '65f1a2b3c4d5e6f708090a0b'],
  ['abcdefghijkl', '6162636465666768696a6b6c'],
  [123456789012, '313233343536373839303132'],
  ['not-an-id', REFUSED],
  [{ a: 1 }, REFUSED],
  [null, REFUSED],
]);

table('castDate', castDate, [
  ['2026-11-20T10:00:00Z', '2026-11-20T10:00:00.000Z'],
  [0, '1970-01-01T00:00:00.000Z'],
  ['', null],
  [null, null],
  [undefined, undefined],
  ['300000', '1970-01-01T00:05:00.000Z'],
  [true, REFUSED],
  ['not a date', REFUSED],
  [{}, REFUSED],
]);

describe('isObjectIdLike', () => {
  it.each([
    ['65f1a2b3c4d5e6f708090a0b', true],
    ['65F1A2B3C4D5E6F708090A0B', true],
    ['abcdefghijkl', true],
    ['65f1a2b3c4d5e6f708090a0', false],
    ['zzzzzzzzzzzzzzzzzzzzzzzz', false],
    ['', false],
  ])('%s → %s', (value, expected) => expect(isObjectIdLike(value)).toBe(expected));
});

describe('CastError', () => {
  it('names the kind, the value (cut to 80 characters) and the path', () => {
    expect(new CastError('Number', 'abc', 'status').message).toBe('Cast to Number failed for value "abc" at path "status"');
    expect(new CastError('string', { a: 'x'.repeat(200) }, 'name').message).toMatch(/^Cast to string failed for value "\{"a":"x{74}…" at path "name"$/);
  });
});
