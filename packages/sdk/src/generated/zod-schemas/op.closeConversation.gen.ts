// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of closeConversation that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zStoredConversation } from './shared.zStoredConversation.gen';

export const zConversationCloseRequest = /* @__PURE__ */ lazy(() => z.object({
    force: z.nullish(z.boolean())
}));

export const zCloseConversationBody = /* @__PURE__ */ lazy(() => zConversationCloseRequest());

export const zCloseConversationPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    request_id: z.string().check(z.minLength(1))
}));

export const zCloseConversationResponse = /* @__PURE__ */ lazy(() => zStoredConversation());

export { zCloseConversationPath as path, zCloseConversationBody as body, zCloseConversationResponse as response };
