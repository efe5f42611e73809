// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated
// (zod.gen.ts): where each operation's schemas are. Do not edit.

import type { OperationId } from './operations.gen';
import type { OperationSchemas } from './operation-schemas.gen';

/**
 * Every operation's zod/mini schemas as a module of their own, imported on first use: `zodValidation()`
 * loads an operation's module on the operation's first validated call, so a bundler that splits code
 * by dynamic import puts each in a chunk of its own, with the schemas several operations share in
 * chunks of their own.
 */
export const operationSchemaModules: {
    readonly [K in OperationId]: () => Promise<OperationSchemas>;
} = {
    signIn: () => import('./zod-schemas/op.signIn.gen'),
    signInAnonymously: () => import('./zod-schemas/op.signInAnonymously.gen'),
    signInWithCustomToken: () => import('./zod-schemas/op.signInWithCustomToken.gen'),
    listContents: () => import('./zod-schemas/op.listContents.gen'),
    createContent: () => import('./zod-schemas/op.createContent.gen'),
    deleteContent: () => import('./zod-schemas/op.deleteContent.gen'),
    getContent: () => import('./zod-schemas/op.getContent.gen'),
    createContentsFromUrls: () => import('./zod-schemas/op.createContentsFromUrls.gen'),
    parseSitemap: () => import('./zod-schemas/op.parseSitemap.gen'),
    listKnowledgeBases: () => import('./zod-schemas/op.listKnowledgeBases.gen'),
    createKnowledgeBase: () => import('./zod-schemas/op.createKnowledgeBase.gen'),
    deleteKnowledgeBase: () => import('./zod-schemas/op.deleteKnowledgeBase.gen'),
    updateKnowledgeBase: () => import('./zod-schemas/op.updateKnowledgeBase.gen'),
    listTeammates: () => import('./zod-schemas/op.listTeammates.gen'),
    updateCurrentTeammate: () => import('./zod-schemas/op.updateCurrentTeammate.gen'),
    deleteTeammate: () => import('./zod-schemas/op.deleteTeammate.gen'),
    getTeammate: () => import('./zod-schemas/op.getTeammate.gen'),
    updateTeammate: () => import('./zod-schemas/op.updateTeammate.gen'),
    getTeammateByUserId: () => import('./zod-schemas/op.getTeammateByUserId.gen'),
    inviteTeammate: () => import('./zod-schemas/op.inviteTeammate.gen'),
    listGroups: () => import('./zod-schemas/op.listGroups.gen'),
    createGroup: () => import('./zod-schemas/op.createGroup.gen'),
    deleteGroup: () => import('./zod-schemas/op.deleteGroup.gen'),
    getGroup: () => import('./zod-schemas/op.getGroup.gen'),
    updateGroup: () => import('./zod-schemas/op.updateGroup.gen'),
    listSegments: () => import('./zod-schemas/op.listSegments.gen'),
    createSegment: () => import('./zod-schemas/op.createSegment.gen'),
    deleteSegment: () => import('./zod-schemas/op.deleteSegment.gen'),
    getSegment: () => import('./zod-schemas/op.getSegment.gen'),
    updateSegment: () => import('./zod-schemas/op.updateSegment.gen'),
    listTags: () => import('./zod-schemas/op.listTags.gen'),
    createTag: () => import('./zod-schemas/op.createTag.gen'),
    deleteTag: () => import('./zod-schemas/op.deleteTag.gen'),
    getTag: () => import('./zod-schemas/op.getTag.gen'),
    updateTag: () => import('./zod-schemas/op.updateTag.gen'),
    deleteAllLabels: () => import('./zod-schemas/op.deleteAllLabels.gen'),
    listLabels: () => import('./zod-schemas/op.listLabels.gen'),
    upsertLabels: () => import('./zod-schemas/op.upsertLabels.gen'),
    deleteLabels: () => import('./zod-schemas/op.deleteLabels.gen'),
    getLabels: () => import('./zod-schemas/op.getLabels.gen'),
    setDefaultLabels: () => import('./zod-schemas/op.setDefaultLabels.gen'),
    listDefaultLabels: () => import('./zod-schemas/op.listDefaultLabels.gen'),
    getDefaultLabels: () => import('./zod-schemas/op.getDefaultLabels.gen'),
    cloneDefaultLabels: () => import('./zod-schemas/op.cloneDefaultLabels.gen'),
    listLeads: () => import('./zod-schemas/op.listLeads.gen'),
    createLead: () => import('./zod-schemas/op.createLead.gen'),
    deleteLead: () => import('./zod-schemas/op.deleteLead.gen'),
    getLead: () => import('./zod-schemas/op.getLead.gen'),
    updateLead: () => import('./zod-schemas/op.updateLead.gen'),
    getRequestWaitingTime: () => import('./zod-schemas/op.getRequestWaitingTime.gen'),
    getRequestWaitingTimeLastDay: () => import('./zod-schemas/op.getRequestWaitingTimeLastDay.gen'),
    countRequests: () => import('./zod-schemas/op.countRequests.gen'),
    aggregateRequestsByStatus: () => import('./zod-schemas/op.aggregateRequestsByStatus.gen'),
    aggregateRequestsByDay: () => import('./zod-schemas/op.aggregateRequestsByDay.gen'),
    aggregateRequestsByMonth: () => import('./zod-schemas/op.aggregateRequestsByMonth.gen'),
    aggregateRequestsByWeek: () => import('./zod-schemas/op.aggregateRequestsByWeek.gen'),
    aggregateRequestsByHour: () => import('./zod-schemas/op.aggregateRequestsByHour.gen'),
    getRequestDuration: () => import('./zod-schemas/op.getRequestDuration.gen'),
    getRequestSatisfaction: () => import('./zod-schemas/op.getRequestSatisfaction.gen'),
    countRequestsWithBot: () => import('./zod-schemas/op.countRequestsWithBot.gen'),
    countMessages: () => import('./zod-schemas/op.countMessages.gen'),
    aggregateMessagesByDay: () => import('./zod-schemas/op.aggregateMessagesByDay.gen'),
    createMessage: () => import('./zod-schemas/op.createMessage.gen'),
    createSubscription: () => import('./zod-schemas/op.createSubscription.gen'),
};
