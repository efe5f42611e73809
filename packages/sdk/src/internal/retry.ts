/**
 * Internal: the retry policy (`RetryPolicy`, `types.ts`) as ky's retry options, for the transport.
 */
import { isHTTPError, type RetryOptions as KyRetryOptions } from 'ky';
import type { RetryPolicy } from '../types';

/**
 * Statuses retried with `Retry-After` honoured: 408, 429 and the common 5xx. Every other 5xx is retried
 * too (see `shouldRetry` below). The list stays short because ky copies it into every call's options.
 */
const RETRY_STATUSES: readonly number[] = [408, 429, 500, 502, 503, 504];
const IDEMPOTENT: KyRetryOptions['methods'] = ['get', 'put', 'head', 'delete', 'options', 'trace'];
const ALL: KyRetryOptions['methods'] = [...(IDEMPOTENT ?? []), 'post', 'patch'];

/**
 * Translates a {@link RetryPolicy} into ky's retry options. ky performs the retries: exponential
 * backoff `initialRetryDelay * 2^(n-1)` capped at `maxRetryDelay`, with jitter (each delay drawn in
 * [50%, 100%]), `Retry-After` honoured on every retried status up to `maxRetryAfter` (no jitter then),
 * connection errors and per-attempt timeouts retried like 5xx.
 *
 * Every 5xx is retried, whatever its body: a 500 the Tiledesk server answers to a malformed id
 * (`{success:false,msg:"Error getting object."}`) has the same status and body as the one it answers
 * when its database fails, so the SDK cannot tell a deterministic 500 from a transient one and, like
 * the Stainless SDKs (openai-node's `shouldRetry`: every status >= 500), retries both. A caller who
 * wants to fail at once validates the request (`zodValidation()` rejects a malformed id before
 * sending) or sets `maxRetries: 0`.
 * @internal
 */
export function kyRetryOptions(policy: RetryPolicy = {}): KyRetryOptions {
  const initial = policy.initialRetryDelay ?? 500;
  return {
    limit: Math.max(0, Math.floor(policy.maxRetries ?? 2)),
    methods: policy.retryNonIdempotent ? ALL : IDEMPOTENT,
    statusCodes: RETRY_STATUSES as number[],
    afterStatusCodes: RETRY_STATUSES as number[],
    maxRetryAfter: policy.maxRetryAfter ?? 60_000,
    backoffLimit: policy.maxRetryDelay ?? 8_000,
    delay: (attempt) => initial * 2 ** (attempt - 1),
    jitter: (delay) => delay * (0.5 + Math.random() * 0.5),
    retryOnTimeout: true,
    // Any other 5xx is retried as well (no Retry-After for those); `undefined` leaves the rest to ky.
    shouldRetry: ({ error }) => (isHTTPError(error) && error.response.status >= 500 && !RETRY_STATUSES.includes(error.response.status) ? true : undefined),
  };
}
