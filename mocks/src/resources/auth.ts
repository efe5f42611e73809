/**
 * Authentication: `signIn` (email and password), `signInAnonymously` (a project's end user, role
 * guest) and `signInWithCustomToken` (a token signed with the project's secret).
 */
import { decodeJwt } from 'jose';
import type { User } from '@supportkb/sdk';
import { roleRank, type Role } from '../auth/roles';
import { guestToken, userToken, type GuestClaims } from '../auth/tokens';
import { failMsg, ok, unauthorized } from '../http/results';
import type { HandlerGroup } from '../service/context';
import { newTeammate, newUser } from '../state/factories';

/** Handlers of signIn, signInAnonymously, signInWithCustomToken. */
export const authHandlers = {
  signIn: {
    async handle({ core, body }) {
      const email = body.email.toLowerCase();
      const user = [...core.store.users.values()].find((u) => u.email === email);
      if (!user) return failMsg(401, 'Authentication failed. User not found.');
      if (core.store.secrets.passwords.get(user._id) !== body.password) return failMsg(401, 'Authentication failed. Wrong password.');
      for (const teammate of core.store.teammates.values()) if (teammate.id_user === user._id) teammate.last_login_at = core.clock.iso();
      const { _id, firstname, lastname, emailverified } = user;
      return ok({ success: true, token: await userToken(core, user), user: { _id, email: user.email!, firstname, lastname, emailverified } });
    },
  },

  signInAnonymously: {
    async handle({ core, body }) {
      const uuid = core.ids.uuid();
      const firstname = typeof body.firstname === 'string' ? body.firstname : `guest#${uuid.slice(-4)}`;
      const guest: GuestClaims = { _id: uuid, firstname };
      if (typeof body.lastname === 'string') guest.lastname = body.lastname;
      if (typeof body.email === 'string') guest.email = body.email;
      if (body.attributes) guest.attributes = body.attributes;
      const teammate = newTeammate(core, { id_project: body.id_project, uuid_user: uuid, role: 'guest', createdBy: uuid, attributes: guest.attributes });
      core.store.teammates.set(teammate._id, teammate);
      const token = await guestToken(core, guest);
      return ok({ success: true, token, user: { ...guest, id: uuid, fullName: [firstname, guest.lastname].filter(Boolean).join(' ') } });
    },
  },

  signInWithCustomToken: {
    customAuth: true,
    async handle({ core, request }) {
      const header = request.headers.get('authorization')?.trim() ?? '';
      const match = /^jwt\s+(\S+)$/i.exec(header);
      if (!match) return unauthorized();
      const token = match[1]!;
      let claims: Record<string, unknown>;
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
      let user: User | undefined;
      if (strong) {
        const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined;
        user = teammate?.id_user ? core.store.users.get(teammate.id_user) : email ? [...core.store.users.values()].find((u) => u.email === email) : undefined;
        if (!user) {
          user = newUser(core, {
            email,
            firstname: typeof claims.firstname === 'string' ? claims.firstname : undefined,
            lastname: typeof claims.lastname === 'string' ? claims.lastname : undefined,
          });
          core.store.users.set(user._id, user);
        }
      }
      if (!teammate) {
        teammate = newTeammate(core, { id_project: projectId, uuid_user: externalId, id_user: user?._id, role, createdBy: externalId });
        core.store.teammates.set(teammate._id, teammate);
      } else {
        teammate.last_login_at = core.clock.iso();
      }
      if (strong && user) return ok({ success: true, token: await userToken(core, user), user: structuredClone(user) });
      return ok({ success: true, token: `JWT ${token}`, user: claims });
    },
  },
} satisfies HandlerGroup;
