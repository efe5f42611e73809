/**
 * The filter compiler (mocks/src/mongoose/filter.ts): Mongoose's cast of a filter against a model,
 * then MongoDB's matching and refusals. Table-driven; the differential test against mingo is
 * differential.test.ts, the bounds on work bounds.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { CastError } from '../../src/mongoose/cast';
import { castFilter, compileFilter, documentFilter, isQueryError, QueryCastError, querySchema, UnsupportedQueryError } from '../../src/mongoose/filter';
import { MongoError } from '../../src/mongoose/query';
import { PatternLimitError } from '../../src/pattern';

const schema = querySchema({
  name: 'lead',
  timestamps: true,
  fields: {
    name: { type: 'string' },
    status: { type: 'number' },
    active: { type: 'boolean' },
    owner: { type: 'objectid' },
    tags: { type: 'array', of: 'string' },
    attributes: { type: 'mixed' },
  },
});

const cast = (filter: unknown) =>
  JSON.parse(
    JSON.stringify(castFilter(schema, filter), (_key, value: unknown) =>
      typeof value === 'object' && value !== null && 'hex' in value ? `ObjectId(${String((value as { hex: string }).hex)})` : value,
    ),
  );

describe('castFilter (Mongoose 5.13, lib/cast.js)', () => {
  it.each([
    [{ name: 5 }, { name: '5' }],
    [{ status: '100' }, { status: 100 }],
    [{ status: '' }, { status: null }],
    [{ active: 'yes' }, { active: true }],
    [{ owner: '65F1A2B3C4D5E6F708090A0B' }, { owner: 'ObjectId(65f1a2b3c4d5e6f708090a0b)' }],
    [{ name: ['a', 5] }, { name: { $in: ['a', '5'] } }],
    [{ tags: 'vip' }, { tags: 'vip' }],
    [{ tags: ['vip', 5] }, { tags: ['vip', '5'] }],
    [{ status: { $gt: '5', $in: ['1', 2] } }, { status: { $gt: 5, $in: [1, 2] } }],
    [{ name: { $ne: 5 } }, { name: { $ne: '5' } }],
    [{ name: { $exists: 'true' } }, { name: { $exists: true } }],
    [{ name: { $not: { $eq: 5 } } }, { name: { $not: { $eq: '5' } } }],
    [{ tags: { $size: '2' } }, { tags: { $size: 2 } }],
    [{ 'tags.0': 5 }, { 'tags.0': '5' }],
    [{ 'attributes.plan': 5 }, { 'attributes.plan': 5 }],
    [{ unknown: { $gt: 'x' } }, { unknown: { $gt: 'x' } }],
    [{ $or: [{ status: '1' }, { name: 2 }] }, { $or: [{ status: 1 }, { name: '2' }] }],
    [{ $text: { $search: 5 } }, { $text: { $search: '5' } }],
    ['not an object', {}],
  ])('%j → %j', (filter, expected) => expect(cast(filter)).toEqual(expected));

  it.each([
    [{ status: 'abc' }, CastError, 'Cast to Number failed for value "abc" at path "status"'],
    [{ owner: 'nope' }, CastError, 'Cast to ObjectId failed'],
    [{ name: { $size: 1 } }, QueryCastError, "Can't use $size with String."],
    [{ status: { $regex: 'x' } }, CastError, 'Cast to number failed'],
    [{ $or: { status: 1 } }, CastError, 'Cast to Array failed'],
    [{ $and: [5] }, CastError, 'Cast to Object failed'],
    [{ $where: 5 }, QueryCastError, 'Must have a string or function for $where'],
    [[{ a: 1 }], QueryCastError, 'Query filter must be an object, got an array'],
  ])('refuses %j', (filter, type, message) => {
    expect(() => castFilter(schema, filter)).toThrow(type);
    expect(() => castFilter(schema, filter)).toThrow(message);
  });
});

describe('compileFilter (MongoDB 4.4)', () => {
  const doc = {
    _id: '65f1a2b3c4d5e6f708090a0b',
    name: 'Anna',
    status: 100,
    active: true,
    tags: ['vip', 'eu'],
    owner: '65f1a2b3c4d5e6f708090a0c',
    attributes: { plan: 'pro', seats: 3, list: [{ k: 1 }, { k: 2 }] },
    createdAt: '2026-11-20T10:00:00.000Z',
  };
  const matches = (filter: unknown) => documentFilter(schema, filter)(doc);

  it.each([
    [{ name: 'Anna' }, true],
    [{ name: 'anna' }, false],
    [{ status: { $gte: 100, $lt: 200 } }, true],
    [{ status: { $gt: '99' } }, true], // cast to a number first
    [{ 'attributes.seats': { $gt: '2' } }, false], // Mixed: not cast; a string never compares with a number
    [{ tags: 'eu' }, true],
    [{ tags: ['vip', 'eu'] }, true],
    [{ tags: ['eu', 'vip'] }, false],
    [{ tags: { $all: ['eu', 'vip'] } }, true],
    [{ tags: { $size: 2 } }, true],
    [{ 'attributes.list.k': 2 }, true],
    [{ 'attributes.list': { $elemMatch: { k: { $gt: 1 } } } }, true],
    [{ 'attributes.list': { $elemMatch: { k: { $gt: 2 } } } }, false],
    [{ 'attributes.missing': null }, true],
    [{ 'attributes.missing': { $exists: false } }, true],
    [{ 'attributes.plan': { $regex: '^P', $options: 'i' } }, true],
    [{ 'attributes.plan': { $not: { $regex: '^p' } } }, false],
    [{ owner: '65F1A2B3C4D5E6F708090A0C' }, true],
    [{ createdAt: { $gte: '2026-11-20' } }, true],
    [{ createdAt: { $gt: '2026-11-21' } }, false],
    [{ $or: [{ status: 1 }, { name: 'Anna' }] }, true],
    [{ $nor: [{ status: 1 }, { name: 'Anna' }] }, false],
    [{ $and: [{ status: 100 }, { active: true }] }, true],
    [{ $comment: 'ignored', name: 'Anna' }, true],
  ])('%j → %s', (filter, expected) => expect(matches(filter)).toBe(expected));

  it.each([
    [{ name: { $foo: 1 } }, QueryCastError, "Can't use $foo with String."], // Mongoose refuses it first
    [{ 'attributes.x': { $foo: 1 } }, MongoError, 'unknown operator: $foo'],
    [{ $foo: 1 }, MongoError, 'unknown top level operator: $foo'],
    [{ $or: [] }, MongoError, '$or must be a nonempty array'],
    [{ 'attributes.x': { $in: 5 } }, MongoError, '$in needs an array'],
    [{ 'attributes.x': { $in: [{ $gt: 1 }] } }, MongoError, 'cannot nest $ under $in'],
    [{ 'attributes.x': { $size: -1 } }, MongoError, '$size may not be negative'],
    [{ 'attributes.x': { $options: 'i' } }, MongoError, '$options needs a $regex'],
    [{ 'attributes.x': { $regex: 'a', $options: 'q' } }, MongoError, 'invalid flag in regex options: q'],
    [{ 'attributes.x': { $regex: '(' } }, MongoError, 'Regular expression is invalid'],
    [{ 'attributes.x': { $not: {} } }, MongoError, '$not cannot be empty'],
    [{ 'attributes.x': { $type: 'string' } }, UnsupportedQueryError, 'the mock does not evaluate $type'],
    [{ $where: 'this.a' }, UnsupportedQueryError, 'the mock does not evaluate $where'],
    [{ 'attributes.x': { $regex: 'a', $options: 'x' } }, UnsupportedQueryError, '$options: x'],
  ])('refuses %j', (filter, type, message) => {
    expect(() => documentFilter(schema, filter)).toThrow(type);
    expect(() => documentFilter(schema, filter)).toThrow(message);
  });

  it("tells query errors (the service answers them as the server does) from the mock's limits (400)", () => {
    expect(isQueryError(new MongoError('x', 2, 'BadValue'))).toBe(true);
    expect(isQueryError(new CastError('Number', 'x', 'p'))).toBe(true);
    expect(isQueryError(new UnsupportedQueryError('$type'))).toBe(true);
    expect(isQueryError(new PatternLimitError('values', 'x', 2, 1))).toBe(false);
    expect(isQueryError(new Error('x'))).toBe(false);
  });

  it('a pattern over the static bounds is refused when compiled, naming the path', () => {
    let thrown: unknown;
    try {
      compileFilter({ 'attributes.plan': { $regex: 'a'.repeat(1001) } }, schema);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PatternLimitError);
    expect(thrown).toMatchObject({ limit: 'length', path: 'attributes.plan' });
  });
});
