// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 2 operations: updateCurrentTeammate, updateTeammate.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zStorableObject } from './shared.zStorableValue4.gen';
import { zTeammateSettings } from './shared.zTeammateStatus.gen';

export const zTeammateTagInput = /* @__PURE__ */ lazy(() => z.object({
    _id: z.optional(zObjectId()),
    tag: z.string().check(z.minLength(1)),
    color: z.optional(z.string()),
    attributes: z.optional(zStorableObject())
}));

export const zTeammateUpdateRequest = /* @__PURE__ */ lazy(() => z.object({
    role: z.nullish(z.union([
        z.enum(['admin', 'agent']),
        z.string().check(z.minLength(1))
    ])),
    user_available: z._default(z.nullish(z.boolean()), true),
    max_served_chat: z.nullish(z.int().check(z.gte(-1))),
    max_assigned_chat: z.nullish(z.int().check(z.gte(-1))),
    profileStatus: z.nullish(z.string()),
    number_assigned_requests: z.nullish(z.int().check(z.gte(0))),
    attributes: z.nullish(zStorableObject()),
    settings: z.nullish(zTeammateSettings()),
    'settings.email.notification.conversation.assigned.toyou': z.nullish(z.boolean()),
    'settings.email.notification.conversation.pooled': z.nullish(z.boolean()),
    tags: z.nullish(z.array(zTeammateTagInput()))
}));
