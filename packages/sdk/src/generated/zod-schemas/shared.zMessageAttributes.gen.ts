// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 2 operations: listMessages, createMessage.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zConversation } from './shared.zConversation.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTimestamp } from './shared.zTimestamp.gen';

export const zMessageAttributes = /* @__PURE__ */ lazy(() => z.object({
    client: z.optional(z.string()),
    sourcePage: z.optional(z.string()),
    userEmail: z.optional(z.string()),
    userFullname: z.optional(z.string())
}));

export const zMessage = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    type: z.string(),
    status: z.optional(z.union([
        z.union([
            z.literal(-100),
            z.literal(0),
            z.literal(100),
            z.literal(150),
            z.literal(200),
            z.literal(250),
            z.literal(300)
        ]),
        z.number()
    ])),
    sender: z.string(),
    senderFullname: z.optional(z.string()),
    recipient: z.string(),
    text: z.nullish(z.string()),
    id_project: zObjectId(),
    createdBy: z.optional(z.string()),
    metadata: z.nullish(z.record(z.string(), z.unknown())),
    attributes: z.nullish(zMessageAttributes()),
    channel_type: z._default(z.optional(z.union([
        z.enum(['group', 'direct']),
        z.string()
    ])), 'group'),
    language: z.nullish(z.string()),
    channel: z.nullish(z.object({
        name: z._default(z.optional(z.string()), 'chat21')
    })),
    createdAt: z.optional(zTimestamp()),
    updatedAt: z.optional(zTimestamp()),
    __v: z.optional(z.int()),
    request: z.optional(zConversation())
}));
