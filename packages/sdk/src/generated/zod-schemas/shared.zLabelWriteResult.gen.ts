// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 3 operations: upsertLabels, deleteLabels, setDefaultLabels.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zLabelEntry } from './shared.zLabelEntry.gen';
import { zLabelTranslation } from './shared.zLabelTranslation.gen';

export const zLabelWriteResult = /* @__PURE__ */ lazy(() => z.union([
    zLabelEntry(),
    z.array(zLabelTranslation())
]));
