// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of cloneDefaultLabels that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zLabelDocument } from './shared.zLabelDocument.gen';

export const zLabelCloneRequest = /* @__PURE__ */ lazy(() => z.object({
    lang: z.string().check(z.minLength(1))
}));

export const zCloneDefaultLabelsBody = /* @__PURE__ */ lazy(() => zLabelCloneRequest());

export const zCloneDefaultLabelsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCloneDefaultLabelsResponse = /* @__PURE__ */ lazy(() => zLabelDocument());

export { zCloneDefaultLabelsPath as path, zCloneDefaultLabelsBody as body, zCloneDefaultLabelsResponse as response };
