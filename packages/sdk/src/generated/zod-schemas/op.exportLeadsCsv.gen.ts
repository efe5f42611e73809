// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of exportLeadsCsv that no other operation uses, and its parts as `path`, `query`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';

export const zExportLeadsCsvPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zExportLeadsCsvQuery = /* @__PURE__ */ lazy(() => z.object({
    sort: z._default(z.optional(z.string().check(z.regex(/^(?:[^$.][^.]*(?:\.[^$.][^.]*)*)?$/))), 'createdAt'),
    direction: z._default(z.optional(z.union([z.literal(-1), z.literal(1)])), -1),
    email: z.optional(z.string()),
    full_text: z.optional(z.string()),
    page: z._default(z.optional(z.int().check(z.gte(0), z.lte(90071992547))), 0)
}));

export const zExportLeadsCsvResponse = /* @__PURE__ */ lazy(() => z.string());

export { zExportLeadsCsvPath as path, zExportLeadsCsvQuery as query, zExportLeadsCsvResponse as response };
