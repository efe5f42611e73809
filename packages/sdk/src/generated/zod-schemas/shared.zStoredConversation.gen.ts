// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 4 operations: listConversations, getConversation, closeConversation, reopenConversation.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zConversation } from './shared.zConversation.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTimestamp } from './shared.zTimestamp.gen';

export const zStoredConversation = /* @__PURE__ */ lazy(() => z.intersection(zConversation(), z.object({
    _id: zObjectId(),
    request_id: z.string(),
    first_text: z.string(),
    status: z.number(),
    participants: z.array(z.string()),
    hasBot: z.boolean(),
    id_project: zObjectId(),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
})));
