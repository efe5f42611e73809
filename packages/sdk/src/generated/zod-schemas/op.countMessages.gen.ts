// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of countMessages that no other operation uses, and its parts as `path`, `query`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zAnalyticsTotalCount } from './shared.zAnalyticsTotalCount.gen';

export const zCountMessagesPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCountMessagesQuery = /* @__PURE__ */ lazy(() => z.object({
    sender: z.optional(z.string()),
    recipient: z.optional(z.string()),
    attributes: z.optional(z.record(z.string(), z.string())),
    attributes_answerid: z.optional(z.string())
}));

export const zCountMessagesResponse = /* @__PURE__ */ lazy(() => z.array(zAnalyticsTotalCount()).check(z.maxLength(1)));

export { zCountMessagesPath as path, zCountMessagesQuery as query, zCountMessagesResponse as response };
