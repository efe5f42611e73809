/** Teammate roles as the service ranks them: the SDK manifest's ladder, generated from the contract. */
import type { ProjectRole } from '@supportkb/sdk/manifest';

/**
 * Teammate roles, lowest first: `roleLadder` of `@supportkb/sdk/manifest`, the contract's
 * `TeammateRole` enum (`x-ranked: lowest-first`): guest, user, teammate, agent, supervisor, admin, owner.
 */
export { roleLadder as ROLES, roleRank } from '@supportkb/sdk/manifest';

/** A teammate role. */
export type Role = ProjectRole;

/** `roleType` of a role: 1 for agent-side members, 2 for end users (user, guest). */
export function roleType(role: unknown): 1 | 2 {
  return role === 'user' || role === 'guest' ? 2 : 1;
}
