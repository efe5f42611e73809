/**
 * Analytics, as the server's `pubmodules/analytics/analytics.js` answers them: each route builds a
 * `$match` from the request and runs a MongoDB aggregation over the `requests` (conversations) or
 * `messages` collection, answering the raw result array (`[]` when nothing matches) or, when
 * MongoDB refuses the pipeline, 500 `{success: false, msg: "Error getting analytics."}`.
 *
 * The `$match` is built exactly as the route builds it, from `req.query` as `qs` parses it, and
 * evaluated as MongoDB evaluates an uncast filter (../mongoose/filter.ts): `id_project` the path's
 * project id, preflight conversations left out (`preflight` false or missing), `createdAt` at or
 * after `now − lastdays·24 h` (or `now − last` seconds). The window is JavaScript arithmetic on the
 * raw value: `lastdays=abc` (or an array, or a number of days beyond the Date range) is `NaN`, an
 * invalid `Date` that the driver serialises as the epoch, so the window becomes "everything";
 * `lastdays=0` or a negative one leaves only what is not older than now. `department_id` becomes
 * `new ObjectId(value)`, which throws for anything but 24 hexadecimal characters or a 12-character
 * string: Express answers that with 500 `{err: "error"}`. `participant`, `channel`, `sender`,
 * `recipient`, `attributes` and `attributes_answerid` go into the filter as sent (a `qs` array
 * matches as an array, `x[$ne]=y` is an operator; an unknown operator fails the aggregation).
 *
 * `$hour` with `timezone` (`req.query.timezone || "+00:00"`) is evaluated per conversation: an
 * identifier MongoDB does not know (nor a `+hh`, `+hhmm`, `+hh:mm` offset), or a value that is no
 * string, fails the aggregation only when some conversation matched; a `$field` path that is
 * missing gives `hour: null`. `aggregateRequestsByStatus` is the server's unfinished route: the
 * same total as `countRequests`. `aggregateRequestsByWeek` reads `department_id` and ignores it.
 * The clock is the mock's.
 */
import { jsNumber, truthy } from '../http/request';
import { failMsg, internalError, ok, type Failure, type Success } from '../http/results';
import { badInput } from '../http/validation';
import { compileFilter, isQueryError, type QuerySchema } from '../mongoose/filter';
import type { HandlerGroup, ServiceCore } from '../service/context';

const DAY = 86_400_000;
/** The largest time value a JavaScript `Date` holds (ms either side of the epoch). */
const MAX_DATE = 8.64e15;

/** What the `$match` stages compare with a type: `createdAt` is a date (the mock stores ISO strings). */
const SCHEMA: QuerySchema = { fields: { createdAt: { type: 'date' }, updatedAt: { type: 'date' } }, textFields: [] };

/** The answer of a failed aggregation (every analytics route's callback). */
const analyticsError = () => failMsg(500, 'Error getting analytics.');

/**
 * `new Date(new Date().getTime() - span)` as the driver sends it: an invalid date (a `NaN` span, or
 * one beyond the Date range) is serialised as the epoch (`Long.fromNumber(NaN)` is 0).
 */
function since(core: ServiceCore, spanMs: number): Date {
  const time = core.clock.now() - spanMs;
  return Number.isFinite(time) && Math.abs(time) <= MAX_DATE ? new Date(Math.trunc(time)) : new Date(0);
}

/** `{$or: [{preflight: false}, {preflight: {$exists: false}}]}`: every conversation but the preflight ones. */
const NOT_PREFLIGHT = [{ preflight: false }, { preflight: { $exists: false } }];

/**
 * `new ObjectId(value)` (bson 1.x): 24 hexadecimal characters, or 12 characters read as bytes.
 * @returns the id as lower-case hexadecimal, or `undefined` where the constructor throws.
 */
function objectIdOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (/^[0-9a-fA-F]{24}$/.test(value)) return value.toLowerCase();
  if (value.length === 12) return Array.from({ length: 12 }, (_, i) => (value.charCodeAt(i) & 0xff).toString(16).padStart(2, '0')).join('');
  return undefined;
}

/** The documents of `collection` the `$match` filter selects. @throws what MongoDB's refusal of the filter becomes (see ../mongoose/filter.ts). */
function match<T extends object>(collection: ReadonlyMap<string, T>, filter: Record<string, unknown>): T[] {
  const test = compileFilter(filter, SCHEMA);
  return [...collection.values()].filter((doc) => test(doc));
}

/**
 * Runs an aggregation: its documents, then `then`; a refused filter, or an expression that fails on a
 * document, is the route's 500. The answer keeps `then`'s body type, which the handler table checks
 * against the operation's 200 body.
 */
function aggregate<T extends object, B>(collection: ReadonlyMap<string, T>, filter: Record<string, unknown>, then: (docs: T[]) => Success<B>): Success<B> | Failure {
  let docs: T[];
  try {
    docs = match(collection, filter);
  } catch (error) {
    if (isQueryError(error)) return analyticsError();
    throw error;
  }
  try {
    return then(docs);
  } catch (error) {
    if (error instanceof AggregationError) return analyticsError();
    throw error;
  }
}

/** An expression MongoDB fails to evaluate on a document (the aggregation fails). */
class AggregationError extends Error {}

/** `{$count: "totalCount"}`: `[{totalCount}]`, or `[]` (no document, no result). */
const count = (docs: readonly unknown[]): Success<{ totalCount: number }[]> => ok(docs.length ? [{ totalCount: docs.length }] : []);

/** `$avg`: the mean of the numeric values, `null` when there is none. */
function avg(values: readonly unknown[]): number | null {
  const numbers = values.filter((v): v is number => typeof v === 'number' && !Number.isNaN(v));
  return numbers.length ? numbers.reduce((a, b) => a + b, 0) / numbers.length : null;
}

/** A stored date (ISO string) as a `Date`, or `undefined` when the field holds none. */
function dateOf(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time);
}

/** `$year`/`$month`/`$dayOfMonth` (UTC) of `createdAt`. */
function ymd(doc: { createdAt?: unknown }): { year: number; month: number; day: number } {
  const d = dateOf(doc.createdAt);
  if (!d) throw new AggregationError('createdAt is no date');
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** MongoDB's `$week` (UTC): weeks start on Sunday; the days before the year's first Sunday are week 0. */
function mongoWeek(date: Date): number {
  const yday = Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY);
  return Math.floor((yday + 7 - date.getUTCDay()) / 7);
}

/**
 * `$group` on an object key, then `$sort: {_id: ±1}` (keys of numbers, compared field by field in
 * order; `null` sorts before numbers).
 */
function groupCount<T, K extends Record<string, number | null>>(docs: readonly T[], key: (doc: T) => K, direction: 1 | -1): { _id: K; count: number }[] {
  const groups = new Map<string, { _id: K; count: number }>();
  for (const doc of docs) {
    const id = key(doc);
    const k = JSON.stringify(id);
    const group = groups.get(k) ?? { _id: id, count: 0 };
    group.count++;
    groups.set(k, group);
  }
  const rank = (v: number | null) => (v === null ? Number.NEGATIVE_INFINITY : v);
  return [...groups.values()].sort((a, b) => {
    for (const field of Object.keys(a._id)) {
      const d = rank(a._id[field]!) - rank(b._id[field]!);
      if (d !== 0) return d * direction;
    }
    return 0;
  });
}

// --- $hour with a timezone ----------------------------------------------------------------------

/** MongoDB's UTC offset forms (`TimeZoneDatabase::parseUtcOffset`): `±hh`, `±hhmm`, `±hh:mm`. @returns minutes east of UTC. */
function utcOffset(text: string): number | undefined {
  const m = /^([+-])(\d{2})(?::?(\d{2}))?$/.exec(text);
  if (!m) return undefined;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/** A time zone MongoDB's `$hour` takes: a UTC offset, or an Olson name it knows (strict mode's check). */
function isTimeZone(value: unknown): boolean {
  return typeof value === 'string' && (utcOffset(value) !== undefined || (!/^[+-]/.test(value) && knownZone(value)));
}

const knownZones = new Map<string, boolean>();

/** Whether MongoDB knows an Olson identifier (as written: the time zone database's names are case-sensitive). */
function knownZone(name: string): boolean {
  let known = knownZones.get(name);
  if (known === undefined) {
    try {
      const canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
      // Intl accepts any case; MongoDB only the database's spelling (canonical, or an alias written as the database writes it).
      known = canonical === name || (canonical.toLowerCase() !== name.toLowerCase() && /^[A-Z]/.test(name)) || Intl.supportedValuesOf('timeZone').includes(name);
    } catch {
      known = false;
    }
    if (knownZones.size < 1000) knownZones.set(name, known);
  }
  return known;
}

/** The hour of `date` in `timezone` as `$hour: {date, timezone}` evaluates it. @throws {AggregationError} for a zone MongoDB refuses. */
function hourIn(date: Date, timezone: unknown): number | null {
  if (timezone === null || timezone === undefined) return null;
  if (typeof timezone !== 'string') throw new AggregationError('timezone must evaluate to a string');
  const offset = utcOffset(timezone);
  if (offset !== undefined) return new Date(date.getTime() + offset * 60_000).getUTCHours();
  // Not an offset MongoDB parses: only a name of its time zone database (none starts with a sign).
  if (/^[+-]/.test(timezone) || !knownZone(timezone)) throw new AggregationError(`unrecognized time zone identifier: "${timezone}"`);
  const text = new Intl.DateTimeFormat('en-US', { timeZone: timezone, hour: 'numeric', hourCycle: 'h23' }).format(date);
  return Number.parseInt(text, 10) % 24;
}

/**
 * The `timezone` of `$hour` as an aggregation expression evaluates it on a document: a string
 * starting with `$` is a field path, an array a list of expressions (an array: refused), an object
 * an expression object (`{$literal: v}` is `v`; another operator or a plain object: refused).
 */
function timezoneOn(doc: Record<string, unknown>, timezone: unknown): unknown {
  if (typeof timezone === 'string' && timezone.startsWith('$')) {
    let value: unknown = doc;
    for (const part of timezone.slice(1).split('.')) value = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[part] : undefined;
    return value;
  }
  if (typeof timezone === 'object' && timezone !== null && !Array.isArray(timezone)) {
    const keys = Object.keys(timezone);
    if (keys.length === 1 && keys[0] === '$literal') return (timezone as Record<string, unknown>).$literal;
  }
  return timezone;
}

/** Whether MongoDB refuses the `timezone` expression while parsing the pipeline (before any document). */
function timezoneParseError(timezone: unknown): boolean {
  if (typeof timezone === 'string') return timezone === '$' || (timezone.startsWith('$') && !/^\$[^$.][^.]*(\.[^$.][^.]*)*$/.test(timezone));
  if (Array.isArray(timezone)) return timezone.some(timezoneParseError);
  if (typeof timezone === 'object' && timezone !== null) {
    const keys = Object.keys(timezone);
    if (keys.some((k) => k.startsWith('$'))) return keys.length !== 1 || keys[0] !== '$literal';
    return Object.values(timezone).some(timezoneParseError);
  }
  return false;
}

// --- The routes ---------------------------------------------------------------------------------

/** The conversations' `$match` of most routes: the project, no preflight, created since `from`. */
const requestsSince = (projectId: string, from: Date): Record<string, unknown> => ({ id_project: projectId, $or: NOT_PREFLIGHT, createdAt: { $gte: from } });

/** The window of `lastdays` (default 7) as the day routes compute it. */
function lastdaysSince(core: ServiceCore, query: Record<string, unknown>): Date {
  const lastdays = truthy(query.lastdays) ? query.lastdays : 7;
  return since(core, jsNumber(lastdays) * DAY);
}

/** Handlers of the 13 analytics operations, all `GET /{project_id}/analytics/...`. */
export const analyticsHandlers = {
  getRequestWaitingTime: {
    handle({ core, projectId, raw }) {
      const last = truthy(raw.query.last) ? raw.query.last : 30 * 24 * 60 * 60;
      return aggregate(core.store.conversations, requestsSince(projectId, since(core, jsNumber(last) * 1000)), (docs) =>
        ok(docs.length ? [{ _id: projectId, waiting_time_avg: avg(docs.map((d) => d.waiting_time)) }] : []),
      );
    },
  },

  getRequestWaitingTimeLastDay: {
    handle({ core, projectId }) {
      return aggregate(core.store.conversations, requestsSince(projectId, since(core, DAY)), (docs) =>
        ok(docs.length ? [{ _id: projectId, waiting_time_avg: avg(docs.map((d) => d.waiting_time)) }] : []),
      );
    },
  },

  countRequests: {
    handle({ core, projectId }) {
      return aggregate(core.store.conversations, requestsSince(projectId, since(core, 30 * DAY)), count);
    },
  },

  // "DA IMPLEMENTARE": the route counts, as countRequests.
  aggregateRequestsByStatus: {
    handle({ core, projectId }) {
      return aggregate(core.store.conversations, requestsSince(projectId, since(core, 30 * DAY)), count);
    },
  },

  aggregateRequestsByDay: {
    handle({ core, projectId, raw }) {
      const { query } = raw;
      const filter = requestsSince(projectId, lastdaysSince(core, query));
      if (truthy(query.department_id)) {
        const department = objectIdOf(query.department_id);
        if (department === undefined) return internalError(); // `new ObjectId(...)` throws in the route
        filter.department = department;
      }
      if (truthy(query.participant)) filter.participants = query.participant;
      if (truthy(query.channel)) filter['channel.name'] = query.channel;
      return aggregate(core.store.conversations, filter, (docs) => ok(groupCount(docs, ymd, 1)));
    },
  },

  aggregateRequestsByMonth: {
    handle({ core, projectId, raw }) {
      const filter: Record<string, unknown> = { id_project: projectId, $or: NOT_PREFLIGHT };
      if (truthy(raw.query.department_id)) {
        const department = objectIdOf(raw.query.department_id);
        if (department === undefined) return internalError();
        filter.department = department;
      }
      return aggregate(core.store.conversations, filter, (docs) =>
        ok(
          groupCount(
            docs,
            (d) => {
              const { year, month } = ymd(d);
              return { year, month };
            },
            1,
          ),
        ),
      );
    },
  },

  aggregateRequestsByWeek: {
    handle({ core, projectId }) {
      return aggregate(core.store.conversations, { id_project: projectId, $or: NOT_PREFLIGHT }, (docs) =>
        ok(
          groupCount(
            docs,
            (d) => {
              const { year, month } = ymd(d);
              return { year, month, week: mongoWeek(dateOf(d.createdAt)!) };
            },
            1,
          ),
        ),
      );
    },
  },

  aggregateRequestsByHour: {
    handle({ core, projectId, raw }) {
      const timezone = truthy(raw.query.timezone) ? raw.query.timezone : '+00:00';
      // Strict mode: a time zone MongoDB does not know is the client's error, named (the server fails the
      // aggregation with a 500 once a conversation matched, and answers [] without one).
      if (core.strict && !isTimeZone(timezone))
        return badInput(400, [
          {
            value: timezone,
            msg: 'Unknown time zone: send an Olson name as the time zone database spells it (Europe/Rome, UTC) or a UTC offset +hh, +hhmm or +hh:mm (+ sent as %2B)',
            param: 'timezone',
            location: 'query',
          },
        ]);
      if (timezoneParseError(timezone)) return analyticsError();
      return aggregate(core.store.conversations, requestsSince(projectId, since(core, 30 * DAY)), (docs) =>
        ok(
          groupCount(
            docs,
            (d) => {
              const date = dateOf(d.createdAt);
              if (!date) throw new AggregationError('createdAt is no date');
              return { hour: hourIn(date, timezoneOn(d as Record<string, unknown>, timezone)) };
            },
            -1,
          ),
        ),
      );
    },
  },

  getRequestDuration: {
    handle({ core, projectId }) {
      return aggregate(core.store.conversations, requestsSince(projectId, since(core, 30 * DAY)), (docs) => {
        if (!docs.length) return ok([]);
        // `$subtract: ["$closed_at", "$createdAt"]`: null when the conversation is not closed.
        const durations = docs.map((d) => {
          const closed = dateOf(d.closed_at);
          const created = dateOf(d.createdAt);
          return closed && created ? closed.getTime() - created.getTime() : null;
        });
        return ok([{ _id: projectId, duration_avg: avg(durations) }]);
      });
    },
  },

  getRequestSatisfaction: {
    handle({ core, projectId }) {
      return aggregate(core.store.conversations, { id_project: projectId, $or: NOT_PREFLIGHT }, (docs) =>
        ok(docs.length ? [{ _id: projectId, satisfaction_avg: avg(docs.map((d) => d.rating)) }] : []),
      );
    },
  },

  countRequestsWithBot: {
    handle({ core, projectId }) {
      return aggregate(core.store.conversations, { id_project: projectId, hasBot: true, $or: NOT_PREFLIGHT, createdAt: { $gte: since(core, 30 * DAY) } }, count);
    },
  },

  countMessages: {
    handle({ core, projectId, raw }) {
      const { query } = raw;
      const filter: Record<string, unknown> = { id_project: projectId, createdAt: { $gte: since(core, 30 * DAY) } };
      if (truthy(query.sender)) filter.sender = query.sender;
      if (truthy(query.recipient)) filter.recipient = query.recipient;
      if (truthy(query.attributes)) filter.attributes = query.attributes;
      if (truthy(query.attributes_answerid)) filter['attributes._answerid'] = query.attributes_answerid;
      return aggregate(core.store.messages, filter, count);
    },
  },

  aggregateMessagesByDay: {
    handle({ core, projectId, raw }) {
      const { query } = raw;
      const filter: Record<string, unknown> = { id_project: projectId, createdAt: { $gte: lastdaysSince(core, query) } };
      if (truthy(query.sender)) filter.sender = query.sender;
      if (truthy(query.recipient)) filter.recipient = query.recipient;
      if (truthy(query.channel)) filter['channel.name'] = query.channel;
      return aggregate(core.store.messages, filter, (docs) => ok(groupCount(docs, ymd, 1)));
    },
  },
} satisfies HandlerGroup;
