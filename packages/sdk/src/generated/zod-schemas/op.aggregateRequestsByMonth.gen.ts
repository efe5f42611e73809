// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of aggregateRequestsByMonth that no other operation uses, and its parts as `path`, `query`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';

export const zAnalyticsMonthCount = /* @__PURE__ */ lazy(() => z.object({
    _id: z.object({
        year: z.int(),
        month: z.int().check(z.gte(1), z.lte(12))
    }),
    count: z.int().check(z.gte(1))
}));

export const zAggregateRequestsByMonthPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zAggregateRequestsByMonthQuery = /* @__PURE__ */ lazy(() => z.object({
    department_id: z.optional(z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)))
}));

export const zAggregateRequestsByMonthResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsMonthCount()));

export { zAggregateRequestsByMonthPath as path, zAggregateRequestsByMonthQuery as query, zAggregateRequestsByMonthResponse as response };
