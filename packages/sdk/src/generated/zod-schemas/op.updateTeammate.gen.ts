// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of updateTeammate that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTeammateStatus, zTeammate } from './shared.zTeammateStatus.gen';
import { zTeammateUpdateRequest } from './shared.zTeammateTagInput.gen';
import { zTeammateUpserted } from './shared.zTeammateUpserted.gen';

export const zTeammateAdminUpdateRequest = /* @__PURE__ */ lazy(() => z.intersection(zTeammateUpdateRequest(), z.object({
    status: z.nullish(zTeammateStatus())
})));

export const zUpdateTeammateBody = /* @__PURE__ */ lazy(() => zTeammateAdminUpdateRequest());

export const zUpdateTeammatePath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    project_user_id: zObjectId()
}));

export const zUpdateTeammateResponse = /* @__PURE__ */ lazy(() => z.union([
    zTeammate(),
    zTeammateUpserted()
]));

export { zUpdateTeammatePath as path, zUpdateTeammateBody as body, zUpdateTeammateResponse as response };
