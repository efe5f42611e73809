// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 36 operations: signInAnonymously, listTeammates, updateCurrentTeammate, deleteTeammate, getTeammate, updateTeammate, getTeammateByUserId, inviteTeammate, listGroups, createGroup, deleteGroup, getGroup, updateGroup, listTags, createTag, getTag, updateTag, listLabels, cloneDefaultLabels, listLeads, createLead, deleteLead, getLead, updateLead, listConversations, getConversation, updateConversation, closeConversation, reopenConversation, listMessages, createMessage, addConversationParticipant, setConversationParticipants, removeConversationParticipant, assignConversation, transferConversationToAgent.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';

export const zAttributes = /* @__PURE__ */ lazy(() => z.record(z.string(), z.unknown()));

export const zStoredAttributes = /* @__PURE__ */ lazy(() => z.nullable(z.union([
    zAttributes(),
    z.union([
        z.array(z.unknown()),
        z.string(),
        z.number(),
        z.boolean()
    ])
])));
