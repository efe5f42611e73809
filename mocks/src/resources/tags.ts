/**
 * The project's tag library, as the server's `routes/tag.js` over `models/tagLibrary.js` answers:
 *
 * - `createTag` saves `tag` and `color` (cast to strings: `tag: 5` is stored as `"5"`; `attributes`
 *   ignored); a missing or empty `tag`, or one that is no string (an object, an array), fails the
 *   save: 500 `{success: false, msg: "Error saving object."}`. A name the project has already
 *   returns the existing tag (the unique index on project and name), 200.
 * - `listTags`: a plain array of 40, zero-based `page` (`page * 40` as JavaScript computes it), sort
 *   field `sort` (default `createdAt`; the server ignores `sortField`), `direction` (default -1). A
 *   direction Mongoose does not know (`2`, `abc`) throws as the route builds the query: 500
 *   `{err: "error"}`; a negative page makes MongoDB refuse the skip, and the route drops the error:
 *   no answer.
 * - `getTag` finds a tag of any project by id; `updateTag` writes `tag` and `color` on every call
 *   (`null` when not sent) and upserts an unknown id; `deleteTag` removes by id (any project) and
 *   answers the raw delete result. An id that is no ObjectId: 500 with the route's message.
 */
import type { Tag } from '@supportkb/sdk';
import { callerId } from '../auth/authorize';
import { castString } from '../mongoose/cast';
import { CastError, DuplicateKeyError, find, findById, findByIdAndUpdate, isDatabaseError, MongoError, save, type UniqueIndex } from '../mongoose/documents';
import { TAG_MODEL } from '../models/tag';
import { castObjectId } from '../mongoose/cast';
import { field, jsNumber, jsString, truthy } from '../http/request';
import { fail, failMsg, internalError, objectNotFound, ok, unanswered } from '../http/results';
import type { HandlerGroup } from '../service/context';

/** The unique index on (project, name). */
const UNIQUE: readonly UniqueIndex[] = [['id_project', 'tag']];

/** Page size of `listTags` (fixed by the route). */
const PAGE_SIZE = 40;

/** Handlers of listTags, getTag, createTag, updateTag, deleteTag. */
export const tagHandlers = {
  listTags: {
    handle({ core, projectId, raw }) {
      const { query } = raw;
      const skip = jsNumber(truthy(query.page) ? query.page : 0) * PAGE_SIZE;
      const direction = truthy(query.direction) ? query.direction : -1;
      const sortField = truthy(query.sort) ? jsString(query.sort) : 'createdAt';
      let tags: ReturnType<typeof find<Tag>>;
      try {
        tags = find(core.store.tags, { filter: (t) => t.id_project === projectId, sortField, direction, skip, limit: PAGE_SIZE });
      } catch (error) {
        // mquery throws while the route builds the query; Express answers with its error handler.
        if (error instanceof TypeError) return internalError();
        throw error;
      }
      try {
        return ok(tags.exec());
      } catch (error) {
        if (error instanceof MongoError) return unanswered(`MongoDB refuses the query (${error.message}) and routes/tag.js drops the error`);
        throw error;
      }
    },
  },

  getTag: {
    handle({ core, raw }) {
      try {
        const tag = findById(core.store.tags, raw.path.id!);
        return tag ? ok(tag) : objectNotFound();
      } catch (error) {
        if (error instanceof CastError) return failMsg(500, 'Error getting object.');
        throw error;
      }
    },
  },

  createTag: {
    handle({ core, projectId, raw, caller }) {
      const input = { tag: field(raw.body, 'tag'), color: field(raw.body, 'color'), id_project: projectId, createdBy: callerId(caller) };
      try {
        return ok(save(core, core.store.tags, TAG_MODEL, input, UNIQUE));
      } catch (error) {
        if (error instanceof DuplicateKeyError) {
          // The route answers what `findOne({id_project, tag: req.body.tag})` finds.
          const name = castString(input.tag, 'tag');
          const existing = [...core.store.tags.values()].find((t) => t.id_project === projectId && t.tag === name);
          return ok(existing as Tag);
        }
        if (isDatabaseError(error)) return failMsg(500, 'Error saving object.');
        throw error;
      }
    },
  },

  updateTag: {
    handle({ core, raw }) {
      try {
        // The route sets both fields on every call: one not sent is stored as null.
        const tag = findByIdAndUpdate(core, core.store.tags, TAG_MODEL, raw.path.id!, { tag: field(raw.body, 'tag'), color: field(raw.body, 'color') }, { upsert: true, unique: UNIQUE });
        return ok(tag!);
      } catch (error) {
        // Strict mode: a taken name is the client's error, named (the server's unique index fails the update: 500).
        if (core.strict && error instanceof DuplicateKeyError) {
          const name = field(raw.body, 'tag');
          return fail(409, { errors: [{ value: name, msg: `Another tag of the project is named ${JSON.stringify(name)}: tag names are unique within a project`, param: 'tag', location: 'body' }] });
        }
        if (isDatabaseError(error)) return failMsg(500, 'Error updating object.');
        throw error;
      }
    },
  },

  deleteTag: {
    handle({ core, raw }) {
      let id: string;
      try {
        id = castObjectId(raw.path.id, '_id');
      } catch (error) {
        if (error instanceof CastError) return failMsg(500, 'Error deleting object.');
        throw error;
      }
      const n = core.store.tags.delete(id) ? 1 : 0;
      return ok({ n, ok: 1, deletedCount: n });
    },
  },
} satisfies HandlerGroup;
