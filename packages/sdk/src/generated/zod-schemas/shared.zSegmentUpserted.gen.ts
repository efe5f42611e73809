// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 3 operations: deleteSegment, getSegment, updateSegment.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zSegmentMatch, zSegmentFilter } from './shared.zSegmentMatch.gen';
import { zTimestamp } from './shared.zTimestamp.gen';

export const zSegmentUpserted = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: z.optional(zObjectId()),
    name: z.optional(z.string()),
    match: z.union([
        zSegmentMatch(),
        z.string()
    ]),
    filters: z.nullable(z.array(z.union([zSegmentFilter(), z.nullable(z.union([
            z.boolean(),
            z.number(),
            z.string()
        ]))]))),
    status: z.union([z.literal(100), z.literal(0)]),
    id_project: z.optional(zObjectId()),
    createdBy: z.optional(z.string()),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));
