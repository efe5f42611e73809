/**
 * Verifies request credentials as the service does: `Authorization: JWT <token>` (HS256, scheme
 * case-insensitive, `Bearer` refused) or Basic email/password. Failures are 401 plain-text
 * `Unauthorized` with `WWW-Authenticate: Basic realm="Users"`.
 */
import { decodeJwt, jwtVerify } from 'jose';
import { badRequestText, failMsg, internalError, unauthorized, type Failure } from '../http/results';
import { castObjectId } from '../mongoose/cast';
import type { Store } from '../state/store';
import { secretKey, tokenTimeValid } from './tokens';

/** `Buffer.from(text, 'base64').toString()`: lenient base64 (characters outside the alphabet skipped), UTF-8. */
function decodeBase64(text: string): string {
  const clean = text
    .replace(/[^A-Za-z0-9+/=_-]/g, '')
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .replace(/=+$/, '');
  const usable = clean.length % 4 === 1 ? clean.slice(0, -1) : clean;
  try {
    const binary = atob(usable + '='.repeat((4 - (usable.length % 4)) % 4));
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return '';
  }
}

/** `String(value)` of a claim (arrays joined, objects `[object Object]`). */
function jsText(value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => (item === null || item === undefined ? '' : jsText(item))).join(',');
  if (typeof value === 'object' && value !== null) return '[object Object]';
  return String(value);
}

/** The stored key of an ObjectId-like text (24 hexadecimal digits or 12 characters), or undefined. */
function objectIdKey(text: string): string | undefined {
  try {
    return castObjectId(text, '_id');
  } catch {
    return undefined;
  }
}

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
 * Maximum characters of the tokens remembered, all together: 4 Mi (a token's claims, decoded, take
 * about as much again). Tokens are as large as the claims a sign-in puts in them (a guest's 400 KB
 * `attributes`): counting them bounds the cache's memory, not only its entries.
 */
const CACHE_CHARS = 4 * 1024 * 1024;
/** A token longer than this (64 Ki characters) is verified on every use and never remembered. */
const CACHED_TOKEN_MAX = 64 * 1024;

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
  /** Characters of the tokens in {@link cache}. */
  private cachedChars = 0;

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
    this.cachedChars = 0;
  }

  /** Remembers a verified caller, evicting the oldest entries beyond {@link CACHE_LIMIT} entries or {@link CACHE_CHARS} characters. */
  private remember(token: string, caller: Caller): void {
    if (token.length > CACHED_TOKEN_MAX) return;
    while (this.cache.size && (this.cache.size >= CACHE_LIMIT || this.cachedChars + token.length > CACHE_CHARS)) {
      const oldest = this.cache.keys().next().value!;
      this.cache.delete(oldest);
      this.cachedChars -= oldest.length;
    }
    this.cache.set(token, caller);
    this.cachedChars += token.length;
  }

  /**
   * Authenticates the `Authorization` header value as the service's
   * `passport.authenticate(['basic', 'jwt'])` then `middleware/valid-token.js` do: the Basic
   * strategy first (`header.split(' ')`: fewer than two parts, or credentials without `:`, fail with
   * 400; the password is the text between the first and the second `:`), then the JWT strategy
   * (`/(\S+)\s+(\S+)/`, the scheme `jwt` in any case); a success with a header that does not
   * split into exactly two words is 403 `Unauthorized.`. The JWT strategy also takes the token of
   * `?secret_token=` (`queryToken`) when the header has no `JWT` scheme
   * (`ExtractJwt.fromUrlQueryParameter('secret_token')`): a valid one then fails in
   * `valid-token.js`, which reads the header only, with 403 `Unauthorized.` (server 2.19.16 answers
   * so), unless the header splits into two words.
   */
  async authenticate(header: string | null, allowBadRequestText: boolean, queryToken?: string): Promise<AuthOutcome> {
    if (!header) {
      if (queryToken === undefined) return { error: unauthorized() };
      const outcome = await this.jwt(queryToken);
      if (outcome && 'error' in outcome) return outcome;
      return { error: outcome ? failMsg(403, 'Unauthorized.') : unauthorized() };
    }
    const parts = header.split(' ');
    let basicStatus: 400 | undefined;
    let caller: Caller | null = null;
    if (parts.length < 2) basicStatus = 400;
    else if (/Basic/i.test(parts[0]!)) {
      const credentials = decodeBase64(parts[1]!).split(':');
      if (credentials.length < 2) basicStatus = 400;
      else if (credentials[0] && credentials[1]) caller = this.basic(credentials[0], credentials[1]);
    }
    if (!caller) {
      const match = /(\S+)\s+(\S+)/.exec(header);
      const token = match && match[1]!.toLowerCase() === 'jwt' ? match[2]! : queryToken;
      if (token !== undefined) {
        const outcome = await this.jwt(token);
        if (outcome && 'error' in outcome) return outcome;
        caller = outcome ? outcome.caller : null;
      }
    }
    if (!caller) return { error: basicStatus === 400 ? (allowBadRequestText ? badRequestText() : unauthorized()) : unauthorized() };
    if (parts.length !== 2) return { error: failMsg(403, 'Unauthorized.') };
    return { caller };
  }

  private basic(userid: string, password: string): Caller | null {
    const email = userid.toLowerCase();
    for (const user of this.store.users.values()) {
      if (user.email === email && (user.status ?? 100) === 100) {
        return this.store.secrets.passwords.get(user._id) === password ? { kind: 'user', userId: user._id } : null;
      }
    }
    return null;
  }

  /**
   * The secret that must have signed a token with these claims (`middleware/passport.js`): by the
   * path of its audience URL, `/projects/<id>` an active project's, `/subscriptions/<id>` the
   * subscription's, `/bots/<id>` a bot's (the mock has none: null), anything else — or no
   * audience — the server secret. An audience that is no URL makes the service throw: `'error'`.
   */
  private secretFor(claims: Record<string, unknown>): { secret: string; projectId?: string; subscriptionId?: string } | null | 'error' {
    if (!claims.aud) return { secret: this.serverSecret };
    let url: URL;
    try {
      url = new URL(jsText(claims.aud));
    } catch {
      return 'error';
    }
    const [, type, id] = url.pathname.split('/');
    if (type === 'bots') return null;
    if (type !== 'projects' && type !== 'subscriptions') return { secret: this.serverSecret };
    const key = id ? objectIdKey(id) : undefined;
    if (!key) return null;
    if (type === 'projects') {
      const project = this.store.projects.get(key);
      return project && project.status === 100 ? { secret: project.jwtSecret, projectId: project._id } : null;
    }
    const subscription = this.store.subscriptions.get(key);
    return subscription ? { secret: subscription.secret, projectId: subscription.id_project, subscriptionId: subscription._id } : null;
  }

  /** Verifies a compact JWT (signature and time claims) and returns its claims with the key facts, or null. */
  async verify(token: string): Promise<VerifiedToken | null> {
    let claims: Record<string, unknown>;
    try {
      claims = decodeJwt(token);
    } catch {
      claims = {};
    }
    const key = this.secretFor(claims);
    if (!key || key === 'error') return null;
    try {
      await jwtVerify(token, secretKey(key.secret), { algorithms: ['HS256', 'HS384', 'HS512'], currentDate: new Date(this.now()) });
    } catch {
      return null;
    }
    return { claims, projectId: key.projectId, subscriptionId: key.subscriptionId };
  }

  /**
   * The caller a token names, by its subject as the service's JWT strategy reads it: `subscription`
   * (the subscription `_id`), `userexternal` (an external user of the project its audience names,
   * if any), `guest`, `bot` (none in the mock), anything else a user (`_id`, active).
   */
  private async jwt(token: string): Promise<{ caller: Caller } | { error: Failure } | null> {
    const cached = this.cache.get(token);
    if (cached) {
      const checked = this.check(cached);
      return checked ? { caller: checked } : null;
    }
    let decoded: Record<string, unknown> = {};
    try {
      decoded = decodeJwt(token);
    } catch {
      // not a JWT: verification fails below
    }
    if (this.secretFor(decoded) === 'error') return { error: internalError() };
    const verified = await this.verify(token);
    if (!verified) return null;
    const { claims, projectId } = verified;
    const rawId = claims._id ?? (claims._doc as Record<string, unknown> | undefined)?._id;
    if (rawId === undefined || rawId === null) return null;
    const id = jsText(rawId);
    let caller: Caller | null = null;
    if (claims.sub === 'subscription') {
      const key = objectIdKey(id);
      const subscription = key ? this.store.subscriptions.get(key) : undefined;
      if (subscription) caller = { kind: 'subscription', subscriptionId: subscription._id, projectId: subscription.id_project, claims };
    } else if (claims.sub === 'userexternal') caller = { kind: 'external', uuid: id, projectId, claims };
    else if (claims.sub === 'guest') caller = { kind: 'guest', uuid: id, claims };
    else if (claims.sub !== 'bot') caller = { kind: 'user', userId: objectIdKey(id) ?? id, claims };
    if (!caller) return null;
    this.remember(token, caller);
    const checked = this.check(caller);
    return checked ? { caller: checked } : null;
  }

  /**
   * A verified token still needs to be within its lifetime (`exp`, `nbf`, checked on every use,
   * cached or not) and its user / subscription to exist.
   */
  private check(caller: Caller): Caller | null {
    if (caller.claims && !tokenTimeValid(caller.claims, this.now())) return null;
    if (caller.kind === 'user' && (this.store.users.get(caller.userId!)?.status ?? 100) !== 100) return null;
    if (caller.kind === 'user' && !this.store.users.has(caller.userId!)) return null;
    if (caller.kind === 'subscription' && !this.store.subscriptions.has(caller.subscriptionId!)) return null;
    return caller;
  }
}
