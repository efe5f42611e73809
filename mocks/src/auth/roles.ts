/** Teammate roles as the service ranks them. */

/**
 * Teammate roles, lowest first: the contract's `x-min-role` values (`guest`, `user`, `agent`,
 * `admin`, `owner`) plus the server's `teammate` and `supervisor`.
 */
export const ROLES = ['guest', 'user', 'teammate', 'agent', 'supervisor', 'admin', 'owner'] as const;

/** A teammate role. */
export type Role = (typeof ROLES)[number];

/** Rank of a role (higher is stronger); unknown roles rank below guest (`-1`). */
export function roleRank(role: unknown): number {
  return ROLES.indexOf(role as Role);
}

/** `roleType` of a role: 1 for agent-side members, 2 for end users (user, guest). */
export function roleType(role: unknown): 1 | 2 {
  return role === 'user' || role === 'guest' ? 2 : 1;
}
