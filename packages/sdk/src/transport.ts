import ky, { type KyResponse, type Options as KyOptions } from 'ky';
import type { CredentialStore } from './auth';
import { readText } from './body';
import type { RequestContext } from './errors';
import { createConfig } from './generated/client';
import { buildUrl } from './generated/client/utils.gen';
import { getAuthToken, type Auth } from './generated/core/auth.gen';
import type { MinRole } from './generated/operations.gen';
import { advice, kySettings, toSupportKbError, type CallPolicy, type HttpClientOptions } from './http';

/**
 * What a generated operation function hands to its client's `get`/`post`/... — its `url` template,
 * `security` and `Content-Type` come from the generator — plus the SDK's per-call options.
 */
export interface TransportOptions {
  /** Path template from the contract, e.g. `/{project_id}/tags`. */
  url: string;
  /** The operation's security schemes, in order of preference (from the generator). */
  security?: readonly Auth[];
  /** Path parameters, filled into `url` by hey-api's path serializer. */
  path?: Record<string, unknown>;
  /** Query parameters, serialised by hey-api's query serializer (form, exploded). */
  query?: Record<string, unknown>;
  /** JSON body; sent when not `undefined`. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Retry policy, per-attempt timeout and body size limit of this call. */
  policy?: CallPolicy;
  /** For error messages and logs. */
  context: RequestContext;
  /** The operation's minimum role (from the operations manifest), named in the message of a 403. */
  minRole?: MinRole;
}

/** A 2xx answer with its body read as text (the generated client's `parseAs: 'text'` shape). */
export interface TransportResult {
  data: string;
  response: KyResponse;
}

/** The generated functions' call surface: `client.get(options)`, `client.post(options)`, ... */
export type Transport = { readonly [M in 'get' | 'post' | 'put' | 'patch' | 'delete']: (options: TransportOptions) => Promise<TransportResult> };

/**
 * The client `createClient`'s methods pass to the generated operation functions. The generated
 * function still decides the method, URL template, security and `Content-Type`; this client then
 * calls ky with a URL string, skipping the generated runtime client's per-call work (config and header
 * merging, a `Request` of its own that ky copies again, an `AbortSignal.any` that ky adds for a
 * `Request` input); bench/README.md measures what that saves. What it does,
 * it does with hey-api's own helpers: `buildUrl` (path and query serialisation), `getAuthToken`
 * (the Basic encoding) and the JSON body serializer; ky does retries and timeouts, and the body is
 * read under the call's deadline and size limit (`readText`). Failures throw SDK errors
 * ({@link toSupportKbError}). Not part of the public API.
 * @internal
 */
export function createTransport(options: HttpClientOptions, credentials: CredentialStore): Transport {
  const { logging, forPolicy } = kySettings(options);
  const { querySerializer, bodySerializer } = createConfig();
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  // ky options are built once per retry policy and shared by every call that uses it.
  const standard = forPolicy({});
  const shared = new Map<string, KyOptions>();
  const optionsFor = (policy: CallPolicy | undefined): KyOptions => {
    if (!policy || (policy.maxRetries === undefined && policy.retryNonIdempotent === undefined && policy.timeout === undefined && policy.maxResponseBytes === undefined)) return standard;
    const key = `${policy.maxRetries}|${policy.retryNonIdempotent}|${policy.timeout}|${policy.maxResponseBytes}`;
    let found = shared.get(key);
    if (!found) shared.set(key, (found = forPolicy(policy)));
    return found;
  };
  // Header names lower-cased, so that client, operation and call headers override one another case-insensitively.
  const clientHeaders: Record<string, string> = {};
  for (const name in options.headers) clientHeaders[name.toLowerCase()] = options.headers[name]!;
  const send =
    (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') =>
    async (call: TransportOptions): Promise<TransportResult> => {
      const headers = { ...clientHeaders };
      if (call.headers) for (const name in call.headers) headers[name.toLowerCase()] = call.headers[name]!;
      // As the generated client's `mergeHeaders` + `setAuthParams` (the first scheme with credentials, unless
      // the header is already set), on a plain record: calling those two (a `Headers` object, one more
      // await) measured 3 µs more per call, which put a one-tag call over the ≤ 5 % budget (bench/README.md).
      // test/sdk-transport.test.ts holds this to the generated client's wire output for every operation.
      for (const scheme of call.security ?? []) {
        const name = (scheme.name ?? 'Authorization').toLowerCase();
        if (name in headers) break;
        const value = await getAuthToken(scheme as Auth, (s) => credentials.authorization(s));
        if (value) {
          headers[name] = value;
          break;
        }
      }
      let body: string | undefined;
      if (call.body !== undefined) body = bodySerializer!(call.body) as string;
      else delete headers['content-type'];
      const url = buildUrl({ baseUrl, url: call.url, path: call.path, query: call.query, querySerializer });
      const context: RequestContext = { ...call.context, method, url };
      try {
        const response = await ky(url, {
          ...optionsFor(call.policy),
          method,
          headers,
          ...(body !== undefined ? { body } : {}),
          ...(call.signal ? { signal: call.signal } : {}),
          ...(logging ? { context: { supportkb: context } } : {}),
        });
        return { data: await readText(response, context), response };
      } catch (error) {
        throw toSupportKbError(error, context, (status) =>
          advice(status, call.context.operationId ?? url, Boolean(call.security?.length), 'authorization' in headers, call.minRole, 'sign in first with auth.signIn (or auth.signInAnonymously, auth.signInWithCustomToken)'),
        );
      }
    };
  return { get: send('GET'), post: send('POST'), put: send('PUT'), patch: send('PATCH'), delete: send('DELETE') };
}
