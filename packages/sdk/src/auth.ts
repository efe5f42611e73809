/**
 * The credentials a client holds and sends ({@link CredentialStore}); the type of what it holds is
 * `Credentials` (`types.ts`).
 */
import type { Auth } from './generated/core/auth.gen';
import { REDACTED } from './internal/redact';
import type { Credentials } from './types';

const JWT_PREFIX = /^jwt(\s+|$)/i;

/** The `Authorization` header value for a sign-in token: `JWT <token>`, whether or not `token` already had the prefix. @internal */
export function jwtAuthorization(token: string): string {
  return `JWT ${token.trim().replace(JWT_PREFIX, '')}`;
}

/**
 * The credentials a client sends (`createHttpClient(...).credentials`, `createClient(...).http.credentials`):
 * `set()` replaces them, `kind` says which are held. Both client styles of one `createClient` share it,
 * so a sign-in through `sk.auth.signIn` applies to the generated functions called with `sk.http.client`.
 * The secret lives in a private field: `JSON.stringify`, `toString()` and `util.inspect` show only its kind.
 */
export class CredentialStore {
  #credentials: Credentials | undefined;
  #header: string | undefined;

  constructor(credentials?: Credentials) {
    this.set(credentials);
  }

  /** Replaces the credentials (`undefined` signs out). Throws `TypeError` on an empty token or missing Basic fields. */
  set(credentials: Credentials | undefined): void {
    if (credentials && 'token' in credentials && !credentials.token?.trim().replace(JWT_PREFIX, '')) {
      throw new TypeError('auth.token is empty');
    }
    if (credentials && 'basic' in credentials && (!credentials.basic?.email || credentials.basic.password == null)) {
      throw new TypeError('auth.basic needs an email and a password');
    }
    this.#credentials = credentials && ('token' in credentials ? { token: credentials.token } : { basic: { ...credentials.basic } });
    this.#header = !credentials ? undefined : 'token' in credentials ? jwtAuthorization(credentials.token) : `${credentials.basic.email}:${credentials.basic.password}`;
  }

  /** `jwt`, `basic` or `none`. */
  get kind(): 'jwt' | 'basic' | 'none' {
    return !this.#credentials ? 'none' : 'token' in this.#credentials ? 'jwt' : 'basic';
  }

  /**
   * The value to send for one security scheme of an operation, or `undefined` to try the next one:
   * `JWT <token>` for the `JWT` apiKey scheme, `email:password` for `basicAuth` (hey-api's `getAuthToken` base64-encodes it).
   * @internal
   */
  authorization(scheme: Auth): string | undefined {
    const c = this.#credentials;
    if (!c) return undefined;
    if ('token' in c) return scheme.type === 'apiKey' ? this.#header : undefined;
    return scheme.type === 'http' && scheme.scheme === 'basic' ? this.#header : undefined;
  }

  toJSON(): { kind: string; credentials?: string } {
    return this.kind === 'none' ? { kind: 'none' } : { kind: this.kind, credentials: REDACTED };
  }

  toString(): string {
    return `CredentialStore(${this.kind})`;
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toString();
  }
}
