import { createClient, createConfig, type Client } from './generated/client';
import { authCallback, type Credentials } from './auth';

/** Options of {@link createSupportKbClient}. */
export interface SupportKbClientOptions {
  /** API root of the service, e.g. `https://api.tiledesk.com/v2` or a mock's `http://127.0.0.1:4010`. No trailing slash needed. */
  baseUrl: string;
  /** Credentials sent on operations that declare security; omit for sign-in calls. */
  auth?: Credentials;
  /** A `fetch` implementation to use instead of the global one (tests, proxies). */
  fetch?: typeof globalThis.fetch;
}

/**
 * Creates a client for the generated operation functions (`listTags`, `createLead`, ... in
 * `@supportkb/sdk`). Pass it as `client` to any of them:
 *
 * ```ts
 * const client = createSupportKbClient({ baseUrl, auth: { token } });
 * const { data, error, response } = await listTags({ client, path: { project_id } });
 * ```
 *
 * Each call resolves to `{ data, error, response }`: `data` is the typed 200 body,
 * `error` the parsed error body of a non-2xx answer. Calls never throw for HTTP errors.
 * Requests and responses are validated with the contract's zod schemas.
 */
export function createSupportKbClient(options: SupportKbClientOptions): Client {
  return createClient(
    createConfig({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      auth: authCallback(options.auth),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
  );
}
