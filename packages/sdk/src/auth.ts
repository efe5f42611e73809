import type { Auth } from './generated/core/auth.gen';

/**
 * Credentials for the Support and Knowledge Base Service (spec §5).
 *
 * - `{ token }`: a JWT returned by a sign-in (`signIn`, `signInAnonymously`,
 *   `signInWithCustomToken`), with or without its `JWT ` prefix; sent as
 *   `Authorization: JWT <token>` (the service does not accept `Bearer`).
 * - `{ basic: { email, password } }`: an agent's email and password, sent as HTTP Basic.
 */
export type Credentials = { token: string } | { basic: { email: string; password: string } };

const JWT_PREFIX = /^jwt\s+/i;

/** Returns the `Authorization` header value for a sign-in token: `JWT <token>`, whether or not `token` already had the prefix. */
export function jwtAuthorization(token: string): string {
  return `JWT ${token.trim().replace(JWT_PREFIX, '')}`;
}

/**
 * Builds the `auth` callback of the generated client: for each security scheme an operation
 * accepts (`JWT` apiKey, then `basicAuth`), returns the value to send, or `undefined` to try the next.
 * The generated client sends the first value it gets and base64-encodes Basic credentials itself.
 */
export function authCallback(credentials: Credentials | undefined): (scheme: Auth) => string | undefined {
  return (scheme) => {
    if (!credentials) return undefined;
    if ('token' in credentials) return scheme.type === 'apiKey' ? jwtAuthorization(credentials.token) : undefined;
    return scheme.type === 'http' && scheme.scheme === 'basic'
      ? `${credentials.basic.email}:${credentials.basic.password}`
      : undefined;
  };
}
