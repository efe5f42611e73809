/**
 * The project's tag library (spec §2.6, §4.7; reference sheet §6): a plain array, 40 per page,
 * zero-based `page`, `sort`/`sortField` (default `createdAt`), `direction` (default -1). Creating
 * an existing name returns the existing tag; `attributes` is ignored; PUT upserts; DELETE returns
 * the raw delete result.
 */
import { callerId } from '../auth';
import { stamps, touch, type OperationTable } from '../context';
import { compareBy, objectNotFound, ok } from '../http';
import type { Doc } from '../store';
import { sortFieldOf } from './segments';

/** Fixed page size of `listTags`. */
export const TAGS_PER_PAGE = 40;

/** Handlers of listTags, getTag, createTag, updateTag, deleteTag (spec §4.7). */
export const tagOperations: OperationTable = {
  listTags: {
    handle({ core, projectId, query, rawQuery }) {
      const list = [...core.store.tags.values()].filter((t) => t.id_project === projectId);
      list.sort(compareBy(sortFieldOf(rawQuery), query.direction));
      const start = query.page * TAGS_PER_PAGE;
      return ok(list.slice(start, start + TAGS_PER_PAGE));
    },
  },

  getTag: {
    handle({ core, projectId, params }) {
      const tag = core.store.tags.get(params.id!);
      return tag && tag.id_project === projectId ? ok(tag) : objectNotFound();
    },
  },

  createTag: {
    handle({ core, projectId, body, caller }) {
      const existing = [...core.store.tags.values()].find((t) => t.id_project === projectId && t.tag === body.tag);
      if (existing) return ok(existing);
      const tag: Doc = { _id: core.ids.objectId(), tag: body.tag, ...(body.color !== undefined ? { color: body.color } : {}), id_project: projectId, createdBy: callerId(caller), ...stamps(core) };
      core.store.tags.set(tag._id, tag);
      return ok(tag);
    },
  },

  updateTag: {
    handle({ core, projectId, params, body, badInputStatus }) {
      const clash = [...core.store.tags.values()].find((t) => t.id_project === projectId && t.tag === body.tag && t._id !== params.id);
      if (clash) return { status: badInputStatus, body: { errors: [{ value: body.tag, msg: 'A tag with this name already exists', param: 'tag', location: 'body' }] } };
      let tag = core.store.tags.get(params.id!);
      if (!tag) {
        // As the service's upsert: the new document has only the id, the fields set and timestamps
        // (no project, no creator), so no list shows it (see mocks/README.md).
        tag = { _id: params.id!, ...stamps(core) };
        core.store.tags.set(tag._id, tag);
      }
      // The service writes both fields on every PUT: an absent color is stored as null.
      tag.tag = body.tag ?? null;
      tag.color = body.color ?? null;
      touch(core, tag);
      return ok(tag);
    },
  },

  deleteTag: {
    handle({ core, projectId, params }) {
      const tag = core.store.tags.get(params.id!);
      const n = tag && tag.id_project === projectId ? 1 : 0;
      if (n) core.store.tags.delete(params.id!);
      return ok({ n, ok: 1, deletedCount: n });
    },
  },
};
