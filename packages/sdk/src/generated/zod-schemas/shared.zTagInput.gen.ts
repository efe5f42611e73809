// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 2 operations: createTag, updateTag.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zAttributes } from './shared.zAttributes.gen';

export const zTagInput = /* @__PURE__ */ lazy(() => z.object({
    tag: z.string().check(z.minLength(1)),
    color: z.nullish(z.string()),
    attributes: z.optional(zAttributes())
}));
