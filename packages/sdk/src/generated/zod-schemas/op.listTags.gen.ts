// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of listTags that no other operation uses, and its parts as `path`, `query`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zTag } from './shared.zTag.gen';

export const zListTagsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListTagsQuery = /* @__PURE__ */ lazy(() => z.object({
    sortField: z._default(z.optional(z.string().check(z.regex(/^(?:[^$.][^.]*(?:\.[^$.][^.]*)*)?$/))), 'createdAt'),
    sort: z._default(z.optional(z.string().check(z.regex(/^(?:[^$.][^.]*(?:\.[^$.][^.]*)*)?$/))), 'createdAt'),
    direction: z._default(z.optional(z.union([z.literal(-1), z.literal(1)])), -1),
    page: z._default(z.optional(z.int().check(z.gte(0))), 0)
}));

export const zListTagsResponse = /* @__PURE__ */ lazy(() => z.array(zTag()).check(z.maxLength(40)));

export { zListTagsPath as path, zListTagsQuery as query, zListTagsResponse as response };
