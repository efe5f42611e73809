// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of getTeammateByUserId that no other operation uses, and its parts as `path`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zTeammate } from './shared.zTeammateStatus.gen';

export const zGetTeammateByUserIdPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    user_id: z.string().check(z.minLength(1))
}));

export const zGetTeammateByUserIdResponse = /* @__PURE__ */ lazy(() => z.tuple([z.intersection(zTeammate(), z.object({
        isBusy: z.boolean()
    }))]));

export { zGetTeammateByUserIdPath as path, zGetTeammateByUserIdResponse as response };
