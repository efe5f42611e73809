// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of createLead that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zLead } from './shared.zLead.gen';
import { zStorableObject } from './shared.zStorableValue4.gen';

export const zLeadCreateRequest = /* @__PURE__ */ lazy(() => z.object({
    email: z.nullish(z.email({ pattern: /^[a-zA-Z0-9.!#$%&'*+\/=?^_\`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/ })),
    lead_id: z.nullish(z.string().check(z.minLength(1))),
    fullname: z.nullish(z.string()),
    attributes: z.nullish(zStorableObject())
}));

export const zCreateLeadBody = /* @__PURE__ */ lazy(() => zLeadCreateRequest());

export const zCreateLeadPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCreateLeadResponse = /* @__PURE__ */ lazy(() => zLead());

export { zCreateLeadPath as path, zCreateLeadBody as body, zCreateLeadResponse as response };
