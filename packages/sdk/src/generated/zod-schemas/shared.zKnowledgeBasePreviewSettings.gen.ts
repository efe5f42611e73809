// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 3 operations: listKnowledgeBases, createKnowledgeBase, updateKnowledgeBase.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zTimestamp } from './shared.zTimestamp.gen';

export const zKnowledgeBasePreviewSettings = /* @__PURE__ */ lazy(() => z.object({
    model: z._default(z.optional(z.string()), 'gpt-4o'),
    max_tokens: z._default(z.optional(z.int()), 256),
    temperature: z._default(z.optional(z.number()), 0.7),
    top_k: z._default(z.optional(z.int()), 4),
    context: z._default(z.nullish(z.string()), null),
    alpha: z._default(z.optional(z.number()), 0.5)
}));

export const zKnowledgeBaseEngine = /* @__PURE__ */ lazy(() => z.object({
    name: z.string(),
    type: z.string(),
    apikey: z.optional(z.string()),
    vector_size: z.int(),
    index_name: z.string(),
    host: z.optional(z.string()),
    port: z.optional(z.union([
        z.string(),
        z.int()
    ])),
    deployment: z.optional(z.string())
}));

export const zKnowledgeBaseEmbedding = /* @__PURE__ */ lazy(() => z.object({
    provider: z.string(),
    name: z.string(),
    api_key: z.optional(z.string()),
    dimension: z.optional(z.int()),
    url: z.optional(z.string())
}));

export const zKnowledgeBase = /* @__PURE__ */ lazy(() => z.object({
    id: zObjectId(),
    name: z.string(),
    id_project: zObjectId(),
    preview_settings: z.nullish(z.union([
        zKnowledgeBasePreviewSettings(),
        z.record(z.string(), z.unknown()),
        z.union([
            z.array(z.unknown()),
            z.string(),
            z.number(),
            z.boolean()
        ])
    ])),
    default: z.boolean(),
    hybrid: z.optional(z.boolean()),
    engine: z.optional(zKnowledgeBaseEngine()),
    embedding: z.optional(zKnowledgeBaseEmbedding()),
    count: z.optional(z.int()),
    createdAt: zTimestamp(),
    updatedAt: zTimestamp()
}));
