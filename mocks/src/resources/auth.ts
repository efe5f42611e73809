/**
 * Authentication group (spec §4.1, §5; reference sheet §1): `signIn`, `signInAnonymously`,
 * `signInWithCustomToken`.
 */
import { decodeJwt } from 'jose';
import { roleRank, roleType, signToken, TOKEN_ISSUER, type Role } from '../auth';
import { stamps, type OperationTable, type ServiceCore } from '../context';
import { failMsg, isObject, ok, unauthorized } from '../http';
import type { Doc } from '../store';

/** The public fields of a user (no password). */
export function publicUser(user: Doc): Doc {
  return structuredClone(user);
}

/** Signs the service's sign-in token for a stored user (`sub` `user`, no `exp`). */
export async function userToken(core: ServiceCore, user: Doc): Promise<string> {
  const { _id, email, firstname, lastname, emailverified } = user;
  const claims = { _id, email, firstname, lastname, emailverified, iat: Math.floor(core.clock.now() / 1000), aud: TOKEN_ISSUER, iss: TOKEN_ISSUER, sub: 'user', jti: core.ids.uuid() };
  return `JWT ${await signToken(claims, core.serverSecret)}`;
}

/** Signs the service's token of an anonymous guest (`sub` `guest`). */
export async function guestToken(core: ServiceCore, user: Doc): Promise<string> {
  const claims = { ...user, iat: Math.floor(core.clock.now() / 1000), aud: TOKEN_ISSUER, iss: TOKEN_ISSUER, sub: 'guest', jti: core.ids.uuid() };
  delete (claims as Doc).id;
  delete (claims as Doc).fullName;
  return `JWT ${await signToken(claims, core.serverSecret)}`;
}

/** Creates a teammate document. */
export function newTeammate(core: ServiceCore, fields: Doc): Doc {
  const _id = core.ids.objectId();
  const role = fields.role ?? 'agent';
  return {
    _id,
    id: _id,
    id_project: fields.id_project,
    ...(fields.id_user ? { id_user: fields.id_user } : {}),
    ...(fields.uuid_user ? { uuid_user: fields.uuid_user } : {}),
    role,
    roleType: roleType(role),
    user_available: fields.user_available ?? true,
    number_assigned_requests: 0,
    status: 'active',
    presence: { status: 'offline', changedAt: core.clock.iso() },
    tags: [],
    ...(fields.attributes ? { attributes: fields.attributes } : {}),
    last_login_at: core.clock.iso(),
    createdBy: fields.createdBy,
    ...stamps(core),
    trashed: false,
  };
}

/** Handlers of signIn, signInAnonymously, signInWithCustomToken (spec §4.1). */
export const authOperations: OperationTable = {
  signIn: {
    async handle({ core, body }) {
      const email = String(body.email).toLowerCase();
      const user = [...core.store.users.values()].find((u) => u.email === email);
      if (!user) return failMsg(401, 'Authentication failed. User not found.');
      if (core.store.secrets.passwords.get(user._id) !== body.password) return failMsg(401, 'Authentication failed. Wrong password.');
      for (const teammate of core.store.teammates.values()) if (teammate.id_user === user._id) teammate.last_login_at = core.clock.iso();
      const { _id, firstname, lastname, emailverified } = user;
      return ok({ success: true, token: await userToken(core, user), user: { _id, email: user.email, firstname, lastname, emailverified } });
    },
  },

  signInAnonymously: {
    async handle({ core, body }) {
      const uuid = core.ids.uuid();
      const firstname = typeof body.firstname === 'string' ? body.firstname : `guest#${uuid.slice(-4)}`;
      const user: Doc = { _id: uuid, firstname };
      if (typeof body.lastname === 'string') user.lastname = body.lastname;
      if (typeof body.email === 'string') user.email = body.email;
      if (isObject(body.attributes)) user.attributes = body.attributes;
      const teammate = newTeammate(core, { id_project: body.id_project, uuid_user: uuid, role: 'guest', createdBy: uuid, attributes: user.attributes });
      core.store.teammates.set(teammate._id, teammate);
      const token = await guestToken(core, user);
      return ok({ success: true, token, user: { ...user, id: uuid, fullName: [firstname, user.lastname].filter(Boolean).join(' ') } });
    },
  },

  signInWithCustomToken: {
    customAuth: true,
    async handle({ core, request }) {
      const header = request.headers.get('authorization')?.trim() ?? '';
      const match = /^jwt\s+(\S+)$/i.exec(header);
      if (!match) return unauthorized();
      const token = match[1]!;
      let claims: Doc;
      try {
        claims = decodeJwt(token);
      } catch {
        return unauthorized();
      }
      if (typeof claims.aud !== 'string' || !claims.aud) return failMsg(400, 'JWT Aud field is required');
      const verified = await core.auth.verify(token);
      const projectId = verified?.projectId;
      if (!verified || !projectId || verified.subscriptionId || typeof claims._id !== 'string' || !claims._id) return unauthorized();
      const role: Role = typeof claims.role === 'string' && roleRank(claims.role) >= 0 ? (claims.role as Role) : 'user';
      const externalId = claims._id;
      let teammate = [...core.store.teammates.values()].find((t) => t.id_project === projectId && t.uuid_user === externalId);
      const strong = role === 'owner' || role === 'admin' || role === 'agent';
      if (teammate && (teammate.status !== 'active' || teammate.trashed)) {
        return failMsg(401, 'Authentication failed. Project_user not active.');
      }
      let user: Doc | undefined;
      if (strong) {
        const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined;
        user = teammate?.id_user ? core.store.users.get(teammate.id_user) : email ? [...core.store.users.values()].find((u) => u.email === email) : undefined;
        if (!user) {
          user = {
            _id: core.ids.objectId(),
            ...(email ? { email } : {}),
            ...(typeof claims.firstname === 'string' ? { firstname: claims.firstname } : {}),
            ...(typeof claims.lastname === 'string' ? { lastname: claims.lastname } : {}),
            emailverified: true,
            status: 100,
            ...stamps(core),
          };
          core.store.users.set(user._id, user);
        }
      }
      if (!teammate) {
        teammate = newTeammate(core, { id_project: projectId, uuid_user: externalId, id_user: user?._id, role, createdBy: externalId });
        core.store.teammates.set(teammate._id, teammate);
      } else {
        teammate.last_login_at = core.clock.iso();
      }
      if (strong && user) return ok({ success: true, token: await userToken(core, user), user: publicUser(user) });
      return ok({ success: true, token: `JWT ${token}`, user: claims });
    },
  },
};
