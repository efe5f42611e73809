// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of signIn that no other operation uses, and its parts as `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';

export const zSignInRequest = /* @__PURE__ */ lazy(() => z.object({
    email: z.email({ pattern: /^[a-zA-Z0-9.!#$%&'*+\/=?^_\`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/ }),
    password: z.string().check(z.minLength(1))
}));

export const zAuthUser = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    email: z.string(),
    firstname: z.nullish(z.string()),
    lastname: z.nullish(z.string()),
    emailverified: z.optional(z.boolean()),
    password: z.optional(z.string())
}));

export const zSignInResponse = /* @__PURE__ */ lazy(() => z.object({
    success: z.boolean(),
    token: z.string().check(z.regex(/^JWT /)),
    user: zAuthUser(),
    role: z.optional(z.string())
}));

export const zSignInBody = /* @__PURE__ */ lazy(() => zSignInRequest());

export const zSignInResponse2 = /* @__PURE__ */ lazy(() => zSignInResponse());

export { zSignInBody as body, zSignInResponse2 as response };
