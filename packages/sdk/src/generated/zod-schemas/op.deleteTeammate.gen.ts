// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of deleteTeammate that no other operation uses, and its parts as `path`, `query`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTeammate } from './shared.zTeammateStatus.gen';
import { zTeammateUpserted } from './shared.zTeammateUpserted.gen';

export const zDeleteTeammatePath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    project_user_id: zObjectId()
}));

export const zDeleteTeammateQuery = /* @__PURE__ */ lazy(() => z.object({
    soft: z._default(z.optional(z.boolean()), false),
    hard: z._default(z.optional(z.boolean()), false)
}));

export const zDeleteTeammateResponse = /* @__PURE__ */ lazy(() => z.union([
    zTeammate(),
    zTeammateUpserted()
]));

export { zDeleteTeammatePath as path, zDeleteTeammateQuery as query, zDeleteTeammateResponse as response };
