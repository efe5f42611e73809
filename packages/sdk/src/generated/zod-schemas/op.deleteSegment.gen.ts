// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of deleteSegment that no other operation uses, and its parts as `path`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zSegment } from './shared.zSegmentMatch.gen';
import { zSegmentUpserted } from './shared.zSegmentUpserted.gen';

export const zDeleteSegmentPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zDeleteSegmentResponse = /* @__PURE__ */ lazy(() => z.union([
    zSegment(),
    zSegmentUpserted()
]));

export { zDeleteSegmentPath as path, zDeleteSegmentResponse as response };
