/**
 * Analytics over the stored conversations and messages. Every answer is an aggregation array as
 * the service's MongoDB pipelines return it: `[]` when nothing matches, counts only for buckets
 * with activity, preflight conversations left out. Windows are counted back from the mock's clock.
 */
import type { AnalyticsTotalCount } from '@supportkb/sdk';
import { ok, type Success } from '../http/results';
import { badInput } from '../http/validation';
import type { HandlerGroup, ServiceCore } from '../service/context';
import type { StoredConversation, StoredMessage } from '../state/store';

const DAY = 86_400_000;

function conversations(core: ServiceCore, projectId: string, sinceMs?: number): StoredConversation[] {
  return [...core.store.conversations.values()].filter(
    (c) => c.id_project === projectId && c.preflight !== true && (sinceMs === undefined || Date.parse(c.createdAt) >= sinceMs),
  );
}

function messages(core: ServiceCore, projectId: string, sinceMs?: number): StoredMessage[] {
  return [...core.store.messages.values()].filter((m) => m.id_project === projectId && (sinceMs === undefined || Date.parse(m.createdAt) >= sinceMs));
}

/** `[{totalCount}]`, or `[]` for an empty list (no bucket, as a MongoDB `$count` gives). */
function total(list: readonly unknown[]): Success<AnalyticsTotalCount[]> {
  return ok(list.length ? [{ totalCount: list.length }] : []);
}

function average(values: number[]): number | null {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

/** Groups items by a key object, returning `[{_id, count}]` in insertion order. */
function countBy<T, K extends Record<string, number>>(items: readonly T[], key: (item: T) => K): { _id: K; count: number }[] {
  const buckets = new Map<string, { _id: K; count: number }>();
  for (const item of items) {
    const id = key(item);
    const k = JSON.stringify(id);
    const bucket = buckets.get(k) ?? { _id: id, count: 0 };
    bucket.count++;
    buckets.set(k, bucket);
  }
  return [...buckets.values()];
}

/** Ascending order of buckets on their key's fields, first field first. */
function ascending<K extends Record<string, number>>(fields: readonly (keyof K)[]) {
  return (a: { _id: K }, b: { _id: K }) => {
    for (const f of fields) if (a._id[f] !== b._id[f]) return a._id[f]! - b._id[f]!;
    return 0;
  };
}

/** The average of numbers of the items that have one. */
function averageOf<T>(items: readonly T[], value: (item: T) => unknown): number | null {
  return average(items.map(value).filter((v): v is number => typeof v === 'number'));
}

/** The id of a conversation's department (stored as an id). */
const departmentId = (c: StoredConversation) => c.department;

const ymd = (iso: string) => {
  const d = new Date(iso);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

/** MongoDB `$week`: weeks start on Sunday; days before the year's first Sunday are week 0. */
function mongoWeek(date: Date): number {
  const start = Date.UTC(date.getUTCFullYear(), 0, 1);
  const yday = Math.floor((date.getTime() - start) / DAY);
  return Math.floor((yday + 7 - date.getUTCDay()) / 7);
}

/**
 * Hour of the day of `date` in `timezone` (`+HH:MM` / `-HH:MM` offset or an IANA name).
 * @returns the hour, or undefined when the zone is not understood.
 */
function hourIn(date: Date, timezone: string): number | undefined {
  const offset = /^([+-])(\d{2}):?(\d{2})$/.exec(timezone);
  if (offset) {
    const minutes = (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]));
    return new Date(date.getTime() + minutes * 60_000).getUTCHours();
  }
  try {
    const text = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', hourCycle: 'h23' }).format(date);
    return Number(text) % 24;
  } catch {
    return undefined;
  }
}

/** Whether `timezone` is understood by {@link hourIn}. */
function validTimezone(timezone: string): boolean {
  return hourIn(new Date(0), timezone) !== undefined;
}

/** Handlers of the 13 analytics operations, all `GET /{project_id}/analytics/...`. */
export const analyticsHandlers = {
  getRequestWaitingTime: {
    handle(ctx) {
      const { core, projectId } = ctx;
      const list = conversations(core, projectId, core.clock.now() - ctx.queryValue('last') * 1000);
      if (!list.length) return ok([]);
      return ok([{ _id: projectId, waiting_time_avg: averageOf(list, (c) => c.waiting_time) }]);
    },
  },

  getRequestWaitingTimeLastDay: {
    handle({ core, projectId }) {
      const list = conversations(core, projectId, core.clock.now() - DAY);
      if (!list.length) return ok([]);
      return ok([{ _id: projectId, waiting_time_avg: averageOf(list, (c) => c.waiting_time) }]);
    },
  },

  countRequests: {
    handle: ({ core, projectId }) => total(conversations(core, projectId, core.clock.now() - 30 * DAY)),
  },

  // The service does not break the count down by status yet: it answers the total, as countRequests.
  aggregateRequestsByStatus: {
    handle: ({ core, projectId }) => total(conversations(core, projectId, core.clock.now() - 30 * DAY)),
  },

  aggregateRequestsByDay: {
    handle(ctx) {
      const { core, projectId, query } = ctx;
      const list = conversations(core, projectId, core.clock.now() - ctx.queryValue('lastdays') * DAY).filter(
        (c) =>
          (query.department_id === undefined || departmentId(c) === query.department_id) &&
          (query.participant === undefined || (c.participants ?? []).includes(query.participant)) &&
          (query.channel === undefined || c.channel?.name === query.channel),
      );
      return ok(countBy(list, (c) => ymd(c.createdAt)).sort(ascending(['year', 'month', 'day'])));
    },
  },

  aggregateRequestsByMonth: {
    handle({ core, projectId, query }) {
      const list = conversations(core, projectId).filter(
        (c) => query.department_id === undefined || departmentId(c) === query.department_id,
      );
      return ok(
        countBy(list, (c) => {
          const { year, month } = ymd(c.createdAt);
          return { year, month };
        }).sort(ascending(['year', 'month'])),
      );
    },
  },

  aggregateRequestsByWeek: {
    handle({ core, projectId }) {
      return ok(
        countBy(conversations(core, projectId), (c) => {
          const { year, month } = ymd(c.createdAt);
          return { year, month, week: mongoWeek(new Date(c.createdAt)) };
        }).sort(ascending(['year', 'month', 'week'])),
      );
    },
  },

  aggregateRequestsByHour: {
    pre({ rawQuery, badInputStatus }) {
      const timezone = rawQuery.get('timezone');
      if (timezone !== null && !validTimezone(timezone)) return badInput(badInputStatus, [{ value: timezone, msg: 'Invalid value', param: 'timezone', location: 'query' }]);
      return undefined;
    },
    handle(ctx) {
      const { core, projectId } = ctx;
      const timezone = ctx.queryValue('timezone');
      const list = conversations(core, projectId, core.clock.now() - 30 * DAY);
      return ok(countBy(list, (c) => ({ hour: hourIn(new Date(c.createdAt), timezone) ?? 0 })).sort((a, b) => b._id.hour - a._id.hour));
    },
  },

  getRequestDuration: {
    handle({ core, projectId }) {
      const list = conversations(core, projectId, core.clock.now() - 30 * DAY);
      if (!list.length) return ok([]);
      const closed = list.flatMap((c) => (typeof c.closed_at === 'string' ? [Date.parse(c.closed_at) - Date.parse(c.createdAt)] : []));
      return ok([{ _id: projectId, duration_avg: average(closed) }]);
    },
  },

  getRequestSatisfaction: {
    handle({ core, projectId }) {
      const list = conversations(core, projectId);
      if (!list.length) return ok([]);
      return ok([{ _id: projectId, satisfaction_avg: averageOf(list, (c) => c.rating) }]);
    },
  },

  countRequestsWithBot: {
    handle: ({ core, projectId }) => total(conversations(core, projectId, core.clock.now() - 30 * DAY).filter((c) => c.hasBot === true)),
  },

  countMessages: {
    handle({ core, projectId, query }) {
      const list = messages(core, projectId, core.clock.now() - 30 * DAY).filter(
        (m) =>
          (query.sender === undefined || m.sender === query.sender) &&
          (query.recipient === undefined || m.recipient === query.recipient) &&
          (query.attributes_answerid === undefined || m.attributes?._answerid === query.attributes_answerid),
      );
      return total(list);
    },
  },

  aggregateMessagesByDay: {
    handle(ctx) {
      const { core, projectId, query } = ctx;
      const list = messages(core, projectId, core.clock.now() - ctx.queryValue('lastdays') * DAY).filter(
        (m) =>
          (query.sender === undefined || m.sender === query.sender) &&
          (query.recipient === undefined || m.recipient === query.recipient) &&
          (query.channel === undefined || m.channel?.name === query.channel),
      );
      return ok(countBy(list, (m) => ymd(m.createdAt)).sort(ascending(['year', 'month', 'day'])));
    },
  },
} satisfies HandlerGroup;
