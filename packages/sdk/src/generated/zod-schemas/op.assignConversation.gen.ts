// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of assignConversation that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zStoredConversation } from './shared.zStoredConversation.gen';

export const zConversationAssignRequest = /* @__PURE__ */ lazy(() => z.object({
    departmentid: z.optional(z.string().check(z.regex(/^(default|[0-9a-fA-F]{24})$/))),
    nobot: z.optional(z.boolean()),
    no_populate: z.optional(z.boolean())
}));

export const zAssignConversationBody = /* @__PURE__ */ lazy(() => zConversationAssignRequest());

export const zAssignConversationPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    request_id: z.string().check(z.minLength(1))
}));

export const zAssignConversationResponse = /* @__PURE__ */ lazy(() => zStoredConversation());

export { zAssignConversationPath as path, zAssignConversationBody as body, zAssignConversationResponse as response };
