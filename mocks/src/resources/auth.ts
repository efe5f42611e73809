/**
 * Authentication, as the server's `routes/auth.js` answers:
 *
 * - `signIn`: express-validator's `check('email').isEmail()` and `check('password').notEmpty()` —
 *   over the body, cookies, headers and query alike (./auth/validator.ts) — 422
 *   `{errors: [...]}`; then `req.body.email.toLowerCase()` (anything but a string there, e.g. an
 *   array or an email sent only in the query, throws: 500 `{err: "error"}`); an unknown or inactive
 *   user 401 `User not found.`; a falsy `password` 401 `Password is required.`; the super password
 *   (`SUPER_PASSWORD`, by default `superadmin`, compared with `==`) signs in as any user and answers
 *   the user **with its password hash**; otherwise the password must match (401
 *   `Wrong password.`), and the e-mail `admin@tiledesk.com` (`ADMIN_EMAIL`) gets `role: "admin"`.
 * - `signInAnonymously`: `check('id_project').notEmpty()` (422), then a guest teammate of
 *   `req.body.id_project` (an id the model cannot store: 500 `Error saving object.`; an unknown
 *   project or none at all is accepted), `firstname` `req.body.firstname || "guest#<4>"` as sent
 *   (any type), `fullName` `(firstname || '') + ' ' + (lastname || '')`.
 * - `signInWithCustomToken`: the token (the `JWT` header, or `?secret_token=`) verified with the
 *   secret its audience names; 401 otherwise, 403 `Unauthorized.` for a header that is not two
 *   words, 400 without `aud`; a generic audience without `id_project` in the body answers the token
 *   as is; else the teammate of the external id is found or created (role from the token), agent
 *   roles (`owner`, `admin`, `agent`) also get a user account (by e-mail) and a token of it. An
 *   agent-role token without an e-mail never gets an answer.
 */
import { decodeJwt, jwtVerify } from 'jose';
import type { AnonymousUser, AuthUser, CustomTokenUser, SignInResponse, User } from '@supportkb/sdk';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_SUPER_PASSWORD, passwordHashOf } from '../auth/passwords';
import { secretKey, signToken, tokenTimeValid, userToken } from '../auth/tokens';
import { check, isEmail, notEmpty, type ValidatedRequest } from '../auth/validator';
import { castObjectId, castString, CastError } from '../mongoose/cast';
import { isDatabaseError, save } from '../mongoose/documents';
import { USER_MODEL } from '../models/user';
import { field, jsString } from '../http/request';
import { beyondContract, withUndocumented } from '../http/beyond-contract';
import { fail, failMsg, internalError, ok, unanswered, unauthorized as unauthorizedWithChallenge, type Failure } from '../http/results';
import type { HandlerContext, HandlerGroup, ServiceCore } from '../service/context';
import type { StoredTeammate } from '../state/store';
import { saveTeammate } from './team';

/** The request as express-validator reads it. */
function validated(ctx: HandlerContext<'signIn' | 'signInAnonymously'>): ValidatedRequest {
  return { body: ctx.raw.body, query: ctx.raw.query, params: {}, headers: ctx.request.headers };
}

/** JavaScript's `"superadmin" == value`. */
function looselyEquals(text: string, value: unknown): boolean {
  if (typeof value === 'string') return value === text;
  if (typeof value === 'number' || typeof value === 'boolean') return Number(text) === Number(value);
  if (typeof value === 'object' && value !== null) return jsString(value) === text;
  return false;
}

/** The user fields `signin` selects (`'email firstname lastname password emailverified id'`), without the password. */
function selectedUser(user: ActiveUser): AuthUser {
  const out: AuthUser = { _id: user._id, email: user.email };
  if (user.firstname !== undefined) out.firstname = user.firstname;
  if (user.lastname !== undefined) out.lastname = user.lastname;
  if (user.emailverified !== undefined) out.emailverified = user.emailverified;
  return out;
}

/** A stored user found by its e-mail. */
type ActiveUser = User & { email: string };

/** An active user (`status: 100`) with this e-mail. */
function activeUser(core: ServiceCore, email: string): ActiveUser | undefined {
  return [...core.store.users.values()].find((u): u is ActiveUser => u.email === email && (u.status ?? 100) === 100);
}

/** `(value || '')` as JavaScript's `+` reads it in `decorateUser`'s `fullName`. */
const nameText = (value: unknown): string => (value ? jsString(value) : '');

/**
 * 401 plain-text `Unauthorized`. The service's JWT strategy alone (this route uses no Basic
 * strategy) sends it without a `WWW-Authenticate` challenge; the mock keeps the challenge it sends
 * with every plain-text 401 (a deliberate difference: one header, the body and status are the
 * server's).
 */
const unauthorized = (): Failure => unauthorizedWithChallenge();

/** The outcome of resolving a custom token's secret. */
type SecretOutcome = { secret: string } | { failure: 'unauthorized' | 'error' };

/**
 * The secret `middleware/passport.js` verifies a token with: by the audience's path
 * (`new URL(aud)`; one that is no URL throws: 500), `/projects/<id>` the project's, `/subscriptions/<id>`
 * the subscription's, `/bots/<id>` a bot's (the mock has none), anything else the server secret.
 */
function secretOf(core: ServiceCore, claims: Record<string, unknown> | undefined): SecretOutcome {
  const aud = claims?.aud;
  if (!aud) return { secret: core.serverSecret };
  let url: URL;
  try {
    url = new URL(jsString(aud));
  } catch {
    return { failure: 'error' };
  }
  const [, type, id] = url.pathname.split('/');
  if (type === 'bots') return { failure: 'unauthorized' };
  if (type === 'projects' || type === 'subscriptions') {
    if (!id) return { failure: 'unauthorized' };
    let key: string;
    try {
      key = castObjectId(id, '_id');
    } catch {
      return { failure: 'unauthorized' };
    }
    if (type === 'projects') {
      const project = core.store.projects.get(key);
      return project && project.status === 100 ? { secret: project.jwtSecret } : { failure: 'unauthorized' };
    }
    const subscription = core.store.subscriptions.get(key);
    return subscription ? { secret: subscription.secret } : { failure: 'unauthorized' };
  }
  return { secret: core.serverSecret };
}

/** `Authorization: JWT <token>` as passport-jwt extracts it (`/(\S+)\s+(\S+)/`, scheme case-insensitive), else `?secret_token=`. */
function extractToken(header: string | null, query: Record<string, unknown>): string | undefined {
  const match = header ? /(\S+)\s+(\S+)/.exec(header) : null;
  if (match && match[1]!.toLowerCase() === 'jwt') return match[2];
  return typeof query.secret_token === 'string' ? query.secret_token : undefined;
}

/** A token signed for a user (`subject: user`), `JWT `-prefixed. */
async function tokenOf(core: ServiceCore, user: User): Promise<string> {
  return userToken(core, user);
}

/** A custom token's verified payload, which the route answers as the `user`, claims as signed. */
const claimsOf = (payload: Record<string, unknown>): CustomTokenUser => beyondContract<CustomTokenUser>(payload, "the custom token's claims as the client signed them, any name and type");

/**
 * The `user` of a custom-token sign-in that stored a user (`created`, with its `password` hash, as
 * the route answers the new document) or found one, else the token's claims.
 */
function answeredUser(user: User | undefined, created: User | undefined, payload: Record<string, unknown>): CustomTokenUser {
  if (!user) return claimsOf(payload);
  return created ? withUndocumented(user, { password: passwordHashOf(user._id) }) : user;
}

/** Handlers of signIn, signInAnonymously, signInWithCustomToken. */
export const authHandlers = {
  signIn: {
    async handle(ctx) {
      const { core, raw } = ctx;
      const request = validated(ctx);
      const errors = [...check(request, 'email', isEmail), ...check(request, 'password', notEmpty)];
      if (errors.length) return fail(422, { errors });
      const sent = field(raw.body, 'email');
      // `req.body.email.toLowerCase()` throws for anything but a string (Express's 500).
      if (typeof sent !== 'string') return internalError();
      const email = sent.toLowerCase();
      const user = activeUser(core, email);
      if (!user) return failMsg(401, 'Authentication failed. User not found.');
      const password = field(raw.body, 'password');
      if (!password) return failMsg(401, 'Authentication failed.  Password is required.');
      const token = await tokenOf(core, user);
      if (looselyEquals(DEFAULT_SUPER_PASSWORD, password)) {
        // The route answers the document itself, its selected password hash included.
        return ok({ success: true, token, user: withUndocumented(selectedUser(user), { password: passwordHashOf(user._id) }) });
      }
      if (typeof password !== 'string' || core.store.secrets.passwords.get(user._id) !== password) return failMsg(401, 'Authentication failed. Wrong password.');
      const answer: SignInResponse = { success: true, token, user: selectedUser(user) };
      if (email === DEFAULT_ADMIN_EMAIL) answer.role = 'admin';
      return ok(answer);
    },
  },

  signInAnonymously: {
    async handle(ctx) {
      const { core, raw } = ctx;
      // routes/auth.js:170-238 checks only that `id_project` is not empty and never looks the
      // project up: an unknown project gets a guest teammate and a token, 200, as here. What it
      // stores is that teammate (under 1 KB); `attributes` go into the token only. The storage cap
      // (behaviour.storageLimit) bounds how many such teammates the mock keeps: beyond it, 507.
      const errors = check(validated(ctx), 'id_project', notEmpty);
      if (errors.length) return fail(422, { errors });
      const uuid = core.ids.uuid();
      const firstname = field(raw.body, 'firstname') || `guest#${uuid.substring(0, 4)}`;
      const lastname = field(raw.body, 'lastname');
      const guest: Record<string, unknown> = { _id: uuid, firstname, lastname, email: field(raw.body, 'email'), attributes: field(raw.body, 'attributes') };
      guest.id = uuid;
      guest.fullName = `${nameText(firstname)} ${nameText(lastname)}`;
      try {
        saveTeammate(core, { id_project: field(raw.body, 'id_project'), uuid_user: uuid, role: 'guest', roleType: 2, user_available: true, createdBy: uuid });
      } catch (error) {
        if (isDatabaseError(error)) return failMsg(500, 'Error saving object.');
        throw error;
      }
      const claims = JSON.parse(JSON.stringify(guest)) as Record<string, unknown>;
      const token = await signToken(
        { ...claims, iat: Math.floor(core.clock.now() / 1000), aud: 'https://tiledesk.com', iss: 'https://tiledesk.com', sub: 'guest', jti: core.ids.uuid() },
        core.serverSecret,
      );
      return ok({ success: true, token: `JWT ${token}`, user: beyondContract<AnonymousUser>(claims, 'firstname, lastname, email and attributes echoed as sent, whatever their type') });
    },
  },

  signInWithCustomToken: {
    customAuth: true,
    async handle({ core, request, raw }) {
      const header = request.headers.get('authorization');
      const token = extractToken(header, raw.query);
      if (!token) return unauthorized();
      let decoded: Record<string, unknown> | undefined;
      try {
        decoded = decodeJwt(token);
      } catch {
        decoded = undefined;
      }
      const key = secretOf(core, decoded);
      // A token whose audience is no URL: `new URL()` throws inside passport (Express's 500).
      if ('failure' in key) return key.failure === 'error' ? internalError() : unauthorized();
      let payload: Record<string, unknown>;
      try {
        payload = (await jwtVerify(token, secretKey(key.secret), { algorithms: ['HS256', 'HS384', 'HS512'] })).payload as Record<string, unknown>;
      } catch {
        return unauthorized();
      }
      if (!tokenTimeValid(payload, Date.now())) return unauthorized();
      const doc = payload._doc as Record<string, unknown> | undefined;
      if ((payload._id === undefined || payload._id === null) && (doc === undefined || doc === null || doc._id === undefined || doc._id === null)) return unauthorized();
      // middleware/valid-token.js: the header must split into exactly two words.
      if (!header || header.split(' ').length !== 2) return failMsg(403, 'Unauthorized.');
      if (!payload.aud) return failMsg(400, 'JWT Aud field is required');
      const [, audienceType, audienceId] = new URL(jsString(payload.aud)).pathname.split('/');
      let projectValue: unknown;
      if (audienceType === 'subscriptions') projectValue = core.store.subscriptions.get(castObjectId(audienceId, '_id'))?.id_project;
      else if (audienceType === 'projects') projectValue = audienceId;
      else if (field(raw.body, 'id_project')) projectValue = field(raw.body, 'id_project');
      else return ok({ success: true, token: header, user: claimsOf(payload) });
      const role = payload.role || 'user';
      const external = payload._id;
      // Project_user.findOne({id_project, uuid_user}): a value the query cannot cast answers the token as is.
      let projectId: string;
      let uuid: string | null | undefined;
      try {
        projectId = castObjectId(projectValue, 'id_project');
        uuid = castString(external, 'uuid_user');
      } catch (error) {
        if (error instanceof CastError) return ok({ success: true, token: header, user: claimsOf(payload) });
        throw error;
      }
      const teammate = [...core.store.teammates.values()].find((t) => t.id_project === projectId && (t.uuid_user ?? null) === (uuid ?? null));
      const agentRole = role === 'owner' || role === 'admin' || role === 'agent';
      if (teammate) {
        if (teammate.status !== 'active') return failMsg(401, 'Authentication failed. Project_user not active.');
        if (!agentRole) return ok({ success: true, token: header, user: claimsOf(payload) });
        if (typeof payload.email !== 'string')
          return unanswered('routes/auth.js reads req.user.email.toLowerCase() of a token without an e-mail inside an async callback; the rejection is never caught');
        const fromDb = activeUser(core, payload.email.toLowerCase());
        if (!fromDb) return unanswered('routes/auth.js calls toObject() on the user its e-mail finds, and finds none, inside an async callback');
        return ok({ success: true, token: await tokenOf(core, fromDb), user: structuredClone(fromDb) });
      }
      let user: User | undefined;
      let created: User | undefined;
      if (agentRole) {
        if (typeof payload.email !== 'string')
          return unanswered('routes/auth.js reads req.user.email.toLowerCase() of a token without an e-mail inside an async callback; the rejection is never caught');
        const email = payload.email.toLowerCase();
        try {
          if (activeUser(core, email) || [...core.store.users.values()].some((u) => u.email === email)) throw new Error('E11000 duplicate key error index: email_1');
          created = save(core, core.store.users, USER_MODEL, { email, firstname: payload.firstname, lastname: payload.lastname, emailverified: false });
          core.store.secrets.passwords.set(created._id, core.ids.uuid());
        } catch {
          // The route reads any failure as a duplicate e-mail and signs in the user that has it.
          const existing = activeUser(core, email);
          if (!existing) return unanswered('routes/auth.js reads the _id of the user a failed sign-up should have found, and there is none, inside an async callback');
          const member = [...core.store.teammates.values()].find((t) => t.id_project === projectId && t.id_user === existing._id);
          if (member && member.status === 'active') return ok({ success: true, token: await tokenOf(core, existing), user: structuredClone(existing) });
          user = structuredClone(existing);
        }
        if (created) user = structuredClone(created);
      }
      let saved: StoredTeammate;
      try {
        saved = saveTeammate(core, { id_project: projectId, uuid_user: external, role, roleType: 2, user_available: true, createdBy: external, ...(user ? { id_user: user._id } : {}) });
      } catch (error) {
        if (isDatabaseError(error)) return ok({ success: true, token: header, user: answeredUser(user, created, payload) });
        throw error;
      }
      void saved;
      let returned = header;
      if (user) returned = await tokenOf(core, user);
      if (!returned.includes('JWT')) returned = `JWT ${returned}`;
      return ok({ success: true, token: returned, user: answeredUser(user, created, payload) });
    },
  },
} satisfies HandlerGroup;
