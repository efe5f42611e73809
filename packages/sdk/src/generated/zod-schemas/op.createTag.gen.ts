// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of createTag that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zTag } from './shared.zTag.gen';
import { zTagInput } from './shared.zTagInput.gen';

export const zCreateTagBody = /* @__PURE__ */ lazy(() => zTagInput());

export const zCreateTagPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCreateTagResponse = /* @__PURE__ */ lazy(() => zTag());

export { zCreateTagPath as path, zCreateTagBody as body, zCreateTagResponse as response };
