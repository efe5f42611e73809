// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of deleteTag that no other operation uses, and its parts as `path`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zDeleteResult } from './shared.zDeleteResult.gen';
import { zObjectId } from './shared.zObjectId.gen';

export const zDeleteTagPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zDeleteTagResponse = /* @__PURE__ */ lazy(() => zDeleteResult());

export { zDeleteTagPath as path, zDeleteTagResponse as response };
