// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 8 operations: listLabels, upsertLabels, deleteLabels, getLabels, setDefaultLabels, listDefaultLabels, getDefaultLabels, cloneDefaultLabels.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';

export const zLabelData = /* @__PURE__ */ lazy(() => z.record(z.string(), z.unknown()));
