// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of getDefaultLabels that no other operation uses, and its parts as `path`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zLabelTranslation } from './shared.zLabelTranslation.gen';

export const zGetDefaultLabelsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    lang: z.enum([
        'EN',
        'IT',
        'FR',
        'ES',
        'DE',
        'PT',
        'RU',
        'TR',
        'SR',
        'AR',
        'UK',
        'SV',
        'KK',
        'UZ',
        'AZ'
    ])
}));

export const zGetDefaultLabelsResponse = /* @__PURE__ */ lazy(() => zLabelTranslation());

export { zGetDefaultLabelsPath as path, zGetDefaultLabelsResponse as response };
