// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 5 operations: listContents, createContent, deleteContent, getContent, createContentsFromUrls.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTimestamp } from './shared.zTimestamp.gen';

export const zContentStatus = /* @__PURE__ */ lazy(() => z.union([
    z.literal(-1),
    z.literal(100),
    z.literal(200),
    z.literal(300),
    z.literal(400)
]));

export const zContentType = /* @__PURE__ */ lazy(() => z.enum([
    'url',
    'text',
    'pdf',
    'docx',
    'faq'
]));

export const zContentInternalType = /* @__PURE__ */ lazy(() => z.enum([
    'sitemap',
    'txt',
    'regex_custom'
]));

export const zContentScrapeOptions = /* @__PURE__ */ lazy(() => z.object({
    tags_to_extract: z.optional(z.array(z.string())),
    unwanted_tags: z.optional(z.array(z.string())),
    unwanted_classnames: z.optional(z.array(z.string()))
}));

export const zContentLastError = /* @__PURE__ */ lazy(() => z.object({
    timestamp: z.optional(z.int()),
    message: z.optional(z.union([
        z.string(),
        z.record(z.string(), z.unknown())
    ]))
}));

export const zContent = /* @__PURE__ */ lazy(() => z.object({
    _id: zObjectId(),
    name: z.nullable(z.string()),
    id_project: zObjectId(),
    type: z.nullish(z.union([
        zContentType(),
        zContentInternalType(),
        z.string()
    ])),
    source: z.nullish(z.string()),
    content: z.nullish(z.string()),
    namespace: zObjectId(),
    status: z.union([
        zContentStatus(),
        z.int()
    ]),
    scrape_type: z.nullish(z.int()),
    scrape_options: z.nullish(z.union([
        zContentScrapeOptions(),
        z.record(z.string(), z.unknown()),
        z.union([
            z.array(z.unknown()),
            z.string(),
            z.number(),
            z.boolean()
        ])
    ])),
    refresh_rate: z.nullish(z.string()),
    last_refresh: z.optional(zTimestamp()),
    last_error: z.optional(zContentLastError()),
    tags: z.optional(z.array(z.unknown())),
    situated_context: z.optional(z.boolean()),
    sitemap_origin_id: z.nullish(zObjectId()),
    sitemap_origin: z.nullish(z.string()),
    chunk_regex: z.nullish(z.string()),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    __v: z.optional(z.int())
}));
