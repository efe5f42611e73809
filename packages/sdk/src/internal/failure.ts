/**
 * Internal: what the SDK's errors for a failed or refused call say (their messages and advice), code that
 * runs only when a call fails. The transport loads it with its first call (a dynamic `import()`: its own file in
 * `dist/lazy/`, with no import of its own but `describe.ts`'s), while the request is on the way, and awaits
 * it only in a call that failed. The error itself (its class, its fields) is built by the transport with
 * `errors.ts`'s classes, when the call fails, as before.
 */
import type { Auth } from '../generated/core/auth.gen';
import type { MinRole } from '../generated/operations.gen';
import type { RequestContext, ValidationIssue } from '../types';
import { callName } from './describe';

/**
 * What the SDK adds to a 401 of an operation that needs credentials when none were sent: how to sign
 * in with either client style, or how to pass credentials up front.
 * @internal
 */
export const NO_CREDENTIALS_ADVICE =
  'no credentials were sent: sign in first (auth.signIn, auth.signInAnonymously or auth.signInWithCustomToken; with a generated function, call it, then http.credentials.set({ token })), or pass the auth option ({ token } or { basic: { email, password } })';

/** `<operationId>`, or `<METHOD> <path template>` for a route outside the contract: the call a message names. */
const callOf = (route: { operationId?: string; method: string; path: string }) => route.operationId ?? `${route.method} ${route.path}`;

/**
 * The message of the `APIConnectionError` of a call that got no answer, naming what failed where: the
 * system error code and the host of the innermost cause (`ECONNREFUSED 127.0.0.1:4499`,
 * `ENOTFOUND api.example.test`), which fetch buries a few causes deep. @internal
 */
export function connectionMessage(error: unknown, context: RequestContext): string {
  let why: string | undefined;
  let host: string | undefined;
  let coded = false;
  for (let e = error as { code?: unknown; address?: string; port?: number; hostname?: string; message?: string; cause?: unknown; errors?: unknown[] } | undefined, depth = 0; e && depth < 8; depth++) {
    if (typeof e.code === 'string') {
      // `connect ECONNREFUSED 127.0.0.1:4499` names its code; `other side closed` (UND_ERR_SOCKET) does not.
      why = e.message?.includes(e.code) ? e.code : `${e.code} (${e.message})`;
      host = e.address ? `${e.address}${e.port ? `:${e.port}` : ''}` : e.hostname;
      coded = true;
    } else if (!coded && e.message) why = e.message; // the innermost message, when no cause has a code
    e = (e.cause ?? e.errors?.[0]) as typeof e;
  }
  try {
    host ??= new URL(context.url!).host;
  } catch {
    // no URL: no host to name
  }
  return `Connection error${callName(context)}: ${why}${host ? ` ${host}` : ''}; check that baseUrl is right and the service is reachable`;
}

/**
 * The SDK's advice for a redirect the transport did not follow (`redirect: 'manual'`): a 3xx, or status 0
 * in browsers, which hide its Location (an `opaqueredirect`). It names the target's origin only: the full
 * Location may carry a token. @internal
 */
export function redirectAdvice(response: Response, context: RequestContext): string {
  const location = response.headers.get('location');
  let to = 'an address the browser hides';
  try {
    if (location) to = new URL(location, context.url).origin;
  } catch {
    // a Location that is no URL: its target stays unnamed
  }
  return `redirected to ${to}, not followed: it would send the credentials or body there again; point baseUrl at the final address`;
}

/**
 * The SDK's advice for an HTTP error status, appended to the service's own message: a 401 on an
 * operation that needs credentials when none were sent (how to sign in), a 403 (the operation's
 * minimum role, from the contract). @internal
 */
export function advice(status: number, route: { operationId?: string; method: string; path: string; security: readonly Auth[]; minRole?: MinRole }, sentCredentials: boolean): string | undefined {
  if (status === 401 && route.security.length && !sentCredentials) return NO_CREDENTIALS_ADVICE;
  if (status === 403 && route.minRole && route.minRole !== 'none') return `${callOf(route)} needs the ${route.minRole} role or higher in the project`;
  return undefined;
}

/** The message of the `SupportKbError` of a call without path parameter `name` (nothing is sent). @internal */
export const missingPathParameter = (route: { operationId?: string; method: string; path: string }, name: string): string => `${callOf(route)} needs the path parameter ${name}.`;

/** The issues of the `ValidationError` of path parameter `name`, which URL parsing would turn into another path (`sent`: as serialised). @internal */
export const notASegment = (sent: string, name: string): ValidationIssue[] => [
  {
    path: ['path', name],
    message: `${JSON.stringify(sent.slice(0, 40))} is not a path segment: URL parsing would change the operation; pass a real ${name}`,
    code: 'invalid_path_segment',
  },
];

/**
 * Why the client of `createHttpClient` refuses a call's option (the end of its `TypeError`'s message,
 * `<what> is not supported by the @supportkb/sdk client; <why>`), by option, and the messages of the
 * `TypeError`s of an option of the wrong type. @internal
 */
export const REFUSALS = {
  option: 'set it on createHttpClient, and credentials with http.credentials.set()',
  throwOnError: 'a failed call always throws the SDK error',
  parseAs: "answers are read as JSON ('auto', 'json') or text ('text')",
  retry: 'pass the number of retries, or the retry options to createHttpClient',
  kyOptions: 'only kyOptions.context.maxResponseBytes is read; set the rest on createHttpClient',
  sse: 'the contract has no server-sent events',
  responseStyle: "responseStyle must be 'fields' or 'data'",
  timeout: 'timeout must be a number of milliseconds or false',
} as const;

/** The message of the `APIConnectionTimeoutError` of an attempt past its `timeout` (ms; unknown: ky's timeout), saying how to change it. @internal */
export const timedOut = (context: RequestContext, timeout?: number | false): string =>
  `Request timed out${callName(context)}: no complete answer within ${timeout ? `${timeout} ms` : 'the timeout'}; raise the timeout option (client or per call) to wait longer`;
