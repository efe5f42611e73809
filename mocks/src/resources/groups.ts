/**
 * Groups of teammates. Deletes are soft by default (`trashed: true`, `enabled: false`);
 * `force=true` removes the group. PUT upserts.
 */
import { callerId } from '../auth/authorize';
import { objectNotFound, ok } from '../http/results';
import type { HandlerGroup } from '../service/context';
import { newGroup, touch } from '../state/factories';
import { findInProject, readInProject, upsertById } from './lists';

/** Handlers of listGroups, getGroup, createGroup, updateGroup, deleteGroup. */
export const groupHandlers = {
  listGroups: {
    handle({ core, projectId, query }) {
      const list = [...core.store.groups.values()].filter(
        (g) => g.id_project === projectId && !g.trashed && (query.member === undefined || (g.members ?? []).includes(query.member)),
      );
      return ok(list);
    },
  },

  getGroup: readInProject((store) => store.groups),

  createGroup: {
    handle({ core, projectId, body, caller }) {
      const group = newGroup(core, { name: body.name, members: [...(body.members ?? [])], trashed: false, id_project: projectId, createdBy: callerId(caller) });
      core.store.groups.set(group._id, group);
      core.webhooks.emit('group.create', projectId, group);
      return ok(group);
    },
  },

  updateGroup: {
    handle({ core, path, body }) {
      // As the service's upsert: an unknown id creates a group with the schema defaults and the
      // fields sent, but no name, project or creator (so no list shows it; see mocks/README.md).
      const group = upsertById(core.store.groups, path.id, () => newGroup(core, { _id: path.id }));
      // `null` means "not given", as on the service.
      if (typeof body.name === 'string') group.name = body.name;
      if (Array.isArray(body.members)) group.members = [...body.members];
      if (typeof body.trashed === 'boolean') group.trashed = body.trashed;
      if (body.attributes) group.attributes = structuredClone(body.attributes);
      touch(core.clock, group);
      core.webhooks.emit('group.update', group.id_project, group);
      return ok(group);
    },
  },

  deleteGroup: {
    handle({ core, projectId, path, query }) {
      const group = findInProject(core.store.groups, path.id, projectId);
      if (group) {
        if (query.force === true) {
          core.store.groups.delete(group._id);
          core.webhooks.emit('group.delete', projectId, group);
          return ok(group);
        }
        group.trashed = true;
        group.enabled = false;
        touch(core.clock, group);
        core.webhooks.emit('group.delete', projectId, group);
      } else if (query.force === true) {
        // The service sends the `null` it found: an empty 200 body.
        return ok(undefined);
      }
      return ok({ success: true as const, message: 'Group successfully deleted' });
    },
  },
} satisfies HandlerGroup;
