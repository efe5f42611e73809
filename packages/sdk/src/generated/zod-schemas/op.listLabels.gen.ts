// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of listLabels that no other operation uses, and its parts as `path`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zLabelDocument } from './shared.zLabelDocument.gen';

export const zNoLabelDocument = /* @__PURE__ */ lazy(() => z.record(z.string(), z.never()));

export const zListLabelsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListLabelsResponse = /* @__PURE__ */ lazy(() => z.union([
    zLabelDocument(),
    zNoLabelDocument()
]));

export { zListLabelsPath as path, zListLabelsResponse as response };
