// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of listConversations that no other operation uses, and its parts as `path`, `query`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zStoredConversation } from './shared.zStoredConversation.gen';

export const zConversationList = /* @__PURE__ */ lazy(() => z.object({
    perPage: z.nullable(z.int()),
    count: z.int(),
    requests: z.array(zStoredConversation())
}));

export const zListConversationsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListConversationsQuery = /* @__PURE__ */ lazy(() => z.object({
    status: z.optional(z.string().check(z.minLength(1))),
    page: z._default(z.optional(z.int().check(z.gte(0))), 0),
    limit: z._default(z.optional(z.int().check(z.gte(1), z.lte(100))), 40),
    sort: z._default(z.optional(z.string().check(z.regex(/^(?:[^$.][^.]*(?:\.[^$.][^.]*)*)?$/))), 'createdAt'),
    direction: z._default(z.optional(z.union([z.literal(-1), z.literal(1)])), -1),
    dept_id: z.optional(zObjectId()),
    lead: z.optional(zObjectId()),
    participant: z.optional(z.string().check(z.minLength(1))),
    requester_email: z.optional(z.string().check(z.minLength(1))),
    hasbot: z.optional(z.boolean()),
    ticket_id: z.optional(z.int().check(z.gte(1))),
    preflight: z._default(z.optional(z.boolean()), false),
    no_populate: z._default(z.optional(z.boolean()), false),
    no_count: z._default(z.optional(z.boolean()), false)
}));

export const zListConversationsResponse = /* @__PURE__ */ lazy(() => zConversationList());

export { zListConversationsPath as path, zListConversationsQuery as query, zListConversationsResponse as response };
