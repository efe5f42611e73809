/**
 * @supportkb/sdk: the typed TypeScript SDK of the Support and Knowledge Base Service.
 *
 * - {@link createClient}: per-resource access to every operation, sign-in that keeps the token,
 *   typed errors, retries, pagination, raw responses, opt-in validation.
 * - {@link createHttpClient} and the generated operation functions (`listTags`, `createLead`, ...):
 *   the tree-shakable style, one import per operation.
 * - `@supportkb/sdk/zod`: the contract's zod schemas and `zodValidation()`.
 * - `@supportkb/sdk/webhooks`: verify and build `message.create` deliveries.
 */
export { createClient, type ClientOptions, type RequestOptions, type SupportKbClient, type Validator, type Params, type ResponseOf, type ItemOf, type Method } from './client';
export { createHttpClient, toSupportKbError, type HttpClient, type HttpClientOptions } from './http';
export { DEFAULT_MAX_RESPONSE_BYTES } from './body';
export { APIPromise, type WithResponse } from './api-promise';
export { PagePromise, type Page } from './pagination';
export { CredentialStore, jwtAuthorization, type Credentials } from './auth';
export { kyRetryOptions, RETRY_STATUSES, type RetryPolicy } from './retry';
export { createLogger, type Logger, type LogLevel } from './logging';
export { redact } from './redact';
export * from './errors';
export { operations, type MinRole, type OperationId, type OperationInfo, type OperationTypes, type PagedOperationId } from './generated/operations.gen';
export * from './generated/sdk.gen';
export type * from './generated/types.gen';
export type { Client, ClientMeta, Options as GeneratedCallOptions, RequestResult, TDataShape } from './generated/client';
