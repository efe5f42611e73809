/**
 * The release of the server the mock answers as (`serverVersion`, `--server-version`): any release of the
 * contract's window (`releaseWindow` of `@supportkb/sdk`, 2.10.0 to 2.19.16), by default its last. An
 * older release lacks the operations the contract marks with a later `x-since` (they answer as an unknown
 * route of that release), and its 200 bodies lack the fields the contract marks with a later `x-since` or
 * an earlier `x-until` (the manifest's `releaseFields`). The state is the same in every release: only the
 * answers are shaped.
 */
import { releaseWindow } from '@supportkb/sdk';
import { releaseInRange, type ApiOperation } from '@supportkb/sdk/manifest';
import type { Success } from '../http/results';

/**
 * Validates the `serverVersion` option.
 * @returns the release, `X.Y.Z` (the window's last when `value` is undefined).
 * @throws {RangeError} when it is not a release `X.Y.Z` of the contract's window.
 */
export function serverVersionOf(value: string | undefined): string {
  if (value === undefined) return releaseWindow.to;
  if (typeof value !== 'string' || !/^\d+\.\d+\.\d+$/.test(value)) throw new RangeError(`serverVersion must be a release X.Y.Z of the server, got ${JSON.stringify(value)}`);
  if (!releaseInRange(value, releaseWindow.from, releaseWindow.to))
    throw new RangeError(`serverVersion ${value} is outside the releases the contract describes (${releaseWindow.from} to ${releaseWindow.to}), so the mock cannot answer as it`);
  return value;
}

/** What one release changes in the mock's answers. */
export interface ReleaseShape {
  /** The release, `X.Y.Z`. */
  readonly version: string;
  /** Whether the release has the operation (its `x-since`/`x-until`). */
  has(operation: Pick<ApiOperation, 'since' | 'until'>): boolean;
  /** The 200 answer as the release sends it: `result` itself when nothing changes, else a copy without the fields it lacks. */
  shape(operation: Pick<ApiOperation, 'releaseFields'>, result: Success<unknown>): Success<unknown>;
}

/** Removes the field at `path` (`*`: every array item) from copies of the objects on the way; returns the new root. */
function without(value: unknown, path: readonly string[]): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  if (key === '*') {
    if (!Array.isArray(value)) return value;
    let changed = false;
    const items = value.map((item: unknown) => {
      const next = without(item, rest);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? items : value;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, key)) return value;
  const record: Record<string, unknown> = { ...value };
  if (rest.length === 0) delete record[key];
  else {
    const next = without(record[key], rest);
    if (next === record[key]) return value;
    record[key] = next;
  }
  return record;
}

/** The shape of `version`'s answers (validated by {@link serverVersionOf}). */
export function releaseShape(version: string): ReleaseShape {
  return {
    version,
    has: (operation) => releaseInRange(version, operation.since, operation.until),
    shape(operation, result) {
      let body = result.body;
      for (const [path, since, until] of operation.releaseFields ?? []) if (!releaseInRange(version, since, until)) body = without(body, path);
      return body === result.body ? result : { ...result, body };
    },
  };
}
