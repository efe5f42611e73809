/** The document operations the routes call (mocks/src/mongoose/documents.ts) and the models' casts (model.ts): table-driven. */
import { describe, expect, it } from 'vitest';
import { checkSortField, checkStorageKeys, DuplicateKeyError, find, findById, findByIdAndUpdate, isDatabaseError, KeyError, save } from '../../src/mongoose/documents';
import { mongooseErrorJson } from '../../src/mongoose/errors';
import { CastError } from '../../src/mongoose/cast';
import { castUpdate, newDocument, upsertedDocument, ValidationError, type Model } from '../../src/mongoose/model';
import { MongoError } from '../../src/mongoose/query';
import { createClock } from '../../src/state/clock';
import { createIdGenerator } from '../../src/state/ids';

const TAG: Model = {
  name: 'tag',
  timestamps: true,
  fields: {
    tag: { type: 'string', required: true },
    color: { type: 'string', default: '#000000' },
    count: { type: 'number' },
    members: { type: 'array', of: 'string' },
    owner: { type: 'objectid' },
    at: { type: 'date' },
    extra: { type: 'mixed' },
    items: { type: 'subdocs', model: { name: 'item', fields: { name: { type: 'string', required: true } } } },
  },
};
const env = () => ({ clock: createClock({ frozen: true, start: '2026-11-20T10:00:00Z' }), ids: createIdGenerator() });

describe('newDocument (new Model(input).save()), castUpdate, upsertedDocument', () => {
  it.each([
    [{ tag: 5 }, { tag: '5', color: '#000000', members: [], items: [] }],
    [
      { tag: 'a', members: 'x' },
      { tag: 'a', color: '#000000', members: ['x'], items: [] },
    ],
    [
      { tag: 'a', count: '3', unknown: 1 },
      { tag: 'a', color: '#000000', count: 3, members: [], items: [] },
    ],
    [
      { tag: 'a', owner: '65F1A2B3C4D5E6F708090A0B', at: 0 },
      { tag: 'a', color: '#000000', owner: '65f1a2b3c4d5e6f708090a0b', at: '1970-01-01T00:00:00.000Z', members: [], items: [] },
    ],
    [
      { tag: 'a', items: [{ name: 'n' }, null] },
      { tag: 'a', color: '#000000', members: [], items: [{ name: 'n' }, null] },
    ],
  ])('%j', (input, expected) => expect(newDocument(TAG, input)).toEqual(expected));

  it.each([
    [{}, ['tag']],
    [{ tag: '' }, ['tag']],
    [{ tag: {} }, ['tag']],
    [{ tag: 'a', count: 'x', members: [{}] }, ['count', 'members']],
    [{ tag: 'a', items: [{}] }, ['items.0.name']],
    [{ tag: 'a', items: ['x'] }, ['items']],
  ])('refuses %j listing %j', (input, paths) => {
    let thrown: unknown;
    try {
      newDocument(TAG, input);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect(Object.keys((thrown as ValidationError).errors)).toEqual(paths);
  });

  it('castUpdate casts without validating, writes undefined as null and drops unknown fields', () => {
    expect(castUpdate(TAG, { tag: undefined, count: '2', members: 'x', nope: 1, items: [{}] })).toEqual({ tag: null, count: 2, members: ['x'], items: [{}] });
    expect(() => castUpdate(TAG, { count: 'x' })).toThrow(CastError);
  });

  it('upsertedDocument: the id, the update, then the defaults', () => {
    expect(upsertedDocument(TAG, 'id1', { tag: 't' })).toEqual({ color: '#000000', members: [], items: [], _id: 'id1', tag: 't' });
  });
});

describe('save, findById, findByIdAndUpdate', () => {
  it('save: an id, timestamps, __v 0; a duplicate on a unique index is refused and not stored', () => {
    const e = env();
    const collection = new Map<string, { _id: string; tag?: string }>();
    const doc = save(e, collection, TAG, { tag: 'vip' }, [['tag']]);
    expect(doc).toMatchObject({ tag: 'vip', createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', __v: 0 });
    expect(doc._id).toMatch(/^[0-9a-f]{24}$/);
    expect(() => save(e, collection, TAG, { tag: 'vip' }, [['tag']])).toThrow(DuplicateKeyError);
    expect(collection.size).toBe(1);
  });

  it.each([[{ $set: 1 }], [{ 'a.b': 1 }], [{ a: { 'null\u0000byte': 1 } }]])('save refuses the nested key the driver refuses: %j', (extra) => {
    expect(() => save(env(), new Map(), TAG, { tag: 'a', extra })).toThrow(KeyError);
  });

  it('checkStorageKeys: null bytes always, $ and . on inserts only', () => {
    expect(() => checkStorageKeys({ a: [{ $x: 1 }] }, true)).toThrow("key $x must not start with '$'");
    expect(() => checkStorageKeys({ a: [{ $x: 1 }] }, false)).not.toThrow();
    expect(() => checkStorageKeys({ 'a\u0000': 1 }, false)).toThrow('must not contain null bytes');
  });

  it('findById: by ObjectId (case-insensitive), a cast error for anything else', () => {
    const e = env();
    const collection = new Map<string, { _id: string }>();
    const doc = save(e, collection, TAG, { tag: 'a' });
    expect(findById(collection, doc._id.toUpperCase())).toBe(doc);
    expect(findById(collection, '65f1a2b3c4d5e6f708090a0b')).toBeUndefined();
    expect(() => findById(collection, 'nope')).toThrow(CastError);
  });

  it('findByIdAndUpdate: sets the cast fields and updatedAt; upserts an unknown id only with upsert', () => {
    const e = env();
    const collection = new Map<string, { _id: string }>();
    const doc = save(e, collection, TAG, { tag: 'a' });
    e.clock.advance(1000);
    expect(findByIdAndUpdate(e, collection, TAG, doc._id, { count: '4' })).toMatchObject({ tag: 'a', count: 4 });
    const unknown = '65f1a2b3c4d5e6f708090a0b';
    expect(findByIdAndUpdate(e, collection, TAG, unknown, { tag: 'b' })).toBeUndefined();
    expect(findByIdAndUpdate(e, collection, TAG, unknown, { tag: 'b' }, { upsert: true })).toMatchObject({ _id: unknown, tag: 'b', color: '#000000', __v: 0 });
    expect(collection.size).toBe(2);
  });
});

describe('find', () => {
  const collection = new Map([
    ['1', { _id: '1', n: 3 }],
    ['2', { _id: '2', n: 1 }],
    ['3', { _id: '3', n: 2 }],
    ['4', { _id: '4' }],
  ]);

  it.each([
    ['n', 1, 0, 0, ['4', '2', '3', '1']],
    ['n', 'desc', 0, 2, ['1', '3']],
    ['n', -1, 1, 2, ['3', '2']],
    ['n', 1, 0, -2, ['4', '2']],
  ])('sort %s %s, skip %s, limit %s', (sortField, direction, skip, limit, ids) => {
    expect(
      find(collection, { filter: () => true, sortField, direction, skip, limit })
        .exec()
        .map((d) => d._id),
    ).toEqual(ids);
  });

  it('refuses a direction synchronously, a negative skip and a bad sort key when run', () => {
    expect(() => find(collection, { filter: () => true, sortField: 'n', direction: 'up', skip: 0, limit: 0 })).toThrow(TypeError);
    expect(() => find(collection, { filter: () => true, sortField: 'n', direction: 1, skip: -1, limit: 0 }).exec()).toThrow(MongoError);
    for (const key of ['$n', 'a..b', 'n.']) expect(() => checkSortField(key), key).toThrow(MongoError);
  });
});

describe('mongooseErrorJson and isDatabaseError', () => {
  it('a ValidationError as Mongoose serialises it', () => {
    let error: unknown;
    try {
      newDocument(TAG, { count: 'x' });
    } catch (thrown) {
      error = thrown;
    }
    expect(mongooseErrorJson(error, 'tag')).toMatchObject({
      _message: 'tag validation failed',
      name: 'ValidationError',
      message: 'tag validation failed: count: Cast to Number failed for value "x" (type string) at path "count", tag: Path `tag` is required.',
      errors: { count: { name: 'CastError', kind: 'Number', stringValue: '"x"', valueType: 'string', path: 'count' }, tag: { kind: 'required', path: 'tag' } },
    });
  });

  it.each([
    [new MongoError('bad', 2, 'BadValue'), { ok: 0, errmsg: 'bad', code: 2, codeName: 'BadValue', name: 'MongoError' }],
    [new DuplicateKeyError('tag_1'), { driver: true, name: 'MongoError', index: 0, code: 11000, keyPattern: {}, keyValue: {} }],
    [new Error('other'), {}],
  ])('%s', (error, json) => expect(mongooseErrorJson(error, 'tag')).toEqual(json));

  it("tells the database layer's errors from others", () => {
    expect(isDatabaseError(new KeyError('x'))).toBe(true);
    expect(isDatabaseError(new CastError('Number', 'x', 'p'))).toBe(true);
    expect(isDatabaseError(new TypeError('x'))).toBe(false);
  });
});
