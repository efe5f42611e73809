// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of listTeammates that no other operation uses, and its parts as `path`, `query`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zTeammateStatus, zTeammate } from './shared.zTeammateStatus.gen';

export const zListTeammatesPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListTeammatesQuery = /* @__PURE__ */ lazy(() => z.object({
    role: z.optional(z.string()),
    trashed: z._default(z.optional(z.boolean()), false),
    presencestatus: z.optional(z.enum(['online', 'offline'])),
    status: z.optional(zTeammateStatus())
}));

export const zListTeammatesResponse = /* @__PURE__ */ lazy(() => z.array(z.intersection(zTeammate(), z.object({
    isBusy: z.boolean()
}))));

export { zListTeammatesPath as path, zListTeammatesQuery as query, zListTeammatesResponse as response };
