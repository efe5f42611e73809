// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of deleteGroup that no other operation uses, and its parts as `path`, `query`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zGroup } from './shared.zGroup.gen';
import { zGroupUpserted } from './shared.zGroupUpserted.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zSuccessMessage } from './shared.zSuccessMessage.gen';

export const zDeleteGroupPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zDeleteGroupQuery = /* @__PURE__ */ lazy(() => z.object({
    force: z._default(z.optional(z.boolean()), false)
}));

export const zDeleteGroupResponse = /* @__PURE__ */ lazy(() => z.nullable(z.union([
    zSuccessMessage(),
    zGroup(),
    zGroupUpserted()
])));

export { zDeleteGroupPath as path, zDeleteGroupQuery as query, zDeleteGroupResponse as response };
