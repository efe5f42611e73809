// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of aggregateRequestsByStatus that no other operation uses, and its parts as `path`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zAnalyticsTotalCount } from './shared.zAnalyticsTotalCount.gen';

export const zAnalyticsStatusCount = /* @__PURE__ */ lazy(() => z.object({
    _id: z.enum([
        'assigned',
        'unassigned',
        'archived'
    ]),
    count: z.int().check(z.gte(0))
}));

export const zAggregateRequestsByStatusPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zAggregateRequestsByStatusResponse = /* @__PURE__ */ lazy(() => z.array(z.union([zAnalyticsTotalCount(), zAnalyticsStatusCount()])));

export { zAggregateRequestsByStatusPath as path, zAggregateRequestsByStatusResponse as response };
