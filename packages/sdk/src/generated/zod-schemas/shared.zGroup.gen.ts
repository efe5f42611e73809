// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 5 operations: listGroups, createGroup, deleteGroup, getGroup, updateGroup.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zStoredAttributes } from './shared.zAttributes.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTimestamp } from './shared.zTimestamp.gen';

export const zGroup = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: z.optional(zObjectId()),
    name: z.string(),
    members: z.nullable(z.array(z.unknown())),
    trashed: z.boolean(),
    enabled: z.optional(z.boolean()),
    attributes: z.optional(zStoredAttributes()),
    id_project: zObjectId(),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));
