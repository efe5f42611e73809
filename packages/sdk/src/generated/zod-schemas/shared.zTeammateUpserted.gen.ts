// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 2 operations: deleteTeammate, updateTeammate.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zStoredAttributes } from './shared.zAttributes.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTeammateRole } from './shared.zTeammateRole.gen';
import { zUser, zTeammateStatus, zTeammateTag, zTeammateSettings, zTeammatePresence } from './shared.zTeammateStatus.gen';
import { zTimestamp } from './shared.zTimestamp.gen';

export const zTeammateUpserted = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    id: zObjectId(),
    id_project: z.optional(zObjectId()),
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
    createdBy: z.optional(z.string()),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    trashed: z.optional(z.boolean()),
    __v: z.int()
}));
