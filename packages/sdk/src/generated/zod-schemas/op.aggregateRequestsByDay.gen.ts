// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of aggregateRequestsByDay that no other operation uses, and its parts as `path`, `query`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zAnalyticsDayCount } from './shared.zAnalyticsDayCount.gen';

export const zAggregateRequestsByDayPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zAggregateRequestsByDayQuery = /* @__PURE__ */ lazy(() => z.object({
    lastdays: z._default(z.optional(z.int().check(z.gte(1))), 7),
    department_id: z.optional(z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))),
    participant: z.optional(z.string()),
    channel: z.optional(z.string())
}));

export const zAggregateRequestsByDayResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsDayCount()));

export { zAggregateRequestsByDayPath as path, zAggregateRequestsByDayQuery as query, zAggregateRequestsByDayResponse as response };
