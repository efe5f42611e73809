// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 2 operations: listDepartments, getDepartment.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTimestamp } from './shared.zTimestamp.gen';

export const zDepartment = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: zObjectId(),
    name: z.string(),
    description: z.optional(z.string()),
    id_project: z.string(),
    routing: z.union([
        z.enum([
            'pooled',
            'assigned',
            'fixed'
        ]),
        z.string()
    ]),
    default: z.boolean(),
    status: z.int(),
    id_group: z.nullish(z.string()),
    id_bot: z.nullish(z.string()),
    bot_only: z.optional(z.boolean()),
    groups: z.array(z.record(z.string(), z.unknown())),
    tags: z.array(z.record(z.string(), z.unknown())),
    online_msg: z.optional(z.string()),
    offline_msg: z.optional(z.string()),
    hasBot: z.boolean(),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));
