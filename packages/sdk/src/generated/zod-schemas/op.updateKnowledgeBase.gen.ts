// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of updateKnowledgeBase that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zKnowledgeBasePreviewSettings, zKnowledgeBase } from './shared.zKnowledgeBasePreviewSettings.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zStorableObject } from './shared.zStorableValue4.gen';
import { zTimestamp } from './shared.zTimestamp.gen';

export const zKnowledgeBaseUpdateRequest = /* @__PURE__ */ lazy(() => z.object({
    name: z.nullish(z.string().check(z.minLength(1))),
    preview_settings: z.nullish(z.intersection(z.intersection(zKnowledgeBasePreviewSettings(), zStorableObject()), z.object({
        max_tokens: z.optional(z.int().check(z.gte(1))),
        temperature: z.optional(z.number().check(z.gte(0))),
        top_k: z.optional(z.int().check(z.gte(1))),
        alpha: z.optional(z.number().check(z.gte(0), z.lte(1)))
    })))
}));

export const zKnowledgeBaseUpserted = /* @__PURE__ */ lazy(() => z.object({
    id: z.string(),
    name: z.optional(z.string()),
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
    createdAt: zTimestamp(),
    updatedAt: zTimestamp(),
    id_project: z.optional(z.never()),
    engine: z.optional(z.never()),
    embedding: z.optional(z.never())
}));

export const zUpdateKnowledgeBaseBody = /* @__PURE__ */ lazy(() => zKnowledgeBaseUpdateRequest());

export const zUpdateKnowledgeBasePath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    id: zObjectId()
}));

export const zUpdateKnowledgeBaseResponse = /* @__PURE__ */ lazy(() => z.union([
    zKnowledgeBase(),
    zKnowledgeBaseUpserted()
]));

export { zUpdateKnowledgeBasePath as path, zUpdateKnowledgeBaseBody as body, zUpdateKnowledgeBaseResponse as response };
