// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of updateConversation that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zStorableObject } from './shared.zStorableValue4.gen';
import { zStoredConversation } from './shared.zStoredConversation.gen';

export const zConversationUpdateRequest = /* @__PURE__ */ lazy(() => z.object({
    lead: z.nullish(z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))),
    status: z.nullish(z.int().check(z.gte(0))),
    tags: z.nullish(z.array(z.object({
        tag: z.string(),
        color: z.optional(z.string()),
        attributes: z.optional(zStorableObject())
    }))),
    rating: z.nullish(z.number()),
    rating_message: z.nullish(z.string()),
    sourcePage: z.nullish(z.string()),
    language: z.nullish(z.string()),
    first_text: z.nullish(z.string()),
    subject: z.nullish(z.string()),
    location: z.nullish(z.object({
        country: z.optional(z.string()),
        city: z.optional(z.string()),
        streetAddress: z.optional(z.string()),
        region: z.optional(z.string()),
        zipcode: z.optional(z.string()),
        ipAddress: z.optional(z.string()),
        geometry: z.optional(z.object({
            type: z.optional(z.enum(['Point'])),
            coordinates: z.optional(z.array(z.number()))
        }))
    })),
    priority: z.nullish(z.string()),
    smartAssignment: z.nullish(z.boolean()),
    workingStatus: z.nullish(z.string()),
    channelName: z.nullish(z.string())
}));

export const zUpdateConversationBody = /* @__PURE__ */ lazy(() => zConversationUpdateRequest());

export const zUpdateConversationPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    request_id: z.string().check(z.minLength(1))
}));

export const zUpdateConversationResponse = /* @__PURE__ */ lazy(() => zStoredConversation());

export { zUpdateConversationPath as path, zUpdateConversationBody as body, zUpdateConversationResponse as response };
