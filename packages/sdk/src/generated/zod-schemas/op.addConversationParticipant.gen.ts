// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of addConversationParticipant that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zStoredConversation } from './shared.zStoredConversation.gen';

export const zConversationParticipantAddRequest = /* @__PURE__ */ lazy(() => z.object({
    member: z.string().check(z.minLength(1), z.regex(/^(bot_)?[0-9a-fA-F]{24}$/))
}));

export const zAddConversationParticipantBody = /* @__PURE__ */ lazy(() => zConversationParticipantAddRequest());

export const zAddConversationParticipantPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    request_id: z.string().check(z.minLength(1))
}));

export const zAddConversationParticipantResponse = /* @__PURE__ */ lazy(() => zStoredConversation());

export { zAddConversationParticipantPath as path, zAddConversationParticipantBody as body, zAddConversationParticipantResponse as response };
