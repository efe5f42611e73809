/**
 * Leads, the project's contacts (spec §2.8, §4.9; reference sheet §8). Lists wrap a page as
 * `{perPage, count, leads}` (`limit` 40, zero-based `page`, `sort`/`sortField`, `direction`) and
 * filter by exact `email`, `full_text`, `segment`, `tags`, `with_email`, `with_fullname` and
 * `status` (100 by default). Deletes are soft (`status: 1000`); PUT and DELETE upsert.
 */
import { callerId } from '../auth';
import { stamps, touch, type OperationTable, type ServiceCore } from '../context';
import { compareBy, failMsg, isObject, objectNotFound, ok, userPattern, valueAt } from '../http';
import type { Doc } from '../store';
import { sortFieldOf } from './segments';

const UPDATABLE = ['email', 'fullname', 'phone', 'company', 'note', 'streetAddress', 'city', 'region', 'zipcode', 'country'] as const;

/** Creates and stores a lead; emits `lead.create`. */
export function createLeadDoc(core: ServiceCore, projectId: string, fields: Doc, createdBy: string): Doc {
  const lead: Doc = {
    _id: core.ids.objectId(),
    lead_id: typeof fields.lead_id === 'string' ? fields.lead_id : core.ids.uuid(),
    ...(typeof fields.fullname === 'string' ? { fullname: fields.fullname } : {}),
    ...(typeof fields.email === 'string' ? { email: fields.email.toLowerCase() } : {}),
    // The lead service normalises the (never sent) phone of a new lead to null.
    phone: null,
    tags: [],
    ...(isObject(fields.attributes) ? { attributes: structuredClone(fields.attributes) } : {}),
    status: 100,
    id_project: projectId,
    createdBy,
    ...stamps(core),
  };
  core.store.leads.set(lead._id, lead);
  core.webhooks.emit('lead.create', projectId, lead);
  return lead;
}

/** Whether a lead satisfies one segment filter (operators of the server's lead query). */
export function matchesFilter(lead: Doc, filter: Doc): boolean {
  const field = String(filter.field ?? '');
  const actual = valueAt(lead, field.split('.'));
  const expected = filter.value;
  switch (filter.operator) {
    case '=':
      return Array.isArray(actual) ? actual.includes(expected) : actual === expected;
    case '!=':
      return Array.isArray(actual) ? !actual.includes(expected) : actual !== expected;
    case '>':
      return actual !== undefined && actual !== null && (actual as any) > (expected as any);
    case '>=':
      return actual !== undefined && actual !== null && (actual as any) >= (expected as any);
    case 'starts with':
      return typeof actual === 'string' && actual.startsWith(String(expected));
    case 'contains':
      return typeof actual === 'string' && userPattern(String(expected)).test(actual);
    case 'is null':
      return actual === undefined || actual === null;
    case 'is not null':
      return actual !== undefined && actual !== null;
    default:
      return true; // the server ignores filters with an unknown operator
  }
}

function upsert(core: ServiceCore, id: string): Doc {
  let lead = core.store.leads.get(id);
  if (!lead) {
    // As the service's upsert: schema defaults and timestamps, no lead_id, project or creator.
    lead = { _id: id, tags: [], status: 100, ...stamps(core) };
    core.store.leads.set(id, lead);
  }
  return lead;
}

/** Handlers of listLeads, getLead, createLead, updateLead, deleteLead (spec §4.9). */
export const leadOperations: OperationTable = {
  listLeads: {
    handle({ core, projectId, query, rawQuery }) {
      let list = [...core.store.leads.values()].filter((l) => l.id_project === projectId && l.status === query.status);
      if (query.segment !== undefined) {
        const segment = core.store.segments.get(query.segment);
        if (!segment || segment.id_project !== projectId) return failMsg(404, 'Error segment not found');
        list = list.filter((lead) => (segment.filters ?? []).every((filter: Doc) => matchesFilter(lead, filter)));
      }
      if (rawQuery.has('with_email') && rawQuery.get('with_email') !== '') list = list.filter((l) => typeof l.email === 'string' && l.email !== '');
      else if (query.email !== undefined) list = list.filter((l) => l.email === String(query.email).toLowerCase());
      if (rawQuery.has('with_fullname') && rawQuery.get('with_fullname') !== '') list = list.filter((l) => typeof l.fullname === 'string' && l.fullname !== '');
      if (query.tags !== undefined) list = list.filter((l) => (l.tags ?? []).includes(query.tags));
      if (query.full_text !== undefined) {
        const words = String(query.full_text).toLowerCase().split(/\s+/).filter(Boolean);
        list = list.filter((l) => {
          const text = `${l.fullname ?? ''} ${l.email ?? ''}`.toLowerCase().split(/[\s@.]+/);
          return words.some((word) => text.includes(word));
        });
      }
      list.sort(compareBy(sortFieldOf(rawQuery), query.direction));
      const { limit, page } = query;
      return ok({ perPage: limit, count: list.length, leads: list.slice(page * limit, page * limit + limit) });
    },
  },

  getLead: {
    handle({ core, projectId, params }) {
      const lead = core.store.leads.get(params.id!);
      return lead && lead.id_project === projectId ? ok(lead) : objectNotFound();
    },
  },

  createLead: {
    handle({ core, projectId, body, caller }) {
      return ok(structuredClone(createLeadDoc(core, projectId, body, callerId(caller))));
    },
  },

  updateLead: {
    handle({ core, params, body }) {
      const lead = upsert(core, params.id!);
      for (const key of UPDATABLE) if (typeof body[key] === 'string') lead[key] = key === 'email' ? body[key].toLowerCase() : body[key];
      if (isObject(body.attributes)) lead.attributes = structuredClone(body.attributes);
      if (Array.isArray(body.tags)) lead.tags = [...body.tags];
      if (typeof body.status === 'number') lead.status = body.status;
      touch(core, lead);
      return ok(lead);
    },
  },

  deleteLead: {
    handle({ core, params }) {
      const lead = upsert(core, params.id!);
      lead.status = 1000;
      touch(core, lead);
      return ok(lead);
    },
  },
};
