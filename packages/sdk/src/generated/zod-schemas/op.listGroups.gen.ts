// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of listGroups that no other operation uses, and its parts as `path`, `query`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zGroup } from './shared.zGroup.gen';

export const zListGroupsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListGroupsQuery = /* @__PURE__ */ lazy(() => z.object({
    member: z.optional(z.string())
}));

export const zListGroupsResponse = /* @__PURE__ */ lazy(() => z.array(zGroup()));

export { zListGroupsPath as path, zListGroupsQuery as query, zListGroupsResponse as response };
