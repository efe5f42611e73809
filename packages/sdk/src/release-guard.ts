/**
 * The check of `createClient({ serverVersion })` before each call: whether the server's release has the
 * operation. Loaded on the first call of a client given `serverVersion` (a dynamic `import()`, a chunk of its
 * own), so a client without it carries none of this.
 */
import { SupportKbError } from './errors';
import { releaseWindow, type OperationId, type OperationInfo } from './generated/operations.gen';
import { releaseInRange, releaseNumber } from './internal/version';

/**
 * A call to an operation that the server's release lacks, refused before sending: the client was given
 * `createClient({ serverVersion })`, and the operation came in a later release (`since`: the contract's
 * `x-since`, or the first release of its window, 2.10.0) or went away in an earlier one (`until`, `x-until`).
 */
export class OperationNotInReleaseError extends SupportKbError {
  /** @internal The class's brand (see `Symbol.hasInstance`). */
  static readonly '@supportkb/sdk.errorClass': string = 'OperationNotInReleaseError';
  override name = 'OperationNotInReleaseError';
  declare readonly operationId: OperationId;
  /** The client's `serverVersion`. */
  declare readonly serverVersion: string;
  /** The first release the contract describes the operation in. */
  declare readonly since: string;
  /** The last release that has the operation, when it went away. */
  declare readonly until: string | undefined;
  constructor(operationId: OperationId, serverVersion: string, since: string, until: string | undefined) {
    super(
      `${operationId} is not in release ${serverVersion} of the server: ${releaseNumber(serverVersion) < releaseNumber(since) ? `the contract describes it from release ${since}` : `its last release is ${until}`}`,
    );
    Object.assign(this, { operationId, serverVersion, since, until });
  }
}

/** Throws {@link OperationNotInReleaseError} when release `serverVersion` lacks the operation of `info`. */
export function guardRelease({ operationId, since = releaseWindow.from, until }: OperationInfo, serverVersion: string): void {
  if (!releaseInRange(serverVersion, since, until)) throw new OperationNotInReleaseError(operationId, serverVersion, since, until);
}
