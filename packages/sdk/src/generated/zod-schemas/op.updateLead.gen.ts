// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of updateLead that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zLead } from './shared.zLead.gen';
import { zLeadUpserted } from './shared.zLeadUpserted.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zStorableObject } from './shared.zStorableValue4.gen';

export const zLeadUpdateRequest = /* @__PURE__ */ lazy(() => z.object({
    email: z.nullish(z.email({ pattern: /^[a-zA-Z0-9.!#$%&'*+\/=?^_\`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/ })),
    fullname: z.nullish(z.string()),
    phone: z.nullish(z.string()),
    company: z.nullish(z.string()),
    note: z.nullish(z.string()),
    streetAddress: z.nullish(z.string()),
    city: z.nullish(z.string()),
    region: z.nullish(z.string()),
    zipcode: z.nullish(z.string()),
    country: z.nullish(z.string()),
    attributes: z.nullish(zStorableObject()),
    tags: z.nullish(z.array(z.string())),
    status: z.nullish(z.union([
        z.literal(50),
        z.literal(100),
        z.literal(1000)
    ]))
}));

export const zUpdateLeadBody = /* @__PURE__ */ lazy(() => zLeadUpdateRequest());

export const zUpdateLeadPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zUpdateLeadResponse = /* @__PURE__ */ lazy(() => z.union([
    zLead(),
    zLeadUpserted()
]));

export { zUpdateLeadPath as path, zUpdateLeadBody as body, zUpdateLeadResponse as response };
