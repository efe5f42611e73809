// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 13 operations: signInAnonymously, createContent, createContentsFromUrls, updateKnowledgeBase, updateCurrentTeammate, updateTeammate, updateGroup, createSegment, updateSegment, createLead, updateLead, updateConversation, createMessage.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';
import { zStorableKey } from './shared.zStorableKey.gen';

export const zStorableValue4 = /* @__PURE__ */ lazy(() => z.nullable(z.union([
    z.union([
        z.string(),
        z.number(),
        z.boolean()
    ]),
    z.array(z.nullable(z.union([
        z.string(),
        z.number(),
        z.boolean()
    ]))),
    z.record(zStorableKey(), z.nullable(z.union([
        z.string(),
        z.number(),
        z.boolean()
    ])))
])));

export const zStorableValue3 = /* @__PURE__ */ lazy(() => z.nullable(z.union([
    z.union([
        z.string(),
        z.number(),
        z.boolean()
    ]),
    z.array(zStorableValue4()),
    z.record(zStorableKey(), zStorableValue4())
])));

export const zStorableValue2 = /* @__PURE__ */ lazy(() => z.nullable(z.union([
    z.union([
        z.string(),
        z.number(),
        z.boolean()
    ]),
    z.array(zStorableValue3()),
    z.record(zStorableKey(), zStorableValue3())
])));

export const zStorableValue = /* @__PURE__ */ lazy(() => z.nullable(z.union([
    z.union([
        z.string(),
        z.number(),
        z.boolean()
    ]),
    z.array(zStorableValue2()),
    z.record(zStorableKey(), zStorableValue2())
])));

export const zStorableObject = /* @__PURE__ */ lazy(() => z.record(z.string(), zStorableValue()).check(z.superRefine((value, ctx) => {
    Object.keys(value).filter(key => !z.safeParse(zStorableKey(), key).success).forEach(key => {
        ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'Invalid key: a key the server stores must not start with "$" nor contain "." or a NUL character'
        });
    });
})));
