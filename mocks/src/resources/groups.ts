/**
 * Groups of teammates, as the server's `routes/group.js` over `models/group.js` answers:
 *
 * - `createGroup` saves `name` and `members` (`trashed: false`, the project and the creator;
 *   `attributes` and `trashed` of the body are ignored). `name` is cast to a string (`12` → `"12"`);
 *   a missing, `null` or empty name, or one that is an object or an array, fails the save: 500
 *   `{success: false, msg: "Error saving object."}`. `members` is a Mongoose `Array` of anything: a
 *   single value is wrapped (`"x"` → `["x"]`, `{a: 1}` → `[{a: 1}]`), `null` is stored as `null`.
 * - `listGroups`: a plain array of the project's groups whose `trashed` is `false` (not those an
 *   upsert created without it), in insertion order, no paging; `member` (when truthy) keeps the
 *   groups whose `members` hold it (`{$in: member}`: several values as `member[]=a&member[]=b`).
 * - `getGroup` finds a group of any project by id (trashed ones too).
 * - `updateGroup` sets `name`, `members`, `trashed` and `attributes` when they are neither
 *   `undefined` nor `null` (`!= undefined`), cast by the model (`trashed: "maybe"` fails: 500
 *   `Error updating object.`), and upserts an unknown id (a bare group: `_id`, the fields sent,
 *   `members: []`, `enabled: true`, timestamps).
 * - `deleteGroup` refuses a group a department of the project names in `id_group` (403
 *   `{success: false, error: "Unable to delete a group associated with a department"}`). With
 *   `force=true` (exactly that text) it removes the group (any project) and answers it, or an empty
 *   body when no group has the id; otherwise it sets `enabled: false, trashed: true` (no upsert) and
 *   answers `{success: true, message: "Group successfully deleted"}`, known id or not.
 *
 * An id that is no ObjectId: 500 with the route's message (`Error getting object.`, `Error updating
 * object.`, `Error deleting group`). Webhooks: `group.create`, `group.update` (updates and soft
 * deletes), `group.delete` (forced deletes), for the group's own project.
 */
import { callerId } from '../auth/authorize';
import { castObjectId } from '../mongoose/cast';
import { CastError, findById, findByIdAndUpdate, isDatabaseError, save } from '../mongoose/documents';
import { documentFilter, isQueryError, querySchema } from '../mongoose/filter';
import { GROUP_MODEL } from '../models/group';
import { field, truthy } from '../http/request';
import { failError, failMsg, objectNotFound, ok, unanswered } from '../http/results';
import type { HandlerGroup } from '../service/context';
import { touch } from '../state/factories';

const GROUP_QUERY = querySchema(GROUP_MODEL);

/** The value a body field has for the route's `req.body.x != undefined` (neither `undefined` nor `null`). */
const given = (value: unknown): boolean => value !== undefined && value !== null;

/** Handlers of listGroups, getGroup, createGroup, updateGroup, deleteGroup. */
export const groupHandlers = {
  listGroups: {
    handle({ core, projectId, raw }) {
      const query: Record<string, unknown> = { id_project: projectId, trashed: false };
      if (truthy(raw.query.member)) query.members = { $in: raw.query.member };
      try {
        const test = documentFilter(GROUP_QUERY, query);
        return ok([...core.store.groups.values()].filter(test));
      } catch (error) {
        // The callback calls `next(err)`, which the route does not declare: a ReferenceError
        // thrown inside Mongoose's callback, which no one catches.
        if (isQueryError(error)) return unanswered(`MongoDB refuses the group query (${error.message}) and routes/group.js calls an undefined next()`);
        throw error;
      }
    },
  },

  getGroup: {
    handle({ core, raw }) {
      try {
        const group = findById(core.store.groups, raw.path.id!);
        return group ? ok(group) : objectNotFound();
      } catch (error) {
        if (error instanceof CastError) return failMsg(500, 'Error getting object.');
        throw error;
      }
    },
  },

  createGroup: {
    handle({ core, projectId, raw, caller }) {
      const input = { name: field(raw.body, 'name'), members: field(raw.body, 'members'), trashed: false, id_project: projectId, createdBy: callerId(caller) };
      try {
        const group = save(core, core.store.groups, GROUP_MODEL, input);
        core.webhooks.emit('group.create', projectId, group);
        return ok(group);
      } catch (error) {
        if (isDatabaseError(error)) return failMsg(500, 'Error saving object.');
        throw error;
      }
    },
  },

  updateGroup: {
    handle({ core, raw }) {
      const update: Record<string, unknown> = {};
      for (const name of ['name', 'members', 'trashed', 'attributes']) {
        const value = field(raw.body, name);
        if (given(value)) update[name] = value;
      }
      try {
        const group = findByIdAndUpdate(core, core.store.groups, GROUP_MODEL, raw.path.id!, update, { upsert: true })!;
        core.webhooks.emit('group.update', group.id_project, group);
        return ok(group);
      } catch (error) {
        if (isDatabaseError(error)) return failMsg(500, 'Error updating object.');
        throw error;
      }
    },
  },

  deleteGroup: {
    handle({ core, projectId, raw, strict }) {
      const id = raw.path.id!;
      // departmentService.isGroupInProjectDepartment: Department.findOne({id_project, id_group}).
      const inDepartment = [...core.store.departments.values()].some((d) => d.id_project === projectId && (d as { id_group?: unknown }).id_group === id);
      if (inDepartment) return failError(403, 'Unable to delete a group associated with a department');
      let key: string;
      try {
        key = castObjectId(id, '_id');
      } catch (error) {
        if (error instanceof CastError) return failMsg(500, 'Error deleting group');
        throw error;
      }
      const group = core.store.groups.get(key);
      if (raw.query.force === 'true') {
        // `res.status(200).send(null)`: an empty body without a Content-Type; strict mode labels it
        // as the contract declares it (text/plain), as a validating deployment would.
        if (!group) return strict ? ok(undefined, { 'Content-Type': 'text/plain; charset=utf-8' }) : ok(undefined);
        core.store.groups.delete(key);
        core.webhooks.emit('group.delete', group.id_project, group);
        return ok(group);
      }
      if (group) {
        group.enabled = false;
        group.trashed = true;
        touch(core.clock, group);
        core.webhooks.emit('group.update', group.id_project, group);
      }
      return ok({ success: true as const, message: 'Group successfully deleted' });
    },
  },
} satisfies HandlerGroup;
