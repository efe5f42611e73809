// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 5 operations: listLeads, createLead, deleteLead, getLead, updateLead.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zStoredAttributes } from './shared.zAttributes.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTimestamp } from './shared.zTimestamp.gen';

export const zLead = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: z.optional(zObjectId()),
    lead_id: z.string(),
    fullname: z.nullish(z.string()),
    email: z.nullish(z.string()),
    phone: z.nullish(z.string()),
    company: z.optional(z.string()),
    note: z.optional(z.string()),
    streetAddress: z.optional(z.string()),
    city: z.optional(z.string()),
    region: z.optional(z.string()),
    zipcode: z.optional(z.string()),
    country: z.optional(z.string()),
    tags: z.array(z.string()),
    attributes: z.nullish(zStoredAttributes()),
    properties: z.optional(z.record(z.string(), z.unknown())),
    status: z.union([
        z.union([
            z.literal(50),
            z.literal(100),
            z.literal(1000)
        ]),
        z.number()
    ]),
    id_project: zObjectId(),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));
