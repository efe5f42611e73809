// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of updateSegment that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zSegmentFilterInput } from './shared.zSegmentFilterInput.gen';
import { zSegmentMatch, zSegment } from './shared.zSegmentMatch.gen';
import { zSegmentUpserted } from './shared.zSegmentUpserted.gen';

export const zSegmentUpdateInput = /* @__PURE__ */ lazy(() => z.object({
    name: z.nullish(z.string().check(z.minLength(1))),
    match: z.nullish(zSegmentMatch()),
    filters: z.nullish(z.array(zSegmentFilterInput()))
}));

export const zUpdateSegmentBody = /* @__PURE__ */ lazy(() => zSegmentUpdateInput());

export const zUpdateSegmentPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zUpdateSegmentResponse = /* @__PURE__ */ lazy(() => z.union([
    zSegment(),
    zSegmentUpserted()
]));

export { zUpdateSegmentPath as path, zUpdateSegmentBody as body, zUpdateSegmentResponse as response };
