// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of aggregateMessagesByDay that no other operation uses, and its parts as `path`, `query`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zAnalyticsDayCount } from './shared.zAnalyticsDayCount.gen';

export const zAggregateMessagesByDayPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zAggregateMessagesByDayQuery = /* @__PURE__ */ lazy(() => z.object({
    lastdays: z._default(z.optional(z.int().check(z.gte(1))), 7),
    sender: z.optional(z.string()),
    recipient: z.optional(z.string()),
    channel: z.optional(z.string())
}));

export const zAggregateMessagesByDayResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsDayCount()));

export { zAggregateMessagesByDayPath as path, zAggregateMessagesByDayQuery as query, zAggregateMessagesByDayResponse as response };
