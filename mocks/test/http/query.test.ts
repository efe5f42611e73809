import * as z from 'zod';
import * as zm from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { coerceQuery, objectShape } from '../../src/http/query';

const params = (query: string) => new URLSearchParams(query);

describe('coerceQuery', () => {
  const classic = z.object({ page: z.int().gte(0).optional().default(0), flag: z.boolean().optional(), name: z.string().optional() });
  const mini = zm.object({ page: zm._default(zm.optional(zm.int().check(zm.gte(0))), 0), flag: zm.optional(zm.boolean()), name: zm.optional(zm.string()) });

  for (const [build, schema] of [
    ['zod', classic],
    ['zod/mini', mini],
  ] as const) {
    it(`turns strings into the types the ${build} schema takes, dropping undeclared parameters`, () => {
      expect(coerceQuery(params('page=2&flag=true&name=42&other=x'), schema)).toEqual({ page: 2, flag: true, name: '42' });
    });

    it(`keeps a value no candidate fits as its typed reading (${build}: the number, so the violation names the value's problem), else the string, and a repeated parameter as an array`, () => {
      expect(coerceQuery(params('page=-1&flag=yes&name=a&name=b'), schema)).toEqual({ page: -1, flag: 'yes', name: ['a', 'b'] });
    });
  }

  it('reads the fields of an object schema, through lazy schemas, and of nothing else', () => {
    expect(Object.keys(objectShape(classic) ?? {})).toEqual(['page', 'flag', 'name']);
    expect(Object.keys(objectShape(zm.lazy(() => mini)) ?? {})).toEqual(['page', 'flag', 'name']);
    expect(
      coerceQuery(
        params('page=3'),
        z.lazy(() => classic),
      ),
    ).toEqual({ page: 3 });
    expect(objectShape(z.string())).toBeUndefined();
    expect(coerceQuery(params('page=1'), undefined)).toEqual({});
  });
});
