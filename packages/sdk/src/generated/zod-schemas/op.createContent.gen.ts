// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of createContent that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zContentType, zContentScrapeOptions, zContent } from './shared.zContentStatus.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zStorableObject } from './shared.zStorableValue4.gen';

export const zContentCreateRequest = /* @__PURE__ */ lazy(() => z.object({
    name: z.string().check(z.minLength(1)),
    type: zContentType(),
    source: z.nullish(z.string()),
    content: z.nullish(z.string()),
    namespace: zObjectId(),
    tags: z.nullish(z.array(z.string())),
    refresh_rate: z._default(z.nullish(z.string()), 'never'),
    scrape_type: z.nullish(z.int()),
    scrape_options: z.nullish(z.intersection(zContentScrapeOptions(), zStorableObject())),
    situated_context: z.nullish(z.boolean()),
    chunk_regex: z.nullish(z.string())
}));

export const zContentUpsertResult = /* @__PURE__ */ lazy(() => z.object({
    lastErrorObject: z.object({
        n: z.int(),
        updatedExisting: z.boolean(),
        upserted: z.optional(zObjectId())
    }),
    value: zContent()
}));

export const zCreateContentBody = /* @__PURE__ */ lazy(() => zContentCreateRequest());

export const zCreateContentPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCreateContentResponse = /* @__PURE__ */ lazy(() => zContentUpsertResult());

export { zCreateContentPath as path, zCreateContentBody as body, zCreateContentResponse as response };
