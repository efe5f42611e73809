// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 2 operations: listMessages, createMessage.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zStoredAttributes } from './shared.zAttributes.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTimestamp } from './shared.zTimestamp.gen';

export const zMessageAttributes = /* @__PURE__ */ lazy(() => z.looseObject({
    client: z.optional(z.string()),
    sourcePage: z.optional(z.string()),
    userEmail: z.optional(z.string()),
    userFullname: z.optional(z.string())
}));

export const zConversation = /* @__PURE__ */ lazy(() => z.object({
    _id: z.optional(zObjectId()),
    id: z.optional(zObjectId()),
    request_id: z.optional(z.string()),
    ticket_id: z.optional(z.int()),
    first_text: z.optional(z.string()),
    status: z._default(z.optional(z.union([
        z.union([
            z.literal(50),
            z.literal(100),
            z.literal(150),
            z.literal(200),
            z.literal(300),
            z.literal(1000)
        ]),
        z.number()
    ])), 100),
    subject: z.nullish(z.string()),
    sourcePage: z.nullish(z.string()),
    userAgent: z.nullish(z.string()),
    language: z.nullish(z.string()),
    requester: z.nullish(z.union([
        z.record(z.string(), z.unknown()),
        z.string()
    ])),
    requester_id: z.nullish(z.string()),
    lead: z.nullish(z.union([
        z.record(z.string(), z.unknown()),
        z.string()
    ])),
    department: z.nullish(z.union([
        z.record(z.string(), z.unknown()),
        z.string()
    ])),
    participants: z.optional(z.array(z.string())),
    participatingAgents: z.optional(z.array(z.record(z.string(), z.unknown()))),
    participatingBots: z.optional(z.array(z.record(z.string(), z.unknown()))),
    hasBot: z.optional(z.boolean()),
    preflight: z.nullish(z.boolean()),
    waiting_time: z.optional(z.int()),
    closed_at: z.optional(zTimestamp()),
    closed_by: z.optional(z.string()),
    duration: z.optional(z.number()),
    transcript: z.optional(z.string()),
    participantsAgents: z.optional(z.array(z.string())),
    participantsBots: z.optional(z.array(z.string())),
    rating: z.optional(z.number()),
    channel: z.nullish(z.looseObject({
        name: z.optional(z.string())
    })),
    attributes: z.nullish(zStoredAttributes()),
    priority: z._default(z.nullish(z.string()), 'medium'),
    rating_message: z.optional(z.string()),
    followers: z.optional(z.array(zObjectId())),
    first_response_at: z.optional(zTimestamp()),
    assigned_at: z.optional(zTimestamp()),
    tags: z.optional(z.array(z.looseObject({
        tag: z.optional(z.string()),
        color: z.optional(z.string()),
        attributes: z.optional(z.unknown()),
        _id: z.optional(zObjectId())
    }))),
    notes: z.optional(z.array(z.looseObject({
        text: z.optional(z.string()),
        attributes: z.optional(z.unknown()),
        createdBy: z.optional(z.string()),
        _id: z.optional(zObjectId()),
        createdAt: z.optional(zTimestamp()),
        updatedAt: z.optional(zTimestamp())
    }))),
    snapshot: z.optional(z.looseObject({
        requester: z.optional(z.record(z.string(), z.unknown())),
        lead: z.optional(z.record(z.string(), z.unknown())),
        department: z.optional(z.record(z.string(), z.unknown())),
        availableAgentsCount: z.optional(z.int()),
        agents: z.optional(z.array(z.record(z.string(), z.unknown())))
    })),
    contact: z.optional(z.looseObject({
        phone: z.optional(z.string()),
        email: z.optional(z.string()),
        external_id: z.optional(z.string())
    })),
    channelOutbound: z.optional(z.looseObject({
        name: z.optional(z.string())
    })),
    location: z.optional(z.looseObject({
        country: z.optional(z.string()),
        city: z.optional(z.string()),
        streetAddress: z.optional(z.string()),
        region: z.optional(z.string()),
        zipcode: z.optional(z.string()),
        geometry: z.optional(z.record(z.string(), z.unknown()))
    })),
    smartAssignment: z.optional(z.boolean()),
    workingStatus: z.optional(z.string()),
    draft: z.optional(z.boolean()),
    auto_close: z.optional(z.number()),
    expiresAt: z.optional(zTimestamp()),
    createdBy: z.optional(z.string()),
    id_project: z.optional(zObjectId()),
    createdAt: z.optional(zTimestamp()),
    updatedAt: z.optional(zTimestamp()),
    __v: z.optional(z.int())
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
