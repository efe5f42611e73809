// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 7 operations: listTeammates, updateCurrentTeammate, deleteTeammate, getTeammate, updateTeammate, getTeammateByUserId, inviteTeammate.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zStoredAttributes } from './shared.zAttributes.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTeammateRole } from './shared.zTeammateRole.gen';
import { zTimestamp } from './shared.zTimestamp.gen';

export const zTeammateStatus = /* @__PURE__ */ lazy(() => z.enum(['active', 'disabled']));

export const zUser = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    email: z.optional(z.string()),
    firstname: z.nullish(z.string()),
    lastname: z.nullish(z.string()),
    emailverified: z.optional(z.boolean()),
    status: z.optional(z.int()),
    createdAt: z.optional(zTimestamp()),
    updatedAt: z.optional(zTimestamp()),
    __v: z.optional(z.int())
}));

export const zTeammateTag = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    tag: z.string(),
    color: z.optional(z.string()),
    attributes: z.optional(zStoredAttributes())
}));

export const zTeammateSettings = /* @__PURE__ */ lazy(() => z.looseObject({
    email: z.optional(z.looseObject({
        notification: z.optional(z.looseObject({
            conversation: z.optional(z.looseObject({
                assigned: z.optional(z.looseObject({
                    toyou: z.optional(z.boolean())
                })),
                pooled: z.optional(z.boolean())
            }))
        }))
    }))
}));

export const zTeammatePresence = /* @__PURE__ */ lazy(() => z.object({
    status: z.union([
        z.enum(['online', 'offline']),
        z.string()
    ]),
    changedAt: z.optional(zTimestamp())
}));

export const zTeammate = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: zObjectId(),
    id_project: zObjectId(),
    id_user: z.nullish(z.union([
        zUser(),
        zObjectId()
    ])),
    uuid_user: z.optional(z.string()),
    role: z.optional(z.union([
        zTeammateRole(),
        z.string()
    ])),
    roleType: z.optional(z.union([z.literal(1), z.literal(2)])),
    user_available: z.boolean(),
    max_served_chat: z.optional(z.number()),
    max_assigned_chat: z.optional(z.number()),
    number_assigned_requests: z.nullable(z.number()),
    status: zTeammateStatus(),
    isBusy: z.optional(z.boolean()),
    profileStatus: z.optional(z.string()),
    attributes: z.optional(zStoredAttributes()),
    tags: z.array(zTeammateTag()),
    settings: z.optional(zTeammateSettings()),
    presence: z.optional(zTeammatePresence()),
    isAuthenticated: z.boolean(),
    last_ip: z.optional(z.string()),
    last_login_at: zTimestamp(),
    permissions: z.optional(z.array(z.string())),
    createdBy: z.string(),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    trashed: z.optional(z.boolean()),
    __v: z.int()
}));
