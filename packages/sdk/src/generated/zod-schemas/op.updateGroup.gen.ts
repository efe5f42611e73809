// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of updateGroup that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zGroup } from './shared.zGroup.gen';
import { zGroupUpserted } from './shared.zGroupUpserted.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zStorableObject } from './shared.zStorableValue4.gen';

export const zGroupUpdateRequest = /* @__PURE__ */ lazy(() => z.object({
    name: z.nullish(z.string().check(z.minLength(1))),
    members: z.nullish(z.array(z.string())),
    trashed: z.nullish(z.boolean()),
    attributes: z.nullish(zStorableObject())
}));

export const zUpdateGroupBody = /* @__PURE__ */ lazy(() => zGroupUpdateRequest());

export const zUpdateGroupPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zUpdateGroupResponse = /* @__PURE__ */ lazy(() => z.union([
    zGroup(),
    zGroupUpserted()
]));

export { zUpdateGroupPath as path, zUpdateGroupBody as body, zUpdateGroupResponse as response };
