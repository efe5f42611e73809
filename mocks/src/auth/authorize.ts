/**
 * The service's role guard: who may call an operation in a project. 403 bodies
 * `you dont have the required role.` / `you dont belong to the project.`.
 */
import type { OperationId } from '@supportkb/sdk';
import { apiOperations } from '@supportkb/sdk/manifest';
import { failMsg, type Failure } from '../http/results';
import { operationIds } from '../manifest';
import type { Store, StoredTeammate } from '../state/store';
import type { Caller } from './authenticator';
import { DEFAULT_ADMIN_EMAIL } from './passwords';
import { roleRank, type Role } from './roles';

/** The teammate (project_user) of `caller` in `projectId`, whatever its status (or the first active one, with `activeOnly`). */
export function findTeammate(store: Store, projectId: string, caller: Pick<Caller, 'userId' | 'uuid'>, activeOnly = false): StoredTeammate | undefined {
  for (const teammate of store.teammates.values()) {
    if (teammate.id_project !== projectId) continue;
    if (activeOnly && teammate.status !== 'active') continue;
    if (caller.userId && teammate.id_user === caller.userId) return teammate;
    if (caller.uuid && teammate.uuid_user === caller.uuid) return teammate;
  }
  return undefined;
}

/** Outcome of {@link authorize}: the caller's active teammate (absent for subscription tokens), or an error. */
export type AuthorizeOutcome = { teammate?: StoredTeammate } | { error: Failure };

/**
 * The operations a webhook subscription's token may call: those the contract marks
 * `x-accepts-subscription-token: true` (`acceptsSubscriptionToken` of the SDK's `apiOperations`),
 * the routes whose guard on the service also accepts the caller type `subscription`
 * (`hasRoleOrTypes(role, [..., 'subscription'])`; the contract's info description says which).
 * Every other authenticated operation has a plain role guard, which such a token never passes (it
 * is no member of the project).
 */
export const SUBSCRIPTION_TOKEN_OPERATIONS: ReadonlySet<OperationId> = new Set(operationIds.filter((id) => apiOperations[id].acceptsSubscriptionToken));

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
 *   `you dont have the required role.`. A member whose role is none of the built-in ones (a
 *   custom role, or none at all, as `updateTeammate` and `inviteTeammate` can leave it) passes
 *   every role check, as on the service (its permission check requires nothing of these routes);
 * - the administrator's e-mail (`ADMIN_EMAIL`, by default `admin@tiledesk.com`: the user every
 *   server creates at boot, or any token whose `email` claim says so) skips the check of the
 *   routes that accept caller types (those of {@link SUBSCRIPTION_TOKEN_OPERATIONS}), and passes
 *   every route of a project it is not a member of (`req.user.email === process.env.ADMIN_EMAIL`:
 *   the mock follows a deployment that sets `ADMIN_EMAIL`; one that does not lets every caller
 *   without an e-mail through there).
 */
export function authorize(store: Store, projectId: string, caller: Caller, minRole: Role, operationId: OperationId): AuthorizeOutcome {
  if ((caller.kind === 'subscription' || (caller.kind === 'external' && caller.projectId !== undefined)) && caller.projectId !== projectId) {
    return { error: failMsg(403, NOT_A_MEMBER) };
  }
  if (caller.kind === 'subscription') {
    return SUBSCRIPTION_TOKEN_OPERATIONS.has(operationId) ? {} : { error: failMsg(403, NOT_A_MEMBER) };
  }
  // isTypeAsFunction: on the routes that accept caller types, the administrator's e-mail skips the
  // check (the route then knows no teammate of the caller).
  const email = callerEmail(store, caller);
  if (email === DEFAULT_ADMIN_EMAIL && SUBSCRIPTION_TOKEN_OPERATIONS.has(operationId)) return {};
  // services/projectUserService.js: the caller's first teammate with `status: "active"` (a
  // trashed teammate is disabled by the soft delete; one made active again by `updateTeammate` is a
  // member again).
  const teammate = findTeammate(store, projectId, caller, true);
  // A non-member whose e-mail is ADMIN_EMAIL passes as the super administrator.
  if (!teammate) return email === DEFAULT_ADMIN_EMAIL ? {} : { error: failMsg(403, NOT_A_MEMBER) };
  // middleware/has-role.js: a role outside the hierarchy (a custom role, or none at all) goes to
  // the permission check, which lets any permission-less route through.
  if (roleRank(teammate.role) >= 0 && roleRank(teammate.role) < roleRank(minRole)) return { error: failMsg(403, 'you dont have the required role.') };
  return { teammate };
}

/** `req.user.email`: a user's e-mail, a guest's or external user's `email` claim. */
function callerEmail(store: Store, caller: Caller): unknown {
  if (caller.kind === 'user') return store.users.get(caller.userId!)?.email;
  return caller.claims?.email;
}

/** The identifier the service records as `createdBy` / `sender` for a caller (`system` without one). */
export function callerId(caller: Caller | undefined): string {
  if (!caller) return 'system';
  return caller.userId ?? caller.uuid ?? caller.subscriptionId ?? 'system';
}
