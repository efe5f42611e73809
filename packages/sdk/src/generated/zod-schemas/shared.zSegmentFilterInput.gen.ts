// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 2 operations: createSegment, updateSegment.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zStorableValue, zStorableObject } from './shared.zStorableValue4.gen';

export const zSegmentFilterInput = /* @__PURE__ */ lazy(() => z.object({
    field: z.string().check(z.minLength(1)),
    operator: z.enum([
        '=',
        '!=',
        '>',
        '>=',
        'starts with',
        'contains',
        'is null',
        'is not null'
    ]),
    value: z.union([
        z.union([
            z.string(),
            z.number(),
            z.boolean()
        ]),
        z.array(zStorableValue()),
        zStorableObject()
    ])
}));
