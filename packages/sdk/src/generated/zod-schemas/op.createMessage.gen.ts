// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of createMessage that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zMessageAttributes, zMessage, zConversation } from './shared.zMessageAttributes.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zStorableObject } from './shared.zStorableValue4.gen';
import { zTimestamp } from './shared.zTimestamp.gen';

export const zMessageCreateRequest = /* @__PURE__ */ lazy(() => z.object({
    text: z.string().check(z.minLength(1)),
    type: z._default(z.optional(z.string().check(z.minLength(1))), 'text'),
    sender: z.nullish(z.string()),
    senderFullname: z.nullish(z.string()),
    email: z.nullish(z.email({ pattern: /^[a-zA-Z0-9.!#$%&'*+\/=?^_\`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/ })),
    status: z._default(z.nullish(z.union([
        z.literal(-100),
        z.literal(0),
        z.literal(100),
        z.literal(150),
        z.literal(200),
        z.literal(250),
        z.literal(300)
    ])), 0),
    attributes: z.nullish(z.intersection(zMessageAttributes(), zStorableObject())),
    metadata: z.optional(zStorableObject()),
    language: z.optional(z.string()),
    channel: z.optional(z.intersection(zStorableObject(), z.object({
        name: z.string().check(z.minLength(1))
    }))),
    departmentid: z.nullish(zObjectId()),
    sourcePage: z.optional(z.string()),
    userAgent: z.optional(z.string()),
    subject: z.optional(z.string()),
    participants: z.optional(z.array(z.union([zObjectId(), z.string().check(z.regex(/^bot_[0-9a-fA-F]{24}$/))]))),
    priority: z._default(z.optional(z.string()), 'medium'),
    request_status: z.optional(z.int()),
    preflight: z.nullish(z.boolean()),
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
    followers: z.optional(z.array(zObjectId()))
}));

export const zCreateMessageBody = /* @__PURE__ */ lazy(() => zMessageCreateRequest());

export const zCreateMessagePath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    request_id: z.string().check(z.minLength(1))
}));

export const zCreateMessageResponse = /* @__PURE__ */ lazy(() => z.intersection(zMessage(), z.object({
    senderFullname: z.string(),
    channel_type: z.string(),
    channel: z.nullable(z.record(z.string(), z.unknown())),
    status: z.number(),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int(),
    request: z.intersection(zConversation(), z.object({
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
    }))
})));

export { zCreateMessagePath as path, zCreateMessageBody as body, zCreateMessageResponse as response };
