// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of updateSubscription that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zSubscriptionEvent } from './shared.zSubscriptionEvent.gen';
import { zSubscriptionSummary, zSubscriptionUpserted } from './shared.zSubscriptionSummary.gen';

export const zSubscriptionUpdateRequest = /* @__PURE__ */ lazy(() => z.object({
    event: z.optional(z.union([
        zSubscriptionEvent(),
        z.string().check(z.minLength(1))
    ])),
    target: z.optional(z.url().check(z.regex(/^[Hh][Tt][Tt][Pp][Ss]?:\/\//)))
}));

export const zUpdateSubscriptionBody = /* @__PURE__ */ lazy(() => zSubscriptionUpdateRequest());

export const zUpdateSubscriptionPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    subscription_id: zObjectId()
}));

export const zUpdateSubscriptionResponse = /* @__PURE__ */ lazy(() => z.union([
    zSubscriptionSummary(),
    zSubscriptionUpserted()
]));

export { zUpdateSubscriptionPath as path, zUpdateSubscriptionBody as body, zUpdateSubscriptionResponse as response };
