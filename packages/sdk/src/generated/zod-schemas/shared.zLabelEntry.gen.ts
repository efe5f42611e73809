// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 6 operations: listLabels, upsertLabels, deleteLabels, getLabels, setDefaultLabels, cloneDefaultLabels.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zLabelData } from './shared.zLabelData.gen';
import { zObjectId } from './shared.zObjectId.gen';

export const zLabelEntry = /* @__PURE__ */ lazy(() => z.object({
    _id: z.optional(zObjectId()),
    lang: z.string().check(z.minLength(1)),
    data: z.optional(z.union([
        zLabelData(),
        z.union([
            z.array(z.unknown()),
            z.string(),
            z.number(),
            z.boolean()
        ])
    ])),
    category: z.optional(z.string()),
    default: z.optional(z.boolean())
}));
