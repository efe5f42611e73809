// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 4 operations: countRequests, aggregateRequestsByStatus, countRequestsWithBot, countMessages.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';

export const zAnalyticsTotalCount = /* @__PURE__ */ lazy(() => z.object({
    totalCount: z.int().check(z.gte(1))
}));
