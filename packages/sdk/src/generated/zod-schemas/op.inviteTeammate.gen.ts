// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of inviteTeammate that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTeammate } from './shared.zTeammateStatus.gen';
import { zTimestamp } from './shared.zTimestamp.gen';

export const zTeammateInviteRequest = /* @__PURE__ */ lazy(() => z.object({
    email: z.email({ pattern: /^[a-zA-Z0-9.!#$%&'*+\/=?^_\`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/ }),
    role: z.optional(z.union([
        z.enum(['agent', 'admin']),
        z.string().check(z.minLength(1))
    ])),
    firstname: z.nullish(z.string()),
    lastname: z.nullish(z.string()),
    user_available: z._default(z.nullish(z.boolean()), true)
}));

export const zTeammatePendingInvitation = /* @__PURE__ */ lazy(() => z.object({
    msg: z.string(),
    pendingInvitation: z.object({
        _id: zObjectId(),
        email: z.string(),
        id_project: zObjectId(),
        role: z.string(),
        createdBy: z.string(),
        createdAt: zTimestamp(),
        updatedAt: zTimestamp(),
        __v: z.int()
    })
}));

export const zTeammateInviteNotSaved = /* @__PURE__ */ lazy(() => z.object({
    success: z.literal(false),
    msg: z.string(),
    code: z.optional(z.int()),
    pendinginvitation: z.optional(z.array(z.object({
        _id: zObjectId(),
        email: z.string(),
        id_project: zObjectId(),
        role: z.string(),
        createdBy: z.string(),
        createdAt: zTimestamp(),
        updatedAt: zTimestamp(),
        __v: z.int()
    }))),
    err: z.optional(z.unknown())
}));

export const zInviteTeammateBody = /* @__PURE__ */ lazy(() => zTeammateInviteRequest());

export const zInviteTeammatePath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zInviteTeammateResponse = /* @__PURE__ */ lazy(() => z.union([
    zTeammate(),
    zTeammatePendingInvitation(),
    zTeammateInviteNotSaved()
]));

export { zInviteTeammatePath as path, zInviteTeammateBody as body, zInviteTeammateResponse as response };
