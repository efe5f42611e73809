/**
 * Team: the teammates (project_users) of a project. Teammate paths use the project_user id.
 * Deleting disables by default, `soft=true` trashes, `hard=true` removes the document.
 */
import type { Teammate, TeammateAdminUpdateRequest, User } from '@supportkb/sdk';
import { callerId, NOT_A_MEMBER } from '../auth/authorize';
import { roleType } from '../auth/roles';
import { isObject, OBJECT_ID } from '../documents';
import { failError, failMsg, objectNotFound, ok } from '../http/results';
import type { HandlerGroup, ServiceCore } from '../service/context';
import { newTeammate, stamps, touch } from '../state/factories';
import type { StoredTeammate } from '../state/store';
import { upsertById } from './lists';

/** A teammate as reads send it: the user populated in `id_user` (`null` for a deleted user), plus `isAuthenticated` and `isBusy`. */
function populatedTeammate(core: ServiceCore, teammate: StoredTeammate): Teammate {
  const { id_user: userId, ...rest } = structuredClone(teammate);
  const out: Teammate = { ...rest, isAuthenticated: teammate.role !== 'guest', isBusy: false };
  if (userId !== undefined) {
    const user: User | undefined = core.store.users.get(userId);
    // Populating a reference to a deleted user gives null, as on the service.
    out.id_user = user ? structuredClone(user) : null;
  }
  return out;
}

/** A teammate as writes send it: `id_user` as a plain id, plus `isAuthenticated`. */
export function plainTeammate(teammate: StoredTeammate): Teammate {
  return { ...structuredClone(teammate), isAuthenticated: teammate.role !== 'guest' };
}

/** The dotted settings an update may set one by one. */
const DOTTED_SETTINGS = ['settings.email.notification.conversation.assigned.toyou', 'settings.email.notification.conversation.pooled'] as const;

/** Applies the fields of an update body that the service honours; `admin` updates may also change the role and status. */
function applyUpdate(core: ServiceCore, teammate: StoredTeammate, body: TeammateAdminUpdateRequest, admin: boolean): void {
  if (typeof body.user_available === 'boolean') teammate.user_available = body.user_available;
  if (typeof body.profileStatus === 'string') teammate.profileStatus = body.profileStatus;
  const chats = body.max_assigned_chat ?? body.max_served_chat;
  if (typeof chats === 'number') teammate.max_assigned_chat = chats;
  if (typeof body.number_assigned_requests === 'number') teammate.number_assigned_requests = body.number_assigned_requests;
  if (body.attributes) teammate.attributes = structuredClone(body.attributes);
  if (Array.isArray(body.tags)) {
    teammate.tags = body.tags.map(({ _id: _ignored, ...rest }) => ({ _id: core.ids.objectId(), ...structuredClone(rest) }));
  }
  for (const key of DOTTED_SETTINGS) {
    const value = body[key];
    if (typeof value !== 'boolean') continue;
    const path = key.split('.').slice(1);
    let node: Record<string, unknown> = (teammate.settings ??= {});
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      node = isObject(next) ? next : (node[part] = {});
    }
    node[path[path.length - 1]!] = value;
  }
  if (admin) {
    if (typeof body.role === 'string') {
      teammate.role = body.role;
      teammate.roleType = roleType(body.role);
    }
    if (body.status === 'active' || body.status === 'disabled') teammate.status = body.status;
  }
  touch(core.clock, teammate);
}

/** Handlers of listTeammates, getTeammate, getTeammateByUserId, inviteTeammate, updateCurrentTeammate, updateTeammate, deleteTeammate. */
export const teamHandlers = {
  listTeammates: {
    handle({ core, projectId, query }) {
      const roles = typeof query.role === 'string' ? query.role.split(',').map((r) => r.trim()).filter(Boolean) : undefined;
      const trashed = query.trashed === true;
      const list = [...core.store.teammates.values()].filter((t) => {
        if (t.id_project !== projectId) return false;
        if (Boolean(t.trashed) !== trashed) return false;
        if (roles ? !roles.includes(String(t.role)) : t.roleType !== 1) return false;
        if (query.presencestatus && t.presence?.status !== query.presencestatus) return false;
        if (query.status && t.status !== query.status) return false;
        return true;
      });
      return ok(list.map((t) => populatedTeammate(core, t)));
    },
  },

  getTeammate: {
    handle({ core, projectId, path }) {
      const teammate = core.store.teammates.get(path.project_user_id);
      if (!teammate || teammate.id_project !== projectId) return objectNotFound();
      return ok(populatedTeammate(core, teammate));
    },
  },

  getTeammateByUserId: {
    handle({ core, projectId, path }) {
      const id = path.user_id;
      const byUser = OBJECT_ID.test(id);
      const teammate = [...core.store.teammates.values()].find((t) => t.id_project === projectId && (byUser ? t.id_user === id : t.uuid_user === id));
      if (!teammate) return objectNotFound();
      return ok<[Teammate]>([{ ...(byUser ? populatedTeammate(core, teammate) : plainTeammate(teammate)), isBusy: false }]);
    },
  },

  inviteTeammate: {
    handle({ core, projectId, body, caller }) {
      const email = body.email.toLowerCase();
      const me = caller?.userId ? core.store.users.get(caller.userId) : undefined;
      if (me && me.email === email) return failMsg(403, 'Forbidden. It is not allowed to invite oneself', { code: 4000 });
      const user = [...core.store.users.values()].find((u) => u.email === email);
      const role = typeof body.role === 'string' ? body.role : 'agent';
      if (!user) {
        const pending = { _id: core.ids.objectId(), email, id_project: projectId, role, createdBy: callerId(caller), ...stamps(core.clock) };
        core.store.pendingInvitations.set(pending._id, pending);
        return ok({ msg: 'User not found, save invite in pending ', pendingInvitation: structuredClone(pending) });
      }
      const existing = [...core.store.teammates.values()].find((t) => t.id_project === projectId && t.id_user === user._id);
      if (existing && existing.status === 'active' && !existing.trashed) return failMsg(403, 'Forbidden. User is already a member', { code: 4001 });
      let teammate: StoredTeammate;
      if (existing) {
        Object.assign(existing, { role, roleType: roleType(role), status: 'active', trashed: false, user_available: body.user_available ?? true });
        touch(core.clock, existing);
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
      if (!teammate) return failMsg(403, NOT_A_MEMBER);
      applyUpdate(core, teammate, body, false);
      core.webhooks.emit('project_user.update', projectId, plainTeammate(teammate));
      return ok(plainTeammate(teammate));
    },
  },

  updateTeammate: {
    handle({ core, path, body }) {
      // As the service's upsert: an unknown id creates a teammate with the schema defaults, no
      // project, role, presence or creator (so no list shows it; see mocks/README.md).
      const teammate = upsertById(core.store.teammates, path.project_user_id, () => {
        const bare = newTeammate(core, { _id: path.project_user_id, permissions: [] });
        delete bare.role;
        delete bare.roleType;
        delete bare.presence;
        return bare;
      });
      applyUpdate(core, teammate, body, true);
      core.webhooks.emit('project_user.update', teammate.id_project, plainTeammate(teammate));
      return ok(plainTeammate(teammate));
    },
  },

  deleteTeammate: {
    handle({ core, projectId, path, query }) {
      const teammate = core.store.teammates.get(path.project_user_id);
      if (!teammate || teammate.id_project !== projectId) return failError(404, `Project user not found with id ${path.project_user_id}`);
      if (query.hard === true) {
        core.store.teammates.delete(teammate._id);
      } else {
        teammate.status = 'disabled';
        teammate.user_available = false;
        if (query.soft === true) teammate.trashed = true;
        touch(core.clock, teammate);
      }
      core.webhooks.emit('project_user.delete', projectId, plainTeammate(teammate));
      return ok(plainTeammate(teammate));
    },
  },
} satisfies HandlerGroup;
