// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 5 operations: upsertLabels, deleteLabels, setDefaultLabels, listDefaultLabels, getDefaultLabels.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zLabelData } from './shared.zLabelData.gen';

export const zLabelTranslation = /* @__PURE__ */ lazy(() => z.object({
    lang: z.string(),
    data: zLabelData()
}));
