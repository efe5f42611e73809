// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 2 operations: aggregateRequestsByDay, aggregateMessagesByDay.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';

export const zAnalyticsDayCount = /* @__PURE__ */ lazy(() => z.object({
    _id: z.object({
        year: z.int(),
        month: z.int().check(z.gte(1), z.lte(12)),
        day: z.int().check(z.gte(1), z.lte(31))
    }),
    count: z.int().check(z.gte(1))
}));
