/**
 * Groups of teammates (spec §2.4, §4.5; reference sheet §4). Deletes are soft by default
 * (`trashed: true`, `enabled: false`); `force=true` removes the group. PUT upserts.
 */
import { callerId } from '../auth';
import { stamps, touch, type OperationTable } from '../context';
import { isObject, objectNotFound, ok } from '../http';
import type { Doc } from '../store';

/** Handlers of listGroups, getGroup, createGroup, updateGroup, deleteGroup (spec §4.5). */
export const groupOperations: OperationTable = {
  listGroups: {
    handle({ core, projectId, query }) {
      const list = [...core.store.groups.values()].filter(
        (g) => g.id_project === projectId && !g.trashed && (query.member === undefined || (g.members ?? []).includes(query.member)),
      );
      return ok(list);
    },
  },

  getGroup: {
    handle({ core, projectId, params }) {
      const group = core.store.groups.get(params.id!);
      return group && group.id_project === projectId ? ok(group) : objectNotFound();
    },
  },

  createGroup: {
    handle({ core, projectId, body, caller }) {
      const group: Doc = {
        _id: core.ids.objectId(),
        name: body.name,
        members: Array.isArray(body.members) ? [...body.members] : [],
        trashed: false,
        enabled: true,
        id_project: projectId,
        createdBy: callerId(caller),
        ...stamps(core),
      };
      core.store.groups.set(group._id, group);
      core.webhooks.emit('group.create', projectId, group);
      return ok(group);
    },
  },

  updateGroup: {
    handle({ core, params, body }) {
      let group = core.store.groups.get(params.id!);
      if (!group) {
        // As the service's upsert: an unknown id creates a group with the schema defaults and the
        // fields sent, but no name, project or creator (so no list shows it; see mocks/README.md).
        group = { _id: params.id!, members: [], enabled: true, ...stamps(core) };
        core.store.groups.set(group._id, group);
      }
      if (typeof body.name === 'string') group.name = body.name;
      if (Array.isArray(body.members)) group.members = [...body.members];
      if (typeof body.trashed === 'boolean') group.trashed = body.trashed;
      if (isObject(body.attributes)) group.attributes = structuredClone(body.attributes);
      touch(core, group);
      core.webhooks.emit('group.update', group.id_project, group);
      return ok(group);
    },
  },

  deleteGroup: {
    handle({ core, projectId, params, query }) {
      const group = core.store.groups.get(params.id!);
      if (group && group.id_project === projectId) {
        if (query.force === true) {
          core.store.groups.delete(group._id);
          core.webhooks.emit('group.delete', projectId, group);
          return ok(group);
        }
        group.trashed = true;
        group.enabled = false;
        touch(core, group);
        core.webhooks.emit('group.delete', projectId, group);
      } else if (query.force === true) {
        // The service sends the `null` it found: an empty 200 body.
        return { status: 200, text: '' };
      }
      return ok({ success: true, message: 'Group successfully deleted' });
    },
  },
};
