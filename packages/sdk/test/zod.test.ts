import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import * as z from 'zod/mini';
import * as zodCore from 'zod/v4/core';
import { operations, type Lead, type OperationId } from '../src/index';
import { apiOperations } from '../src/manifest';

// Every schema construction goes through zod/mini's `object`, `string`, ...: counting the calls of
// `object` shows when schemas are built.
vi.mock('zod/mini', async (importOriginal) => {
  const actual = await importOriginal<typeof import('zod/mini')>();
  return { ...actual, object: vi.fn(actual.object) };
});
// zod's code generation, as the check's compiler (`src/zod-compile.ts`) calls it.
vi.mock('zod/v4/core', async (importOriginal) => {
  const actual = await importOriginal<typeof import('zod/v4/core')>();
  return { ...actual, compileFn: vi.fn(actual.compileFn) };
});
const built = () => vi.mocked(z.object).mock.calls.length;
const compiled = () => vi.mocked(zodCore.compileFn).mock.calls.length;

const PROJECT = '65f1a2b3c4d5e6f708090a0b';
const TAG = {
  _id: '65f1a2b3c4d5e6f708091101',
  tag: 'vip',
  color: '#e53935',
  id_project: PROJECT,
  createdBy: '65f1a2b3c4d5e6f708090b01',
  createdAt: '2026-11-10T08:00:00.000Z',
  updatedAt: '2026-11-10T08:00:00.000Z',
  __v: 0,
};

describe('@supportkb/sdk/zod builds each schema on first use', () => {
  it('importing the entry builds no schema; the first validated call of an operation builds only what it needs, once', async () => {
    const entry = await import('../src/zod');
    expect(built()).toBe(0);
    const validator = entry.zodValidation();
    expect(built()).toBe(0);
    await validator.response!('getTag', TAG);
    const afterGetTag = built();
    expect(afterGetTag).toBeGreaterThan(0);
    expect(afterGetTag).toBeLessThan(10); // the tag, not the ~180 objects of every schema
    expect(validator.response!('getTag', TAG)).toBeUndefined(); // loaded: synchronous from now on
    expect(validator.request!('getTag', { path: { project_id: PROJECT, id: TAG._id } })).toBeUndefined();
    expect(built()).toBe(afterGetTag + 1); // getTag's path parameters, once; the 200 body schema is reused
    expect(entry.operationSchemas.getTag.response!()).toBe(entry.operationSchemas.getTag.response!());
  });

  it("loads an operation's schemas on its first check (a promise), once for concurrent checks, then checks synchronously", async () => {
    const { zodValidation } = await import('../src/zod');
    const validator = zodValidation();
    const bad = { ...TAG, createdAt: 42 };
    const first = [validator.response!('updateTag', TAG), validator.response!('updateTag', bad)];
    expect(first[0]).toBeInstanceOf(Promise);
    await expect(first[0]).resolves.toBeUndefined();
    await expect(first[1]).rejects.toMatchObject({ name: 'ValidationError', issues: [{ path: ['createdAt'], code: 'invalid_type' }] });
    expect(() => validator.response!('updateTag', bad)).toThrow(expect.objectContaining({ name: 'ValidationError' }));
    // Another validator shares what is loaded.
    expect(() => zodValidation().response!('updateTag', bad)).toThrow(/createdAt/);
  });

  it("checks a schema on zod/mini's interpreter first, compiled once zod's compiler has loaded (its second check loads it), with the same issues either way (and never compiled under jitless)", async () => {
    vi.resetModules(); // a fresh check module: the compiler not loaded yet
    const { zodValidation } = await import('../src/zod');
    const page = Array.from({ length: 3 }, (_, i) => ({ ...TAG, _id: `65f1a2b3c4d5e6f7080911${i}0` }));
    const broken = [page[0], { ...page[1], _id: 'nope', __v: 'x' }, { ...page[2], color: 7, unknown: true }];
    const issues = async (value: unknown) => {
      try {
        await zodValidation().response!('listTags', value);
        return [];
      } catch (error) {
        return (error as { issues: unknown[] }).issues;
      }
    };
    const before = compiled();
    const once = await issues(broken); // the first check: the interpreter
    expect(await issues(page)).toEqual([]); // the second: the interpreter still, and the compiler starts loading
    expect(compiled()).toBe(before);
    await vi.dynamicImportSettled();
    const first = [await issues(page), await issues(broken)]; // compiled
    expect(compiled()).toBe(before + 1); // listTags's 200 body schema, once
    expect(vi.mocked(zodCore.compileFn).mock.calls.at(-1)?.[1]).toEqual({ assertOnly: true }); // the validator only, no parser
    expect(first[1]).toEqual(once);
    z.config({ jitless: true });
    try {
      const beforeJitless = compiled();
      expect([await issues(page), await issues(broken)]).toEqual(first);
      for (let i = 0; i < 3; i++) await zodValidation().response!('getTag', TAG); // checked again and again, never compiled
      expect(compiled()).toBe(beforeJitless);
    } finally {
      z.config({ jitless: false });
    }
    expect(first[0]).toEqual([]);
    expect(first[1]).toEqual([
      { path: [1, '_id'], message: 'invalid_format (format regex)', code: 'invalid_format' },
      { path: [1, '__v'], message: 'invalid_type (expected number)', code: 'invalid_type' },
      { path: [2, 'color'], message: 'invalid_type (expected string)', code: 'invalid_type' },
    ]);
  });

  it('walks a 200 body once per check: the compiled check alone, or with a logger one parse for both the violations and the undeclared fields', async () => {
    vi.resetModules(); // a fresh check module: listTags's schemas unchecked, the compiler not loaded
    const { zodValidation } = await import('../src/zod');
    let reads = 0;
    const counted = (extra: Record<string, unknown> = {}) => {
      const tag = { ...TAG, ...extra };
      Object.defineProperty(tag, 'color', { enumerable: true, get: () => (reads++, '#e53935') });
      return [tag];
    };
    const readsOf = async (check: () => unknown) => {
      reads = 0;
      await check();
      return reads;
    };
    const quiet = zodValidation();
    // The interpreter (first and second checks), then the compiled check: one read of the field each time.
    expect([await readsOf(() => quiet.response!('listTags', counted())), await readsOf(() => quiet.response!('listTags', counted()))]).toEqual([1, 1]);
    await vi.dynamicImportSettled();
    expect(await readsOf(() => quiet.response!('listTags', counted()))).toBe(1);
    // With a logger: the parse, then the comparison of the body's keys with what the parse kept (no check before them).
    const warn = vi.fn();
    const logger = { debug: vi.fn(), info: vi.fn(), warn, error: vi.fn() };
    expect(await readsOf(() => quiet.response!('listTags', counted({ shoeSize: 44 }), { logger }))).toBe(2);
    // The parse tiered as the check is: interpreted twice, then compiled (zod's compiler is loaded by now).
    const before = compiled();
    expect(await readsOf(() => quiet.response!('listTags', counted({ hatSize: 7 }), { logger }))).toBe(2);
    expect(await readsOf(() => quiet.response!('listTags', counted({ gloveSize: 8, shoeSize: 45 }), { logger }))).toBe(2);
    expect(compiled()).toBe(before + 1);
    expect(vi.mocked(zodCore.compileFn).mock.calls.at(-1)?.[1]).toBeUndefined(); // the parser: it gives the parsed value
    expect(warn.mock.calls.map(([, details]) => details)).toEqual(['shoeSize', 'hatSize', 'gloveSize'].map((field) => ({ operationId: 'listTags', field: `[].${field}` })));
    // A body the compiled parse rejects: zod/mini's parse says why, and nothing is reported.
    await expect(async () => quiet.response!('listTags', [{ ...TAG, color: 7, beltSize: 1 }], { logger })).rejects.toMatchObject({ issues: [{ path: [0, 'color'], code: 'invalid_type' }] });
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it("parses, compiled, every 200 body of every captured release as zod/mini's interpreter does (the undeclared fields found by the compiled parse are the interpreter's)", async () => {
    const { compileParse } = await import('../src/zod-compile');
    const { operationSchemaModules } = await import('../src/generated/zod-loaders.gen');
    const dir = fileURLToPath(new URL('../../../test/fixtures/releases/', import.meta.url));
    const REJECTED = Symbol('rejected');
    /** The same value with a key no schema lists in every object: what the parse must drop. */
    const withExtra = (value: unknown): unknown =>
      Array.isArray(value) ? value.map(withExtra) : value && typeof value === 'object' ? { ...Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withExtra(v)])), zzUndeclared: 1 } : value;
    const parsers = new Map<OperationId, ((value: unknown) => unknown) | undefined>();
    let compared = 0;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json.gz'))) {
      const corpus: { calls: { op: OperationId; status: number; body: unknown }[] } = JSON.parse(gunzipSync(readFileSync(join(dir, file))).toString('utf8'));
      const { calls } = corpus;
      for (const { op, status, body } of calls) {
        if (status !== 200 || body === '' || !operationSchemaModules[op]) continue;
        const schema = (await operationSchemaModules[op]()).response?.();
        if (!schema) continue;
        if (!parsers.has(op)) parsers.set(op, compileParse(schema, REJECTED));
        const parse = parsers.get(op);
        if (!parse) continue; // a schema zod cannot compile: always interpreted
        for (const value of [body, withExtra(body)]) {
          const interpreted = z.safeParse(schema, value);
          const compiled = parse(value);
          expect(compiled === REJECTED ? { success: false } : { success: true, data: compiled }, `${file} ${op}`).toEqual(
            interpreted.success ? { success: true, data: interpreted.data } : { success: false },
          );
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('maps every operation of the manifest to its schemas: path, query and body exactly when the operation has them', async () => {
    const { operationSchemas } = await import('../src/zod');
    expect(Object.keys(operationSchemas).sort()).toEqual(Object.keys(operations).sort());
    for (const [id, op] of Object.entries(operations)) {
      const schemas = operationSchemas[id as OperationId];
      expect({ id, path: Boolean(schemas.path), query: Boolean(schemas.query), body: Boolean(schemas.body) }).toEqual({
        id,
        path: op.pathParams.length > 0,
        query: op.queryParams.length > 0,
        body: op.hasBody,
      });
      if (apiOperations[id as OperationId].responses['200']?.includes('application/json')) expect(schemas.response, id).toBeDefined();
    }
  });

  it("loads, for every operation, a module with zodValidation()'s copy of the schemas operationSchemas gives it", async () => {
    const { operationSchemas } = await import('../src/zod');
    const { operationSchemaModules } = await import('../src/generated/zod-loaders.gen');
    expect(Object.keys(operationSchemaModules).sort()).toEqual(Object.keys(operationSchemas).sort());
    const kind = (schema: z.core.$ZodType | undefined) => schema && { type: schema._zod.def.type, keys: Object.keys((schema._zod.def as { shape?: object }).shape ?? {}) };
    for (const [id, schemas] of Object.entries(operationSchemas)) {
      const module = await operationSchemaModules[id as OperationId]();
      for (const part of ['path', 'query', 'body', 'response'] as const) {
        expect(kind(module[part]?.()), `${id}.${part}`).toEqual(kind(schemas[part]?.()));
        if (module[part]) expect(module[part], `${id}.${part}: a copy, not the public builder`).not.toBe(schemas[part]);
      }
    }
  });

  it('points at the schema hey-api generated even when it renamed it (signIn: zSignInResponse2)', async () => {
    const { operationSchemas, zSignInResponse2 } = await import('../src/zod');
    const answer = { success: true, token: 'JWT abc', user: { _id: TAG._id, email: 'a@example.com' } };
    expect(z.safeParse(operationSchemas.signIn.response!(), answer).success).toBe(true);
    expect(z.safeParse(operationSchemas.signIn.response!(), { ...answer, token: 'abc' }).success).toBe(false);
    expect(zSignInResponse2.safeParse(answer).success).toBe(true);
  });

  it('keeps the public z<Name> exports zod/mini schemas: parse them, infer their types', async () => {
    const { zLead, zTag } = await import('../src/zod');
    expectTypeOf<z.infer<typeof zLead>['_id']>().toEqualTypeOf<Lead['_id']>();
    expect(zTag.safeParse(TAG).success).toBe(true);
    expect(zTag.safeParse({ ...TAG, createdAt: 42 }).success).toBe(false);
    // The built schema behind the lazy export, for zod/mini's functions that need its kind.
    const tagged = z.extend(zTag._zod.innerType, { note: z.string() });
    expect(Object.keys(zTag._zod.innerType.shape)).toContain('tag');
    expect(tagged.safeParse({ ...TAG, note: 'n' }).success).toBe(true);
  });
});
