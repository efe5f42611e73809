/**
 * Segments, saved filters over leads (spec §2.5, §4.6; reference sheet §5). Lists wrap a page as
 * `{perPage, count, segments}` (40 per page, zero-based `page`, `sort`/`sortField`, `direction`);
 * deletes are soft (`status: 0`); PUT and DELETE upsert.
 */
import { callerId } from '../auth';
import { stamps, touch, type OperationTable, type ServiceCore } from '../context';
import { compareBy, objectNotFound, ok } from '../http';
import type { Doc } from '../store';

/** The sort field of a list request: the server's `sort`, else the spec's `sortField`, else `createdAt`. */
export function sortFieldOf(rawQuery: URLSearchParams): string {
  return rawQuery.get('sort') || rawQuery.get('sortField') || 'createdAt';
}

function upsert(core: ServiceCore, id: string): Doc {
  let segment = core.store.segments.get(id);
  if (!segment) {
    // As the service's upsert: schema defaults and timestamps, no name, project or creator.
    segment = { _id: id, match: 'all', filters: [], status: 100, ...stamps(core) };
    core.store.segments.set(id, segment);
  }
  return segment;
}

/** Handlers of listSegments, getSegment, createSegment, updateSegment, deleteSegment (spec §4.6). */
export const segmentOperations: OperationTable = {
  listSegments: {
    handle({ core, projectId, query, rawQuery }) {
      const list = [...core.store.segments.values()].filter((s) => s.id_project === projectId && s.status === 100);
      list.sort(compareBy(sortFieldOf(rawQuery), query.direction));
      const { limit, page } = query;
      return ok({ perPage: limit, count: list.length, segments: list.slice(page * limit, page * limit + limit) });
    },
  },

  getSegment: {
    handle({ core, projectId, params }) {
      const segment = core.store.segments.get(params.id!);
      return segment && segment.id_project === projectId ? ok(segment) : objectNotFound();
    },
  },

  createSegment: {
    handle({ core, projectId, body, caller }) {
      const segment: Doc = {
        _id: core.ids.objectId(),
        name: body.name,
        match: body.match ?? 'all',
        filters: structuredClone(body.filters ?? []),
        status: 100,
        id_project: projectId,
        createdBy: callerId(caller),
        ...stamps(core),
      };
      core.store.segments.set(segment._id, segment);
      return ok(segment);
    },
  },

  updateSegment: {
    handle({ core, params, body }) {
      const segment = upsert(core, params.id!);
      if (typeof body.name === 'string') segment.name = body.name;
      if (typeof body.match === 'string') segment.match = body.match;
      if (Array.isArray(body.filters)) segment.filters = structuredClone(body.filters);
      touch(core, segment);
      return ok(segment);
    },
  },

  deleteSegment: {
    handle({ core, params }) {
      const segment = upsert(core, params.id!);
      segment.status = 0;
      touch(core, segment);
      return ok(segment);
    },
  },
};
