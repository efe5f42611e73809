// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of signInWithCustomToken that no other operation uses, and its parts as `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zTeammateRole } from './shared.zTeammateRole.gen';

export const zCustomTokenUser = /* @__PURE__ */ lazy(() => z.looseObject({
    _id: z.optional(z.union([
        z.string(),
        z.number()
    ])),
    aud: z.optional(z.string()),
    sub: z.optional(z.string()),
    role: z._default(z.nullish(z.union([
        zTeammateRole(),
        z.string()
    ])), 'user'),
    firstname: z.nullish(z.string()),
    lastname: z.nullish(z.string()),
    email: z.nullish(z.string()),
    iat: z.optional(z.int()),
    iss: z.optional(z.string())
}));

export const zCustomTokenSignInResponse = /* @__PURE__ */ lazy(() => z.object({
    success: z.boolean(),
    token: z.string(),
    user: zCustomTokenUser()
}));

export const zSignInWithCustomTokenResponse = /* @__PURE__ */ lazy(() => zCustomTokenSignInResponse());

export { zSignInWithCustomTokenResponse as response };
