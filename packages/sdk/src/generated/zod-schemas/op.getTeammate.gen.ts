// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of getTeammate that no other operation uses, and its parts as `path`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTeammate } from './shared.zTeammateStatus.gen';

export const zGetTeammatePath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    project_user_id: zObjectId()
}));

export const zGetTeammateResponse = /* @__PURE__ */ lazy(() => z.intersection(zTeammate(), z.object({
    isBusy: z.boolean()
})));

export { zGetTeammatePath as path, zGetTeammateResponse as response };
