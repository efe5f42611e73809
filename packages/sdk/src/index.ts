/**
 * @supportkb/sdk: the typed TypeScript SDK of the Support and Knowledge Base Service.
 *
 * - {@link createClient}: per-resource access to every operation, sign-in that keeps the token,
 *   typed errors, retries, pagination, raw responses, opt-in validation.
 * - {@link createHttpClient} and the generated operation functions (`listTags`, `createLead`, ...):
 *   the tree-shakable style, one import per operation, over the same transport.
 * - `@supportkb/sdk/zod`: the contract's zod schemas and `zodValidation()`.
 * - `@supportkb/sdk/webhooks`: verify and build `message.create` deliveries.
 */
export {
  createClient,
  type ClientMethod,
  type ClientOptions,
  type ItemOf,
  type Method,
  type Params,
  type RequestOptions,
  type ResponseOf,
  type SupportKbClient,
  type Validator,
} from './client';
export { createHttpClient, type HttpClient, type HttpClientOptions } from './http';
export { DEFAULT_MAX_RESPONSE_BYTES } from './body';
export { APIPromise, type WithResponse } from './api-promise';
export { PagePromise, type Page } from './pagination';
export type { CredentialStore, Credentials } from './auth';
export type { RetryPolicy } from './retry';
export type { Logger, LogLevel } from './logging';
export {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  ResponseParseError,
  ResponseTooLargeError,
  SupportKbError,
  UnprocessableEntityError,
  ValidationError,
  type RequestContext,
  type ValidationIssue,
} from './errors';
export {
  operations,
  subscriptionEvents,
  webhookEvents,
  type HttpMethod,
  type MinRole,
  type OperationId,
  type OperationInfo,
  type OperationTypes,
  type PagedOperationId,
  type PaginationInfo,
} from './generated/operations.gen';
export * from './generated/sdk.gen';
export type * from './generated/types.gen';
export type { Client, ClientMeta, Options as GeneratedCallOptions, RequestResult, TDataShape } from './generated/client';
