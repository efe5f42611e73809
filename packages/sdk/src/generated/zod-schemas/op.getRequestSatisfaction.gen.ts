// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of getRequestSatisfaction that no other operation uses, and its parts as `path`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';

export const zAnalyticsSatisfaction = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    satisfaction_avg: z.nullable(z.number())
}));

export const zGetRequestSatisfactionPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zGetRequestSatisfactionResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsSatisfaction()).check(z.maxLength(1)));

export { zGetRequestSatisfactionPath as path, zGetRequestSatisfactionResponse as response };
