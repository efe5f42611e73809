// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of listMessages that no other operation uses, and its parts as `path`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zMessageAttributes, zMessage } from './shared.zMessageAttributes.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTimestamp } from './shared.zTimestamp.gen';

export const zInfoMessage = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    type: z.string(),
    status: z.optional(z.number()),
    sender: z.literal('system'),
    senderFullname: z.optional(z.string()),
    recipient: z.string(),
    text: z.optional(z.string()),
    id_project: zObjectId(),
    createdBy: z.optional(z.string()),
    attributes: z.optional(zMessageAttributes()),
    metadata: z.nullish(z.string()),
    channel_type: z.optional(z.string()),
    channel: z.nullish(z.object({
        name: z.optional(z.string())
    })),
    createdAt: z.optional(zTimestamp()),
    updatedAt: z.optional(zTimestamp()),
    __v: z.optional(z.int())
}));

export const zListMessagesPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    request_id: z.string().check(z.minLength(1))
}));

export const zListMessagesResponse = /* @__PURE__ */ lazy(() => z.array(z.intersection(z.union([
    zMessage(),
    zInfoMessage()
]), z.object({
    senderFullname: z.string(),
    channel_type: z.string(),
    channel: z.nullable(z.record(z.string(), z.unknown())),
    status: z.number(),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}))));

export { zListMessagesPath as path, zListMessagesResponse as response };
