/**
 * The public types of the stateful mock service (its options, what it is, what `onResponse`
 * sees) and the defaults of its options.
 */
import type { HttpHandler } from 'msw';
import type { OperationId } from '@supportkb/sdk';
import { DEFAULT_BODY_LIMIT } from '../http/body';
import type { OperationMeta } from '../manifest';
import type { MockRealtime, RealtimeOptions } from '../realtime/types';
import type { Scenario } from '../scenario/format';
import type { Clock, ClockOptions } from '../state/clock';
import type { IdGenerator } from '../state/ids';
import type { SEED } from '../state/seed';
import type { Store } from '../state/store';
import type { WebhookListener, WebhookLogEntry, WebhookOptions } from '../webhooks';

/** Tunables of the service's behaviour. */
export interface BehaviourOptions {
  /**
   * Content indexing: each content created or re-sent starts at status -1 and moves to 100, 200
   * and 300 after `stepMs`, `2 * stepMs` and `3 * stepMs` of the mock's clock (ms; default 2000).
   * A content whose `source` matches `failingSources` (default `/fail/i`) ends at 400 with
   * `last_error` instead.
   */
  indexing?: { stepMs?: number; failingSources?: RegExp };
  /** Plan limit on knowledge bases per project (403 beyond it); default 50. */
  maxKnowledgeBases?: number;
  /**
   * Page URLs `parseSitemap` answers per sitemap URL, without fetching. Other `http(s)` URLs are
   * fetched for real (15 s timeout), except hosts under `.test`, `.example` and `.invalid`, which
   * fail at once with sitemapper's `RequestError` (see src/resources/sitemapper.ts).
   */
  sitemaps?: Readonly<Record<string, readonly string[]>>;
  /**
   * What the mock does with a request the real server never answers (its route drops an error, or
   * throws where Express cannot catch it; e.g. `listLeads?page=-1`): `'reset'` (the default) closes
   * the connection at once, so the client fails with a network error instead of hanging the test;
   * `'hang'` answers nothing until the client gives up (its timeout or abort), as production does.
   * Either way the mock warns once per operation and reason.
   */
  unanswered?: 'reset' | 'hang';
  /**
   * The storage cap: the most the mock keeps, in bytes of stored JSON (each stored document's JSON
   * text and key, accounted when it is written, changed or deleted); default 67108864 (64 MiB).
   * The seed counts toward it (about 115 KB) and is never refused. A request that would take the
   * store over it — or make one document larger than 16 MiB, MongoDB's document limit — is
   * refused with **507** `{err, msg, limit, used, needed}` (the message says how to raise the cap
   * or reset) and stores nothing; its other writes are undone. Reads (GET) are never refused;
   * deletes and updates that do not grow the store pass; `service.reset()` frees what requests
   * stored; `service.store.storage` shows `used` and `limit`. The real server has no such limit
   * (the contract declares no 507): it bounds the mock's memory, whose heap is about this figure
   * for large documents and up to three times it for small ones (V8 objects).
   * @throws {RangeError} from `createMockService` when it is not a positive integer.
   */
  storageLimit?: number;
}

/** The default behaviour: a plan of 50 knowledge bases, and one sitemap fixture of the seeded help site. */
export const DEFAULT_BEHAVIOUR = {
  maxKnowledgeBases: 50,
  sitemaps: {
    'https://www.acme-support.test/sitemap.xml': ['https://www.acme-support.test/help/shipping', 'https://www.acme-support.test/help/returns', 'https://www.acme-support.test/help/payments'],
  },
} as const satisfies BehaviourOptions;

/** Options of `createMockService`. */
export interface MockServiceOptions {
  /**
   * Where the handlers answer: `*` (the default) matches any origin and path prefix
   * (`https://api.tiledesk.com/v2/...`, `http://127.0.0.1:4010/...`); pass an API root such as
   * `http://localhost:4010` to answer only there.
   */
  baseUrl?: string;
  /** Seed the default dataset (default true); `false` starts with only the project. */
  seed?: boolean;
  /** Clock options; `{ frozen: true }` for tests that move time with `service.clock.advance()`. */
  clock?: ClockOptions;
  /** `sequential` (default, the same ids on every run) or `random` ids. */
  ids?: 'sequential' | 'random';
  /** Webhook delivery options (retries, backoff base, `delivery: 'none'`). */
  webhooks?: WebhookOptions;
  /** Behaviour tunables: indexing pace and failing sources, plan limits, sitemap fixtures. */
  behaviour?: BehaviourOptions;
  /** Secret of the service's own tokens; default the contract's example `supportkb-example-server-secret`. */
  serverSecret?: string;
  /** Secret every subscription of this run gets; default the contract's example value. */
  subscriptionSecret?: string;
  /**
   * Largest request body accepted, in bytes; default 512000 (the service's 500 KB). A larger body
   * is answered 413 `{err: "Request entity too large", limit}` without being read past the limit
   * (a declared `Content-Length` over it is refused before anything else, as the service does).
   * Every stored string is bounded by it.
   */
  bodyLimit?: number;
  /**
   * The release of the server to answer as, `X.Y.Z`: any release the contract describes (2.10.0 to
   * 2.19.16), by default the last. An older release's 200 answers lack the fields the contract marks
   * as later (`x-since`, e.g. a teammate's `roleType` before 2.18.1, a group's `enabled` before
   * 2.11.6), and the operations it lacks answer as unknown routes. The stored state is the same.
   * @throws {RangeError} from `createMockService` when it is not a release of that window.
   */
  serverVersion?: string;
  /**
   * Strict mode (default `false`): refuse every request the contract forbids — a path parameter,
   * query parameter or body field of the wrong type or format, a missing required field, malformed
   * JSON, a body that is not JSON — with 400 (422 where the operation declares it)
   * `{errors: [{value, msg, param, location}]}` naming each violation, before the handler runs.
   * Catches client bugs the real server would accept, store or fail on. In the default mode the mock
   * answers such requests as the real server does (200 with what it stores, 500, or no answer) and
   * warns once per operation and kind of violation.
   */
  strict?: boolean;
  /**
   * Report requests the contract forbids in the default mode, and requests the real server never
   * answers (`console.warn`, once per operation and kind); default `true`.
   */
  warnings?: boolean;
  /**
   * Called with every answer the handlers produce (not the answers of overrides), e.g. to check
   * them against the contract.
   */
  onResponse?: (exchange: Exchange) => void;
  /**
   * A scenario (validated first; see `defineScenario`): its `seed` instead of `seed`, its `clock`
   * over `clock`, and its `responses` and `latency` as handlers before the stateful ones.
   * `reset()` returns to its start: the store, the responses' `times` counters, the clock.
   * @throws {ScenarioError} from `createMockService` when it is invalid.
   */
  scenario?: Scenario;
  /**
   * The websocket's options (the heartbeat interval); see {@link MockService.realtime}. The
   * websocket's strictness follows `strict`.
   */
  realtime?: RealtimeOptions;
}

/** One request and the answer the mock made, as {@link MockServiceOptions.onResponse} sees it. */
export interface Exchange {
  operationId: OperationId;
  method: string;
  url: string;
  status: number;
  /**
   * `application/json` or `text/plain`; `text/html` for Express's HTML error page (the labels
   * routes' forward to a URL no route matches); `none` when the mock gave no answer (as the real
   * server for this request) or answered `304 Not Modified` (body `null`). An empty body sent as `application/json` (`res.json(undefined)`) is
   * reported as `application/json` with the body `''`.
   */
  contentType: 'application/json' | 'text/plain' | 'text/html' | 'none';
  /** The JSON body (after a JSON round trip) or the text. */
  body: unknown;
  headers: Record<string, string>;
}

/** The seeded members `authorization()` and `basic()` give credentials of. */
export type SeededRole = 'owner' | 'admin' | 'agent';

/** The running mock. */
export interface MockService {
  /** The MSW request handlers of every operation (give them to `setupServer`/`setupWorker`). */
  readonly handlers: HttpHandler[];
  /** The base URL the handlers answer at (`*` = anywhere). */
  readonly baseUrl: string;
  /** Largest request body accepted, in bytes (see {@link MockServiceOptions.bodyLimit}). */
  readonly bodyLimit: number;
  /** The in-memory state. */
  readonly store: Store;
  /** The mock's clock. */
  readonly clock: Clock;
  /** The id generator. */
  readonly ids: IdGenerator;
  /** Whether the service refuses what the contract forbids (`strict: true`). */
  readonly strict: boolean;
  /** The release of the server the service answers as, `X.Y.Z` (see {@link MockServiceOptions.serverVersion}). */
  readonly serverVersion: string;
  /** The contract's operations, in the order the handlers were registered (a literal path segment before a parameter). */
  readonly operations: readonly OperationMeta[];
  /** Ids and credentials of the seeded dataset. */
  readonly seed: typeof SEED;
  /** The scenario the service runs (`scenario` option), validated. */
  readonly scenario?: Scenario;
  /** Back to the seeded dataset (or the empty project), ids and clock restarted. */
  reset(): void;
  /** Deep copy of the whole state, for comparisons. */
  snapshot(): Record<string, unknown>;
  /** Registers an in-process webhook listener, called for each delivery in the order the events were emitted (before its HTTP POST); returns the function that removes it. */
  onWebhook(listener: WebhookListener): () => void;
  /** Resolves when every webhook delivery started so far is over (retries included). */
  webhooksIdle(): Promise<void>;
  /**
   * The webhook delivery log, oldest first: every HTTP attempt (subscription, event, target,
   * attempt, `ok`, status or error, `at`) and every target refused without an attempt, the last
   * 1,000; `reset()` empties it. A copy: changing it changes nothing.
   */
  webhookLog(): WebhookLogEntry[];
  /**
   * The service's websocket (openapi/asyncapi.yaml), transport-neutral: the handshake and the
   * connections a transport serves — `startHttpMock` on its port (path `/`), `setupNodeMock` and
   * `setupBrowserMock` through MSW's `ws` interception. Every change of the state (REST, scenario)
   * reaches its subscribers as the server's frames; strict mode (`strict: true`) refuses injected
   * frames, conversations the caller may not see, and the `events` and `bots` topics to non-members.
   */
  readonly realtime: MockRealtime;
  /**
   * An `Authorization` header value for a seeded member: `JWT <token>` signed like a sign-in
   * (`owner`, `admin`, `agent`) or an anonymous sign-in (`guest`).
   * @throws {Error} when the member is not in the store (`seed: false`).
   */
  authorization(role: SeededRole | 'guest'): Promise<string>;
  /** Basic credentials (`Basic base64(email:password)`) of a seeded owner, admin or agent. */
  basic(role: SeededRole): string;
  /**
   * Signs a custom token for `signInWithCustomToken` with the project's secret: `aud` is set to
   * `https://tiledesk.com/projects/<projectId>`, `sub` to `userexternal`, `iat` to now.
   * @param claims at least `_id`; optional `role`, `firstname`, `lastname`, `email`.
   * @returns the compact JWT, without the `JWT ` prefix.
   * @throws {Error} when the project is unknown.
   */
  customToken(claims: Record<string, unknown>, projectId?: string): Promise<string>;
}

/** Validates the `bodyLimit` option. @throws {RangeError} when it is not a positive integer. */
export function bodyLimitOf(value: number | undefined): number {
  if (value === undefined) return DEFAULT_BODY_LIMIT;
  if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`bodyLimit must be a positive integer number of bytes, got ${String(value)}`);
  return value;
}
