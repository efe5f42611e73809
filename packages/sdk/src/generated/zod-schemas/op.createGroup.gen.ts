// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of createGroup that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zGroup } from './shared.zGroup.gen';

export const zGroupCreateRequest = /* @__PURE__ */ lazy(() => z.object({
    name: z.string().check(z.minLength(1)),
    members: z.optional(z.array(z.string()))
}));

export const zCreateGroupBody = /* @__PURE__ */ lazy(() => zGroupCreateRequest());

export const zCreateGroupPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCreateGroupResponse = /* @__PURE__ */ lazy(() => zGroup());

export { zCreateGroupPath as path, zCreateGroupBody as body, zCreateGroupResponse as response };
