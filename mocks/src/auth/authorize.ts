/**
 * The service's role guard: who may call an operation in a project. 403 bodies
 * `you dont have the required role.` / `you dont belong to the project.`.
 */
import type { OperationId } from '@supportkb/sdk';
import { failMsg, type Failure } from '../http/results';
import type { Store, StoredTeammate } from '../state/store';
import type { Caller } from './authenticator';
import { roleRank, type Role } from './roles';

/** The teammate (project_user) of `caller` in `projectId`, whatever its status. */
export function findTeammate(store: Store, projectId: string, caller: Pick<Caller, 'userId' | 'uuid'>): StoredTeammate | undefined {
  for (const teammate of store.teammates.values()) {
    if (teammate.id_project !== projectId) continue;
    if (caller.userId && teammate.id_user === caller.userId) return teammate;
    if (caller.uuid && teammate.uuid_user === caller.uuid) return teammate;
  }
  return undefined;
}

/** Outcome of {@link authorize}: the caller's active teammate (absent for subscription tokens), or an error. */
export type AuthorizeOutcome = { teammate?: StoredTeammate } | { error: Failure };

/**
 * The operations a webhook subscription's token may call: those whose route guard on the service
 * accepts the caller type `subscription` (`hasRoleOrTypes(role, [..., 'subscription'])`): every
 * knowledge-base operation, groups, segments, tags and leads (all of their operations), posting a
 * message, and of the team `listTeammates`, `getTeammate`, `getTeammateByUserId` and
 * `updateTeammate`. Every other authenticated operation (analytics, label writes,
 * `createSubscription`, `inviteTeammate`, `updateCurrentTeammate`, `deleteTeammate`) has a plain
 * role guard, which such a token never passes (it is no member of the project).
 */
export const SUBSCRIPTION_TOKEN_OPERATIONS: ReadonlySet<OperationId> = new Set<OperationId>([
  'listContents',
  'createContent',
  'getContent',
  'deleteContent',
  'createContentsFromUrls',
  'parseSitemap',
  'listKnowledgeBases',
  'createKnowledgeBase',
  'updateKnowledgeBase',
  'deleteKnowledgeBase',
  'listTeammates',
  'getTeammate',
  'getTeammateByUserId',
  'updateTeammate',
  'listGroups',
  'createGroup',
  'getGroup',
  'updateGroup',
  'deleteGroup',
  'listSegments',
  'createSegment',
  'getSegment',
  'updateSegment',
  'deleteSegment',
  'listTags',
  'createTag',
  'getTag',
  'updateTag',
  'deleteTag',
  'listLeads',
  'createLead',
  'getLead',
  'updateLead',
  'deleteLead',
  'createMessage',
]);

/** The 403 message of a caller that is not an active member of the project. */
export const NOT_A_MEMBER = 'you dont belong to the project.';

/**
 * Checks that `caller` may call `operationId` in `projectId` (the service's `has-role` guard):
 *
 * - a token bound to a project (a custom token, `aud` `https://tiledesk.com/projects/<id>`, or a
 *   subscription's token) works only on that project's paths: elsewhere 403
 *   `you dont belong to the project.`;
 * - a subscription's token passes the operations of {@link SUBSCRIPTION_TOKEN_OPERATIONS}
 *   whatever their minimum role, and gets 403 `you dont belong to the project.` on the others;
 * - everyone else must be an active member with at least `minRole`: not a member, disabled or
 *   trashed → 403 `you dont belong to the project.`; role too low → 403
 *   `you dont have the required role.`.
 */
export function authorize(store: Store, projectId: string, caller: Caller, minRole: Role, operationId: OperationId): AuthorizeOutcome {
  if ((caller.kind === 'subscription' || caller.kind === 'external') && caller.projectId !== projectId) {
    return { error: failMsg(403, NOT_A_MEMBER) };
  }
  if (caller.kind === 'subscription') {
    return SUBSCRIPTION_TOKEN_OPERATIONS.has(operationId) ? {} : { error: failMsg(403, NOT_A_MEMBER) };
  }
  const teammate = findTeammate(store, projectId, caller);
  if (!teammate || teammate.status !== 'active' || teammate.trashed === true) {
    return { error: failMsg(403, NOT_A_MEMBER) };
  }
  if (roleRank(teammate.role) < roleRank(minRole)) return { error: failMsg(403, 'you dont have the required role.') };
  return { teammate };
}

/** The identifier the service records as `createdBy` / `sender` for a caller (`system` without one). */
export function callerId(caller: Caller | undefined): string {
  if (!caller) return 'system';
  return caller.userId ?? caller.uuid ?? caller.subscriptionId ?? 'system';
}
