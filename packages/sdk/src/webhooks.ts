/**
 * `@supportkb/sdk/webhooks`: typed webhook events, delivery verification and a delivery builder for tests.
 *
 * The service POSTs `{timestamp, payload, hook, token}` to a subscription's `target` with the headers
 * `x-hook-secret` (the subscription's secret) and `User-Agent: tiledesk-webhooks` (contract: webhook
 * `message.create`; reference sheet §11). There is no HMAC of the body: {@link verifyWebhook} compares
 * `x-hook-secret` in constant time, verifies `token` (an HS256 JWT signed with the secret whose audience
 * names the subscription), checks `timestamp` against a tolerance window and parses the body with zod.
 *
 * Getting the raw body (verify the bytes as received, before any JSON middleware re-serialises them):
 * - Node `http`: collect the chunks: `for await (const c of req) chunks.push(c); const raw = Buffer.concat(chunks)`.
 * - Express: `app.post('/hooks', express.raw({ type: 'application/json' }), (req) => verifyWebhook(req.body, req.headers, ...))`.
 * - Fastify: `app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))`, then `request.body`.
 * - Hono (and any Fetch-API server: Next.js route handlers, Deno, Bun, workers): `await c.req.text()` / `await request.text()`, headers `c.req.raw.headers`.
 */
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { SupportKbError } from './errors';
import type { Conversation, Group, Lead, Message, SubscriptionHook, Teammate } from './generated/types.gen';
import { zMessageCreateEvent, zSubscriptionHook } from './generated/zod.gen';
import { violations } from './validation';
import * as z from 'zod';

/** Issuer of delivery tokens (reference §11). */
export const WEBHOOK_TOKEN_ISSUER = 'https://tiledesk.com';
/** Audience of a delivery token for a subscription id. */
export const webhookTokenAudience = (subscriptionId: string): string => `https://tiledesk.com/subscriptions/${subscriptionId}`;

/** Payload type of each event name the real service delivers to subscriptions (reference sheet §11). */
export interface WebhookPayloads {
  'message.create': Message;
  'request.create': Conversation & { messages?: Message[] };
  'request.update': Conversation & { messages?: Message[] };
  'request.close': Conversation & { messages?: Message[] };
  'lead.create': Lead;
  'project_user.invite': Teammate;
  'project_user.update': Teammate;
  'project_user.update.agent': Teammate;
  'project_user.delete': Teammate;
  'group.create': Group;
  'group.update': Group;
  'group.delete': Group;
  'department.create': Record<string, unknown>;
  'department.update': Record<string, unknown>;
  'department.delete': Record<string, unknown>;
  'faqbot.create': Record<string, unknown>;
  'faqbot.update': Record<string, unknown>;
  'faqbot.delete': Record<string, unknown>;
  'faq.create': Record<string, unknown>;
  'faq.update': Record<string, unknown>;
  'faq.delete': Record<string, unknown>;
  'user.signup': Record<string, unknown>;
  'project.create': Record<string, unknown>;
  'project.update': Record<string, unknown>;
  'project.downgrade': Record<string, unknown>;
  'project.delete': Record<string, unknown>;
  'event.emit': Record<string, unknown>;
  'operator.select': Record<string, unknown>;
}

/** Every fixed event name a subscription can name. */
export const WEBHOOK_EVENTS = [
  'message.create', 'request.create', 'request.update', 'request.close', 'lead.create',
  'project_user.invite', 'project_user.update', 'project_user.update.agent', 'project_user.delete',
  'group.create', 'group.update', 'group.delete', 'department.create', 'department.update', 'department.delete',
  'faqbot.create', 'faqbot.update', 'faqbot.delete', 'faq.create', 'faq.update', 'faq.delete',
  'user.signup', 'project.create', 'project.update', 'project.downgrade', 'project.delete', 'event.emit', 'operator.select',
] as const satisfies readonly (keyof WebhookPayloads)[];

interface Delivery<E extends string, P> {
  /** The event name (the subscription's `event`, `hook.event`). */
  event: E;
  /** When the service sent it, epoch milliseconds. */
  timestamp: number;
  /** The object the event is about. */
  payload: P;
  /** The subscription (without its secret). */
  hook: SubscriptionHook;
}

/**
 * A verified delivery, discriminated by `event`. Dynamic names map to their family:
 * `message.create.<…>` (per channel) carry a Message, `event.emit.<name>` a free object.
 */
export type WebhookEvent =
  | { [E in keyof WebhookPayloads]: Delivery<E, WebhookPayloads[E]> }[keyof WebhookPayloads]
  | Delivery<`message.create.${string}`, Message>
  | Delivery<`event.emit.${string}`, Record<string, unknown>>;

/** Why a delivery was rejected. */
export type WebhookVerificationReason = 'missing_secret' | 'secret_mismatch' | 'malformed_body' | 'invalid_token' | 'timestamp_out_of_tolerance' | 'invalid_payload';

/** A delivery that must be rejected (answer it with a 4xx: the service does not retry those). Never carries the secret. */
export class WebhookVerificationError extends SupportKbError {
  override name = 'WebhookVerificationError';
  readonly reason: WebhookVerificationReason;
  constructor(reason: WebhookVerificationReason, message: string, options?: { cause?: unknown }) {
    super(`Webhook rejected (${reason}): ${message}`, options);
    this.reason = reason;
  }
}

/** Options of {@link verifyWebhook}. Times in milliseconds. */
export interface VerifyWebhookOptions {
  /** The subscription's secret (from `createSubscription`'s body or its `x-hook-secret` response header). */
  secret: string;
  /** Accepted distance between `timestamp` and now, either way (default 300000 = 5 minutes). */
  tolerance?: number;
  /** Clock, epoch ms (default `Date.now`). */
  now?: () => number;
  /** Require and verify the body's `token` (default true; real servers always send it). */
  requireToken?: boolean;
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

const zEnvelope = z.object({ timestamp: z.number(), payload: z.record(z.string(), z.unknown()), hook: zSubscriptionHook, token: z.string().optional() });

/**
 * Verifies a delivery and returns the typed event.
 *
 * @param rawBody the body exactly as received (string or bytes).
 * @param headers the request headers (`Headers`, or Node's `IncomingHttpHeaders`).
 * @throws {WebhookVerificationError} with `reason`: `missing_secret` / `secret_mismatch` (header),
 *   `malformed_body` (not JSON), `invalid_token` (bad signature, issuer, subject or an audience that is not this hook),
 *   `timestamp_out_of_tolerance`, `invalid_payload` (the body violates the contract's `MessageCreateEvent`).
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: Headers | Record<string, string | string[] | undefined>,
  options: VerifyWebhookOptions,
): Promise<WebhookEvent> {
  if (!options?.secret) throw new TypeError('verifyWebhook needs options.secret');
  const given = header(headers, 'x-hook-secret');
  if (!given) throw new WebhookVerificationError('missing_secret', 'no x-hook-secret header');
  if (!constantTimeEqual(given, options.secret)) throw new WebhookVerificationError('secret_mismatch', 'x-hook-secret does not match the subscription secret');

  let body: unknown;
  try {
    body = JSON.parse(typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody));
  } catch (cause) {
    throw new WebhookVerificationError('malformed_body', 'the body is not JSON', { cause });
  }
  const envelopeIssues = violations(zEnvelope, body, true);
  if (envelopeIssues.length) {
    throw new WebhookVerificationError('invalid_payload', envelopeIssues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '));
  }
  const delivery = body as Delivery<string, unknown> & { token?: string };

  if (options.requireToken !== false) {
    if (!delivery.token) throw new WebhookVerificationError('invalid_token', 'the body has no token');
    try {
      await jwtVerify(delivery.token, encoder.encode(options.secret), {
        algorithms: ['HS256'],
        issuer: WEBHOOK_TOKEN_ISSUER,
        subject: 'subscription',
        audience: webhookTokenAudience(delivery.hook._id),
      });
    } catch (cause) {
      const why = cause instanceof joseErrors.JOSEError ? cause.code : 'unverifiable';
      throw new WebhookVerificationError('invalid_token', `token ${why}`, { cause });
    }
  }

  const now = (options.now ?? Date.now)();
  const tolerance = options.tolerance ?? 300_000;
  if (Math.abs(now - delivery.timestamp) > tolerance) {
    throw new WebhookVerificationError('timestamp_out_of_tolerance', `timestamp is ${Math.round((now - delivery.timestamp) / 1000)} s away from now (tolerance ${tolerance / 1000} s)`);
  }

  const event = delivery.hook.event;
  if (event === 'message.create' || event.startsWith('message.create.')) {
    const issues = violations(zMessageCreateEvent, body, true);
    if (issues.length) throw new WebhookVerificationError('invalid_payload', issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '));
  }
  return { event, timestamp: delivery.timestamp, payload: delivery.payload, hook: delivery.hook } as WebhookEvent;
}

/** Input of {@link buildWebhookDelivery}. */
export interface BuildWebhookDeliveryInput<E extends keyof WebhookPayloads> {
  /** The subscription secret to sign with. */
  secret: string;
  /** The subscription (without secret); its `event` names the event. */
  hook: SubscriptionHook & { event: E };
  /** The object the event is about. */
  payload: WebhookPayloads[E];
  /** Epoch ms (default now). */
  timestamp?: number;
}

/**
 * Builds a delivery exactly as the service sends it, correctly signed: the JSON body and the headers.
 * For tests of your receiver (and the supportkb mocks).
 */
export async function buildWebhookDelivery<E extends keyof WebhookPayloads>(input: BuildWebhookDeliveryInput<E>): Promise<{ body: string; headers: Record<string, string> }> {
  const timestamp = input.timestamp ?? Date.now();
  const token = await new SignJWT({ ...input.hook })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(WEBHOOK_TOKEN_ISSUER)
    .setSubject('subscription')
    .setAudience(webhookTokenAudience(input.hook._id))
    .setIssuedAt(Math.floor(timestamp / 1000))
    .sign(encoder.encode(input.secret));
  return {
    body: JSON.stringify({ timestamp, payload: input.payload, hook: input.hook, token }),
    headers: { 'content-type': 'application/json', 'x-hook-secret': input.secret, 'user-agent': 'tiledesk-webhooks' },
  };
}
