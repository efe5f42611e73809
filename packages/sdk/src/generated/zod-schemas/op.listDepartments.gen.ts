// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of listDepartments that no other operation uses, and its parts as `path`, `query`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zDepartment } from './shared.zDepartment.gen';

export const zListDepartmentsPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/))
}));

export const zListDepartmentsQuery = /* @__PURE__ */ lazy(() => z.object({
    sort: z.optional(z.string())
}));

export const zListDepartmentsResponse = /* @__PURE__ */ lazy(() => z.array(zDepartment()));

export { zListDepartmentsPath as path, zListDepartmentsQuery as query, zListDepartmentsResponse as response };
