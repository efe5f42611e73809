/** Releases of the server, `X.Y.Z`: the check of `createClient({ serverVersion })` and their order. */

/** Release `X.Y.Z` as one number that sorts as releases do (each part below 10,000); `NaN` when `value` is not one. */
export function releaseNumber(value: string): number {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(value);
  return m ? (Number(m[1]) * 1e4 + Number(m[2])) * 1e4 + Number(m[3]) : NaN;
}

/**
 * Whether release `release` (`X.Y.Z`) is in `[since, until]`: from `since` (absent, `null` or `''`: the
 * first release) up to `until` (absent or `null`: the newest). `false` when `release` is not `X.Y.Z`.
 */
export function releaseInRange(release: string, since?: string | null, until?: string | null): boolean {
  const n = releaseNumber(release);
  return (!since || n >= releaseNumber(since)) && (!until || n <= releaseNumber(until));
}
