/**
 * @supportkb/sdk: the typed TypeScript SDK of the Support and Knowledge Base Service.
 * One function per operation of the contract (generated), plus the client factory.
 */
export { createSupportKbClient, type SupportKbClientOptions } from './client';
export { jwtAuthorization, type Credentials } from './auth';
export * from './generated/sdk.gen';
export type * from './generated/types.gen';
export type { Client } from './generated/client';
