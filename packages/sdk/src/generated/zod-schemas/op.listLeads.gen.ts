// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of listLeads that no other operation uses, and its parts as `path`, `query`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zLead } from './shared.zLead.gen';
import { zObjectId } from './shared.zObjectId.gen';

export const zLeadList = /* @__PURE__ */ lazy(() => z.object({
    perPage: z.nullable(z.int()),
    count: z.int(),
    leads: z.array(zLead())
}));

export const zListLeadsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListLeadsQuery = /* @__PURE__ */ lazy(() => z.object({
    sortField: z._default(z.optional(z.string().check(z.regex(/^(?:[^$.][^.]*(?:\.[^$.][^.]*)*)?$/))), 'createdAt'),
    sort: z._default(z.optional(z.string().check(z.regex(/^(?:[^$.][^.]*(?:\.[^$.][^.]*)*)?$/))), 'createdAt'),
    direction: z._default(z.optional(z.union([z.literal(-1), z.literal(1)])), -1),
    email: z.optional(z.string()),
    page: z._default(z.optional(z.int().check(z.gte(0))), 0),
    limit: z._default(z.optional(z.int().check(z.gte(1))), 40),
    full_text: z.optional(z.string()),
    segment: z.optional(zObjectId()),
    tags: z.optional(z.string()),
    with_email: z.optional(z.boolean()),
    with_fullname: z.optional(z.boolean()),
    status: z._default(z.optional(z.union([
        z.literal(50),
        z.literal(100),
        z.literal(1000)
    ])), 100)
}));

export const zListLeadsResponse = /* @__PURE__ */ lazy(() => zLeadList());

export { zListLeadsPath as path, zListLeadsQuery as query, zListLeadsResponse as response };
