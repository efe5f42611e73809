/**
 * Verifies request credentials as the service does: `Authorization: JWT <token>` (HS256, scheme
 * case-insensitive, `Bearer` refused) or Basic email/password. Failures are 401 plain-text
 * `Unauthorized` with `WWW-Authenticate: Basic realm="Users"`.
 */
import { decodeJwt, jwtVerify } from 'jose';
import { badRequestText, unauthorized, type Failure } from '../http/results';
import type { Store } from '../state/store';
import { audienceId, secretKey, tokenTimeValid } from './tokens';

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
  /** Subscription id (`kind` subscription). */
  subscriptionId?: string;
  /** Project named by the token's audience (external and subscription tokens). */
  projectId?: string;
  /** The verified token payload (JWT callers). */
  claims?: Record<string, unknown>;
}

/** Outcome of {@link Authenticator.authenticate}: a caller, or the error answer to send. */
export type AuthOutcome = { caller: Caller } | { error: Failure };

/** A verified token: its claims and the project or subscription its audience names. */
export interface VerifiedToken {
  claims: Record<string, unknown>;
  projectId?: string;
  subscriptionId?: string;
}

/** Maximum number of verified tokens remembered (verification is the costly part of a request). */
const CACHE_LIMIT = 2000;

/**
 * Verifies request credentials against the store.
 *
 * - no header, unknown scheme (`Bearer`), bad signature, unknown user, wrong password → 401 text;
 * - a value without a scheme (one word) → 400 text `Bad Request` when the operation declares it
 *   (`allowBadRequestText`), else 401.
 *
 * Tokens are checked with the server secret, or with the secret their audience names: a
 * project's `jwtSecret` for `https://tiledesk.com/projects/<id>` (custom tokens), a
 * subscription's secret for `https://tiledesk.com/subscriptions/<id>` (webhook tokens).
 */
export class Authenticator {
  /** Verified callers by token. Only successes are kept; their time claims are re-checked on every use. */
  private readonly cache = new Map<string, Caller>();

  constructor(
    private readonly store: Store,
    /** Secret of the service's own tokens (sign-in, anonymous sign-in). */
    private readonly serverSecret: string,
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
    let caller: Caller | null = null;
    if (scheme === 'basic') caller = this.basic(credentials);
    else if (scheme === 'jwt') caller = await this.jwt(credentials);
    return caller ? { caller } : { error: unauthorized() };
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

  /** The secret that must have signed a token with these claims, or null if none applies (an unknown project or subscription). */
  private secretFor(claims: Record<string, unknown>): { secret: string; projectId?: string; subscriptionId?: string } | null {
    const projectId = audienceId(claims.aud, 'projects');
    if (projectId) {
      const project = this.store.projects.get(projectId);
      return project ? { secret: project.jwtSecret, projectId: project._id } : null;
    }
    const subscriptionId = audienceId(claims.aud, 'subscriptions');
    if (subscriptionId) {
      const subscription = this.store.subscriptions.get(subscriptionId);
      return subscription ? { secret: subscription.secret, projectId: subscription.id_project, subscriptionId: subscription._id } : null;
    }
    return { secret: this.serverSecret };
  }

  /** Verifies a compact JWT (signature and time claims) and returns its claims with the key facts, or null. */
  async verify(token: string): Promise<VerifiedToken | null> {
    let claims: Record<string, unknown>;
    try {
      claims = decodeJwt(token);
    } catch {
      return null;
    }
    const key = this.secretFor(claims);
    if (!key) return null;
    try {
      await jwtVerify(token, secretKey(key.secret), { algorithms: ['HS256'], currentDate: new Date(this.now()) });
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
