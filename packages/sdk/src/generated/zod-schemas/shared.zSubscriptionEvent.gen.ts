// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 2 operations: createSubscription, updateSubscription.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';

export const zSubscriptionEvent = /* @__PURE__ */ lazy(() => z.enum([
    'message.create',
    'request.create',
    'request.update',
    'request.close',
    'lead.create',
    'project_user.invite',
    'project_user.update',
    'project_user.update.agent',
    'project_user.delete',
    'group.create',
    'group.update',
    'group.delete',
    'department.create',
    'department.update',
    'department.delete',
    'faqbot.create',
    'faqbot.update',
    'faqbot.delete',
    'faq.create',
    'faq.update',
    'faq.delete',
    'user.signup',
    'project.create',
    'project.update',
    'project.downgrade',
    'project.delete',
    'event.emit',
    'operator.select'
]));
