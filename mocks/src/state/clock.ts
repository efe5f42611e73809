/**
 * The mock's clock. Every timestamp the mock writes (`createdAt`, `updatedAt`, JWT `iat`) and
 * every time window it computes (analytics, content indexing) reads it.
 */

/** Milliseconds since the epoch. */
export type EpochMs = number;

/** A clock that tests can stop and move. */
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
   * `true`: time moves only through `advance`/`set` (what tests usually want); `false` (the
   * default): time runs in real time from `start`.
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
