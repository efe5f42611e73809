import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { operations, type Lead, type OperationId } from '../src/index';

// Every schema construction goes through zod/mini's `object`, `string`, ...: counting the calls of
// `object` shows when schemas are built.
vi.mock('zod/mini', async (importOriginal) => {
  const actual = await importOriginal<typeof import('zod/mini')>();
  return { ...actual, object: vi.fn(actual.object) };
});
const built = () => vi.mocked(z.object).mock.calls.length;

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
    validator.response!('getTag', TAG);
    const afterGetTag = built();
    expect(afterGetTag).toBeGreaterThan(0);
    expect(afterGetTag).toBeLessThan(10); // the tag, not the ~180 objects of every schema
    validator.response!('getTag', TAG);
    validator.request!('getTag', { path: { project_id: PROJECT, id: TAG._id } });
    expect(built()).toBe(afterGetTag + 1); // getTag's path parameters, once; the 200 body schema is reused
    expect(entry.operationSchemas.getTag.response!()).toBe(entry.operationSchemas.getTag.response!());
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
      if (op.responses['200']?.includes('application/json')) expect(schemas.response, id).toBeDefined();
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
