// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of createContentsFromUrls that no other operation uses, and its parts as `path`, `query`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zContentScrapeOptions, zContent } from './shared.zContentStatus.gen';
import { zObjectId } from './shared.zObjectId.gen';
import { zStorableObject } from './shared.zStorableValue4.gen';

export const zContentUrlListRequest = /* @__PURE__ */ lazy(() => z.object({
    list: z.array(z.url()).check(z.minLength(1), z.maxLength(300)),
    refresh_rate: z._default(z.optional(z.string()), 'never'),
    scrape_type: z._default(z.optional(z.int()), 2),
    scrape_options: z.nullish(z.intersection(zContentScrapeOptions(), zStorableObject())),
    tags: z.nullish(z.array(z.string()))
}));

export const zCreateContentsFromUrlsBody = /* @__PURE__ */ lazy(() => zContentUrlListRequest());

export const zCreateContentsFromUrlsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zCreateContentsFromUrlsQuery = /* @__PURE__ */ lazy(() => z.object({
    namespace: zObjectId()
}));

export const zCreateContentsFromUrlsResponse = /* @__PURE__ */ lazy(() => z.array(zContent()));

export { zCreateContentsFromUrlsPath as path, zCreateContentsFromUrlsQuery as query, zCreateContentsFromUrlsBody as body, zCreateContentsFromUrlsResponse as response };
