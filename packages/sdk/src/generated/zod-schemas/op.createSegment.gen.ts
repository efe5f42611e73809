// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of createSegment that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zSegmentFilterInput } from './shared.zSegmentFilterInput.gen';
import { zSegmentMatch, zSegment } from './shared.zSegmentMatch.gen';

export const zSegmentInput = /* @__PURE__ */ lazy(() => z.object({
    name: z.string().check(z.minLength(1)),
    match: z._default(z.optional(zSegmentMatch()), 'all'),
    filters: z.optional(z.array(zSegmentFilterInput()))
}));

export const zCreateSegmentBody = /* @__PURE__ */ lazy(() => zSegmentInput());

export const zCreateSegmentPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCreateSegmentResponse = /* @__PURE__ */ lazy(() => zSegment());

export { zCreateSegmentPath as path, zCreateSegmentBody as body, zCreateSegmentResponse as response };
