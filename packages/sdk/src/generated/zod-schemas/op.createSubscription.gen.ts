// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of createSubscription that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zSubscriptionEvent } from './shared.zSubscriptionEvent.gen';
import { zTimestamp } from './shared.zTimestamp.gen';

export const zSubscriptionCreateRequest = /* @__PURE__ */ lazy(() => z.object({
    event: z.union([
        zSubscriptionEvent(),
        z.string().check(z.minLength(1))
    ]),
    target: z.url().check(z.regex(/^[Hh][Tt][Tt][Pp][Ss]?:\/\//))
}));

export const zSubscription = /* @__PURE__ */ lazy(() => z.object({
    secret: z.string(),
    _id: zObjectId(),
    target: z.string(),
    event: z.string(),
    id_project: zObjectId(),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int(),
    global: z._default(z.optional(z.boolean()), false)
}));

export const zCreateSubscriptionBody = /* @__PURE__ */ lazy(() => zSubscriptionCreateRequest());

export const zCreateSubscriptionPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCreateSubscriptionResponse = /* @__PURE__ */ lazy(() => zSubscription());

export { zCreateSubscriptionPath as path, zCreateSubscriptionBody as body, zCreateSubscriptionResponse as response };
