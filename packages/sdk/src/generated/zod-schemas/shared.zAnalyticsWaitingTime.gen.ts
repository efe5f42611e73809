// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 2 operations: getRequestWaitingTime, getRequestWaitingTimeLastDay.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';

export const zAnalyticsWaitingTime = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    waiting_time_avg: z.nullable(z.number())
}));
