// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of deleteLabels that no other operation uses, and its parts as `path`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zLabelWriteResult } from './shared.zLabelWriteResult.gen';

export const zDeleteLabelsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    lang: z.string().check(z.minLength(1))
}));

export const zDeleteLabelsResponse = /* @__PURE__ */ lazy(() => zLabelWriteResult());

export { zDeleteLabelsPath as path, zDeleteLabelsResponse as response };
