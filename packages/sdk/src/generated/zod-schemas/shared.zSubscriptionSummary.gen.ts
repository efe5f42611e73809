// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 4 operations: listSubscriptions, deleteSubscription, getSubscription, updateSubscription.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTimestamp } from './shared.zTimestamp.gen';

export const zSubscriptionSummary = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    target: z.nullable(z.string()),
    event: z.nullable(z.string()),
    id_project: z.nullable(z.string()),
    createdBy: z.nullable(z.string()),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));

export const zSubscriptionUpserted = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    target: z.nullish(z.string()),
    event: z.nullish(z.string()),
    id_project: z.nullish(z.string()),
    createdBy: z.nullish(z.string()),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));
