/**
 * `@supportkb/sdk/webhooks`: typed webhook events, delivery verification, a replay guard and a delivery builder for tests.
 *
 * The service POSTs `{timestamp, payload, hook, token}` to a subscription's `target` with the headers
 * `x-hook-secret` (the subscription's secret, in clear) and `User-Agent: tiledesk-webhooks` (contract: webhook
 * `message.create`). `token` is an HS256 JWT of the hook (not of the payload) signed with the secret: `iss`
 * `https://tiledesk.com`, `sub` `subscription`, `aud` `https://tiledesk.com/subscriptions/<hook._id>`, `iat` in
 * seconds, no `exp` and no `jti`. There is no HMAC of the body, so {@link verifyWebhook} can prove who sent a
 * delivery and for which subscription, but not that the payload is the one the service sent (see its TSDoc).
 *
 * Getting the raw body (verify the bytes as received, before any JSON middleware re-serialises them):
 * - Node `http`: pass the request itself, `verifyWebhook(req, req.headers, ...)`: it is read up to `maxBodyBytes`.
 * - Express: `app.post('/hooks', express.raw({ type: 'application/json' }), (req) => verifyWebhook(req.body, req.headers, ...))`.
 * - Fastify: `app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))`, then `request.body`.
 * - Hono (and any Fetch-API server: Next.js route handlers, Deno, Bun, workers): `request.body` (read up to
 *   `maxBodyBytes`), or `await c.req.text()` / `await request.text()`; headers `c.req.raw.headers` / `request.headers`.
 */
import { jwtVerify, SignJWT, errors as joseErrors, type JWTPayload } from 'jose';
import { WebhookVerificationError, type WebhookVerificationReason } from './errors';
import { subscriptionEvents } from './generated/operations.gen';
import type { Message, SubscriptionEvent, SubscriptionHook, Webhooks } from './generated/types.gen';
import { zMessageCreateEvent, zSubscriptionHook } from './generated/zod.gen';
import { violations } from './internal/validation';
import * as z from 'zod/mini';

export { WebhookVerificationError, type WebhookVerificationReason } from './errors';

/** Issuer (`iss`) of delivery tokens. */
export const WEBHOOK_TOKEN_ISSUER = 'https://tiledesk.com';
/** Audience (`aud`) of a delivery token for a subscription id. */
export const webhookTokenAudience = (subscriptionId: string): string => `https://tiledesk.com/subscriptions/${subscriptionId}`;

/**
 * The payload of each webhook the contract declares (its `webhooks`), by event name: generated from the
 * contract (`Webhooks` of the generated types, each delivery's `body.payload`), so no event's type is
 * written here.
 */
export type ContractWebhookPayloads = { [W in Webhooks as W['key']]: W['body']['payload'] };

/**
 * Payload type of each event name the real service delivers to subscriptions: the contract's payload of
 * every webhook it declares ({@link ContractWebhookPayloads}), and a free object for the events of
 * resources the contract has no operation for (`faqbot.*`, `faq.*`, `user.signup`, `project.*`,
 * `event.emit`).
 */
export type WebhookPayloads = ContractWebhookPayloads & { [E in Exclude<SubscriptionEvent, keyof ContractWebhookPayloads>]: Record<string, unknown> };

/** Every fixed event name a subscription can name: the contract's `SubscriptionEvent` values. */
export const WEBHOOK_EVENTS: readonly SubscriptionEvent[] = subscriptionEvents;

type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
/** Compiles only while {@link WebhookPayloads} names a payload for every `SubscriptionEvent` and for no other name. */
type _PayloadsCoverEvents = Assert<Exactly<keyof WebhookPayloads, SubscriptionEvent>>;

interface Delivery<E extends string, P> {
  /** The event name (the subscription's `event`, `hook.event`). */
  event: E;
  /** When the service sent it, epoch milliseconds. */
  timestamp: number;
  /** The object the event is about. Not signed by the service: see {@link verifyWebhook}. */
  payload: P;
  /** The subscription (without its secret), as signed in the token. */
  hook: SubscriptionHook;
  /**
   * What makes this delivery unique: 64 lowercase hex characters (a SHA-256), the same for every copy of
   * it (the service's own retries included) and different for two distinct deliveries. The key of the
   * replay guard ({@link VerifyWebhookOptions.replay}); use it as an idempotency key too.
   */
  deliveryId: string;
}

/**
 * A verified delivery, discriminated by `event`. Dynamic names map to their family:
 * `message.create.<…>` (per channel) carry a Message, `event.emit.<name>` a free object.
 */
export type WebhookEvent =
  { [E in keyof WebhookPayloads]: Delivery<E, WebhookPayloads[E]> }[keyof WebhookPayloads] | Delivery<`message.create.${string}`, Message> | Delivery<`event.emit.${string}`, Record<string, unknown>>;

/**
 * Remembers the deliveries already accepted (see {@link VerifyWebhookOptions.replay}). Implement it over a
 * shared store when several processes receive the deliveries, e.g. Redis:
 * `{ seen: async (id, ttl) => (await redis.set(`webhook:${id}`, '1', { NX: true, PX: Math.ceil(ttl) + 1 })) === null }`.
 */
export interface WebhookReplayGuard {
  /**
   * Records `deliveryId` and tells whether it was recorded before (`true`: a replay, rejected with `replayed`).
   * Check and record in one atomic step, or two concurrent copies both pass. May return a promise; if it
   * throws or rejects, {@link verifyWebhook} rejects with that error (not a verdict: answer 5xx and the
   * service retries).
   *
   * @param deliveryId {@link WebhookEvent.deliveryId}: 64 lowercase hex characters.
   * @param ttl how long to remember it, in ms: after that the delivery fails the time checks anyway
   *   (at most twice the tolerance plus 2 s; `Infinity` with an infinite tolerance).
   */
  seen(deliveryId: string, ttl: number): boolean | Promise<boolean>;
  /**
   * Optional: undoes `seen` for an id, so the same delivery is accepted again. {@link verifyWebhook} never
   * calls it; a receiver does when its handler failed after verification and it answers 5xx, or the
   * service's retry of that delivery would be rejected as `replayed`.
   */
  forget?(deliveryId: string): unknown;
}

/** Options of {@link WebhookReplayCache}. */
export interface WebhookReplayCacheOptions {
  /** Most delivery ids held at once (default 10000); when full, the oldest recorded is dropped first. */
  maxEntries?: number;
  /** Clock, epoch ms (default `Date.now`). */
  now?: () => number;
}

/**
 * A small in-memory {@link WebhookReplayGuard} for one process. Each delivery id is kept for the `ttl`
 * {@link verifyWebhook} gives (until the delivery would fail the time checks anyway: at most 10 min 2 s
 * with the default 5-minute tolerance), and at most `maxEntries` ids are
 * held: when full, the least recently recorded id is dropped first, so a replay of it within its window
 * would pass. Size it above the deliveries you receive in twice the tolerance (the default 10000 covers
 * about 16 a second with the default tolerance). Several processes or restarts need a shared store instead.
 *
 * @throws {TypeError} when `maxEntries` is not a positive integer.
 */
export class WebhookReplayCache implements WebhookReplayGuard {
  /** Most ids held at once. */
  readonly maxEntries: number;
  readonly #now: () => number;
  /** Delivery id → last ms it is remembered (own clock), in recording order. */
  readonly #entries = new Map<string, number>();

  constructor(options: WebhookReplayCacheOptions = {}) {
    const max = options.maxEntries ?? 10_000;
    if (!Number.isSafeInteger(max) || max < 1) throw new TypeError('WebhookReplayCache: maxEntries must be a positive integer');
    this.maxEntries = max;
    this.#now = options.now ?? Date.now;
  }

  /** Number of ids held (expired ones included until they are dropped). */
  get size(): number {
    return this.#entries.size;
  }

  seen(deliveryId: string, ttl: number): boolean {
    const now = this.#now();
    const known = this.#entries.get(deliveryId);
    if (known !== undefined && known >= now) return true;
    this.#entries.delete(deliveryId);
    for (const [id, expiry] of this.#entries) {
      if (expiry >= now && this.#entries.size < this.maxEntries) break;
      this.#entries.delete(id);
    }
    this.#entries.set(deliveryId, now + ttl);
    return false;
  }

  /**
   * Forgets a delivery id, so the same delivery is accepted again: call it when your handler failed after
   * verification and you answer 5xx, or the service's retry is rejected as `replayed`. @returns whether it was held.
   */
  forget(deliveryId: string): boolean {
    return this.#entries.delete(deliveryId);
  }

  /** Forgets every id. */
  clear(): void {
    this.#entries.clear();
  }
}

/**
 * The default `maxBodyBytes` of {@link verifyWebhook}, in bytes: 1 MiB (1048576). A delivery is one object
 * (a message, a conversation, a lead, a teammate...) with its hook and token, and the service takes request
 * bodies of at most 500 KB, so one stored object fits twice. A conversation event (`request.*`) that carries
 * a long transcript (`messages`) can be larger: raise `maxBodyBytes` if you subscribe to those.
 */
export const DEFAULT_MAX_WEBHOOK_BODY_BYTES = 1_048_576;

/** Options of {@link verifyWebhook}. Times in milliseconds. */
export interface VerifyWebhookOptions {
  /** The subscription's secret (from `createSubscription`'s body or its `x-hook-secret` response header). */
  secret: string;
  /**
   * Largest body accepted, in bytes (default {@link DEFAULT_MAX_WEBHOOK_BODY_BYTES}, 1 MiB; `Infinity`: no
   * limit). A larger delivery is rejected with `body_too_large` before it is parsed: by its `Content-Length`
   * header before any byte is read (a stream body is left unread), else as soon as reading passes the limit
   * (a stream is then cancelled; a Node request is destroyed, closing the connection). Answer it with 413.
   */
  maxBodyBytes?: number;
  /**
   * Accepted distance between now and `timestamp`, now and the token's `iat`, and `timestamp` and `iat`,
   * either way (default 300000 = 5 minutes; `iat` counts whole seconds, so its checks allow 1 s more).
   */
  tolerance?: number;
  /** Clock, epoch ms (default `Date.now`). */
  now?: () => number;
  /**
   * Require and verify the body's `token` (default true; real servers always send it). `false` drops every
   * token check (signature, hook, `iat`): only the header and the unsigned `timestamp` remain.
   */
  requireToken?: boolean;
  /**
   * Accept only deliveries of this subscription id (or one of these): others are rejected with
   * `subscription_mismatch`. Set it: subscriptions created during one run of a real server share one secret,
   * so the secret alone does not tell your subscription from another project's.
   */
  subscriptionId?: string | readonly string[];
  /** Accept only deliveries of this event name (or one of these), e.g. `message.create`: others are rejected with `event_mismatch`. */
  event?: string | readonly string[];
  /**
   * Reject a delivery accepted before with `replayed`: a {@link WebhookReplayCache} in one process, or your
   * {@link WebhookReplayGuard} over a shared store. It is consulted last, so only deliveries that passed
   * every other check are recorded. It stops copies: a captured delivery posted again (whitespace and key
   * order do not matter) and the service's own duplicates. It cannot stop an altered copy: with the payload
   * unsigned, that is a new delivery forged with the secret (see {@link verifyWebhook}).
   */
  replay?: WebhookReplayGuard;
  /**
   * Longest wait for the next chunk of a stream body (a Node request, a `ReadableStream`), in ms (default
   * {@link DEFAULT_WEBHOOK_BODY_TIMEOUT}, 10 s; `Infinity`: wait as long as the stream does). A body that
   * stalls longer is rejected with `malformed_body` and the stream is cancelled (a Node request destroyed,
   * closing the connection). Bodies given as a string or bytes are not waited for.
   */
  bodyTimeout?: number;
}

const encoder = new TextEncoder();

/** Compares two strings in time that depends only on their lengths. */
function constantTimeEqual(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0, n = Math.max(x.length, y.length); i < n; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

function header(headers: Headers | Record<string, string | string[] | undefined>, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

/** `option` as a non-empty list of non-empty strings, or undefined when not set. @throws {TypeError} otherwise. */
function pinned(option: string | readonly string[] | undefined, name: string): readonly string[] | undefined {
  if (option === undefined) return undefined;
  const list = typeof option === 'string' ? [option] : option;
  if (!Array.isArray(list) || list.length === 0 || !list.every((v) => typeof v === 'string' && v !== '')) {
    throw new TypeError(`verifyWebhook: options.${name} must be a non-empty string or a non-empty array of them`);
  }
  return list;
}

/** Deepest nesting {@link canonical} follows; stored documents nest far less (MongoDB stops at 100 levels). */
const MAX_DEPTH = 256;

/** JSON of a parsed JSON value with object keys sorted, so key order and whitespace do not matter. */
function canonical(value: unknown, depth = 0): string {
  if (depth > MAX_DEPTH) throw new WebhookVerificationError('malformed_body', `the body nests deeper than ${MAX_DEPTH} levels`);
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v, depth + 1)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(record[k], depth + 1)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Hex SHA-256 of the parts joined by newlines. */
async function digest(parts: readonly string[]): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(parts.join('\n'))));
  return Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('');
}

function reject(reason: WebhookVerificationReason, message: string, cause?: unknown): never {
  throw new WebhookVerificationError(reason, message, cause === undefined ? undefined : { cause });
}

/** A body as {@link verifyWebhook} takes it: as received, or a stream it reads itself. */
export type WebhookBody = string | Uint8Array | ArrayBuffer | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>;

/**
 * The default `bodyTimeout` of {@link verifyWebhook}, in milliseconds: 10000 (10 s). The longest wait for
 * the next chunk of a stream body; the service sends a delivery in one go, so a body that stalls longer is
 * not a delivery worth waiting for.
 */
export const DEFAULT_WEBHOOK_BODY_TIMEOUT = 10_000;

/**
 * The body as text, read up to `max` bytes, waiting at most `timeout` ms for each chunk of a stream.
 * @throws {WebhookVerificationError} `body_too_large` past `max`; `malformed_body` when the stream fails
 *   midway (the sender hung up: Node's `aborted`, a stream error) or stalls past `timeout` (the stream is
 *   then cancelled, a Node stream destroyed).
 */
async function bodyText(raw: WebhookBody, max: number, timeout: number): Promise<string> {
  const tooLarge = () => reject('body_too_large', `the body is over maxBodyBytes (${max} bytes); raise the maxBodyBytes option to accept it`);
  const decoder = new TextDecoder();
  if (typeof raw === 'string') {
    // UTF-8 takes at least a byte per UTF-16 unit: count the bytes only when they may be over.
    if (raw.length > max || (raw.length * 3 > max && encoder.encode(raw).length > max)) tooLarge();
    return raw;
  }
  if (raw instanceof ArrayBuffer || ArrayBuffer.isView(raw)) {
    if (raw.byteLength > max) tooLarge();
    return decoder.decode(raw);
  }
  // A ReadableStream is read through its reader (whose cancel() ends a pending read), anything else
  // through its iterator; `stop` gives up on the body: cancels a stream, destroys a Node stream.
  let next: () => Promise<IteratorResult<Uint8Array | string>>;
  let stop: () => unknown;
  if (raw instanceof ReadableStream) {
    const reader = raw.getReader();
    next = () => reader.read();
    stop = () => reader.cancel().catch(() => {});
  } else {
    const iterator = raw[Symbol.asyncIterator]();
    const node = raw as { destroy?: () => void };
    next = () => iterator.next();
    stop = () => (node.destroy ? node.destroy() : iterator.return?.());
  }
  let text = '';
  let size = 0;
  let done = false;
  try {
    for (;;) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let step: IteratorResult<Uint8Array | string> | undefined;
      try {
        step = await Promise.race([next(), new Promise<undefined>((resolve) => timeout < Infinity && (timer = setTimeout(() => resolve(undefined), timeout)))]);
      } catch (cause) {
        done = true; // the stream failed: nothing left to cancel
        reject('malformed_body', `the body stream failed after ${size} bytes: ${(cause as Error)?.message ?? cause}`, cause);
      } finally {
        clearTimeout(timer);
      }
      if (!step) reject('malformed_body', `the body stalled: no bytes for ${timeout} ms after ${size} bytes (bodyTimeout)`);
      if (step.done) {
        done = true;
        return text + decoder.decode();
      }
      const bytes = typeof step.value === 'string' ? encoder.encode(step.value) : step.value;
      if ((size += bytes.byteLength) > max) tooLarge();
      text += decoder.decode(bytes, { stream: true });
    }
  } finally {
    if (!done) void stop(); // leaving early (too large, stalled) cancels a ReadableStream and destroys a Node stream
  }
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
const issuesText = (issues: ReturnType<typeof violations>) => issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');

const zEnvelope = z.object({ timestamp: z.number(), payload: z.record(z.string(), z.unknown()), hook: zSubscriptionHook, token: z.optional(z.string()) });

/** Claims the token adds to the hook; the rest of its claims are the hook itself. */
const REGISTERED_CLAIMS = new Set(['iss', 'sub', 'aud', 'iat', 'exp', 'nbf', 'jti']);

/**
 * Verifies a delivery and returns the typed event.
 *
 * **What it proves.** The sender knows the subscription's secret (the `x-hook-secret` header, compared in
 * constant time, and the HS256 `token` signed with it), and which subscription the delivery is for: `hook`
 * must be exactly the hook the token was signed for (its `_id` in the token's audience), and a payload that
 * names a project (`id_project`) must name that hook's. It also bounds the delivery in time: the token's
 * signed `iat` and the body's `timestamp` must both be within `tolerance` of now and of each other, so an
 * old delivery cannot be replayed with a fresh `timestamp`. With `subscriptionId` and `event` it accepts
 * only your subscription and event; with `replay`, each delivery once.
 *
 * **What it cannot prove.** The service does not sign the payload (the token covers the hook, not the
 * body). Anyone who holds the secret can forge a payload that passes; and since the secret travels in
 * clear in every delivery's `x-hook-secret` header, so can anyone who saw a single delivery (a proxy, a
 * log, a plain-HTTP hop), for as long as the secret stays in use. On a real server, every subscription
 * created during one run shares one secret. The defence is outside this function: an HTTPS target only,
 * the secret kept out of logs and stores, replaced when it may have leaked, and payloads treated as
 * claims: before acting on one (a refund, a status change), read the object back through the API.
 *
 * Checks, in order: header secret; size (`maxBodyBytes`, before parsing); JSON; envelope; token (signature, `iss`,
 * `sub`, `aud`, `iat` present); `hook` equals the token's claims; pinned subscription and event; the payload's project; time window; the
 * `message.create` body schema; then the replay guard (so only deliveries that passed everything are recorded).
 *
 * @param rawBody the body exactly as received (string or bytes), or unread: a `ReadableStream` of bytes
 *   (`request.body` of a Fetch-API server) or an async iterable of chunks (Node's `IncomingMessage`), read
 *   here up to `maxBodyBytes`. A stream is read only once the secret header matched.
 * @param headers the request headers (`Headers`, or Node's `IncomingHttpHeaders`).
 * @param options see {@link VerifyWebhookOptions}.
 * @returns the typed event, with its {@link WebhookEvent.deliveryId}.
 * @throws {TypeError} on bad options (no secret, a tolerance that is not a number >= 0, a `maxBodyBytes` or `bodyTimeout` that is not a number > 0, an empty pin, a `replay` without `seen`).
 * @throws {WebhookVerificationError} with a {@link WebhookVerificationReason}; answer it with a 4xx (the service does not
 *   retry), 413 for `body_too_large`. Its message never carries the secret.
 *   A stream body that fails midway (the sender hung up: Node's `aborted`) or stalls past `bodyTimeout` is
 *   `malformed_body`, its cause the stream's error.
 * @throws whatever `options.replay.seen` throws (answer 5xx: the service retries).
 */
export async function verifyWebhook(rawBody: WebhookBody, headers: Headers | Record<string, string | string[] | undefined>, options: VerifyWebhookOptions): Promise<WebhookEvent> {
  if (!options?.secret || typeof options.secret !== 'string') throw new TypeError('verifyWebhook needs options.secret');
  const tolerance = options.tolerance ?? 300_000;
  if (typeof tolerance !== 'number' || !(tolerance >= 0)) throw new TypeError('verifyWebhook: options.tolerance must be a number of milliseconds >= 0');
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_WEBHOOK_BODY_BYTES;
  if (typeof maxBodyBytes !== 'number' || !(maxBodyBytes > 0)) throw new TypeError('verifyWebhook: options.maxBodyBytes must be a number of bytes > 0');
  const bodyTimeout = options.bodyTimeout ?? DEFAULT_WEBHOOK_BODY_TIMEOUT;
  if (typeof bodyTimeout !== 'number' || !(bodyTimeout > 0)) throw new TypeError('verifyWebhook: options.bodyTimeout must be a number of milliseconds > 0');
  const subscriptionIds = pinned(options.subscriptionId, 'subscriptionId');
  const events = pinned(options.event, 'event');
  const replay = options.replay;
  if (replay !== undefined && typeof replay?.seen !== 'function') throw new TypeError('verifyWebhook: options.replay must have a seen(deliveryId, ttl) method');

  const given = header(headers, 'x-hook-secret');
  if (!given) reject('missing_secret', 'no x-hook-secret header');
  if (!constantTimeEqual(given!, options.secret)) reject('secret_mismatch', 'x-hook-secret does not match the subscription secret');

  // Refused before reading when the sender says how large it is; the reading stops at the limit otherwise.
  if (Number(header(headers, 'content-length')) > maxBodyBytes) reject('body_too_large', `Content-Length is over maxBodyBytes (${maxBodyBytes} bytes); raise the maxBodyBytes option to accept it`);
  const text = await bodyText(rawBody, maxBodyBytes, bodyTimeout);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (cause) {
    reject('malformed_body', 'the body is not JSON', cause);
  }
  const envelopeIssues = violations(zEnvelope, body, true);
  if (envelopeIssues.length) reject('invalid_payload', issuesText(envelopeIssues));
  const delivery = body as Delivery<string, Record<string, unknown>> & { token?: string };
  const { hook, timestamp, payload } = delivery;
  const now = (options.now ?? Date.now)();

  let claims: JWTPayload | undefined;
  if (options.requireToken !== false) {
    if (!delivery.token) reject('invalid_token', 'the body has no token');
    try {
      ({ payload: claims } = await jwtVerify(delivery.token!, encoder.encode(options.secret), {
        algorithms: ['HS256'],
        issuer: WEBHOOK_TOKEN_ISSUER,
        subject: 'subscription',
        audience: webhookTokenAudience(hook._id),
        currentDate: new Date(now),
      }));
    } catch (cause) {
      reject('invalid_token', `token ${cause instanceof joseErrors.JOSEError ? cause.code : 'unverifiable'}`, cause);
    }
    if (typeof claims!.iat !== 'number') reject('invalid_token', 'the token has no iat');
    const signedHook = Object.fromEntries(Object.entries(claims!).filter(([k]) => !REGISTERED_CLAIMS.has(k)));
    if (canonical(signedHook) !== canonical(hook)) reject('hook_mismatch', "the body's hook differs from the hook the token was signed for");
  }

  if (subscriptionIds && !subscriptionIds.includes(hook._id)) reject('subscription_mismatch', `the delivery is for subscription ${hook._id}, not ${subscriptionIds.join(' or ')}`);
  if (events && !events.includes(hook.event)) reject('event_mismatch', `the delivery is for event ${hook.event}, not ${events.join(' or ')}`);
  // The service delivers an object only to the subscriptions of the project it names.
  if (payload.id_project !== undefined && payload.id_project !== hook.id_project) {
    const named = typeof payload.id_project === 'string' ? JSON.stringify(payload.id_project.slice(0, 64)) : `a ${typeof payload.id_project}`;
    reject('project_mismatch', `the payload names project ${named}, the subscription belongs to ${hook.id_project}`);
  }

  if (Math.abs(now - timestamp) > tolerance) {
    reject('timestamp_out_of_tolerance', `timestamp is ${seconds(now - timestamp)} away from now (tolerance ${seconds(tolerance)})`);
  }
  // iat counts whole seconds (the service signs floor(ms / 1000)): allow one more second on its checks.
  const issuedAt = claims ? (claims.iat as number) * 1000 : undefined;
  if (issuedAt !== undefined) {
    if (Math.abs(now - issuedAt) > tolerance + 1000) {
      reject('timestamp_out_of_tolerance', `the token was issued ${seconds(now - issuedAt)} away from now (tolerance ${seconds(tolerance)})`);
    }
    if (Math.abs(timestamp - issuedAt) > tolerance + 1000) {
      reject('timestamp_mismatch', `timestamp is ${seconds(timestamp - issuedAt)} away from the token's iat (tolerance ${seconds(tolerance)})`);
    }
  }

  const event = hook.event;
  if (event === 'message.create' || event.startsWith('message.create.')) {
    const issues = violations(zMessageCreateEvent, body, true);
    if (issues.length) reject('invalid_payload', issuesText(issues));
  }

  // The service's token has no nonce: one token covers every delivery of the subscription in the same
  // second, and one object may be delivered twice in a millisecond with the same `_id` and `updatedAt`.
  // So a delivery is its token, timestamp and whole payload: two genuine deliveries never share an id.
  const jti = typeof claims?.jti === 'string' ? claims.jti : undefined;
  const deliveryId = await digest(jti !== undefined ? ['jti', hook._id, jti] : ['delivery', delivery.token ?? '', hook._id, String(timestamp), canonical(payload)]);

  if (replay) {
    const windowEnd = Math.min(
      ...(jti === undefined ? [timestamp + tolerance] : []), // a jti id holds whatever the unsigned timestamp says
      issuedAt === undefined ? Infinity : issuedAt + tolerance + 1000,
    );
    if (await replay.seen(deliveryId, Math.max(0, windowEnd - now))) reject('replayed', 'this delivery was accepted before');
  }
  return { event, timestamp, payload, hook, deliveryId } as WebhookEvent;
}

/** Input of {@link buildWebhookDelivery}. */
export interface BuildWebhookDeliveryInput<E extends keyof WebhookPayloads> {
  /** The subscription secret to sign with. */
  secret: string;
  /** The subscription; its `event` names the event. A `secret` or `global` field is left out, as the service does. */
  hook: SubscriptionHook & { event: E };
  /** The object the event is about. */
  payload: WebhookPayloads[E];
  /** Epoch ms (default now); the token's `iat` is its whole seconds, as the service signs it. */
  timestamp?: number;
}

/**
 * Builds a delivery exactly as the service sends it, correctly signed: the JSON body and the headers.
 * It passes {@link verifyWebhook} with every option (within the tolerance of `timestamp`). For tests of your
 * receiver (and the supportkb mocks).
 *
 * @throws {TypeError} when `secret` is empty.
 */
export async function buildWebhookDelivery<E extends keyof WebhookPayloads>(input: BuildWebhookDeliveryInput<E>): Promise<{ body: string; headers: Record<string, string> }> {
  if (!input?.secret || typeof input.secret !== 'string') throw new TypeError('buildWebhookDelivery needs a secret');
  const timestamp = input.timestamp ?? Date.now();
  const { secret: _secret, global: _global, ...hook } = input.hook as SubscriptionHook & { secret?: unknown; global?: unknown };
  const token = await new SignJWT({ ...hook })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(WEBHOOK_TOKEN_ISSUER)
    .setSubject('subscription')
    .setAudience(webhookTokenAudience(hook._id))
    .setIssuedAt(Math.floor(timestamp / 1000))
    .sign(encoder.encode(input.secret));
  return {
    body: JSON.stringify({ timestamp, payload: input.payload, hook, token }),
    headers: { 'content-type': 'application/json', 'x-hook-secret': input.secret, 'user-agent': 'tiledesk-webhooks' },
  };
}
