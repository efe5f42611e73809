// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of getContent that no other operation uses, and its parts as `path`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zContent } from './shared.zContentStatus.gen';
import { zObjectId } from './shared.zObjectId.gen';

export const zGetContentPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    content_id: zObjectId()
}));

export const zGetContentResponse = /* @__PURE__ */ lazy(() => zContent());

export { zGetContentPath as path, zGetContentResponse as response };
