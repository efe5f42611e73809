/**
 * The contract's operations as the mock reads them: the SDK's generated manifest (`operations` of
 * `@supportkb/sdk`) plus what the mock derives from each entry (the MSW path, whether credentials
 * are checked, the status of bad input).
 */
import { operations, type OperationId, type OperationInfo } from '@supportkb/sdk';

/**
 * One operation as the mock registers it: the SDK's {@link OperationInfo} (method, path template,
 * security, minimum role, parameters, body fields, pagination, declared responses: status → media
 * types) plus `mswPath` (the path in MSW's syntax, `/:project_id/tags/:id`) and `authenticated`
 * (the operation declares a security requirement).
 */
export interface OperationMeta extends OperationInfo {
  /** The path template in MSW's syntax, e.g. `/:project_id/tags/:id`. */
  readonly mswPath: string;
  /** Whether the operation declares any security requirement. */
  readonly authenticated: boolean;
}

/** The path template `/{project_id}/tags/{id}` in MSW's syntax: `/:project_id/tags/:id`. */
export function mswPathOf(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/**
 * The operation `operationId` as the mock registers it.
 * @throws {TypeError} when `operationId` is no operation of the contract (from untyped code).
 */
export function operationMeta(operationId: OperationId): OperationMeta {
  const info: OperationInfo | undefined = operations[operationId];
  if (!info) throw new TypeError(`Unknown operation ${String(operationId)}: not an operationId of the contract`);
  return { ...info, mswPath: mswPathOf(info.path), authenticated: info.security.length > 0 };
}

/** The status of bad input: 422 where the operation declares it, else 400 (with the same body). */
export function badInputStatusOf(info: OperationInfo): 400 | 422 {
  return info.responses['422'] ? 422 : 400;
}

/** Whether the operation declares a plain-text 400 (an `Authorization` value without a scheme gets `Bad Request`). */
export function declaresTextBadRequest(info: OperationInfo): boolean {
  return info.responses['400']?.includes('text/plain') ?? false;
}

/** Every operationId of the contract, in the manifest's order. */
export const operationIds = Object.keys(operations) as OperationId[];
