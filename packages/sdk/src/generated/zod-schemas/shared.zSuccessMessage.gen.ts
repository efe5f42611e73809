// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 2 operations: deleteKnowledgeBase, deleteGroup.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';

export const zSuccessMessage = /* @__PURE__ */ lazy(() => z.object({
    success: z.literal(true),
    message: z.string()
}));
