/**
 * The project's tag library: a plain array, one page of the contract's page size, zero-based
 * `page`, `sort`/`sortField` (default `createdAt`), `direction` (default -1). Creating an existing
 * name returns the existing tag; `attributes` is ignored; PUT upserts; DELETE returns the raw
 * delete result.
 */
import { callerId } from '../auth/authorize';
import { compareBy } from '../documents';
import { objectNotFound, ok } from '../http/results';
import { badInput } from '../http/validation';
import type { HandlerGroup } from '../service/context';
import { newTag, touch } from '../state/factories';
import { findInProject, pageOf, pageSizeOf, readInProject, sortFieldOf, upsertById } from './lists';

/** Handlers of listTags, getTag, createTag, updateTag, deleteTag. */
export const tagHandlers = {
  listTags: {
    handle(ctx) {
      const { core, projectId } = ctx;
      const list = [...core.store.tags.values()].filter((t) => t.id_project === projectId);
      list.sort(compareBy(sortFieldOf(ctx), ctx.queryValue('direction')));
      return ok(pageOf(list, ctx.queryValue('page'), pageSizeOf('listTags')));
    },
  },

  getTag: readInProject((store) => store.tags),

  createTag: {
    handle({ core, projectId, body, caller }) {
      const existing = [...core.store.tags.values()].find((t) => t.id_project === projectId && t.tag === body.tag);
      if (existing) return ok(existing);
      const tag = newTag(core, { tag: body.tag, color: body.color, id_project: projectId, createdBy: callerId(caller) });
      core.store.tags.set(tag._id, tag);
      return ok(tag);
    },
  },

  updateTag: {
    handle({ core, projectId, path, body, badInputStatus }) {
      const clash = [...core.store.tags.values()].find((t) => t.id_project === projectId && t.tag === body.tag && t._id !== path.id);
      if (clash) return badInput(badInputStatus, [{ value: body.tag, msg: 'A tag with this name already exists', param: 'tag', location: 'body' }]);
      // As the service's upsert: an unknown id creates a document with only the id, the fields set
      // and timestamps (no project, no creator), so no list shows it (see mocks/README.md).
      const tag = upsertById(core.store.tags, path.id, () => newTag(core, { _id: path.id, tag: null }));
      // The service writes both fields on every PUT: an absent color is stored as null.
      tag.tag = body.tag ?? null;
      tag.color = body.color ?? null;
      touch(core.clock, tag);
      return ok(tag);
    },
  },

  deleteTag: {
    handle({ core, projectId, path }) {
      const n = findInProject(core.store.tags, path.id, projectId) ? 1 : 0;
      if (n) core.store.tags.delete(path.id);
      return ok({ n, ok: 1, deletedCount: n });
    },
  },
} satisfies HandlerGroup;
