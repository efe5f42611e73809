/**
 * Leads, the project's contacts, as the server's `routes/lead.js` over `services/leadService.js`
 * and `models/lead.js` answers:
 *
 * - `createLead` (`leadService.createWitId`) saves `lead_id` (a new UUID when falsy), `fullname`,
 *   `email` (as sent: not lower-cased), `attributes`, `phone: null` (the route passes no phone),
 *   the project and the creator, status 100 and `tags: []` by default. A value the model cannot
 *   store (`fullname: {}`, `lead_id: [..]`) rejects the service's promise, which the route does not
 *   catch: **no answer**.
 * - `listLeads` (an async route): `{perPage, count, leads}`; `limit` (`parseInt`, default 40),
 *   `page`, `sort` (default `createdAt`), `direction` (default -1) as `listSegments` reads them. The
 *   filter is built in the route's order: the segment's filters (`segment`: a segment of the project
 *   by id, deleted or not; none: 404 `Error segment not found`), `$text` (`full_text`), `email`,
 *   `with_email` (`{email: {$exists: true}}`, also matching `email: null`), `with_fullname`, `tags`,
 *   then `id_project` and `status` (100, or the `status` sent). Every value is cast by Mongoose and
 *   run as MongoDB runs it (../mongoose/filter.ts): `email[$ne]=x` is an operator, `status=abc` a cast
 *   error. Whatever fails — a segment id or value that cannot be cast, a segment with a `starts
 *   with` filter (the converter calls a method it does not define), a direction mquery refuses, a
 *   skip, sort key or operator MongoDB refuses — rejects the route's promise or is dropped by its
 *   callback: **no answer**. A pattern (a segment's `contains`, `email[$regex]=…`) over the mock's
 *   bounds, or a listing whose matching work exceeds the request's budget (../pattern.ts), is
 *   refused with 400 `{errors: [{value, msg, param, location}]}` naming the query parameter (`segment`
 *   for the segment's filters): a limit of the mock, in both modes.
 * - `getLead` finds a lead of any project by id (deleted ones too).
 * - `updateLead` sets each of `fullname`, `email`, `attributes`, `status`, `phone`, `company`,
 *   `note`, `streetAddress`, `city`, `region`, `zipcode`, `country` that is neither `undefined`
 *   nor `null`, and `tags` when truthy, cast by the model; upserts an unknown id.
 * - `deleteLead` sets `status: 1000`, upserting an unknown id.
 *
 * An id that is no ObjectId: 500 `Error getting object.` / `Error updating object.`.
 */
import type { Lead, Segment } from '@supportkb/sdk';
import { callerId } from '../auth/authorize';
import { CastError, find, findById, findByIdAndUpdate, isDatabaseError, save } from '../mongoose/documents';
import { documentFilter, isQueryError, querySchema } from '../mongoose/filter';
import { field, jsNumber, jsParseInt, jsString, truthy } from '../http/request';
import { fail, failMsg, objectNotFound, ok, unanswered } from '../http/results';
import { badInput } from '../http/validation';
import { PatternLimitError } from '../pattern';
import type { HandlerGroup, ServiceCore } from '../service/context';
import { LEAD_MODEL, LEAD_STATUS } from '../models/lead';
import { SEGMENT_MODEL } from '../models/segment';
import { postLeadUpdated } from './messages';

const { NORMAL, DELETED } = LEAD_STATUS;

/** The lead model's queries: its text index covers `fullname` and `email`. */
const LEAD_QUERY = querySchema(LEAD_MODEL);
const SEGMENT_QUERY = querySchema(SEGMENT_MODEL);

/** Page size of `listLeads` when `limit` is not sent (or empty). */
const DEFAULT_LIMIT = 40;

/** The fields of a new lead: the body of `createLead`, or what a new conversation knows of its requester (raw values: the model casts them). */
export interface NewLeadFields {
  lead_id?: unknown;
  fullname?: unknown;
  email?: unknown;
  attributes?: unknown;
}

/**
 * `leadService.createWitId(lead_id, fullname, email, id_project, createdBy, attributes)`: saves a
 * lead of `projectId` (a new UUID when `lead_id` is falsy, `createdBy` `system` when empty, `phone`
 * null, status 100) and emits `lead.create`.
 * @returns the stored lead.
 * @throws {ValidationError} when the model refuses a value (the service's promise rejects).
 */
export function createLead(core: ServiceCore, projectId: string, fields: NewLeadFields, createdBy: string): Lead {
  const lead = save(core, core.store.leads, LEAD_MODEL, {
    lead_id: fields.lead_id ? fields.lead_id : core.ids.uuid(),
    fullname: fields.fullname,
    email: fields.email,
    phone: null, // phoneUtil.normalizePhone(undefined)
    attributes: fields.attributes,
    id_project: projectId,
    createdBy: createdBy || 'system',
  });
  core.webhooks.emit('lead.create', projectId, lead);
  return lead;
}

/** A TypeError the route's code throws (inside the async route: its promise rejects). */
class ConverterError extends TypeError {}

/**
 * `Segment2MongoConverter.convert(query, segment)`: each filter sets `query[field]`, a later one
 * replacing an earlier one on the same field. `starts with` calls a method the converter does not
 * define (`convertStarsWithOperatorFilter`): a TypeError. Unknown operators are skipped.
 * @throws {ConverterError} for a `starts with` filter.
 */
function convertSegment(query: Record<string, unknown>, segment: Segment): void {
  const filters = (segment as { filters?: unknown }).filters;
  if (!Array.isArray(filters)) return;
  for (const filter of filters as Record<string, unknown>[]) {
    const key = jsString(filter?.field);
    const set = (value: unknown): void => {
      // `query["__proto__"] = …` sets the object's prototype: no key the query casts.
      if (key !== '__proto__') query[key] = value;
    };
    switch (filter?.operator) {
      case '=':
        set(filter.value);
        break;
      case '!=':
        set({ $ne: filter.value });
        break;
      case '>':
        set({ $gt: filter.value });
        break;
      case '>=':
        set({ $gte: filter.value });
        break;
      case 'starts with':
        throw new ConverterError('this.convertStarsWithOperatorFilter is not a function');
      case 'contains':
        set({ $regex: filter.value });
        break;
      case 'is null':
        set({ $exists: false });
        break;
      case 'is not null':
        set({ $exists: true });
        break;
      default:
        break; // console.log('Operator default')
    }
  }
}

/** Express's error handler after `next(err)`: 500 `{err: "error"}`. */
const failError500 = () => fail(500, { err: 'error' });

/** `exportLeadsCsv`'s page size (`routes/lead.js:392`). */
const CSV_LIMIT = 100000;

/** `csv-express`'s `filterFloat`: a number for a decimal literal (or `Infinity`), else `NaN`. */
function filterFloat(value: unknown): number {
  return /^(-|\+)?([0-9]+(\.[0-9]+)?|Infinity)$/.test(String(value)) ? Number(value) : NaN;
}

/**
 * `csv-express` 1.2.2's `escape(field)`: empty for `null`/`undefined`, a number (or numeric
 * string) as `parseFloat` prints it, anything else as `"String(value)"` with inner quotes doubled.
 */
function csvField(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (!Number.isNaN(filterFloat(value)) && Number.isFinite(Number(value))) return String(parseFloat(String(value)));
  return `"${String(value).replace(/"/g, '""')}"`;
}

/** A lean lead's value as the CSV module sees it: the timestamps are `Date` objects (`Date.toString()` in the process's time zone). */
function leanValue(key: string, value: unknown): unknown {
  if ((key === 'createdAt' || key === 'updatedAt') && typeof value === 'string') return new Date(value);
  return value;
}

/**
 * A lead's fields in the order MongoDB stores them: Mongoose builds a new document with the schema's
 * defaults (`tags`, `status`) before `_id` (checked on 2.19.16: `tags;status;_id;lead_id;…`).
 */
function storedOrder(lead: Lead): [string, unknown][] {
  const entries = Object.entries(lead);
  if (entries[0]?.[0] !== '_id') return entries;
  let at = 1;
  while (at < entries.length && (entries[at]![0] === 'tags' || entries[at]![0] === 'status')) at++;
  return [...entries.slice(1, at), entries[0]!, ...entries.slice(at)];
}

/**
 * `res.csv(leads, true)` with `;` as separator (`csv-express` 1.2.2): a header row of the first
 * lead's own keys in stored order, then each lead's values for those keys, every line ended by
 * CRLF; no lead: a lone CRLF.
 */
export function leadsCsv(leads: readonly Lead[]): string {
  const rows = leads.map((lead) => Object.fromEntries(storedOrder(lead).filter(([key]) => key !== 'attributes' && key !== '__v')));
  const header = rows.length ? Object.keys(rows[0]!) : [];
  let body = `${header.join(';')}\r\n`;
  for (const row of rows) body += `${header.map((key) => csvField(Object.hasOwn(row, key) ? leanValue(key, row[key]) : null)).join(';')}\r\n`;
  return body;
}

/** Handlers of listLeads, exportLeadsCsv, getLead, createLead, updateLead, deleteLead. */
export const leadHandlers = {
  listLeads: {
    handle({ core, projectId, raw }) {
      const q = raw.query;
      const limit = truthy(q.limit) ? jsParseInt(q.limit) : DEFAULT_LIMIT;
      const skip = jsNumber(truthy(q.page) ? q.page : 0) * limit;
      const query: Record<string, unknown> = {};
      // The query parameter each filter path comes from (the segment's filters: `segment`).
      const origin = new Map<string, string>();
      const set = (key: string, value: unknown, parameter: string) => {
        query[key] = value;
        origin.set(key, parameter);
      };
      try {
        if (truthy(q.segment)) {
          const test = documentFilter(SEGMENT_QUERY, { id_project: projectId, _id: q.segment });
          const segment = [...core.store.segments.values()].find(test);
          if (!segment) return failMsg(404, 'Error segment not found');
          convertSegment(query, segment);
          for (const key of Object.keys(query)) origin.set(key, 'segment');
        }
        if (truthy(q.full_text)) set('$text', { $search: q.full_text }, 'full_text');
        if (truthy(q.email)) set('email', q.email, 'email');
        if (truthy(q.with_email)) set('email', { $exists: true }, 'with_email');
        if (truthy(q.with_fullname)) set('fullname', { $exists: true }, 'with_fullname');
        if (truthy(q.tags)) set('tags', q.tags, 'tags');
        query.id_project = projectId;
        query.status = NORMAL;
        if (truthy(q.status)) set('status', q.status, 'status');
        const direction = truthy(q.direction) ? q.direction : -1;
        const sortField = truthy(q.sort) ? jsString(q.sort) : 'createdAt';
        let page: ReturnType<typeof find<Lead>>;
        try {
          page = find(core.store.leads, { filter: documentFilter(LEAD_QUERY, query), sortField, direction, skip, limit });
        } catch (error) {
          // mquery refuses the direction as the route builds the query: the async route rejects.
          if (error instanceof TypeError) throw new ConverterError(error.message);
          throw error;
        }
        // `perPage: NaN` is serialised as null.
        return ok({ perPage: Number.isNaN(limit) ? null : limit, count: page.count(), leads: page.exec() });
      } catch (error) {
        if (error instanceof PatternLimitError) {
          const path = error.path ?? 'segment';
          const param = origin.get(path) ?? path;
          return error.refusal(param, 'query', param === 'segment' ? `The segment's filter on \`${path}\`` : undefined);
        }
        if (isQueryError(error) || error instanceof ConverterError) {
          return unanswered(`the lead query fails (${error.message}) inside the async route of routes/lead.js, which answers nothing`);
        }
        throw error;
      }
    },
  },

  exportLeadsCsv: {
    handle({ core, projectId, raw }) {
      const q = raw.query;
      const skip = jsNumber(truthy(q.page) ? q.page : 0) * CSV_LIMIT;
      const query: Record<string, unknown> = { id_project: projectId, status: { $lt: DELETED } };
      if (truthy(q.full_text)) query.$text = { $search: q.full_text };
      if (truthy(q.email)) query.email = q.email;
      const direction = truthy(q.direction) ? q.direction : -1;
      const sortField = truthy(q.sort) ? jsString(q.sort) : 'createdAt';
      try {
        const leads = find(core.store.leads, { filter: documentFilter(LEAD_QUERY, query), sortField, direction, skip, limit: CSV_LIMIT }).exec();
        return { ...ok(leadsCsv(leads), { 'Content-Type': 'text/csv; charset=utf-8' }), raw: true as const };
      } catch (error) {
        if (error instanceof PatternLimitError) return error.refusal(error.path ?? 'email', 'query');
        // The find fails (a cast error, a direction mquery refuses, a skip or sort MongoDB refuses): `next(err)`.
        if (isQueryError(error) || error instanceof TypeError) return failError500();
        throw error;
      }
    },
  },

  getLead: {
    handle({ core, raw }) {
      try {
        const lead = findById(core.store.leads, raw.path.id!);
        return lead ? ok(lead) : objectNotFound();
      } catch (error) {
        if (error instanceof CastError) return failMsg(500, 'Error getting object.');
        throw error;
      }
    },
  },

  createLead: {
    handle({ core, projectId, raw, caller }) {
      const body = raw.body;
      try {
        return ok(
          structuredClone(
            createLead(core, projectId, { lead_id: field(body, 'lead_id'), fullname: field(body, 'fullname'), email: field(body, 'email'), attributes: field(body, 'attributes') }, callerId(caller)),
          ),
        );
      } catch (error) {
        if (isDatabaseError(error)) return unanswered(`the lead cannot be saved (${error.message}): leadService.createWitId rejects and routes/lead.js does not catch it`);
        throw error;
      }
    },
  },

  updateLead: {
    handle({ core, raw }) {
      const update: Record<string, unknown> = {};
      for (const name of ['fullname', 'email', 'attributes', 'status', 'phone', 'company', 'note', 'streetAddress', 'city', 'region', 'zipcode', 'country']) {
        const value = field(raw.body, name);
        if (value !== undefined && value !== null) update[name] = value;
      }
      const tags = field(raw.body, 'tags');
      if (truthy(tags)) update.tags = tags;
      try {
        const lead = findByIdAndUpdate(core, core.store.leads, LEAD_MODEL, raw.path.id!, update, { upsert: true })!;
        // routes/lead.js:93-95: `lead.fullname.email.update` when the body has `email` or `fullname` (`!= undefined`).
        if (field(raw.body, 'email') != null || field(raw.body, 'fullname') != null) postLeadUpdated(core, lead);
        return ok(lead);
      } catch (error) {
        if (isDatabaseError(error)) return failMsg(500, 'Error updating object.');
        throw error;
      }
    },
  },

  deleteLead: {
    handle({ core, raw }) {
      try {
        return ok(findByIdAndUpdate(core, core.store.leads, LEAD_MODEL, raw.path.id!, { status: DELETED }, { upsert: true })!);
      } catch (error) {
        if (isDatabaseError(error)) return failMsg(500, 'Error updating object.');
        throw error;
      }
    },
  },
} satisfies HandlerGroup;
