// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 2 operations: deleteTag, deleteAllLabels.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';

export const zDeleteResult = /* @__PURE__ */ lazy(() => z.object({
    n: z.int(),
    ok: z.number(),
    deletedCount: z.int(),
    acknowledged: z.optional(z.boolean())
}));
