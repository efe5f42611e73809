// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of listContents that no other operation uses, and its parts as `path`, `query`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zContentStatus, zContent, zContentType, zContentInternalType } from './shared.zContentStatus.gen';
import { zObjectId } from './shared.zObjectId.gen';

export const zContentListQuery = /* @__PURE__ */ lazy(() => z.object({
    limit: z.optional(z.int()),
    sortField: z.unknown(),
    direction: z.optional(z.int()),
    status: z.optional(z.union([
        zContentStatus(),
        z.int()
    ])),
    page: z.nullish(z.int()),
    search: z.optional(z.unknown())
}));

export const zContentList = /* @__PURE__ */ lazy(() => z.object({
    count: z.int(),
    query: zContentListQuery(),
    kbs: z.array(zContent())
}));

export const zListContentsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListContentsQuery = /* @__PURE__ */ lazy(() => z.object({
    namespace: zObjectId(),
    status: z.optional(zContentStatus()),
    type: z.optional(z.union([
        zContentType(),
        zContentInternalType()
    ])),
    limit: z._default(z.optional(z.int().check(z.gte(1))), 200),
    page: z._default(z.optional(z.int().check(z.gte(0))), 0),
    sortField: z._default(z.optional(z.string().check(z.regex(/^(?:[^$.][^.]*(?:\.[^$.][^.]*)*)?$/))), 'updatedAt'),
    direction: z._default(z.optional(z.union([z.literal(-1), z.literal(1)])), -1),
    search: z.optional(z.string().check(z.refine(value => {
        try {
            new RegExp(value);
            return true;
        }
        catch {
            return false;
        }
    }, { message: 'Invalid regular expression' })))
}));

export const zListContentsResponse = /* @__PURE__ */ lazy(() => zContentList());

export { zListContentsPath as path, zListContentsQuery as query, zListContentsResponse as response };
