// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 2 operations: listLabels, cloneDefaultLabels.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zStoredAttributes } from './shared.zAttributes.gen';
import { zLabelEntry } from './shared.zLabelEntry.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTimestamp } from './shared.zTimestamp.gen';

export const zLabelDocument = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: z.optional(zObjectId()),
    data: z.union([
        z.array(z.intersection(zLabelEntry(), z.object({
            _id: zObjectId(),
            default: z.boolean()
        }))),
        zLabelEntry()
    ]),
    attributes: z.optional(zStoredAttributes()),
    id_project: zObjectId(),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));
