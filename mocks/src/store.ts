/**
 * The mock's state: plain `Map`s of JSON documents (no database), a controllable clock and an id
 * generator. Documents are stored in the shape the service sends them (spec §2, contract schemas);
 * anything the service keeps private (passwords, secrets, indexing schedules) lives in side maps.
 */

/** A JSON object as stored and sent. */
export type Doc = Record<string, any>;

/** Milliseconds since the epoch. */
export type EpochMs = number;

/**
 * The mock's clock. Every timestamp the mock writes (`createdAt`, `updatedAt`, webhook
 * `timestamp`, JWT `iat`) and every time window it computes (analytics, content indexing) reads it.
 */
export interface Clock {
  /** Current time, epoch milliseconds. */
  now(): EpochMs;
  /** Current time as an ISO 8601 string (`2026-11-20T09:30:00.000Z`). */
  iso(): string;
  /** Moves the clock forward by `ms` milliseconds (negative moves it back). */
  advance(ms: number): void;
  /** Sets the clock to `time` (epoch ms, ISO string or `Date`). */
  set(time: EpochMs | string | Date): void;
  /** Whether the clock stands still between `advance`/`set` calls. */
  readonly frozen: boolean;
}

/** Options of {@link createClock}. */
export interface ClockOptions {
  /** Start time (epoch ms, ISO string or `Date`); default `2026-11-20T10:00:00.000Z`, the seed's "now". */
  start?: EpochMs | string | Date;
  /**
   * `true` (the default for tests that pass `clock: { frozen: true }`): time moves only through
   * `advance`/`set`. `false`: time runs in real time from `start`.
   */
  frozen?: boolean;
  /** Real-time source for a running clock; default `Date.now`. */
  source?: () => EpochMs;
}

/** The seed's notion of "now": the contract's examples are set on 20 November 2026. */
export const SEED_NOW = '2026-11-20T10:00:00.000Z';

function toMs(time: EpochMs | string | Date): EpochMs {
  if (typeof time === 'number') return time;
  const ms = (time instanceof Date ? time : new Date(time)).getTime();
  if (Number.isNaN(ms)) throw new TypeError(`Invalid time: ${String(time)}`);
  return ms;
}

/**
 * Creates a clock.
 * @param options start time and whether it runs; see {@link ClockOptions}.
 * @returns a {@link Clock}.
 * @throws {TypeError} when `start` is not a valid time.
 */
export function createClock(options: ClockOptions = {}): Clock {
  const source = options.source ?? Date.now;
  const frozen = options.frozen ?? false;
  let base = toMs(options.start ?? SEED_NOW);
  let realAtBase = source();
  const now = () => (frozen ? base : base + (source() - realAtBase));
  return {
    frozen,
    now,
    iso: () => new Date(now()).toISOString(),
    advance(ms) {
      base += ms;
    },
    set(time) {
      base = toMs(time);
      realAtBase = source();
    },
  };
}

/** Produces the identifiers the mock assigns. */
export interface IdGenerator {
  /** A new 24-hex-digit ObjectId. */
  objectId(): string;
  /** A new UUID v4 string. */
  uuid(): string;
}

/**
 * Creates an id generator.
 * @param mode `sequential` (default): ObjectIds `6600000000000000000000NN`-style counters and
 *   UUIDs derived from a counter, the same on every run; `random`: random ids (crypto).
 * @returns an {@link IdGenerator}.
 */
export function createIdGenerator(mode: 'sequential' | 'random' = 'sequential'): IdGenerator {
  if (mode === 'random') {
    return {
      objectId: () => {
        const bytes = crypto.getRandomValues(new Uint8Array(12));
        return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
      },
      uuid: () => crypto.randomUUID(),
    };
  }
  let objectIds = 0;
  let uuids = 0;
  return {
    // The seed uses 65f1...; generated ids start with 66 so they never collide with it.
    objectId: () => `66${(++objectIds).toString(16).padStart(22, '0')}`,
    uuid: () => {
      const n = (++uuids).toString(16).padStart(12, '0');
      return `00000000-0000-4000-8000-${n}`;
    },
  };
}

/** The collections of the mock. Keys are ids unless stated. */
export interface Collections {
  /** Projects by `_id`. */
  projects: Map<string, Doc>;
  /** Users (accounts) by `_id`, without password. */
  users: Map<string, Doc>;
  /** Teammates (project_users) by `_id`. */
  teammates: Map<string, Doc>;
  /** Pending invitations by `_id`. */
  pendingInvitations: Map<string, Doc>;
  /** Knowledge bases (namespaces) by `id`. */
  knowledgeBases: Map<string, Doc>;
  /** Knowledge-base contents by `_id`. */
  contents: Map<string, Doc>;
  /** Groups by `_id`. */
  groups: Map<string, Doc>;
  /** Segments by `_id`. */
  segments: Map<string, Doc>;
  /** Tags by `_id`. */
  tags: Map<string, Doc>;
  /** Label documents by project id. */
  labels: Map<string, Doc>;
  /** Leads by `_id`. */
  leads: Map<string, Doc>;
  /** Webhook subscriptions by `_id` (with `secret`). */
  subscriptions: Map<string, Doc>;
  /** Conversations (requests) by `request_id`. */
  conversations: Map<string, Doc>;
  /** Messages by `_id` (without the embedded `request`). */
  messages: Map<string, Doc>;
  /** Departments by `_id` (referenced by conversations; no operation manages them). */
  departments: Map<string, Doc>;
}

/** Private data the service keeps beside the documents. */
export interface Secrets {
  /** Passwords by user id. */
  passwords: Map<string, string>;
  /** Indexing schedule of contents by content id: when the job started and whether it fails. */
  indexing: Map<string, { startedAt: EpochMs; fails: boolean }>;
}

/** The whole state. */
export interface Store extends Collections {
  /** Private data. */
  secrets: Secrets;
}

const COLLECTIONS: (keyof Collections)[] = [
  'projects',
  'users',
  'teammates',
  'pendingInvitations',
  'knowledgeBases',
  'contents',
  'groups',
  'segments',
  'tags',
  'labels',
  'leads',
  'subscriptions',
  'conversations',
  'messages',
  'departments',
];

/** Creates an empty store. */
export function createStore(): Store {
  const store = Object.fromEntries(COLLECTIONS.map((name) => [name, new Map()])) as unknown as Store;
  store.secrets = { passwords: new Map(), indexing: new Map() };
  return store;
}

/** Empties every collection of `store` in place. */
export function clearStore(store: Store): void {
  for (const name of COLLECTIONS) store[name].clear();
  store.secrets.passwords.clear();
  store.secrets.indexing.clear();
}

/**
 * A deep, JSON-comparable copy of the whole state (collections and private data), e.g. to check
 * that a refused request changed nothing.
 * @returns `{ <collection>: { <key>: doc } , secrets: {...} }`.
 */
export function snapshotStore(store: Store): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of COLLECTIONS) out[name] = Object.fromEntries(structuredClone([...store[name].entries()]));
  out.secrets = {
    passwords: Object.fromEntries(store.secrets.passwords),
    indexing: Object.fromEntries(structuredClone([...store.secrets.indexing.entries()])),
  };
  return out;
}

/** Deep copy of a document, for responses (callers may mutate what they receive). */
export function copy<T>(value: T): T {
  return structuredClone(value);
}
