// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of getRequestDuration that no other operation uses, and its parts as `path`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';

export const zAnalyticsDuration = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    duration_avg: z.nullable(z.number())
}));

export const zGetRequestDurationPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zGetRequestDurationResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsDuration()).check(z.maxLength(1)));

export { zGetRequestDurationPath as path, zGetRequestDurationResponse as response };
