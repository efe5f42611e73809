// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// The zod/mini schemas of getDepartment that no other operation uses, and its parts as `path`, `response`.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zDepartment } from './shared.zDepartment.gen';
import { zObjectId } from './shared.zObjectId.gen';

export const zGetDepartmentPath = /* @__PURE__ */ lazy(() => z.object({
    project_id: z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)),
    department_id: z.union([
        zObjectId(),
        z.literal('default')
    ])
}));

export const zGetDepartmentResponse = /* @__PURE__ */ lazy(() => z.nullable(zDepartment()));

export { zGetDepartmentPath as path, zGetDepartmentResponse as response };
