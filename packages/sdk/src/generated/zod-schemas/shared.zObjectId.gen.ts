// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.
// zod/mini schemas used by 67 operations: signIn, signInAnonymously, listContents, createContent, deleteContent, getContent, createContentsFromUrls, listKnowledgeBases, createKnowledgeBase, deleteKnowledgeBase, updateKnowledgeBase, listTeammates, updateCurrentTeammate, deleteTeammate, getTeammate, updateTeammate, getTeammateByUserId, inviteTeammate, listGroups, createGroup, deleteGroup, getGroup, updateGroup, listSegments, createSegment, deleteSegment, getSegment, updateSegment, listTags, createTag, deleteTag, getTag, updateTag, listLabels, upsertLabels, deleteLabels, getLabels, setDefaultLabels, cloneDefaultLabels, listLeads, createLead, deleteLead, getLead, updateLead, getRequestWaitingTime, getRequestWaitingTimeLastDay, getRequestDuration, getRequestSatisfaction, listConversations, getConversation, updateConversation, closeConversation, reopenConversation, listMessages, createMessage, addConversationParticipant, setConversationParticipants, removeConversationParticipant, assignConversation, transferConversationToAgent, listDepartments, getDepartment, listSubscriptions, createSubscription, deleteSubscription, getSubscription, updateSubscription.

import * as z from 'zod/mini';
import { lazy } from './lazy.gen';

export const zObjectId = /* @__PURE__ */ lazy(() => z.string().check(z.regex(/^[0-9a-fA-F]{24}$/)));
