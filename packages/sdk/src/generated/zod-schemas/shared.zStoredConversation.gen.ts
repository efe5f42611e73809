// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 8 operations: listConversations, getConversation, updateConversation, closeConversation, reopenConversation, addConversationParticipant, setConversationParticipants, removeConversationParticipant.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zStoredAttributes } from './shared.zAttributes.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTimestamp } from './shared.zTimestamp.gen';

export const zStoredConversation = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: z.optional(zObjectId()),
    request_id: z.string(),
    ticket_id: z.optional(z.int()),
    first_text: z.string(),
    status: z._default(z.union([
        z.union([
            z.literal(50),
            z.literal(100),
            z.literal(150),
            z.literal(200),
            z.literal(300),
            z.literal(1000)
        ]),
        z.number()
    ]), 100),
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
    participants: z.array(z.string()),
    participatingAgents: z.optional(z.array(z.record(z.string(), z.unknown()))),
    participatingBots: z.optional(z.array(z.record(z.string(), z.unknown()))),
    hasBot: z.boolean(),
    preflight: z.nullish(z.boolean()),
    waiting_time: z.optional(z.int()),
    closed_at: z.optional(zTimestamp()),
    closed_by: z.optional(z.string()),
    duration: z.optional(z.number()),
    transcript: z.optional(z.string()),
    participantsAgents: z.optional(z.array(z.string())),
    participantsBots: z.optional(z.array(z.string())),
    rating: z.optional(z.number()),
    channel: z.nullish(z.object({
        name: z.optional(z.string())
    })),
    attributes: z.nullish(zStoredAttributes()),
    priority: z._default(z.nullish(z.string()), 'medium'),
    createdBy: z.string(),
    id_project: zObjectId(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.int()
}));
