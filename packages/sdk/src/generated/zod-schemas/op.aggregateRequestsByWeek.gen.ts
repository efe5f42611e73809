// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of aggregateRequestsByWeek that no other operation uses, and its parts as `path`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';

export const zAnalyticsWeekCount = /* @__PURE__ */ lazy(() => z.object({
    _id: z.object({
        year: z.int(),
        month: z.int().check(z.gte(1), z.lte(12)),
        week: z.int().check(z.gte(0), z.lte(53))
    }),
    count: z.int().check(z.gte(1))
}));

export const zAggregateRequestsByWeekPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zAggregateRequestsByWeekResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsWeekCount()));

export { zAggregateRequestsByWeekPath as path, zAggregateRequestsByWeekResponse as response };
