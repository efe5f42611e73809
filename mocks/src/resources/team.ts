/**
 * Team: teammates (project_users) of a project (spec §2.3, §3, §4.4; reference sheet §3).
 * Teammate paths use the project_user id. Deleting disables by default, `soft=true` trashes,
 * `hard=true` removes the document.
 */
import { callerId, roleType } from '../auth';
import { stamps, touch, type OperationTable, type ServiceCore } from '../context';
import { failError, failMsg, isObject, objectNotFound, ok, OBJECT_ID } from '../http';
import type { Doc } from '../store';
import { newTeammate } from './auth';

/** A teammate as reads send it: the user populated in `id_user`, plus `isAuthenticated` and `isBusy`. */
export function populatedTeammate(core: ServiceCore, teammate: Doc): Doc {
  const out = structuredClone(teammate);
  if (typeof out.id_user === 'string') {
    const user = core.store.users.get(out.id_user);
    // Populating a reference to a deleted user gives null, as on the service.
    out.id_user = user ? structuredClone(user) : null;
  }
  out.isAuthenticated = out.role !== 'guest';
  out.isBusy = false;
  return out;
}

/** A teammate as writes send it: `id_user` as a plain id. */
export function plainTeammate(teammate: Doc): Doc {
  const out = structuredClone(teammate);
  out.isAuthenticated = out.role !== 'guest';
  return out;
}

const DOTTED_SETTINGS = ['settings.email.notification.conversation.assigned.toyou', 'settings.email.notification.conversation.pooled'] as const;

/** Applies the fields of an update body that the service honours (reference sheet §3). */
function applyUpdate(core: ServiceCore, teammate: Doc, body: Doc, admin: boolean): void {
  if (typeof body.user_available === 'boolean') teammate.user_available = body.user_available;
  if (typeof body.profileStatus === 'string') teammate.profileStatus = body.profileStatus;
  const chats = body.max_assigned_chat ?? body.max_served_chat;
  if (typeof chats === 'number') teammate.max_assigned_chat = chats;
  if (typeof body.number_assigned_requests === 'number') teammate.number_assigned_requests = body.number_assigned_requests;
  if (isObject(body.attributes)) teammate.attributes = structuredClone(body.attributes);
  if (Array.isArray(body.tags)) {
    teammate.tags = body.tags.map((tag: Doc) => {
      const { _id: _ignored, ...rest } = tag;
      return { _id: core.ids.objectId(), ...structuredClone(rest) };
    });
  }
  for (const key of DOTTED_SETTINGS) {
    if (typeof body[key] !== 'boolean') continue;
    const path = key.split('.').slice(1);
    let node: Doc = (teammate.settings ??= {});
    for (const part of path.slice(0, -1)) node = isObject(node[part]) ? node[part] : (node[part] = {});
    node[path[path.length - 1]!] = body[key];
  }
  if (admin) {
    if (typeof body.role === 'string') {
      teammate.role = body.role;
      teammate.roleType = roleType(body.role);
    }
    if (body.status === 'active' || body.status === 'disabled') teammate.status = body.status;
  }
  touch(core, teammate);
}

/** Handlers of listTeammates, getTeammate, getTeammateByUserId, inviteTeammate, updateCurrentTeammate, updateTeammate, deleteTeammate (spec §4.4). */
export const teamOperations: OperationTable = {
  listTeammates: {
    handle({ core, projectId, query }) {
      const roles = typeof query.role === 'string' ? query.role.split(',').map((r: string) => r.trim()).filter(Boolean) : undefined;
      const trashed = query.trashed === true;
      const list = [...core.store.teammates.values()].filter((t) => {
        if (t.id_project !== projectId) return false;
        if (Boolean(t.trashed) !== trashed) return false;
        if (roles ? !roles.includes(t.role) : t.roleType !== 1) return false;
        if (query.presencestatus && t.presence?.status !== query.presencestatus) return false;
        if (query.status && t.status !== query.status) return false;
        return true;
      });
      return ok(list.map((t) => populatedTeammate(core, t)));
    },
  },

  getTeammate: {
    handle({ core, projectId, params }) {
      const teammate = core.store.teammates.get(params.project_user_id!);
      if (!teammate || teammate.id_project !== projectId) return objectNotFound();
      return ok(populatedTeammate(core, teammate));
    },
  },

  getTeammateByUserId: {
    handle({ core, projectId, params }) {
      const id = params.user_id!;
      const byUser = OBJECT_ID.test(id);
      const teammate = [...core.store.teammates.values()].find((t) => t.id_project === projectId && (byUser ? t.id_user === id : t.uuid_user === id));
      if (!teammate) return objectNotFound();
      return ok([byUser ? populatedTeammate(core, teammate) : plainTeammate(teammate)].map((t) => ({ ...t, isBusy: false })));
    },
  },

  inviteTeammate: {
    handle({ core, projectId, body, caller }) {
      const email = String(body.email).toLowerCase();
      const me = caller?.userId ? core.store.users.get(caller.userId) : undefined;
      if (me && me.email === email) return failMsg(403, 'Forbidden. It is not allowed to invite oneself', { code: 4000 });
      const user = [...core.store.users.values()].find((u) => u.email === email);
      const role = typeof body.role === 'string' ? body.role : 'agent';
      if (!user) {
        const pending = { _id: core.ids.objectId(), email, id_project: projectId, role, createdBy: callerId(caller), ...stamps(core) };
        core.store.pendingInvitations.set(pending._id, pending);
        return ok({ msg: 'User not found, save invite in pending ', pendingInvitation: structuredClone(pending) });
      }
      const existing = [...core.store.teammates.values()].find((t) => t.id_project === projectId && t.id_user === user._id);
      if (existing && existing.status === 'active' && !existing.trashed) return failMsg(403, 'Forbidden. User is already a member', { code: 4001 });
      let teammate: Doc;
      if (existing) {
        Object.assign(existing, { role, roleType: roleType(role), status: 'active', trashed: false, user_available: body.user_available ?? true });
        touch(core, existing);
        teammate = existing;
      } else {
        teammate = newTeammate(core, { id_project: projectId, id_user: user._id, role, user_available: body.user_available ?? true, createdBy: callerId(caller) });
        core.store.teammates.set(teammate._id, teammate);
      }
      core.webhooks.emit('project_user.invite', projectId, plainTeammate(teammate));
      return ok(plainTeammate(teammate));
    },
  },

  updateCurrentTeammate: {
    handle({ core, projectId, body, teammate }) {
      if (!teammate) return failMsg(403, 'you dont belong to the project.');
      applyUpdate(core, teammate, body, false);
      core.webhooks.emit('project_user.update', projectId, plainTeammate(teammate));
      return ok(plainTeammate(teammate));
    },
  },

  updateTeammate: {
    handle({ core, params, body }) {
      let teammate = core.store.teammates.get(params.project_user_id!);
      if (!teammate) {
        // As the service's upsert: the schema defaults, no project, role or creator (so no list
        // shows it; see mocks/README.md).
        const id = params.project_user_id!;
        teammate = { _id: id, id, user_available: true, number_assigned_requests: 0, last_login_at: core.clock.iso(), permissions: [], status: 'active', trashed: false, tags: [], ...stamps(core) };
        core.store.teammates.set(teammate._id, teammate);
      }
      applyUpdate(core, teammate, body, true);
      core.webhooks.emit('project_user.update', teammate.id_project, plainTeammate(teammate));
      return ok(plainTeammate(teammate));
    },
  },

  deleteTeammate: {
    handle({ core, projectId, params, query }) {
      const teammate = core.store.teammates.get(params.project_user_id!);
      if (!teammate || teammate.id_project !== projectId) return failError(404, `Project user not found with id ${params.project_user_id}`);
      if (query.hard === true) {
        core.store.teammates.delete(teammate._id);
      } else {
        teammate.status = 'disabled';
        teammate.user_available = false;
        if (query.soft === true) teammate.trashed = true;
        touch(core, teammate);
      }
      core.webhooks.emit('project_user.delete', projectId, plainTeammate(teammate));
      return ok(plainTeammate(teammate));
    },
  },
};
