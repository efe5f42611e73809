/**
 * `@supportkb/sdk/manifest`: the whole of what the SDK's manifest knows of each operation of the
 * contract, for tools that serve, check or describe the API (the mocks, docs): {@link apiOperations},
 * keyed by operationId. Each {@link ApiOperation} is the client's `OperationInfo` (method, path
 * template, security, minimum role, parameters, pagination) plus its declared responses (status →
 * media types), body fields, query parameter defaults, whether credentials are optional, and whether
 * a webhook subscription's token may call it. Generated from the contract
 * (`src/generated/manifest.gen.ts`); an application's client needs none of it, so `createClient`'s
 * bundle does not carry it.
 *
 * Also the role ladder, {@link roleLadder} (the contract's `TeammateRole` enum, lowest first), with
 * {@link roleRank} and {@link roleAllows}: the one ranking of roles the mock, the MCP server and the
 * conformance run apply. And {@link releaseInRange}: the one test of whether a release of the server is
 * within an element's `since`/`until` (the contract's `x-since`/`x-until`, `releaseFields`).
 */
import { roleLadder, type ProjectRole } from './generated/manifest.gen';
import type { MinRole } from './generated/operations.gen';
import { releaseInRange as inRange } from './internal/version';

export { apiOperations, roleLadder, type ApiOperation, type ProjectRole } from './generated/manifest.gen';
export type { HttpMethod, MinRole, OperationId, OperationInfo, PaginationInfo } from './generated/operations.gen';

/**
 * The rank of a role on {@link roleLadder}: 0 for the lowest (`guest`), higher is stronger; `-1` for
 * anything that is not a role of the ladder (a custom role, `undefined`).
 */
export function roleRank(role: unknown): number {
  return (roleLadder as readonly unknown[]).indexOf(role);
}

/**
 * Whether a caller of `role` passes an operation's minimum role: `none` admits everyone; a role of the
 * ladder admits itself and every role above it. A role off the ladder passes nothing but `none`.
 */
export function roleAllows(role: ProjectRole | (string & {}) | undefined, minRole: MinRole): boolean {
  if (minRole === 'none') return true;
  const rank = roleRank(role);
  return rank >= 0 && rank >= roleRank(minRole);
}

/**
 * Whether release `release` of the server (`X.Y.Z`) has an element the contract marks with `since` /
 * `until` (its `x-since` / `x-until`; {@link ApiOperation.releaseFields}, an operation's `since` and
 * `until`): from `since` (absent, `null` or `''`: the first release) up to `until` (absent or `null`:
 * the newest). `false` when `release` is not `X.Y.Z`. The same test as `createClient({ serverVersion })`.
 */
export function releaseInRange(release: string, since?: string | null, until?: string | null): boolean {
  return inRange(release, since, until);
}
