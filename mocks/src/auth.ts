/**
 * Authentication and roles as the service applies them (spec §5; reference sheet §0):
 * `Authorization: JWT <token>` (HS256, scheme case-insensitive, `Bearer` refused) or Basic
 * email/password; 401 plain-text `Unauthorized` with `WWW-Authenticate: Basic realm="Users"`;
 * roles guest < user < teammate < agent < supervisor < admin < owner; 403 bodies
 * `you dont have the required role.` / `you dont belong to the project.`.
 */
import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import { badRequestText, failMsg, unauthorized, type Result } from './http';
import type { Doc, Store } from './store';

/** Teammate roles, lowest first (the spec's five plus the server's `teammate` and `supervisor`). */
export const ROLES = ['guest', 'user', 'teammate', 'agent', 'supervisor', 'admin', 'owner'] as const;

/** A teammate role. */
export type Role = (typeof ROLES)[number];

/** Rank of a role (higher is stronger); unknown roles rank below guest. */
export function roleRank(role: unknown): number {
  return ROLES.indexOf(role as Role);
}

/** `roleType` of a role: 1 for agent-side members, 2 for end users (user, guest). */
export function roleType(role: unknown): 1 | 2 {
  return role === 'user' || role === 'guest' ? 2 : 1;
}

/** `iss` and `aud` of the service's own tokens. */
export const TOKEN_ISSUER = 'https://tiledesk.com';

/** Who made a request, once the credentials are verified. */
export interface Caller {
  /** `user`: a stored user (sign-in token or Basic); `guest`: anonymous sign-in token;
   * `external`: a custom token signed with the project secret; `subscription`: a token signed
   * with a subscription secret. */
  kind: 'user' | 'guest' | 'external' | 'subscription';
  /** User id (`kind` user). */
  userId?: string;
  /** UUID / external id (`kind` guest or external). */
  uuid?: string;
  /** Subscription id and its project (`kind` subscription). */
  subscriptionId?: string;
  /** Project named by the token's audience (external and subscription tokens). */
  projectId?: string;
  /** The verified token payload (JWT callers). */
  claims?: Record<string, unknown>;
}

/** Secrets used to sign and verify tokens. */
export interface AuthSecrets {
  /** Secret of the service's own tokens (sign-in, anonymous sign-in). */
  server: string;
}

const encoder = new TextEncoder();

/**
 * Signs an HS256 JWT.
 * @param payload claims (the caller adds `iat`, `iss`, `aud`, `sub` as needed).
 * @param secret shared secret (UTF-8).
 * @returns the compact JWT (no `JWT ` prefix).
 */
export async function signToken(payload: Record<string, unknown>, secret: string): Promise<string> {
  return new SignJWT(payload as any).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(encoder.encode(secret));
}

/** Outcome of {@link authenticate}: a caller, or the error answer to send. */
export type AuthOutcome = { caller: Caller } | { error: Result };

/** Maximum number of verified tokens remembered (verification is the costly part of a request). */
const CACHE_LIMIT = 2000;

/**
 * Whether the time claims of a verified token hold at `nowMs` (epoch ms), as jose checks them:
 * `exp` (epoch seconds) must be after now, `nbf` not after now. Absent claims always hold (the
 * service's own sign-in tokens carry no `exp`).
 */
export function tokenTimeValid(claims: Record<string, unknown>, nowMs: number): boolean {
  const now = Math.floor(nowMs / 1000);
  if (typeof claims.exp === 'number' && claims.exp <= now) return false;
  if (typeof claims.nbf === 'number' && claims.nbf > now) return false;
  return true;
}

/**
 * Verifies request credentials against the store.
 *
 * - no header, unknown scheme (`Bearer`), bad signature, unknown user, wrong password → 401 text;
 * - a value without a scheme (one word) → 400 text `Bad Request` when the operation declares it
 *   (`allowBadRequestText`), else 401.
 *
 * Tokens are checked with the server secret, or with the secret their audience names: a
 * project's `jwtSecret` for `https://tiledesk.com/projects/<id>`, a subscription's secret for
 * `https://tiledesk.com/subscriptions/<id>` (reference sheet §1, §11).
 */
export class Authenticator {
  /** Verified callers by token. Only successes are kept; their time claims are re-checked on every use. */
  private readonly cache = new Map<string, Caller>();

  constructor(
    private readonly store: Store,
    private readonly secrets: AuthSecrets,
    /** Clock of `exp`/`nbf`, epoch ms: the wall clock, as on the service (tokens come from other systems). */
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Forgets verified tokens (after a reset). */
  clear(): void {
    this.cache.clear();
  }

  /** Authenticates the `Authorization` header value (see the class description). */
  async authenticate(header: string | null, allowBadRequestText: boolean): Promise<AuthOutcome> {
    if (!header || !header.trim()) return { error: unauthorized() };
    const value = header.trim();
    const space = value.search(/\s/);
    if (space < 0) return { error: allowBadRequestText ? badRequestText() : unauthorized() };
    const scheme = value.slice(0, space).toLowerCase();
    const credentials = value.slice(space).trim();
    if (scheme === 'basic') {
      const caller = this.basic(credentials);
      return caller ? { caller } : { error: unauthorized() };
    }
    if (scheme === 'jwt') {
      const caller = await this.jwt(credentials);
      return caller ? { caller } : { error: unauthorized() };
    }
    return { error: unauthorized() };
  }

  private basic(credentials: string): Caller | null {
    let decoded: string;
    try {
      decoded = atob(credentials);
    } catch {
      return null;
    }
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    const email = decoded.slice(0, colon).toLowerCase();
    const password = decoded.slice(colon + 1);
    for (const user of this.store.users.values()) {
      if (user.email === email) {
        return this.store.secrets.passwords.get(user._id) === password ? { kind: 'user', userId: user._id } : null;
      }
    }
    return null;
  }

  /** The secret that must have signed a token with these claims, or null if none applies. */
  secretFor(claims: Record<string, unknown>): { secret: string; projectId?: string; subscriptionId?: string } | null {
    const aud = typeof claims.aud === 'string' ? claims.aud : '';
    const project = /^https:\/\/tiledesk\.com\/projects\/([0-9a-fA-F]{24})$/.exec(aud);
    if (project) {
      const doc = this.store.projects.get(project[1]!);
      return doc ? { secret: doc.jwtSecret, projectId: doc._id } : null;
    }
    const subscription = /^https:\/\/tiledesk\.com\/subscriptions\/([0-9a-fA-F]{24})$/.exec(aud);
    if (subscription) {
      const doc = this.store.subscriptions.get(subscription[1]!);
      return doc ? { secret: doc.secret, projectId: doc.id_project, subscriptionId: doc._id } : null;
    }
    return { secret: this.secrets.server };
  }

  /** Verifies a compact JWT and returns its claims with the key facts, or null. */
  async verify(token: string): Promise<{ claims: Record<string, unknown>; projectId?: string; subscriptionId?: string } | null> {
    let claims: Record<string, unknown>;
    try {
      claims = decodeJwt(token);
    } catch {
      return null;
    }
    const key = this.secretFor(claims);
    if (!key) return null;
    try {
      await jwtVerify(token, encoder.encode(key.secret), { algorithms: ['HS256'], currentDate: new Date(this.now()) });
    } catch {
      return null;
    }
    return { claims, projectId: key.projectId, subscriptionId: key.subscriptionId };
  }

  private async jwt(token: string): Promise<Caller | null> {
    const cached = this.cache.get(token);
    if (cached) return this.check(cached);
    const verified = await this.verify(token);
    if (!verified) return null;
    const { claims, projectId, subscriptionId } = verified;
    const id = typeof claims._id === 'string' ? claims._id : undefined;
    let caller: Caller | null = null;
    if (subscriptionId) caller = { kind: 'subscription', subscriptionId, projectId, claims };
    else if (projectId && id) caller = { kind: 'external', uuid: id, projectId, claims };
    else if (claims.sub === 'guest' && id) caller = { kind: 'guest', uuid: id, claims };
    else if (id) caller = { kind: 'user', userId: id, claims };
    if (!caller) return null;
    if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(token, caller);
    return this.check(caller);
  }

  /**
   * A verified token still needs to be within its lifetime (`exp`, `nbf`, checked on every use,
   * cached or not) and its user / subscription to exist.
   */
  private check(caller: Caller): Caller | null {
    if (caller.claims && !tokenTimeValid(caller.claims, this.now())) return null;
    if (caller.kind === 'user' && !this.store.users.has(caller.userId!)) return null;
    if (caller.kind === 'subscription' && !this.store.subscriptions.has(caller.subscriptionId!)) return null;
    return caller;
  }
}

/** The teammate (project_user) of `caller` in `projectId`, whatever its status. */
export function findTeammate(store: Store, projectId: string, caller: Caller): Doc | undefined {
  for (const teammate of store.teammates.values()) {
    if (teammate.id_project !== projectId) continue;
    if (caller.userId && teammate.id_user === caller.userId) return teammate;
    if (caller.uuid && teammate.uuid_user === caller.uuid) return teammate;
  }
  return undefined;
}

/** Outcome of {@link authorize}: the caller's active teammate (absent for subscription tokens), or an error. */
export type AuthorizeOutcome = { teammate?: Doc } | { error: Result };

/**
 * The operations a webhook subscription's token may call: those whose route guard on the service
 * accepts the caller type `subscription` (`hasRoleOrTypes(role, [..., 'subscription'])`): every
 * knowledge-base operation, groups, segments, tags and leads (all of their operations), posting a
 * message, and of the team `listTeammates`, `getTeammate`, `getTeammateByUserId` and
 * `updateTeammate`. Every other authenticated operation (analytics, label writes,
 * `createSubscription`, `inviteTeammate`, `updateCurrentTeammate`, `deleteTeammate`) has a plain
 * role guard, which such a token never passes (it is no member of the project).
 */
export const SUBSCRIPTION_TOKEN_OPERATIONS: ReadonlySet<string> = new Set([
  'listContents',
  'createContent',
  'getContent',
  'deleteContent',
  'createContentsFromUrls',
  'parseSitemap',
  'listKnowledgeBases',
  'createKnowledgeBase',
  'updateKnowledgeBase',
  'deleteKnowledgeBase',
  'listTeammates',
  'getTeammate',
  'getTeammateByUserId',
  'updateTeammate',
  'listGroups',
  'createGroup',
  'getGroup',
  'updateGroup',
  'deleteGroup',
  'listSegments',
  'createSegment',
  'getSegment',
  'updateSegment',
  'deleteSegment',
  'listTags',
  'createTag',
  'getTag',
  'updateTag',
  'deleteTag',
  'listLeads',
  'createLead',
  'getLead',
  'updateLead',
  'deleteLead',
  'createMessage',
]);

const NOT_A_MEMBER = 'you dont belong to the project.';

/**
 * Checks that `caller` may call `operationId` in `projectId` (the service's `has-role` guard):
 *
 * - a token bound to a project (a custom token, `aud` `https://tiledesk.com/projects/<id>`, or a
 *   subscription's token) works only on that project's paths: elsewhere 403
 *   `you dont belong to the project.`;
 * - a subscription's token passes the operations of {@link SUBSCRIPTION_TOKEN_OPERATIONS}
 *   whatever their minimum role, and gets 403 `you dont belong to the project.` on the others;
 * - everyone else must be an active member with at least `minRole`: not a member, disabled or
 *   trashed → 403 `you dont belong to the project.`; role too low → 403
 *   `you dont have the required role.`.
 */
export function authorize(store: Store, projectId: string, caller: Caller, minRole: Role, operationId?: string): AuthorizeOutcome {
  if ((caller.kind === 'subscription' || caller.kind === 'external') && caller.projectId !== projectId) {
    return { error: failMsg(403, NOT_A_MEMBER) };
  }
  if (caller.kind === 'subscription') {
    return operationId !== undefined && SUBSCRIPTION_TOKEN_OPERATIONS.has(operationId) ? {} : { error: failMsg(403, NOT_A_MEMBER) };
  }
  const teammate = findTeammate(store, projectId, caller);
  if (!teammate || teammate.status !== 'active' || teammate.trashed === true) {
    return { error: failMsg(403, NOT_A_MEMBER) };
  }
  if (roleRank(teammate.role) < roleRank(minRole)) return { error: failMsg(403, 'you dont have the required role.') };
  return { teammate };
}

/** The identifier the service records as `createdBy` / `sender` for a caller. */
export function callerId(caller: Caller | undefined): string {
  if (!caller) return 'system';
  return caller.userId ?? caller.uuid ?? caller.subscriptionId ?? 'system';
}
