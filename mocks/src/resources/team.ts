/**
 * The team: teammates (project_users) as the server's `routes/project_user.js` over
 * `models/project_user.js` answers:
 *
 * - `listTeammates`: the project's members with `roleType` 1, or those whose `role` is in `role`
 *   (`{role: {$in: req.query.role}}`: one value or the parameter repeated; `owner,admin` is one
 *   role name), without trashed ones unless `trashed` is any value but `false` (then every teammate,
 *   trashed or not), filtered by `presencestatus` (`presence.status`) and `status` as Mongoose
 *   casts query values (a repeated parameter is `$in`, `x[$ne]=…` an operator); the user populated,
 *   `isBusy` false. A value Mongoose or MongoDB refuses: 500 `Error getting object.`.
 * - `getTeammate` finds the id in the project (populated); `getTeammateByUserId` finds by `id_user`
 *   when the id is an ObjectId for the driver (24 hex digits, or any 12 characters) — populated —
 *   else by `uuid_user`, as a one-item array. An id that is no ObjectId: 500 `Error getting object.`.
 * - `inviteTeammate`: an email no user has becomes a pending invitation (none twice; a role is
 *   required, both refusals answered 200 with `success: false`); an active agent-side member (not
 *   trashed) 403 4001, the caller 403 4000; anyone else — an end user, a disabled member — gets a
 *   new teammate with the role sent (none when none was sent).
 * - `updateCurrentTeammate`/`updateTeammate`: `findByIdAndUpdate(id, update, {upsert: true})` of
 *   the fields sent with a value (`!= undefined`: `null` is not sent); `role` and `status`
 *   (`active`/`disabled` only) only by id; `roleType` never changes. A value the model cannot
 *   store: 500 `Error updating object.`. An unknown id (by id) creates a bare teammate.
 * - `deleteTeammate` (any project's teammate, by id): `soft=true` trashes (and disables),
 *   `hard=true` removes, else disables; 404 `{success: false, error}` for an unknown id, 500 with the
 *   branch's message for an id that is no ObjectId.
 *
 * A teammate has `permissions: []`, `last_login_at` the time the server started (the model's
 * default is computed once, when it loads) and no `presence` until its user connects over the
 * websocket.
 */
import type { PendingInvitation, StoredTeammate } from '../state/store';
import type { GetTeammateByUserIdResponse, GetTeammateResponse, Teammate, TeammateInviteNotSaved, User } from '@supportkb/sdk';
import { copyDocument } from '../documents';
import { beyondContract } from '../http/beyond-contract';
import { callerId } from '../auth/authorize';
import { castObjectId, castString, CastError } from '../mongoose/cast';
import { isDatabaseError, save } from '../mongoose/documents';
import { mongooseErrorJson } from '../mongoose/errors';
import { documentFilter, isQueryError, querySchema } from '../mongoose/filter';
import { castUpdate, upsertedDocument, type Model } from '../mongoose/model';
import { MongoError } from '../mongoose/query';
import { field, jsString } from '../http/request';
import { fail, failError, failMsg, internalError, objectNotFound, ok, unanswered } from '../http/results';
import type { HandlerGroup, ServiceCore } from '../service/context';

/** The server's start: `last_login_at`'s default is `new Date()` evaluated when `models/project_user.js` loads. */
const started = new WeakMap<object, string>();

/** When this service "started" for the teammate model's default (fixed at its first use). */
export function serverStartedAt(core: Pick<ServiceCore, 'store' | 'clock'>): string {
  let at = started.get(core.store);
  if (!at) {
    at = core.clock.iso();
    started.set(core.store, at);
  }
  return at;
}

/** `models/tag.js`, the items of a teammate's `tags` (each with its own `_id`). */
const TAG_SUBDOC: Model = {
  name: 'tag',
  fields: { _id: { type: 'objectid' }, tag: { type: 'string', required: true }, color: { type: 'string' }, attributes: { type: 'mixed' } },
};

/** `models/project_user.js` (without `presence`, which only the websocket sets). */
export function teammateModel(core: Pick<ServiceCore, 'store' | 'clock'>): Model {
  const lastLogin = serverStartedAt(core);
  return {
    name: 'project_user',
    timestamps: true,
    fields: {
      id_project: { type: 'objectid' },
      id_user: { type: 'objectid' },
      uuid_user: { type: 'string' },
      role: { type: 'string' },
      roleType: { type: 'number' },
      user_available: { type: 'boolean', default: true },
      profileStatus: { type: 'string' },
      attributes: { type: 'mixed' },
      max_assigned_chat: { type: 'number' },
      number_assigned_requests: { type: 'number', default: 0 },
      last_ip: { type: 'string' },
      last_login_at: { type: 'date', default: lastLogin },
      settings: { type: 'mixed' },
      tags: { type: 'subdocs', model: TAG_SUBDOC },
      permissions: { type: 'array', of: 'string' },
      createdBy: { type: 'string', required: true },
      status: { type: 'string', required: true, default: 'active' },
      trashed: { type: 'boolean', default: false },
    },
  };
}

/** The query schema of teammates (the model's paths plus the `presence` sub-document's `status`). */
function teammateQuerySchema(core: ServiceCore) {
  const schema = querySchema(teammateModel(core));
  return { ...schema, fields: { ...schema.fields, 'presence.status': { type: 'string' as const }, 'presence.changedAt': { type: 'date' as const } } };
}

/** Saves a new teammate (`new Project_user(fields).save()`). @throws {ValidationError} */
export function saveTeammate(core: ServiceCore, fields: Record<string, unknown>): StoredTeammate {
  return save(core, core.store.teammates, teammateModel(core), fields);
}

/** A teammate as `toJSON()` sends it: the virtuals `id` and `isAuthenticated` (`role !== "guest"`). */
export function teammateJson(teammate: StoredTeammate): Teammate {
  return { ...copyDocument(teammate), isAuthenticated: teammate.role !== 'guest', id: teammate._id } as Teammate;
}

/** The fields of a user a populate selects (all of them, or the listed ones and `_id`). */
function userFields(user: User, select?: readonly string[]): Record<string, unknown> {
  const copy = copyDocument(user) as Record<string, unknown>;
  if (!select) return copy;
  return Object.fromEntries(Object.entries(copy).filter(([key]) => key === '_id' || select.includes(key)));
}

/** A teammate with `id_user` populated (`null` for a deleted user; unchanged when it has none). */
export function populatedTeammate(core: ServiceCore, teammate: StoredTeammate, select?: readonly string[]): Teammate {
  const out = teammateJson(teammate) as Record<string, unknown>;
  if (teammate.id_user !== undefined && teammate.id_user !== null) {
    const user = core.store.users.get(teammate.id_user);
    out.id_user = user ? userFields(user, select) : null;
  }
  return out as Teammate;
}

/** A read's teammate: populated, `isBusy` false (`utils/project_userUtil.js`: the project sets no `max_agent_assigned_chat`). */
function readTeammate(core: ServiceCore, teammate: StoredTeammate, populate: boolean): Teammate & { isBusy: boolean } {
  return { ...(populate ? populatedTeammate(core, teammate) : teammateJson(teammate)), isBusy: false };
}

/** Emits a team event with the populated teammate the server's listener sends. */
function emitTeam(core: ServiceCore, event: 'project_user.invite' | 'project_user.update' | 'project_user.delete', teammate: StoredTeammate, select: readonly string[], busy: boolean): void {
  const payload = { ...populatedTeammate(core, teammate, select), ...(busy ? { isBusy: false } : {}) };
  core.webhooks.emit(event, teammate.id_project, payload);
}

/** The body fields both updates copy when sent with a value (`req.body.x != undefined`). */
const COMMON_FIELDS = ['user_available', 'profileStatus', 'max_assigned_chat', 'number_assigned_requests', 'attributes'] as const;
const DOTTED_SETTINGS = ['settings.email.notification.conversation.assigned.toyou', 'settings.email.notification.conversation.pooled'] as const;

/** The update object a route builds from the body: the fields sent with a value (not `null`/`undefined`). */
function updateOf(body: unknown, byId: boolean): { set: Record<string, unknown>; dotted: [string, unknown][] } {
  const set: Record<string, unknown> = {};
  const sent = (name: string): unknown => field(body, name);
  if (byId && sent('role') !== undefined && sent('role') !== null) set.role = sent('role');
  for (const name of COMMON_FIELDS) if (sent(name) !== undefined && sent(name) !== null) set[name] = sent(name);
  if (byId && (sent('status') === 'active' || sent('status') === 'disabled')) set.status = sent('status');
  const dotted: [string, unknown][] = [];
  for (const name of DOTTED_SETTINGS) if (sent(name) !== undefined && sent(name) !== null) dotted.push([name, sent(name)]);
  if (sent('tags') !== undefined && sent('tags') !== null) set.tags = sent('tags');
  return { set, dotted };
}

/** Gives each tag object of an update an `_id` (Mongoose creates one per new sub-document). */
function withTagIds(core: ServiceCore, tags: unknown): unknown {
  const give = (item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item) && (item as Record<string, unknown>)._id === undefined ? { _id: core.ids.objectId(), ...item } : item;
  return Array.isArray(tags) ? tags.map(give) : give(tags);
}

/** Sets a dotted path under a Mixed field as MongoDB's `$set` does. @throws {MongoError} when a step is no object. */
function setDotted(doc: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node: Record<string, unknown> = doc;
  for (const [i, part] of parts.slice(0, -1).entries()) {
    const next = node[part];
    if (next === undefined) node = node[part] = {};
    else if (typeof next === 'object' && next !== null && !Array.isArray(next)) node = next as Record<string, unknown>;
    else throw new MongoError(`Cannot create field '${parts[i + 1]}' in element {${part}: ${JSON.stringify(next)}}`, 28, 'PathNotViable');
  }
  node[parts[parts.length - 1]!] = structuredClone(value);
}

/**
 * `Project_user.findByIdAndUpdate(id, update, {new: true, upsert: true})`, `trashed: true` also
 * disabling (the model's `findOneAndUpdate` hook).
 * @throws {CastError} an id or value the model cannot store; {@link MongoError} a dotted setting under a non-object.
 */
function updateTeammateById(core: ServiceCore, id: unknown, update: { set: Record<string, unknown>; dotted: [string, unknown][] }, upsert: boolean): StoredTeammate | undefined {
  const key = castObjectId(id, '_id');
  const model = teammateModel(core);
  const raw = { ...update.set };
  if (raw.tags !== undefined) raw.tags = withTagIds(core, raw.tags);
  const set = castUpdate(model, raw);
  if (set.trashed === true) set.status = 'disabled';
  const now = core.clock.iso();
  const existing = core.store.teammates.get(key);
  const doc = (existing ? structuredClone(existing) : { ...upsertedDocument(model, key, {}), createdAt: now }) as Record<string, unknown>;
  if (!existing && !upsert) return undefined;
  Object.assign(doc, set);
  for (const [path, value] of update.dotted) setDotted(doc, path, value);
  doc.updatedAt = now;
  if (!existing) doc.__v = 0;
  const stored = doc as StoredTeammate;
  if (existing) Object.assign(existing, stored);
  else core.store.teammates.set(key, stored);
  return existing ?? stored;
}

/** `mongoose.Types.ObjectId.isValid(value)` of a path parameter: 12 characters, or 24 hexadecimal digits. */
export function isValidObjectId(value: unknown): boolean {
  if (typeof value === 'number') return true;
  if (typeof value !== 'string') return false;
  return value.length === 12 || /^[0-9a-fA-F]{24}$/.test(value);
}

/** `value == ''` or `value == undefined` in JavaScript (the pending invitation's role check). */
function looselyEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value === '';
  if (typeof value === 'number') return value === 0;
  if (typeof value === 'boolean') return value === false;
  if (Array.isArray(value)) return jsString(value) === '' || Number(jsString(value)) === 0;
  return false;
}

/** Handlers of listTeammates, getTeammate, getTeammateByUserId, inviteTeammate, updateCurrentTeammate, updateTeammate, deleteTeammate. */
export const teamHandlers = {
  listTeammates: {
    handle({ core, projectId, raw }) {
      const { query } = raw;
      const filter: Record<string, unknown> = query.role ? { id_project: projectId, role: { $in: query.role } } : { id_project: projectId, roleType: 1 };
      if (!query.trashed || query.trashed === 'false') filter.trashed = { $ne: true };
      if (query.presencestatus) filter['presence.status'] = query.presencestatus;
      if (query.status) filter.status = query.status;
      let test: (doc: object) => boolean;
      try {
        test = documentFilter(teammateQuerySchema(core), filter);
      } catch (error) {
        if (isQueryError(error)) return failMsg(500, 'Error getting object.');
        throw error;
      }
      return ok([...core.store.teammates.values()].filter(test).map((t) => readTeammate(core, t, true)));
    },
  },

  getTeammate: {
    handle({ core, projectId, raw, teammate: own }) {
      // GET /project_users/me (routes/project_user.js:500): the caller's own teammate, unpopulated, in an array.
      if (raw.path.project_user_id === 'me')
        return own ? ok(beyondContract<GetTeammateResponse>([readTeammate(core, own, false)], '`me` is the route GET /project_users/me, which answers an array')) : internalError();
      let id: string;
      try {
        id = castObjectId(raw.path.project_user_id, '_id');
      } catch (error) {
        if (error instanceof CastError) return failMsg(500, 'Error getting object.');
        throw error;
      }
      const teammate = core.store.teammates.get(id);
      if (!teammate || teammate.id_project !== projectId) return objectNotFound();
      return ok(readTeammate(core, teammate, true));
    },
  },

  getTeammateByUserId: {
    handle({ core, projectId, raw }) {
      const userId = raw.path.user_id!;
      if (userId === 'search') {
        // GET /project_users/users/search (routes/project_user.js:535): the user of ?email=, if a teammate.
        let test: (doc: object) => boolean;
        try {
          test = documentFilter(querySchema(USER_QUERY_MODEL), { email: raw.query.email });
        } catch (error) {
          if (isQueryError(error)) return unanswered('routes/project_user.js awaits User.findOne() in an async route; a query it cannot cast rejects, and nobody catches it');
          throw error;
        }
        const user = [...core.store.users.values()].find(test);
        if (!user) return objectNotFound();
        if (![...core.store.teammates.values()].some((t) => t.id_user === user._id && t.id_project === projectId)) return fail(403, { msg: 'Unauthorized. This is not a your teammate.' });
        return ok(beyondContract<GetTeammateByUserIdResponse>({ _id: user._id }, "`search` is the route GET /project_users/users/search, which answers the user's id"));
      }
      const byUser = isValidObjectId(userId);
      let key = userId;
      if (byUser) {
        try {
          key = castObjectId(userId, 'id_user');
        } catch (error) {
          // Twelve characters the mock cannot read as bytes: the driver takes them, nothing matches.
          if (error instanceof CastError) return objectNotFound();
          throw error;
        }
      }
      const teammate = [...core.store.teammates.values()].find((t) => t.id_project === projectId && (byUser ? t.id_user === key : t.uuid_user === key));
      if (!teammate) return objectNotFound();
      return ok<[Teammate & { isBusy: boolean }]>([readTeammate(core, teammate, byUser)]);
    },
  },

  inviteTeammate: {
    handle({ core, projectId, raw, caller }) {
      let email = field(raw.body, 'email');
      if (email) {
        // `email.toLowerCase()` throws for anything but a string: Express's 500.
        if (typeof email !== 'string') return internalError();
        email = email.toLowerCase();
      }
      const role = field(raw.body, 'role');
      const me = callerId(caller);
      // `User.findOne({email, status: 100})`: the email cast to a string (undefined matches no user).
      let emailKey: string | null | undefined;
      try {
        emailKey = castString(email, 'email');
      } catch {
        emailKey = undefined;
      }
      const user = emailKey === undefined || emailKey === null ? undefined : [...core.store.users.values()].find((u) => u.email === emailKey && (u.status ?? 100) === 100);
      if (!user) {
        // services/pendingInvitationService.js: a second invitation, or none without a role, is
        // refused with a body the route sends as is (200).
        const existing = [...core.store.pendingInvitations.values()].filter((p) => p.id_project === projectId && (p.email ?? null) === (emailKey ?? null));
        if (existing.length) return ok<TeammateInviteNotSaved>({ success: false, msg: 'Pending Invitation already exist.', pendinginvitation: structuredClone(existing) });
        if (looselyEmpty(role)) return ok<TeammateInviteNotSaved>({ success: false, msg: 'Role is required.', code: 405 });
        try {
          const pending = save(core, core.store.pendingInvitations as Map<string, PendingInvitation & { _id: string }>, PENDING_MODEL, { email, role, id_project: projectId, createdBy: me });
          return ok({ msg: 'User not found, save invite in pending ', pendingInvitation: structuredClone(pending) });
        } catch (error) {
          if (isDatabaseError(error)) return ok<TeammateInviteNotSaved>({ success: false, msg: 'Error saving object.', err: mongooseErrorJson(error, 'pending-invitation') });
          throw error;
        }
      }
      if (me === user._id) return failMsg(403, 'Forbidden. It is not allowed to invite oneself', { code: 4000 });
      const member = [...core.store.teammates.values()].find((t) => t.id_project === projectId && t.id_user === user._id && t.roleType === 1 && t.status === 'active');
      if (member && member.trashed !== true) return failMsg(403, 'Forbidden. User is already a member', { code: 4001 });
      const available = field(raw.body, 'user_available');
      try {
        const teammate = saveTeammate(core, { id_project: projectId, id_user: user._id, role, roleType: 1, user_available: typeof available === 'boolean' ? available : true, createdBy: me });
        emitTeam(core, 'project_user.invite', teammate, ['firstname', 'lastname', 'email'], true);
        return ok(teammateJson(teammate));
      } catch (error) {
        if (isDatabaseError(error)) return failMsg(500, `An error occurred on inviting user ${String(email)} on project ${projectId}`);
        throw error;
      }
    },
  },

  updateCurrentTeammate: {
    handle({ core, raw, teammate }) {
      // The administrator's e-mail passes the role guard without a teammate: `req.projectuser.user_available` throws.
      if (!teammate) return internalError();
      try {
        const updated = updateTeammateById(core, teammate._id, updateOf(raw.body, false), true)!;
        emitTeam(core, 'project_user.update', updated, ['firstname', 'lastname'], true);
        return ok(teammateJson(updated));
      } catch (error) {
        if (isDatabaseError(error) || isQueryError(error)) return failMsg(500, 'Error updating object.');
        throw error;
      }
    },
  },

  updateTeammate: {
    handle({ core, raw }) {
      try {
        const updated = updateTeammateById(core, raw.path.project_user_id, updateOf(raw.body, true), true)!;
        emitTeam(core, 'project_user.update', updated, ['firstname', 'lastname'], true);
        return ok(teammateJson(updated));
      } catch (error) {
        if (isDatabaseError(error) || isQueryError(error)) return failMsg(500, 'Error updating object.');
        throw error;
      }
    },
  },

  deleteTeammate: {
    handle({ core, raw }) {
      const id = raw.path.project_user_id!;
      const { soft, hard } = raw.query;
      const mode = soft === 'true' ? 'soft' : hard === 'true' ? 'hard' : 'disable';
      const failure = { soft: `Error deleting Project User with id ${id}`, hard: `Error deleting Project user with id ${id}`, disable: `Error disabling Project User with id ${id}` }[mode];
      let key: string;
      try {
        key = castObjectId(id, '_id');
      } catch (error) {
        if (error instanceof CastError) return failMsg(500, failure);
        throw error;
      }
      const teammate = core.store.teammates.get(key);
      if (!teammate) return failError(404, `Project user not found with id ${id}`);
      if (mode === 'hard') {
        core.store.teammates.delete(key);
        emitTeam(core, 'project_user.delete', teammate, ['firstname', 'lastname', 'email'], false);
        return ok(teammateJson(teammate));
      }
      const updated = updateTeammateById(core, key, { set: mode === 'soft' ? { trashed: true } : { status: 'disabled', user_available: false }, dotted: [] }, false)!;
      if (mode === 'soft') emitTeam(core, 'project_user.delete', updated, ['firstname', 'lastname', 'email'], false);
      return ok(teammateJson(updated));
    },
  },
} satisfies HandlerGroup;

/** What `User.findOne({email})` casts against (`models/user.js`). */
const USER_QUERY_MODEL: Model = { name: 'user', timestamps: true, fields: { email: { type: 'string' }, status: { type: 'number' } } };

/** `models/pending-invitation.js`. */
const PENDING_MODEL: Model = {
  name: 'pending-invitation',
  timestamps: true,
  fields: { email: { type: 'string' }, id_project: { type: 'string' }, role: { type: 'string' }, createdBy: { type: 'string', required: true } },
};
