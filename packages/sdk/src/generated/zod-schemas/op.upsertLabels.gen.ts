// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of upsertLabels that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zLabelWriteResult } from './shared.zLabelWriteResult.gen';
import { zStorableKey } from './shared.zStorableKey.gen';

export const zLabelDataInput = /* @__PURE__ */ lazy(() => z.record(zStorableKey(), z.union([
    z.string(),
    z.array(z.string())
])).check(z.refine(value => Object.keys(value).length >= 1, { message: 'Too small: expected object to have >=1 properties' })));

export const zLabelUpsertRequest = /* @__PURE__ */ lazy(() => z.object({
    lang: z.string().check(z.minLength(1)),
    data: zLabelDataInput(),
    default: z.optional(z.boolean()),
    category: z.optional(z.string())
}));

export const zUpsertLabelsBody = /* @__PURE__ */ lazy(() => zLabelUpsertRequest());

export const zUpsertLabelsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zUpsertLabelsResponse = /* @__PURE__ */ lazy(() => zLabelWriteResult());

export { zUpsertLabelsPath as path, zUpsertLabelsBody as body, zUpsertLabelsResponse as response };
