// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 8 operations: signInWithCustomToken, listTeammates, updateCurrentTeammate, deleteTeammate, getTeammate, updateTeammate, getTeammateByUserId, inviteTeammate.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';

export const zTeammateRole = /* @__PURE__ */ lazy(() => z.enum([
    'guest',
    'user',
    'teammate',
    'agent',
    'supervisor',
    'admin',
    'owner'
]));
