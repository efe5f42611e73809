// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of getTag that no other operation uses, and its parts as `path`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTag } from './shared.zTag.gen';
import { zTagUpserted } from './shared.zTagUpserted.gen';

export const zGetTagPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zGetTagResponse = /* @__PURE__ */ lazy(() => z.union([
    zTag(),
    zTagUpserted()
]));

export { zGetTagPath as path, zGetTagResponse as response };
