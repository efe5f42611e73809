/**
 * @supportkb/sdk: the typed TypeScript SDK of the Support and Knowledge Base Service.
 *
 * - {@link createClient}: per-resource access to every operation, sign-in that keeps the token,
 *   typed errors, retries, pagination, raw responses, opt-in validation.
 * - {@link createHttpClient} and the generated operation functions (`listTags`, `createLead`, ...):
 *   the tree-shakable style, one import per operation, over the same transport.
 * - `@supportkb/sdk/zod`: the contract's zod schemas and `zodValidation()`.
 * - `@supportkb/sdk/webhooks`: verify and build `message.create` deliveries.
 * - {@link isAPIError}: an HTTP error's body typed as the contract declares it, by operation and status.
 */
export { createClient, type ClientMethod, type ClientOptions, type ItemOf, type Params, type SupportKbClient, type Validator } from './client';
export type { Credentials, HttpClientOptions, Logger, LogLevel, RequestContext, RequestOptions, ResponseOf, RetryPolicy, ValidationIssue } from './types';
export { createHttpClient, type HttpClient } from './http';
export { OperationNotInReleaseError } from './release-guard';
export { DEFAULT_MAX_RESPONSE_BYTES } from './internal/body';
export { APIPromise, type WithResponse } from './api-promise';
export { PagePromise, type Page } from './pagination';
export type { CredentialStore } from './auth';
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
  WebhookVerificationError,
  isAPIError,
  type APIErrorOf,
  type ErrorBodyOf,
  type ErrorStatus,
  type WebhookVerificationReason,
} from './errors';
export { webhookEventsWithPayloadSchema } from './events';
export {
  operations,
  releaseWindow,
  subscriptionEvents,
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
