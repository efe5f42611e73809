// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of setConversationParticipants that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zStoredConversation } from './shared.zStoredConversation.gen';

export const zConversationParticipantsSetRequest = /* @__PURE__ */ lazy(() => z.array(z.string().check(z.regex(/^(bot_)?[0-9a-fA-F]{24}$/))));

export const zSetConversationParticipantsBody = /* @__PURE__ */ lazy(() => zConversationParticipantsSetRequest());

export const zSetConversationParticipantsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    request_id: z.string().check(z.minLength(1))
}));

export const zSetConversationParticipantsResponse = /* @__PURE__ */ lazy(() => zStoredConversation());

export { zSetConversationParticipantsPath as path, zSetConversationParticipantsBody as body, zSetConversationParticipantsResponse as response };
