// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 14 operations: signInAnonymously, createContent, createContentsFromUrls, updateKnowledgeBase, updateCurrentTeammate, updateTeammate, updateGroup, createSegment, updateSegment, upsertLabels, createLead, updateLead, updateConversation, createMessage.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';

export const zStorableKey = /* @__PURE__ */ lazy(() => z.string().check(z.regex(/^(?:[^$.\x00][^.\x00]*)?$/)));
