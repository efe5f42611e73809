// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of parseSitemap that no other operation uses, and its parts as `path`, `body`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';

export const zSitemapRequest = /* @__PURE__ */ lazy(() => z.object({
    sitemap: z.url()
}));

export const zSitemapError = /* @__PURE__ */ lazy(() => z.object({
    type: z.optional(z.unknown()),
    url: z.optional(z.unknown()),
    retries: z.optional(z.int()),
    message: z.optional(z.string())
}));

export const zSitemapResult = /* @__PURE__ */ lazy(() => z.object({
    url: z.optional(z.unknown()),
    sites: z.array(z.nullable(z.union([
        z.string(),
        z.number(),
        z.boolean()
    ]))),
    errors: z.array(zSitemapError())
}));

export const zParseSitemapBody = /* @__PURE__ */ lazy(() => zSitemapRequest());

export const zParseSitemapPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zParseSitemapResponse = /* @__PURE__ */ lazy(() => zSitemapResult());

export { zParseSitemapPath as path, zParseSitemapBody as body, zParseSitemapResponse as response };
