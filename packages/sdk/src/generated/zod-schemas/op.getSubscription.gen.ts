// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of getSubscription that no other operation uses, and its parts as `path`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zSubscriptionSummary, zSubscriptionUpserted } from './shared.zSubscriptionSummary.gen';

export const zGetSubscriptionPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    subscription_id: zObjectId()
}));

export const zGetSubscriptionResponse = /* @__PURE__ */ lazy(() => z.union([
    zSubscriptionSummary(),
    zSubscriptionUpserted()
]));

export { zGetSubscriptionPath as path, zGetSubscriptionResponse as response };
