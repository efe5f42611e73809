/**
 * The contract's operations as the mock reads them: the SDK's generated manifest (`apiOperations` of
 * `@supportkb/sdk/manifest`, everything the manifest knows of each operation) plus what the mock
 * derives from each entry (the MSW path, whether credentials are checked, the status of bad input).
 */
import type { OperationId } from '@supportkb/sdk';
import { apiOperations, type ApiOperation } from '@supportkb/sdk/manifest';

/**
 * One operation as the mock registers it: the SDK's {@link ApiOperation} (method, path template,
 * security, minimum role, parameters, body fields, pagination, declared responses: status → media
 * types, whether a subscription's token may call it) plus `mswPath` (the path in MSW's syntax,
 * `/:project_id/tags/:id`) and `authenticated` (the operation declares a security requirement).
 */
export interface OperationMeta extends ApiOperation {
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
  const info: ApiOperation | undefined = apiOperations[operationId];
  if (!info) throw new TypeError(`Unknown operation ${String(operationId)}: not an operationId of the contract`);
  return { ...info, mswPath: mswPathOf(info.path), authenticated: info.security.length > 0 };
}

/** The status of bad input: 422 where the operation declares it, else 400 (with the same body). */
export function badInputStatusOf(info: ApiOperation): 400 | 422 {
  return info.responses['422'] ? 422 : 400;
}

/** Whether the operation declares a plain-text 400 (an `Authorization` value without a scheme gets `Bad Request`). */
export function declaresTextBadRequest(info: ApiOperation): boolean {
  return info.responses['400']?.includes('text/plain') ?? false;
}

/** Every operationId of the contract, in the manifest's order. */
export const operationIds = Object.keys(apiOperations) as OperationId[];
