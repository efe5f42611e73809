// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of getRequestWaitingTime that no other operation uses, and its parts as `path`, `query`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zAnalyticsWaitingTime } from './shared.zAnalyticsWaitingTime.gen';

export const zGetRequestWaitingTimePath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zGetRequestWaitingTimeQuery = /* @__PURE__ */ lazy(() => z.object({
    last: z._default(z.optional(z.int().check(z.gte(1))), 2592000)
}));

export const zGetRequestWaitingTimeResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsWaitingTime()).check(z.maxLength(1)));

export { zGetRequestWaitingTimePath as path, zGetRequestWaitingTimeQuery as query, zGetRequestWaitingTimeResponse as response };
