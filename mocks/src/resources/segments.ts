/**
 * Segments, saved filters over leads, as the server's `routes/segment.js` over `models/segment.js`
 * answers:
 *
 * - `createSegment` saves `name`, `match` (default `all`; `null` fails) and `filters` (sub-documents
 *   `{field, operator, value}`, all three required, no `_id`; a single object is wrapped, a string
 *   refused). A save Mongoose refuses: 500 `{success: false, msg: "Error updating object."}` (sic).
 * - `listSegments`: `{perPage, count, segments}` of the project's segments with status 100;
 *   `limit` (`parseInt`, default 40; `0` or not a number: no limit, `perPage` `0` or `null`), page
 *   `page` (skip `page * limit`), sort field `sort` (default `createdAt`; `sortField` is not read),
 *   `direction` (default -1). A direction mquery refuses throws while the route builds the query:
 *   500 `{err: "error"}`; a skip or sort key MongoDB refuses: the route drops the error, no answer.
 * - `getSegment` finds a segment of any project by id (deleted ones too).
 * - `updateSegment` sets `name`, `match` and `filters` when they are neither `undefined` nor `null`,
 *   without validation (a filter may lack fields), and upserts an unknown id.
 * - `deleteSegment` sets `status: 0`, upserting an unknown id (a bare segment with status 0).
 *
 * A `contains` filter whose pattern is over the mock's static pattern bounds (../pattern.ts) is
 * refused by `createSegment` and `updateSegment` with 400 `{errors: [{value, msg, param:
 * "filters.<i>.value", location: "body"}]}`, in both modes, before anything is stored: listing the
 * segment's leads could never run it. A limit of the mock: the server stores any filter. (A pattern
 * reaching the listing otherwise, an `=` value `{$regex}` written by an update, is refused there.)
 *
 * An id that is no ObjectId: 500 `Error getting object.` / `Error updating object.`.
 */
import type { Segment } from '@supportkb/sdk';
import { callerId } from '../auth/authorize';
import { CastError, find, findById, findByIdAndUpdate, isDatabaseError, MongoError, save } from '../mongoose/documents';
import { SEGMENT_MODEL } from '../models/segment';
import { field, jsNumber, jsParseInt, jsString, truthy } from '../http/request';
import { failMsg, internalError, objectNotFound, ok, unanswered } from '../http/results';
import { badInput, type ValidationIssue } from '../http/validation';
import { checkUserPattern, PatternLimitError, patternRefusal } from '../pattern';
import type { HandlerGroup } from '../service/context';

/**
 * The `contains` filters of a segment body whose pattern the mock would refuse when listing the
 * segment's leads (`routes/lead.js` converts `contains` to `{$regex: value}`): one validation item
 * each, `param` `filters.<i>.value` (`filters.value` for a single filter object, which Mongoose
 * wraps). Patterns RE2 cannot compile are left to the listing, as on the server.
 */
function refusedPatterns(filters: unknown): ValidationIssue[] {
  const list = Array.isArray(filters) ? filters : typeof filters === 'object' && filters !== null ? [filters] : [];
  const issues: ValidationIssue[] = [];
  list.forEach((filter: unknown, i) => {
    if (typeof filter !== 'object' || filter === null) return;
    const { operator, value } = filter as Record<string, unknown>;
    if (operator !== 'contains' || typeof value !== 'string') return;
    try {
      checkUserPattern(value);
    } catch (error) {
      if (!(error instanceof PatternLimitError)) throw error;
      issues.push(error.issue(Array.isArray(filters) ? `filters.${i}.value` : 'filters.value', 'body'));
    }
  });
  return issues;
}

/** Page size of `listSegments` when `limit` is not sent (or empty). */
const DEFAULT_LIMIT = 40;

/** Handlers of listSegments, getSegment, createSegment, updateSegment, deleteSegment. */
export const segmentHandlers = {
  listSegments: {
    handle({ core, projectId, raw }) {
      const { query } = raw;
      const limit = truthy(query.limit) ? jsParseInt(query.limit) : DEFAULT_LIMIT;
      const skip = jsNumber(truthy(query.page) ? query.page : 0) * limit;
      const direction = truthy(query.direction) ? query.direction : -1;
      const sortField = truthy(query.sort) ? jsString(query.sort) : 'createdAt';
      let segments: ReturnType<typeof find<Segment>>;
      try {
        segments = find(core.store.segments, { filter: (s) => s.id_project === projectId && s.status === 100, sortField, direction, skip, limit });
      } catch (error) {
        // mquery throws while the (synchronous) route builds the query: Express's error handler.
        if (error instanceof TypeError) return internalError();
        throw error;
      }
      try {
        // `perPage: NaN` is serialised as null.
        return ok({ perPage: Number.isNaN(limit) ? null : limit, count: segments.count(), segments: segments.exec() });
      } catch (error) {
        if (error instanceof MongoError) return unanswered(`MongoDB refuses the query (${error.message}) and routes/segment.js drops the error (\`return (err)\`)`);
        throw error;
      }
    },
  },

  getSegment: {
    handle({ core, raw }) {
      try {
        const segment = findById(core.store.segments, raw.path.id!);
        return segment ? ok(segment) : objectNotFound();
      } catch (error) {
        if (error instanceof CastError) return failMsg(500, 'Error getting object.');
        throw error;
      }
    },
  },

  createSegment: {
    handle({ core, projectId, raw, caller }) {
      const input = { name: field(raw.body, 'name'), match: field(raw.body, 'match'), filters: field(raw.body, 'filters'), id_project: projectId, createdBy: callerId(caller) };
      const refused = refusedPatterns(input.filters);
      if (refused.length) return patternRefusal(refused);
      try {
        return ok(save(core, core.store.segments, SEGMENT_MODEL, input));
      } catch (error) {
        if (isDatabaseError(error)) return failMsg(500, 'Error updating object.');
        throw error;
      }
    },
  },

  updateSegment: {
    handle({ core, raw }) {
      const update: Record<string, unknown> = {};
      for (const name of ['name', 'match', 'filters']) {
        const value = field(raw.body, name);
        if (value !== undefined && value !== null) update[name] = value;
      }
      const refused = refusedPatterns(update.filters);
      if (refused.length) return patternRefusal(refused);
      try {
        return ok(findByIdAndUpdate(core, core.store.segments, SEGMENT_MODEL, raw.path.id!, update, { upsert: true })!);
      } catch (error) {
        if (isDatabaseError(error)) return failMsg(500, 'Error updating object.');
        throw error;
      }
    },
  },

  deleteSegment: {
    handle({ core, raw }) {
      try {
        return ok(findByIdAndUpdate(core, core.store.segments, SEGMENT_MODEL, raw.path.id!, { status: 0 }, { upsert: true })!);
      } catch (error) {
        if (isDatabaseError(error)) return failMsg(500, 'Error updating object.');
        throw error;
      }
    },
  },
} satisfies HandlerGroup;
