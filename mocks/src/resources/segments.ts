/**
 * Segments, saved filters over leads. Lists wrap a page as `{perPage, count, segments}` (`limit`
 * per page, default from the contract; zero-based `page`; `sort`/`sortField`, `direction`);
 * deletes are soft (`status: 0`); PUT and DELETE upsert.
 */
import type { Segment } from '@supportkb/sdk';
import { callerId } from '../auth/authorize';
import { objectNotFound, ok } from '../http/results';
import type { HandlerGroup, ServiceCore } from '../service/context';
import { newSegment, touch } from '../state/factories';
import { readInProject, softDeleteByUpsert, sortedPage, sortFieldOf, upsertById } from './lists';

/** A segment as the service's upsert of an unknown id creates it: schema defaults and timestamps, no name, project or creator. */
const bareSegment = (core: ServiceCore, id: string): Segment => newSegment(core, { _id: id });

/** Handlers of listSegments, getSegment, createSegment, updateSegment, deleteSegment. */
export const segmentHandlers = {
  listSegments: {
    handle(ctx) {
      const { core, projectId } = ctx;
      const list = [...core.store.segments.values()].filter((s) => s.id_project === projectId && s.status === 100);
      const { items, ...page } = sortedPage(list, { sortField: sortFieldOf(ctx), direction: ctx.queryValue('direction'), page: ctx.queryValue('page'), limit: ctx.queryValue('limit') });
      return ok({ ...page, segments: items });
    },
  },

  getSegment: readInProject((store) => store.segments),

  createSegment: {
    handle({ core, projectId, body, caller }) {
      const segment = newSegment(core, {
        name: body.name,
        match: body.match ?? 'all',
        filters: structuredClone(body.filters ?? []),
        id_project: projectId,
        createdBy: callerId(caller),
      });
      core.store.segments.set(segment._id, segment);
      return ok(segment);
    },
  },

  updateSegment: {
    handle({ core, path, body }) {
      const segment = upsertById(core.store.segments, path.id, () => bareSegment(core, path.id));
      // `null` means "not given", as on the service.
      if (typeof body.name === 'string') segment.name = body.name;
      if (typeof body.match === 'string') segment.match = body.match;
      if (Array.isArray(body.filters)) segment.filters = structuredClone(body.filters);
      touch(core.clock, segment);
      return ok(segment);
    },
  },

  deleteSegment: softDeleteByUpsert((store) => store.segments, bareSegment, 0),
} satisfies HandlerGroup;
