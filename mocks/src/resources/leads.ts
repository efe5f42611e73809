/**
 * Leads, the project's contacts. Lists wrap a page as `{perPage, count, leads}` (`limit` per
 * page, default from the contract; zero-based `page`; `sort`/`sortField`, `direction`) and filter
 * by exact `email`, `full_text`, `segment`, `tags`, `with_email`, `with_fullname` and `status`
 * (default from the contract). Deletes are soft (`status: 1000`); PUT and DELETE upsert; an update
 * applies the body fields the contract declares for `updateLead`, `null` meaning "not given".
 */
import { operations, type Lead, type LeadCreateRequest, type LeadUpdateRequest, type SegmentFilter } from '@supportkb/sdk';
import { callerId } from '../auth/authorize';
import { valueAt } from '../documents';
import { failMsg, objectNotFound, ok } from '../http/results';
import { userPattern } from '../pattern';
import type { HandlerGroup, ServiceCore } from '../service/context';
import { newLead, touch } from '../state/factories';
import { readInProject, softDeleteByUpsert, sortedPage, sortFieldOf, upsertById } from './lists';

/** The fields of a new lead: the body of `createLead` (or what a new conversation knows of its requester). */
export type NewLeadFields = Pick<LeadCreateRequest, 'lead_id' | 'fullname' | 'email' | 'attributes'>;

/**
 * Creates and stores a lead of `projectId` (email lower-cased, phone `null` as the lead service
 * normalises it) and emits `lead.create`.
 * @returns the stored lead.
 */
export function createLead(core: ServiceCore, projectId: string, fields: NewLeadFields, createdBy: string): Lead {
  const lead = newLead(core, {
    lead_id: typeof fields.lead_id === 'string' ? fields.lead_id : core.ids.uuid(),
    fullname: typeof fields.fullname === 'string' ? fields.fullname : undefined,
    email: typeof fields.email === 'string' ? fields.email.toLowerCase() : undefined,
    phone: null,
    attributes: fields.attributes ? structuredClone(fields.attributes) : undefined,
    id_project: projectId,
    createdBy,
  });
  core.store.leads.set(lead._id, lead);
  core.webhooks.emit('lead.create', projectId, lead);
  return lead;
}

/** Whether a lead satisfies one segment filter (the operators of the service's lead query). */
function matchesFilter(lead: Lead, filter: SegmentFilter): boolean {
  const field = String(filter.field ?? '');
  const actual = valueAt(lead, field.split('.'));
  const expected = filter.value;
  switch (filter.operator) {
    case '=':
      return Array.isArray(actual) ? actual.includes(expected) : actual === expected;
    case '!=':
      return Array.isArray(actual) ? !actual.includes(expected) : actual !== expected;
    // JavaScript's relational comparison of whatever the two values are, as the service's query does.
    case '>':
      return actual !== undefined && actual !== null && (actual as number) > (expected as number);
    case '>=':
      return actual !== undefined && actual !== null && (actual as number) >= (expected as number);
    case 'starts with':
      return typeof actual === 'string' && actual.startsWith(String(expected));
    case 'contains':
      return typeof actual === 'string' && userPattern(String(expected)).test(actual);
    case 'is null':
      return actual === undefined || actual === null;
    case 'is not null':
      return actual !== undefined && actual !== null;
    default:
      return true; // the service ignores filters with an unknown operator
  }
}

/** A lead as the service's upsert of an unknown id creates it: schema defaults and timestamps, no lead_id, project or creator. */
const bareLead = (core: ServiceCore, id: string): Lead => newLead(core, { _id: id });

/** The body fields of `updateLead`, from the contract. */
const UPDATE_FIELDS = (operations.updateLead.bodyFields ?? []) as readonly (keyof LeadUpdateRequest)[];

/** Applies an update body: each declared field sent with a value (not `null`) replaces the lead's; emails are lower-cased. */
function applyUpdate(lead: Lead, body: LeadUpdateRequest): void {
  const target = lead as Record<string, unknown>;
  for (const key of UPDATE_FIELDS) {
    const value = body[key];
    if (value === undefined || value === null) continue;
    target[key] = key === 'email' && typeof value === 'string' ? value.toLowerCase() : structuredClone(value);
  }
}

/** Handlers of listLeads, getLead, createLead, updateLead, deleteLead. */
export const leadHandlers = {
  listLeads: {
    handle(ctx) {
      const { core, projectId, query, rawQuery } = ctx;
      const status = ctx.queryValue('status');
      let list = [...core.store.leads.values()].filter((l) => l.id_project === projectId && l.status === status);
      if (query.segment !== undefined) {
        const segment = core.store.segments.get(query.segment);
        if (!segment || segment.id_project !== projectId) return failMsg(404, 'Error segment not found');
        list = list.filter((lead) => (segment.filters ?? []).every((filter) => matchesFilter(lead, filter)));
      }
      if (rawQuery.has('with_email') && rawQuery.get('with_email') !== '') list = list.filter((l) => typeof l.email === 'string' && l.email !== '');
      else if (query.email !== undefined) list = list.filter((l) => l.email === query.email!.toLowerCase());
      if (rawQuery.has('with_fullname') && rawQuery.get('with_fullname') !== '') list = list.filter((l) => typeof l.fullname === 'string' && l.fullname !== '');
      if (query.tags !== undefined) list = list.filter((l) => (l.tags ?? []).includes(query.tags!));
      if (query.full_text !== undefined) {
        const words = query.full_text.toLowerCase().split(/\s+/).filter(Boolean);
        list = list.filter((l) => {
          const text = `${l.fullname ?? ''} ${l.email ?? ''}`.toLowerCase().split(/[\s@.]+/);
          return words.some((word) => text.includes(word));
        });
      }
      const { items, ...page } = sortedPage(list, { sortField: sortFieldOf(ctx), direction: ctx.queryValue('direction'), page: ctx.queryValue('page'), limit: ctx.queryValue('limit') });
      return ok({ ...page, leads: items });
    },
  },

  getLead: readInProject((store) => store.leads),

  createLead: {
    handle({ core, projectId, body, caller }) {
      return ok(structuredClone(createLead(core, projectId, body, callerId(caller))));
    },
  },

  updateLead: {
    handle({ core, path, body }) {
      const lead = upsertById(core.store.leads, path.id, () => bareLead(core, path.id));
      applyUpdate(lead, body);
      touch(core.clock, lead);
      return ok(lead);
    },
  },

  deleteLead: softDeleteByUpsert((store) => store.leads, bareLead, 1000),
} satisfies HandlerGroup;
