/** `copyDocument` (../src/documents.ts) copies a stored document as `structuredClone` does. */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyDocument } from '../src/documents';

describe('copyDocument', () => {
  it('is structuredClone for documents: the same values, keys in the same order, nothing shared', () => {
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(fc.jsonValue({ maxDepth: 0 }), fc.constant(undefined), fc.constant(-0), fc.date({ noInvalidDate: true })),
      node: fc.oneof(
        { depthSize: 'small' },
        tie('leaf'),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('0', '10', '__proto__', 'constructor')), tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (doc) => {
        const copy = copyDocument(doc);
        const clone = structuredClone(doc);
        // node:util's comparison (prototypes, own keys, -0, dates), not expect's: a key named `constructor` misleads expect.
        expect(isDeepStrictEqual(copy, clone)).toBe(true);
        expect(JSON.stringify(copy)).toBe(JSON.stringify(clone));
        if (typeof doc === 'object' && doc !== null && typeof copy === 'object' && copy !== null && typeof clone === 'object' && clone !== null) {
          expect(copy).not.toBe(doc);
          expect(Object.keys(copy)).toEqual(Object.keys(clone));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('copies an own __proto__ key as a key, and throws on a function as structuredClone does', () => {
    const doc: unknown = JSON.parse('{"a":{"__proto__":{"x":1}},"b":[1,{"c":2}]}');
    const copy = copyDocument(doc);
    expect(copy).toStrictEqual(structuredClone(doc));
    expect(Object.hasOwn(Object(Reflect.get(Object(copy), 'a')), '__proto__')).toBe(true);
    expect(() => copyDocument({ f: () => 1 })).toThrow();
    expect(() => structuredClone({ f: () => 1 })).toThrow();
  });

  it('keeps what is not plain data as structuredClone makes it (a Map, a sparse array)', () => {
    const sparse = [1, 2, 3];
    delete sparse[1];
    expect(copyDocument({ m: new Map([[1, 2]]), s: sparse })).toStrictEqual(structuredClone({ m: new Map([[1, 2]]), s: sparse }));
  });
});
