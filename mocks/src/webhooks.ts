/**
 * Webhook delivery as the service does it: for each event, every subscription of the project with
 * exactly that `event` gets one HTTP POST to its `target`, built by the SDK's
 * `buildWebhookDelivery` (`@supportkb/sdk/webhooks`): `Content-Type: application/json`,
 * `x-hook-secret: <secret>`, `User-Agent: tiledesk-webhooks` and the body
 * `{timestamp, payload, hook, token}`, where `token` is an HS256 JWT of `hook` signed with the
 * subscription secret (`iss` `https://tiledesk.com`, `sub` `subscription`,
 * `aud` `https://tiledesk.com/subscriptions/<_id>`). Failed deliveries (network error, 1xx, 429,
 * 5xx, no answer within `timeoutMs`) are retried twice with exponential backoff
 * (`baseDelayMs * 2^n` plus jitter). Deliveries are fire-and-forget; in-process listeners see
 * every delivery.
 *
 * Only absolute `http:`/`https:` targets are contacted, loopback included (tests need it): a target
 * that is anything else (`file:`, `javascript:`, `gopher:`, not a URL), which `createSubscription`
 * refuses but a seed or an override may hold, is never handed to `fetch` and counts as a failed
 * delivery. Every HTTP attempt (and every refused target) is recorded in a bounded log
 * ({@link WebhookDispatcher.log}, the last {@link DELIVERY_LOG_LIMIT}); a delivery that ends without
 * a 2xx writes one `console.warn` per subscription (target, status or error, attempt), never the
 * secret or the token. The real server (`services/subscriptionNotifier.js`) likewise logs each
 * delivery (`SubscriptionLog`) and each network error (`winston.error`).
 *
 * The bodies of HTTP deliveries in flight (being sent, or waiting for a retry) are bounded, per
 * subscription and in total ({@link WebhookOptions.maxInFlightBytes}): a receiver that never answers
 * holds each delivery for its timeouts and backoffs, and one stored message fans out to every
 * subscription, so without a bound a guest's messages grew the process far past the storage cap. A
 * delivery past the bound is dropped, logged (attempt 0, the reason) and warned once per subscription.
 */
import { bypass } from 'msw';
import type { SubscriptionHook } from '@supportkb/sdk';
import { buildWebhookDelivery, type WebhookPayloads } from '@supportkb/sdk/webhooks';
import { isObject } from './documents';
import type { Store } from './state/store';

/** An event name the mock emits: one the SDK types a payload for. */
export type WebhookEventName = keyof WebhookPayloads;

/** The body POSTed to a subscription target (the contract's `MessageCreateEvent` for `message.create`). */
export interface WebhookBody {
  /** Epoch milliseconds of the delivery. */
  timestamp: number;
  /** The event's object, e.g. the message with its conversation as `request`. */
  payload: unknown;
  /** The subscription, secret omitted (the contract's `SubscriptionHook`). */
  hook: SubscriptionHook;
  /** HS256 JWT of `hook`, signed with the subscription secret. */
  token: string;
}

/** How one delivery ended. */
export interface DeliveryResult {
  /** True when the target answered 2xx/3xx/4xx other than 429 (no retry needed). */
  delivered: boolean;
  /** Number of HTTP attempts made (0 when not sent over HTTP). */
  attempts: number;
  /** Last HTTP status received, if any. */
  status?: number;
  /** Last error message (network error, with its cause; timeout; or why the target was refused), if any. */
  error?: string;
  /** Why it was not sent over HTTP, if it was not (`in-flight-limit`: dropped, the deliveries in flight were over a bound). */
  skipped?: 'disabled' | 'reserved-host' | 'in-flight-limit';
  /** The target's answer (its body as text) to an `operator.select` delivery, which may choose the operators. */
  answer?: string;
}

/** One delivery of one event to one subscription, as in-process listeners see it. */
export interface WebhookDelivery {
  /** Event name, e.g. `message.create`. */
  event: WebhookEventName;
  /** Subscription id. */
  subscriptionId: string;
  /** Target URL. */
  target: string;
  /** Request headers sent, names in lower case (`content-type`, `x-hook-secret`, `user-agent`, `origin`). */
  headers: Record<string, string>;
  /** Request body sent. */
  body: WebhookBody;
  /** Settles when the delivery (with its retries) is over; never rejects. */
  result: Promise<DeliveryResult>;
}

/**
 * One entry of the delivery log: one HTTP attempt of one delivery, or a delivery refused before any
 * attempt (a target that is no absolute http(s) URL).
 */
export interface WebhookLogEntry {
  /** Subscription id. */
  subscriptionId: string;
  /** Event name, e.g. `message.create`. */
  event: WebhookEventName;
  /** Target URL, as stored. */
  target: string;
  /** 1 for the first attempt, 2 and 3 for the retries; 0 when nothing was sent (refused target). */
  attempt: number;
  /** Whether the target answered 2xx. */
  ok: boolean;
  /** HTTP status received, if any. */
  status?: number;
  /** Network error, timeout (`No answer within <n> ms`) or why the target was refused, if any. */
  error?: string;
  /** When the attempt ended, ISO 8601 (the clock of the deliveries' `timestamp`, `now`). */
  at: string;
}

/** How many entries the delivery log keeps (the oldest go first). */
export const DELIVERY_LOG_LIMIT = 1000;

/**
 * Default bound of the delivery bodies in flight, in bytes (UTF-8), all subscriptions together:
 * 4 MiB (about 800 deliveries of a short message). A delivery in flight holds its body several times
 * over (the payload, the JSON text, the request's bytes and their copies): about 10 bytes of memory
 * per byte counted.
 */
const DEFAULT_MAX_IN_FLIGHT_BYTES = 4 * 1024 * 1024;
/** Default bound of the delivery bodies in flight to one subscription, in bytes: 1 MiB. */
const DEFAULT_MAX_IN_FLIGHT_BYTES_PER_SUBSCRIPTION = 1024 * 1024;

/**
 * Listener of {@link WebhookDispatcher.onEvent}: every event the service emits, whether or not a
 * subscription wants it (the websocket listens to the same events as the webhooks).
 */
export type WebhookEventListener = (event: WebhookEventName, projectId: string, payload: unknown) => void;

/** Listener of {@link WebhookDispatcher.onDelivery}. */
export type WebhookListener = (delivery: WebhookDelivery) => void;

/** Options of webhook delivery. */
export interface WebhookOptions {
  /**
   * `http` (default): POST to the target with `fetch` (through MSW's `bypass()`, so a target in
   * the same process is reached for real even while MSW intercepts `fetch`). `none`: only notify
   * in-process listeners.
   */
  delivery?: 'http' | 'none';
  /** Base delay of the retry backoff in ms; default 1000 (the service's ≈ 2^n s). */
  baseDelayMs?: number;
  /** Retries after the first attempt; default 2. */
  retries?: number;
  /**
   * Per-attempt timeout in ms; default 10000. An attempt without an answer by then is aborted and
   * counts as a network error (retried; the last one's `error` says `No answer within <n> ms`).
   */
  timeoutMs?: number;
  /** `fetch` to use; default the global one. */
  fetch?: typeof fetch;
  /**
   * Clock of a delivery's `timestamp` and its token's `iat`, epoch ms. Default the wall clock
   * (`Date.now`), not the service clock: receivers check `timestamp` against their own clock
   * (`verifyWebhook` allows 5 minutes), while the service clock starts at the seed's date.
   */
  now?: () => number;
  /**
   * Most bytes of delivery bodies (UTF-8 JSON) in flight over HTTP at once, all subscriptions
   * together: a delivery is in flight from its first attempt until its last one ends (backoffs
   * included). One that would go past it is not sent: logged with `attempt: 0` and the reason,
   * warned once per subscription, its result `skipped: 'in-flight-limit'`. Default 4 MiB
   * ({@link DEFAULT_MAX_IN_FLIGHT_BYTES}); `Infinity` turns the bound off.
   */
  maxInFlightBytes?: number;
  /** The same bound for the deliveries to one subscription. Default 1 MiB ({@link DEFAULT_MAX_IN_FLIGHT_BYTES_PER_SUBSCRIPTION}). */
  maxInFlightBytesPerSubscription?: number;
}

/**
 * Whether `target` is an absolute `http:` or `https:` URL (with `//` after the scheme), the only
 * targets the mock hands to `fetch`.
 */
export function isHttpTarget(target: string): boolean {
  const trimmed = target.trim();
  if (!/^https?:\/\//i.test(trimmed)) return false;
  try {
    const { protocol } = new URL(target);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Text as a warning shows it: credentials of URLs masked (`https://***@host/`), long values cut. */
function shown(text: string): string {
  const masked = text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/?#\s@]*@/gi, '$1***@');
  return masked.length > 200 ? `${masked.slice(0, 200)}…` : masked;
}

/** A failed attempt's error, with its cause (`fetch failed: connect ECONNREFUSED 127.0.0.1:9`). */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message || (error.cause as { code?: string }).code : undefined;
  return cause && !error.message.includes(cause) ? `${error.message}: ${cause}` : error.message;
}

/** What one delivery is, for the log. */
interface Attempted {
  subscriptionId: string;
  event: WebhookEventName;
  target: string;
}

/** Hosts under RFC 2606/6761 reserved names never resolve: deliveries to them are not attempted. */
function reservedHost(target: string): boolean {
  try {
    const host = new URL(target).hostname;
    return /\.(test|example|invalid)$/i.test(host) || /^(example\.(com|net|org))$/i.test(host);
  } catch {
    return true;
  }
}

/** Whether an event is a `project_user.update` of an agent-type teammate (`roleType` 1), which `event/authEvent.js` emits once more as `project_user.update.agent`. */
function agentUpdate(event: WebhookEventName, payload: unknown): payload is WebhookPayloads['project_user.update.agent'] {
  return event === 'project_user.update' && isObject(payload) && payload.roleType === 1;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Emits events to the subscriptions of the store. */
export class WebhookDispatcher {
  private readonly listeners = new Set<WebhookListener>();
  private readonly eventListeners = new Set<WebhookEventListener>();
  private readonly pending = new Set<Promise<unknown>>();
  /**
   * Settles once the latest delivery started has been shown to the listeners: each delivery waits
   * for the one before, so listeners see deliveries in the order they were emitted (signing is
   * asynchronous and its promises may settle in any order).
   */
  private announced: Promise<void> = Promise.resolve();
  private readonly entries: WebhookLogEntry[] = [];
  /** Subscriptions whose failed delivery was already reported. */
  private readonly warned = new Set<string>();
  /** Bytes of delivery bodies in flight over HTTP, in total and per subscription. */
  private inFlightTotal = 0;
  private readonly inFlightBySubscription = new Map<string, number>();

  /** @param report `warnings: false` silences the failed-delivery warnings (the service's `warnings` option). */
  constructor(
    private readonly store: Store,
    private readonly options: WebhookOptions = {},
    private readonly report: { warnings: boolean } = { warnings: true },
  ) {}

  /** The delivery log, oldest first: every HTTP attempt and every refused target, the last {@link DELIVERY_LOG_LIMIT}. */
  log(): WebhookLogEntry[] {
    return this.entries.map((entry) => ({ ...entry }));
  }

  /** Empties the delivery log and forgets which subscriptions were reported (the service's `reset()`). */
  clear(): void {
    this.entries.length = 0;
    this.warned.clear();
  }

  /**
   * Registers an in-process listener, called for every delivery once it is signed and before the
   * HTTP POST, in the order the events were emitted. @returns a function that removes the listener.
   */
  onDelivery(listener: WebhookListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Registers an in-process listener of the events themselves, called synchronously by
   * {@link emit} for every event of a project (before the deliveries, whether or not a subscription
   * wants it), with the payload as emitted (not copied: a listener must not change it).
   * @returns a function that removes the listener.
   */
  onEvent(listener: WebhookEventListener): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /**
   * Bytes of delivery bodies in flight over HTTP now (see {@link WebhookOptions.maxInFlightBytes}):
   * `total`, and per subscription id (only those with deliveries in flight).
   */
  inFlightBytes(): { total: number; bySubscription: Record<string, number> } {
    return { total: this.inFlightTotal, bySubscription: Object.fromEntries(this.inFlightBySubscription) };
  }

  /** Resolves once every delivery started so far (retries included) is over. */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  /**
   * Emits `event` with `payload` for `projectId`: one delivery per subscription of the project whose
   * `event` is exactly this name. Returns at once; deliveries run in the background.
   * @param projectId the project of the event (`undefined` for a document of no project: nothing is delivered).
   */
  emit<E extends WebhookEventName>(event: E, projectId: string | undefined, payload: WebhookPayloads[E]): void {
    if (projectId === undefined) return;
    for (const listener of this.eventListeners) {
      try {
        listener(event, projectId, payload);
      } catch (error) {
        // A failing listener must not break the request that emitted the event.
        console.error(`[@supportkb/mocks] a listener of ${event} threw:`, error);
      }
    }
    // event/authEvent.js: every `project_user.update` of an agent-type teammate (`roleType` 1) is
    // emitted once more as `project_user.update.agent` (its listener is registered first).
    if (agentUpdate(event, payload)) this.deliverAll('project_user.update.agent', projectId, payload);
    this.deliverAll(event, projectId, payload);
  }

  /**
   * `operator.select` (`services/subscriptionNotifier.js`): delivers the routing of a new conversation to
   * every subscription of the project to `operator.select`, and resolves with what the service routes by:
   * the first delivery to end decides (the notifier's callback runs once per subscription and the first
   * call resolves the routing), with its answer parsed as JSON when it has `operators` (whatever the
   * status), else `undefined` (the routing's own choice: no subscription, an answer without
   * `operators` or not JSON, a network error, no answer within `timeoutMs`, deliveries off).
   */
  async select(projectId: string, selection: WebhookPayloads['operator.select']): Promise<Record<string, unknown> | undefined> {
    const tasks = this.deliverAll('operator.select', projectId, selection);
    if (!tasks.length) return undefined;
    const first = await Promise.race(tasks);
    if (first.answer === undefined) return undefined;
    let answer: unknown;
    try {
      answer = JSON.parse(first.answer);
    } catch {
      return undefined;
    }
    return isObject(answer) && answer.operators ? answer : undefined;
  }

  /** One delivery per subscription of the project to exactly `event`, in the background; their results. */
  private deliverAll<E extends WebhookEventName>(event: E, projectId: string, payload: WebhookPayloads[E]): Promise<DeliveryResult>[] {
    const tasks: Promise<DeliveryResult>[] = [];
    for (const subscription of this.store.subscriptions.values()) {
      if (subscription.id_project !== projectId || subscription.event !== event) continue;
      const { secret, global: _global, ...hook } = subscription;
      const task = this.deliver(event, { ...hook, event }, secret, structuredClone(payload));
      this.pending.add(task);
      void task.finally(() => this.pending.delete(task));
      tasks.push(task);
    }
    return tasks;
  }

  private async deliver<E extends WebhookEventName>(event: E, hook: SubscriptionHook & { event: E }, secret: string, payload: WebhookPayloads[E]): Promise<DeliveryResult> {
    const previous = this.announced;
    let announce!: () => void;
    this.announced = new Promise<void>((resolve) => (announce = resolve));
    let built: Awaited<ReturnType<typeof buildWebhookDelivery>>;
    let headers: Record<string, string>;
    let settle!: (result: DeliveryResult) => void;
    const result = new Promise<DeliveryResult>((resolve) => (settle = resolve));
    try {
      built = await buildWebhookDelivery({ secret, hook, payload, timestamp: (this.options.now ?? Date.now)() });
      // What the service's HTTP client adds to every delivery.
      headers = { ...built.headers, origin: 'http://localhost:3000' };
      const body = JSON.parse(built.body) as WebhookBody;
      const delivery: WebhookDelivery = { event, subscriptionId: hook._id, target: hook.target, headers, body, result };
      // The service emits in order; its listeners see the deliveries in that order.
      await previous;
      for (const listener of this.listeners) {
        try {
          listener(delivery);
        } catch {
          // A failing listener must not break the request that emitted the event.
        }
      }
    } finally {
      announce();
    }
    const done = (outcome: DeliveryResult): DeliveryResult => (settle(outcome), outcome);
    if ((this.options.delivery ?? 'http') === 'none') return done({ delivered: false, attempts: 0, skipped: 'disabled' });
    const attempted: Attempted = { subscriptionId: hook._id, event, target: hook.target };
    // Defence in depth: createSubscription refuses such targets, a seed or an override may not.
    if (!isHttpTarget(hook.target)) {
      const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(hook.target.trim())?.[1];
      const error = `Not sent: the target is not an absolute http(s) URL${scheme ? ` (scheme ${scheme.toLowerCase()}:)` : ''}; the mock delivers only to http: and https:`;
      this.record(attempted, { attempt: 0, ok: false, error });
      this.warnFailed(attempted, 0, error);
      return done({ delivered: false, attempts: 0, error });
    }
    if (reservedHost(hook.target)) return done({ delivered: false, attempts: 0, skipped: 'reserved-host' });
    const bytes = Buffer.byteLength(built.body);
    const total = this.options.maxInFlightBytes ?? DEFAULT_MAX_IN_FLIGHT_BYTES;
    const perSubscription = this.options.maxInFlightBytesPerSubscription ?? DEFAULT_MAX_IN_FLIGHT_BYTES_PER_SUBSCRIPTION;
    const mine = this.inFlightBySubscription.get(hook._id) ?? 0;
    if (mine + bytes > perSubscription || this.inFlightTotal + bytes > total) {
      const which =
        mine + bytes > perSubscription
          ? `${mine} bytes already in flight to this subscription (limit ${perSubscription})`
          : `${this.inFlightTotal} bytes already in flight to all subscriptions (limit ${total})`;
      const error = `Not sent: dropped, ${bytes} more bytes of deliveries with ${which}; the receiver is slow or not answering`;
      this.record(attempted, { attempt: 0, ok: false, error });
      this.warnFailed(attempted, 0, error);
      return done({ delivered: false, attempts: 0, error, skipped: 'in-flight-limit' });
    }
    this.inFlightTotal += bytes;
    this.inFlightBySubscription.set(hook._id, mine + bytes);
    let outcome: DeliveryResult;
    try {
      outcome = await this.post(attempted, headers, built.body);
    } finally {
      this.inFlightTotal -= bytes;
      const left = (this.inFlightBySubscription.get(hook._id) ?? bytes) - bytes;
      if (left > 0) this.inFlightBySubscription.set(hook._id, left);
      else this.inFlightBySubscription.delete(hook._id);
    }
    if (!(outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300)) {
      this.warnFailed(attempted, outcome.attempts, outcome.status !== undefined ? `HTTP ${outcome.status}` : (outcome.error ?? 'no answer'));
    }
    return done(outcome);
  }

  /** Adds one entry to the log, dropping the oldest beyond the limit. */
  private record(attempted: Attempted, outcome: Pick<WebhookLogEntry, 'attempt' | 'ok' | 'status' | 'error'>): void {
    const { status, error, ...rest } = outcome;
    this.entries.push({ ...attempted, ...rest, ...(status !== undefined ? { status } : {}), ...(error !== undefined ? { error } : {}), at: new Date((this.options.now ?? Date.now)()).toISOString() });
    if (this.entries.length > DELIVERY_LOG_LIMIT) this.entries.splice(0, this.entries.length - DELIVERY_LOG_LIMIT);
  }

  /** One `console.warn` per subscription for a delivery that ended without a 2xx (never the secret or the token). */
  private warnFailed(attempted: Attempted, attempt: number, why: string): void {
    if (!this.report.warnings || this.warned.has(attempted.subscriptionId)) return;
    this.warned.add(attempted.subscriptionId);
    const total = (this.options.retries ?? 2) + 1;
    const where = attempt === 0 ? 'nothing sent' : `attempt ${attempt} of ${total}`;
    console.warn(
      `[@supportkb/mocks] webhook delivery failed: ${attempted.event} to ${shown(attempted.target)} (subscription ${attempted.subscriptionId}): ${shown(why)} (${where}). ` +
        'Later failures of this subscription are not reported; service.webhookLog() lists every attempt.',
    );
  }

  private async post(attempted: Attempted, headers: Record<string, string>, text: string): Promise<DeliveryResult> {
    const { target } = attempted;
    const retries = this.options.retries ?? 2;
    const base = this.options.baseDelayMs ?? 1000;
    const doFetch = this.options.fetch ?? fetch;
    const timeoutMs = this.options.timeoutMs ?? 10_000;
    let status: number | undefined;
    let error: string | undefined;
    let answer: string | undefined;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await sleep(base * 2 ** (attempt - 1) + Math.floor(Math.random() * Math.min(base, 1000) * 0.1));
      // The attempt's timeout is a timer this method owns, raced against the fetch: the timer list
      // holds it until it is cleared. (An abort signal alone is not enough: `AbortSignal.timeout()`
      // is held only weakly, and so is the chain of signals a `Request` and its clones follow, so
      // after a garbage collection the abort can be lost and a hung receiver's attempt would stay
      // pending forever.) The abort still frees the connection when it does arrive.
      const controller = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const reason = new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError');
          reject(reason);
          controller.abort(reason);
        }, timeoutMs);
      });
      timedOut.catch(() => {});
      try {
        const request = bypass(new Request(target, { method: 'POST', headers, body: text, signal: controller.signal }));
        const fetching = doFetch(request);
        fetching.catch(() => {}); // it may settle after the timeout won the race
        const response = await Promise.race([fetching, timedOut]);
        status = response.status;
        error = undefined;
        // The answer matters to `operator.select` only (it may choose the operators); read it within the attempt's timeout.
        if (attempted.event === 'operator.select') answer = await Promise.race([response.text(), timedOut]);
        else void response.body?.cancel().catch(() => {});
        this.record(attempted, { attempt: attempt + 1, ok: status >= 200 && status < 300, status });
        const retryable = status < 200 || status === 429 || status >= 500;
        if (!retryable) return { delivered: true, attempts: attempt + 1, status, ...(answer !== undefined ? { answer } : {}) };
      } catch (cause) {
        status = undefined;
        answer = undefined;
        error = describeError(cause);
        this.record(attempted, { attempt: attempt + 1, ok: false, error });
      } finally {
        clearTimeout(timer);
      }
    }
    return { delivered: false, attempts: retries + 1, ...(status !== undefined ? { status } : {}), ...(error ? { error } : {}), ...(answer !== undefined ? { answer } : {}) };
  }
}
