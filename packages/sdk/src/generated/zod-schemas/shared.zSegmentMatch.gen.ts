// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 5 operations: listSegments, createSegment, deleteSegment, getSegment, updateSegment.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTimestamp } from './shared.zTimestamp.gen';

export const zSegmentMatch = /* @__PURE__ */ lazy(() => z.enum(['all', 'any']));

export const zSegmentFilter = /* @__PURE__ */ lazy(() => z.object({
    field: z.nullish(z.string()),
    operator: z.nullish(z.string()),
    value: z.optional(z.unknown())
}));

export const zSegment = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: z.optional(zObjectId()),
    name: z.string(),
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
    id_project: zObjectId(),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));
