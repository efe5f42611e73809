// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of listKnowledgeBases that no other operation uses, and its parts as `path`, `query`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zKnowledgeBase } from './shared.zKnowledgeBasePreviewSettings.gen';

export const zListKnowledgeBasesPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListKnowledgeBasesQuery = /* @__PURE__ */ lazy(() => z.object({
    count: z._default(z.optional(z.boolean()), false)
}));

export const zListKnowledgeBasesResponse = /* @__PURE__ */ lazy(() => z.array(zKnowledgeBase()).check(z.minLength(1)));

export { zListKnowledgeBasesPath as path, zListKnowledgeBasesQuery as query, zListKnowledgeBasesResponse as response };
