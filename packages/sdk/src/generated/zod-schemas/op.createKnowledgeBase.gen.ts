// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of createKnowledgeBase that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zKnowledgeBase } from './shared.zKnowledgeBasePreviewSettings.gen';

export const zKnowledgeBaseCreateRequest = /* @__PURE__ */ lazy(() => z.object({
    name: z.string().check(z.minLength(1)),
    hybrid: z._default(z.optional(z.boolean()), false)
}));

export const zCreateKnowledgeBaseBody = /* @__PURE__ */ lazy(() => zKnowledgeBaseCreateRequest());

export const zCreateKnowledgeBasePath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCreateKnowledgeBaseResponse = /* @__PURE__ */ lazy(() => zKnowledgeBase());

export { zCreateKnowledgeBasePath as path, zCreateKnowledgeBaseBody as body, zCreateKnowledgeBaseResponse as response };
