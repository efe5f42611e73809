/**
 * `@supportkb/sdk/manifest`: the whole of what the SDK's manifest knows of each operation of the
 * contract, for tools that serve, check or describe the API (the mocks, docs): {@link apiOperations},
 * keyed by operationId. Each {@link ApiOperation} is the client's `OperationInfo` (method, path
 * template, security, minimum role, parameters, pagination) plus its declared responses (status →
 * media types), body fields, query parameter defaults, whether credentials are optional, and whether
 * a webhook subscription's token may call it. Generated from the contract
 * (`src/generated/manifest.gen.ts`); an application's client needs none of it, so `createClient`'s
 * bundle does not carry it.
 */
export { apiOperations, type ApiOperation } from './generated/manifest.gen';
export type { HttpMethod, MinRole, OperationId, OperationInfo, PaginationInfo } from './generated/operations.gen';
