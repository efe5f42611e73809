/**
 * A property-based differential test of the filter compiler (mocks/src/mongoose/filter.ts) against
 * mingo 6.7.2 — the MongoDB query library the real-server harness's wire server runs on
 * (scripts/real-server/package.json pins the same version) — on the operators both evaluate:
 * equality, `$eq`, `$ne`, `$gt`, `$gte`, `$lt`, `$lte`, `$in`, `$nin`, `$exists`, `$size`, `$all`,
 * `$elemMatch`, `$not`, `$and`, `$or`, `$nor`, over dotted paths through nested documents and
 * arrays. The filters are compiled without a model (no Mongoose cast), as MongoDB receives them.
 *
 * Intentional differences, where the mock follows MongoDB 4.4 and mingo does not (the generators
 * leave these cases out, and the examples below pin the mock's side):
 *
 * 1. A numeric path segment on an array of documents: MongoDB reads both the item at that index
 *    and the field of that name of each item (`{"a.0": 1}` matches `{a: [{"0": 1}]}`); mingo reads
 *    the index only. The generators use no key that is a number.
 * 2. `$size`, `$elemMatch` and `$exists` on a path through an array: MongoDB reads each item's
 *    field (none for an empty array), and the first two need that value to be an array, so
 *    `{"c.a": {$size: 0}}` does not match `{c: []}` (no value), `{"c.a.b": {$exists: false}}`
 *    matches `{c: [{a: []}]}`, `{"c.a": {$elemMatch: {$ne: 0}}}` does not match `{c: [{a: "x"}]}`, and
 *    `{"c.a": {$size: 3}}` does not match `{c: [[1, 2, 3]]}` (a field name never reaches into an
 *    array nested in an array); mingo collects the path's values into an array (or reads the
 *    nested array). The generators put no array directly in an array, and these three operators
 *    only on paths of one segment.
 * 3. `null` and a field missing from the documents of an array: MongoDB's `{"c.a": null}` (and
 *    `$eq`, `$in` with `null`) matches `{c: [{}]}` (an item without `a`); mingo does not. The
 *    generators compare with no `null` (documents still hold `null`s).
 * 4. Comparisons across types: MongoDB compares only values of the same BSON type class
 *    (`{a: {$gt: 1}}` never matches a string); mingo follows the same type bracketing, but `$gt`
 *    and friends between a number and a boolean differ in mingo's strict mode — the generators
 *    compare numbers with numbers and strings with strings only (see `bound`).
 * 5. `$size`, `$all` and `$elemMatch` on a path that is no array: MongoDB never matches; so does
 *    the mock. Kept in the generators (both agree).
 */
import fc from 'fast-check';
import { Query } from 'mingo';
import { describe, expect, it } from 'vitest';
import { compileFilter, type QuerySchema } from '../../src/mongoose/filter';

const SCHEMALESS: QuerySchema = { fields: {}, textFields: [] };

const KEYS = ['a', 'b', 'c'] as const;
const key = fc.constantFrom(...KEYS);
const str = fc.constantFrom('x', 'y', 'z', 'xy', '');
const num = fc.integer({ min: -3, max: 3 });
const scalar = fc.oneof(num, str, fc.boolean(), fc.constant(null));
/** The values filters compare with: no `null` (see difference 3). */
const operand = fc.oneof(num, str, fc.boolean());

/** Documents: objects of the keys, values scalars, arrays (of scalars and objects: see difference 2) and nested objects, a few levels deep. */
const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown; object: unknown }>((tie) => ({
  object: fc.dictionary(key, tie('value'), { maxKeys: 3 }),
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, fc.array(fc.oneof(scalar, tie('object')), { maxLength: 3 }), tie('object')),
})).value;
const doc = fc.dictionary(key, value, { maxKeys: 3 });

const path = fc.array(key, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('.'));

/** A comparison bound of one type class (number or string), so both sides compare alike. */
const bound = fc.oneof(num, str);

/** An operator expression on one path's values. */
const operators: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ ops: Record<string, unknown> }>((tie) => ({
  ops: fc.oneof(
    { depthSize: 'small' },
    fc.record({ $eq: operand }),
    fc.record({ $ne: operand }),
    fc.constantFrom('$gt', '$gte', '$lt', '$lte').chain((op) => bound.map((b) => ({ [op]: b }))),
    fc.record({ $in: fc.array(operand, { maxLength: 4 }) }),
    fc.record({ $nin: fc.array(operand, { maxLength: 4 }) }),
    fc.record({ $exists: fc.boolean() }),
    fc.record({ $size: fc.integer({ min: 0, max: 3 }) }),
    fc.record({ $all: fc.array(operand, { minLength: 1, maxLength: 3 }) }),
    fc.record({ $elemMatch: fc.constantFrom('$gt', '$lt', '$eq', '$ne').chain((op) => bound.map((b) => ({ [op]: b }))) }),
    fc.record({ $not: fc.constantFrom('$gt', '$gte', '$lt', '$lte', '$eq', '$in').chain((op) => (op === '$in' ? fc.array(operand, { maxLength: 3 }) : bound).map((b) => ({ [op]: b }))) }),
    // Two operators on the same path: both must hold.
    fc.tuple(tie('ops'), tie('ops')).map(([x, y]) => ({ ...x, ...y })),
  ),
})).ops;

const clause = fc.tuple(path, fc.oneof(operand, operators)).map(([p, v]) => ({ [p]: v }));

const filter: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ filter: Record<string, unknown> }>((tie) => ({
  filter: fc.oneof(
    { depthSize: 'small' },
    clause,
    fc.tuple(clause, clause).map(([x, y]) => ({ ...x, ...y })),
    fc.constantFrom('$and', '$or', '$nor').chain((op) => fc.array(tie('filter'), { minLength: 1, maxLength: 3 }).map((items) => ({ [op]: items }))),
  ),
})).filter;

/** Whether `$size`, `$elemMatch` or `$exists` applies to a dotted path somewhere in the filter (difference 2). */
function arrayOperatorOnDottedPath(f: unknown, dotted = false): boolean {
  if (Array.isArray(f)) return f.some((item) => arrayOperatorOnDottedPath(item, dotted));
  if (typeof f !== 'object' || f === null) return false;
  return Object.entries(f).some(([k, v]) => ((k === '$size' || k === '$elemMatch' || k === '$exists') && dotted) || arrayOperatorOnDottedPath(v, k.startsWith('$') ? dotted : k.includes('.')));
}

const mock = (f: Record<string, unknown>, d: object) => compileFilter(f, SCHEMALESS)(d);
const mingo = (f: Record<string, unknown>, d: object) => new Query(f).test(d);

describe('the filter compiler agrees with mingo (differential, property-based)', () => {
  it('on documents, paths and operators both evaluate', () => {
    fc.assert(
      fc.property(filter, fc.array(doc, { minLength: 1, maxLength: 4 }), (generated, generatedDocs) => {
        // As parsed from JSON (plain objects), as the mock and MongoDB receive them.
        const f = JSON.parse(JSON.stringify(generated)) as Record<string, unknown>;
        const docs = JSON.parse(JSON.stringify(generatedDocs)) as object[];
        fc.pre(!arrayOperatorOnDottedPath(f));
        for (const d of docs) expect(mock(f, d), JSON.stringify({ filter: f, doc: d })).toBe(mingo(f, d));
      }),
      { numRuns: 3000, seed: 31_28 },
    );
  });

  it('the intentional differences (MongoDB 4.4 semantics, where mingo differs)', () => {
    // 1. A numeric segment reads the index and the field of that name of each item.
    expect(mock({ 'a.0': 1 }, { a: [{ 0: 1 }] })).toBe(true);
    expect(mingo({ 'a.0': 1 }, { a: [{ 0: 1 }] })).toBe(false);
    // Both read the index.
    expect(mock({ 'a.0': 1 }, { a: [1] })).toBe(true);
    expect(mingo({ 'a.0': 1 }, { a: [1] })).toBe(true);
    // 2. A field name does not reach into an array nested in an array.
    expect(mock({ 'c.a': { $size: 3 } }, { c: [[1, 2, 3]] })).toBe(false);
    expect(mingo({ 'c.a': { $size: 3 } }, { c: [[1, 2, 3]] })).toBe(true);
    expect(mock({ 'c.a': { $size: 0 } }, { c: [] })).toBe(false);
    expect(mingo({ 'c.a': { $size: 0 } }, { c: [] })).toBe(true);
    expect(mock({ 'c.a.b': { $exists: false } }, { c: [{ a: [] }] })).toBe(true);
    expect(mingo({ 'c.a.b': { $exists: false } }, { c: [{ a: [] }] })).toBe(false);
    expect(mock({ 'c.a': { $elemMatch: { $ne: 0 } } }, { c: [{ a: 'x' }] })).toBe(false);
    expect(mingo({ 'c.a': { $elemMatch: { $ne: 0 } } }, { c: [{ a: 'x' }] })).toBe(true);
    // 3. `null` matches an item of an array that lacks the field.
    for (const f of [{ 'c.a': null }, { 'c.a': { $eq: null } }, { 'c.a': { $in: [null] } }]) {
      expect(mock(f, { c: [{}] })).toBe(true);
      expect(mingo(f, { c: [{}] })).toBe(false);
    }
  });
});
