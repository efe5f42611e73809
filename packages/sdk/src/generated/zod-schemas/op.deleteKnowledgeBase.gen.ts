// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of deleteKnowledgeBase that no other operation uses, and its parts as `path`, `query`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zSuccessMessage } from './shared.zSuccessMessage.gen';

export const zDeleteKnowledgeBasePath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zDeleteKnowledgeBaseQuery = /* @__PURE__ */ lazy(() => z.object({
    contents_only: z._default(z.optional(z.boolean()), false)
}));

export const zDeleteKnowledgeBaseResponse = /* @__PURE__ */ lazy(() => zSuccessMessage());

export { zDeleteKnowledgeBasePath as path, zDeleteKnowledgeBaseQuery as query, zDeleteKnowledgeBaseResponse as response };
