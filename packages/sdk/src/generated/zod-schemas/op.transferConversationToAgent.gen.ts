// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of transferConversationToAgent that no other operation uses, and its parts as `path`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zStoredConversation } from './shared.zStoredConversation.gen';

export const zTransferConversationToAgentPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    request_id: z.string().check(z.minLength(1))
}));

export const zTransferConversationToAgentResponse = /* @__PURE__ */ lazy(() => zStoredConversation());

export { zTransferConversationToAgentPath as path, zTransferConversationToAgentResponse as response };
