// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of signInAnonymously that no other operation uses, and its parts as `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zStoredAttributes } from './shared.zAttributes.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zStorableObject } from './shared.zStorableValue4.gen';

export const zAnonymousSignInRequest = /* @__PURE__ */ lazy(() => z.object({
    id_project: zObjectId(),
    firstname: z.nullish(z.string()),
    lastname: z.nullish(z.string()),
    email: z.nullish(z.email({ pattern: /^[a-zA-Z0-9.!#$%&'*+\/=?^_\`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/ })),
    attributes: z.nullish(zStorableObject())
}));

export const zAnonymousUser = /* @__PURE__ */ lazy(() => z.object({
    _id: z.uuid(),
    id: z.uuid(),
    firstname: z.string(),
    lastname: z.nullish(z.string()),
    email: z.nullish(z.string()),
    attributes: z.nullish(zStoredAttributes()),
    fullName: z.string()
}));

export const zAnonymousSignInResponse = /* @__PURE__ */ lazy(() => z.object({
    success: z.boolean(),
    token: z.string().check(z.regex(/^JWT /)),
    user: zAnonymousUser()
}));

export const zSignInAnonymouslyBody = /* @__PURE__ */ lazy(() => zAnonymousSignInRequest());

export const zSignInAnonymouslyResponse = /* @__PURE__ */ lazy(() => zAnonymousSignInResponse());

export { zSignInAnonymouslyBody as body, zSignInAnonymouslyResponse as response };
