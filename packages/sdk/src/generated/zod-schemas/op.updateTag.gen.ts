// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of updateTag that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTag } from './shared.zTag.gen';
import { zTagInput } from './shared.zTagInput.gen';
import { zTagUpserted } from './shared.zTagUpserted.gen';

export const zUpdateTagBody = /* @__PURE__ */ lazy(() => zTagInput());

export const zUpdateTagPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zUpdateTagResponse = /* @__PURE__ */ lazy(() => z.union([
    zTag(),
    zTagUpserted()
]));

export { zUpdateTagPath as path, zUpdateTagBody as body, zUpdateTagResponse as response };
