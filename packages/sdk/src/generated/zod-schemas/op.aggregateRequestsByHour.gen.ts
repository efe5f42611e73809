// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of aggregateRequestsByHour that no other operation uses, and its parts as `path`, `query`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';

export const zAnalyticsHourCount = /* @__PURE__ */ lazy(() => z.object({
    _id: z.object({
        hour: z.nullable(z.int().check(z.gte(0), z.lte(23)))
    }),
    count: z.int().check(z.gte(1))
}));

export const zAggregateRequestsByHourPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zAggregateRequestsByHourQuery = /* @__PURE__ */ lazy(() => z.object({
    timezone: z._default(z.optional(z.string()), '+00:00')
}));

export const zAggregateRequestsByHourResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsHourCount()).check(z.maxLength(24)));

export { zAggregateRequestsByHourPath as path, zAggregateRequestsByHourQuery as query, zAggregateRequestsByHourResponse as response };
