// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of updateCurrentTeammate that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zTeammate } from './shared.zTeammateStatus.gen';
import { zTeammateUpdateRequest } from './shared.zTeammateTagInput.gen';

export const zUpdateCurrentTeammateBody = /* @__PURE__ */ lazy(() => zTeammateUpdateRequest());

export const zUpdateCurrentTeammatePath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zUpdateCurrentTeammateResponse = /* @__PURE__ */ lazy(() => zTeammate());

export { zUpdateCurrentTeammatePath as path, zUpdateCurrentTeammateBody as body, zUpdateCurrentTeammateResponse as response };
