// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of listSegments that no other operation uses, and its parts as `path`, `query`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zSegment } from './shared.zSegmentMatch.gen';

export const zSegmentList = /* @__PURE__ */ lazy(() => z.object({
    perPage: z.nullable(z.int()),
    count: z.int(),
    segments: z.array(zSegment())
}));

export const zListSegmentsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListSegmentsQuery = /* @__PURE__ */ lazy(() => z.object({
    limit: z._default(z.optional(z.int().check(z.gte(1))), 40),
    page: z._default(z.optional(z.int().check(z.gte(0))), 0),
    sortField: z._default(z.optional(z.string().check(z.regex(/^(?:[^$.][^.]*(?:\.[^$.][^.]*)*)?$/))), 'createdAt'),
    sort: z._default(z.optional(z.string().check(z.regex(/^(?:[^$.][^.]*(?:\.[^$.][^.]*)*)?$/))), 'createdAt'),
    direction: z._default(z.optional(z.union([z.literal(-1), z.literal(1)])), -1)
}));

export const zListSegmentsResponse = /* @__PURE__ */ lazy(() => zSegmentList());

export { zListSegmentsPath as path, zListSegmentsQuery as query, zListSegmentsResponse as response };
