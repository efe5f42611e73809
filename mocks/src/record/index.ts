/**
 * `@supportkb/mocks/record`: a recording proxy on loopback in front of a real deployment
 * (`startRecordingProxy`; `npx supportkb-record` runs it). Point an app or the SDK at its URL, use
 * the app, stop it: every exchange comes back as an HTTP Archive (HAR 1.2, typed with
 * `@types/har-format`) with credentials, tokens and secrets replaced by `REDACTED`. Node only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@supportkb/sdk';
import type { Entry, Har, Header, QueryString } from 'har-format';
import { REDACTED, SecretSet, isSecretField, isSecretHeader, redactBody, redactJson } from './redact';
import { upstreamFetch } from './upstream';

export { REDACTED } from './redact';
export type { Entry as HarEntry, Har } from 'har-format';

/** The credentials the proxy adds to requests that come without an `Authorization` header. */
export type RecordingCredentials =
  /** An `Authorization` value (`JWT …`, `Basic …`), or a bare token, sent as `JWT <token>`. */
  | { token: string }
  /** A teammate's sign-in: the proxy signs in once at start (`POST /auth/signin`) and sends the `JWT …` token it gets. */
  | { email: string; password: string };

/** Options of {@link startRecordingProxy}. */
export interface RecordingProxyOptions {
  /** The deployment's base URL, e.g. `https://api.tiledesk.com/v2`; every request goes to it, its path appended. */
  target: string;
  /** TCP port; `0` (the default) picks a free one. */
  port?: number;
  /** Interface to bind; default `127.0.0.1` (loopback only). */
  host?: string;
  /** Added to every request without an `Authorization` header, so the app needs no credentials. */
  credentials?: RecordingCredentials;
  /** Largest request body forwarded (bigger: 413, recorded), and largest body text recorded, in bytes. Default 10 MiB. */
  maxBodyBytes?: number;
  /**
   * Origins (`http://localhost:5173`: scheme, host and port) of web pages allowed to call the
   * proxy from a browser: their requests and preflights get CORS grants for that origin. Any other
   * request with an `Origin` header (but the proxy's own) is refused with 403, not forwarded and not
   * recorded, so a page on another origin cannot act with the recording's credentials. Default none.
   */
  allowedOrigins?: readonly string[];
  /**
   * How long `stop()` waits for the exchanges in flight, in ms, before it stops them and records
   * them as pending (status 0). Default 1000.
   */
  stopGraceMs?: number;
}

/** A running recording proxy. */
export interface RecordingProxy {
  /** `http://host:port`: the base URL to give the app or the SDK instead of the deployment's. */
  url: string;
  port: number;
  host: string;
  /** Exchanges recorded so far. */
  readonly count: number;
  /** Stops listening, waits for the exchanges in flight and returns the recording (HAR 1.2, redacted). */
  stop(): Promise<Har>;
}

const DEFAULT_MAX_BODY = 10 * 1024 * 1024;
const DEFAULT_STOP_GRACE_MS = 1000;
/** Host names the proxy answers under (DNS-rebinding protection): loopback only, as `packages/mcp`'s `--http`. */
const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
/** What an exchange stopped by `stop()` before its answer was complete is recorded with. */
const PENDING_COMMENT = 'pending: the recording stopped before the target answered';
/** Headers that belong to one connection, never forwarded (RFC 9110 §7.6.1), plus those `fetch` sets itself. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host', 'content-length', 'accept-encoding', 'content-encoding']);
const CREATOR = { name: '@supportkb/mocks (supportkb-record)', version: '1' };

/**
 * Starts a recording proxy on loopback in front of `target`.
 *
 * @returns a {@link RecordingProxy} once it listens (and, with `{ email, password }`, once signed in).
 * @throws {Error} when the sign-in fails (the message names the status, never the password), or
 *   the `listen` error (`EADDRINUSE`, ...).
 * @example
 * const proxy = await startRecordingProxy({ target: 'https://api.example.test/v2', credentials: { token } });
 * const sk = createClient({ baseUrl: proxy.url, projectId }); // no credentials needed
 * await sk.tags.list();
 * const har = await proxy.stop(); // writeFileSync('session.har', JSON.stringify(har, null, 2))
 */
export async function startRecordingProxy(options: RecordingProxyOptions): Promise<RecordingProxy> {
  let target: URL;
  try {
    target = new URL(options.target);
  } catch {
    throw new TypeError(`startRecordingProxy: target must be an absolute http(s) URL, got ${JSON.stringify(withoutUserinfo(String(options.target)))}`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new TypeError(`startRecordingProxy: target must be an http(s) URL, got ${target.protocol}`);
  if (target.username || target.password)
    throw new TypeError(`startRecordingProxy: target must not hold credentials (user:password@): pass them as credentials, e.g. { email, password } or { token }`);
  const base = target.href.replace(/\/+$/, '');
  const host = options.host ?? '127.0.0.1';
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const stopGraceMs = options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS;
  const allowedOrigins = new Set<string>();
  for (const origin of options.allowedOrigins ?? []) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      // reported below
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.username || parsed.password || parsed.pathname !== '/' || parsed.search || parsed.hash || /[?#]/.test(origin)) {
      throw new TypeError(`startRecordingProxy: allowed origin (--allow-origin) ${JSON.stringify(origin)} is not an origin: pass scheme, host and port only, e.g. http://localhost:5173`);
    }
    allowedOrigins.add(parsed.origin);
  }
  // The Host values the proxy answers under: loopback names, and the address it listens on when that is one.
  const hostnames = new Set(LOOPBACK_HOSTNAMES);
  if (host !== '0.0.0.0' && host !== '::') hostnames.add(host.includes(':') ? `[${host}]` : host.toLowerCase());
  const secrets = new SecretSet();
  // The connections to the target are the proxy's own, ended by stop() (./upstream.ts).
  const upstream = upstreamFetch();
  let authorization: string | undefined;
  try {
    authorization = await resolveCredentials(base, options.credentials, secrets, upstream.fetch);
  } catch (error) {
    upstream.close();
    throw error;
  }

  const entries: (Entry | undefined)[] = [];
  const inFlight = new Set<Promise<void>>();
  /** Aborted by `stop()` once its grace is over: the exchanges still waiting for the target. */
  const stopping = new AbortController();

  /** Refuses (403, not forwarded, not recorded) a request under a non-loopback `Host`, or from a page of an origin not allowed; answers allowed preflights. @returns the CORS headers to add, or `undefined` when answered. */
  const guard = (req: IncomingMessage, res: ServerResponse): [string, string][] | undefined => {
    const refuse = (why: string) => {
      const text = JSON.stringify({ error: `supportkb-record: ${why}` });
      res.writeHead(403, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) }).end(text);
      return undefined;
    };
    const hostHeader = (req.headers.host ?? '').toLowerCase();
    const hostname = hostHeader.startsWith('[') ? hostHeader.slice(0, hostHeader.indexOf(']') + 1) : hostHeader.replace(/:\d*$/, '');
    if (!hostnames.has(hostname))
      return refuse(`Host ${JSON.stringify(req.headers.host ?? '')} refused: the proxy answers only under a loopback name (localhost, 127.0.0.1, [::1]), against DNS rebinding`);
    const origin = req.headers.origin;
    if (origin === undefined || origin === `http://${hostHeader}`) return [];
    if (!allowedOrigins.has(origin))
      return refuse(
        `requests from pages of ${JSON.stringify(origin)} are refused: the proxy adds the recording's credentials; allow that origin with --allow-origin ${origin} (allowedOrigins) if you trust it`,
      );
    const cors: [string, string][] = [
      ['access-control-allow-origin', origin],
      ['vary', 'Origin'],
    ];
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      const requested = req.headers['access-control-request-headers'];
      res.writeHead(
        204,
        Object.fromEntries([
          ...cors,
          ['access-control-allow-methods', 'GET, HEAD, POST, PUT, PATCH, DELETE'],
          ...(requested ? [['access-control-allow-headers', requested]] : []),
          ['access-control-max-age', '600'],
        ]),
      );
      res.end();
      return undefined;
    }
    return [...cors, ['access-control-expose-headers', '*']];
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const cors = guard(req, res);
    if (!cors) return;
    const index = entries.push(undefined) - 1;
    const started = new Date();
    const t0 = performance.now();
    const url = `${base}${req.url ?? '/'}`;
    const method = req.method ?? 'GET';
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    if (authorization && !headers.has('authorization')) headers.set('authorization', authorization);
    headers.set('accept-encoding', 'identity');
    for (const [name, value] of headers) if (isSecretHeader(name)) secrets.add(value);

    let body: Buffer | undefined;
    let tooLarge = false;
    try {
      ({ body, tooLarge } = await readBody(req, maxBody));
    } catch {
      res.destroy();
      return;
    }
    const requestMime = headers.get('content-type') ?? '';
    const tSent = performance.now();
    let status = 502;
    let statusText = 'Bad Gateway';
    let responseHeaders: [string, string][] = [];
    let responseBody = Buffer.alloc(0);
    let comment: string | undefined;
    if (tooLarge) {
      status = 413;
      statusText = 'Payload Too Large';
      responseBody = Buffer.from(JSON.stringify({ error: `supportkb-record: request body over ${maxBody} bytes, not forwarded` }));
      responseHeaders = [['content-type', 'application/json; charset=utf-8']];
      comment = 'not forwarded: request body over the proxy limit';
    } else {
      try {
        const answer = await upstream.fetch(url, {
          method,
          headers,
          body: body && body.length > 0 && method !== 'GET' && method !== 'HEAD' ? new Uint8Array(body) : undefined,
          redirect: 'manual',
          signal: stopping.signal,
        });
        status = answer.status;
        statusText = answer.statusText;
        for (const [name, value] of answer.headers) if (name !== 'set-cookie') responseHeaders.push([name, value]);
        for (const cookie of answer.headers.getSetCookie()) responseHeaders.push(['set-cookie', cookie]);
        responseBody = Buffer.from(await answer.arrayBuffer());
      } catch (error) {
        if (stopping.signal.aborted) {
          // Stopped by stop(): recorded as pending (HAR's status 0 of an aborted exchange); what arrived of the answer is kept.
          status = 0;
          statusText = '';
          responseBody = Buffer.alloc(0);
          comment = PENDING_COMMENT;
        } else {
          const cause = (error as { cause?: { code?: string; message?: string } }).cause;
          const why = cause?.code ?? cause?.message ?? 'no answer';
          responseBody = Buffer.from(JSON.stringify({ error: `supportkb-record: ${target.host} did not answer (${why})` }));
          responseHeaders = [['content-type', 'application/json; charset=utf-8']];
          comment = `no answer from the target (${why})`;
        }
      }
    }
    const tAnswered = performance.now();
    if (status === 0) res.destroy();
    else if (!res.destroyed) {
      res.statusCode = status;
      if (statusText) res.statusMessage = statusText;
      // The target's CORS grants are not passed on: the proxy grants only the origins it allows.
      for (const [name, value] of responseHeaders) if (!HOP_BY_HOP.has(name) && !name.startsWith('access-control-')) res.appendHeader(name, value);
      for (const [name, value] of cors) res.appendHeader(name, value);
      res.setHeader('content-length', responseBody.length);
      res.end(method === 'HEAD' ? undefined : responseBody);
    }
    for (const [name, value] of responseHeaders) if (isSecretHeader(name) && !/^(access-control-|www-authenticate)/.test(name)) secrets.add(value);
    const responseMime = responseHeaders.find(([name]) => name === 'content-type')?.[1] ?? '';
    const parsedUrl = new URL(url);
    const queryString: QueryString[] = [...parsedUrl.searchParams].map(([name, value]) => ({ name, value: isSecretField(name) ? (secrets.add(value), REDACTED) : redactJsonText(value, secrets) }));
    const sent = [...parsedUrl.searchParams].map(([, value]) => value);
    if (queryString.some(({ value }, i) => value !== sent[i])) parsedUrl.search = new URLSearchParams(queryString.map(({ name, value }) => [name, value])).toString();
    const requestText = body && body.length > 0 ? recordText(body, requestMime, maxBody, secrets) : undefined;
    const entry: Entry = {
      startedDateTime: started.toISOString(),
      time: round(tAnswered - t0),
      request: {
        method,
        url: parsedUrl.search ? parsedUrl.href : url,
        httpVersion: `HTTP/${req.httpVersion}`,
        cookies: [],
        headers: harHeaders([...headers]),
        queryString,
        ...(requestText !== undefined ? { postData: { mimeType: requestMime, text: requestText } } : {}),
        headersSize: -1,
        bodySize: body?.length ?? 0,
      },
      response: {
        status,
        statusText,
        httpVersion: status === 0 ? '' : 'HTTP/1.1',
        cookies: [],
        headers: harHeaders(responseHeaders),
        content: { size: responseBody.length, mimeType: responseMime, text: recordText(responseBody, responseMime, maxBody, secrets) ?? '' },
        redirectURL: responseHeaders.find(([name]) => name === 'location')?.[1] ?? '',
        headersSize: -1,
        bodySize: responseBody.length,
      },
      cache: {},
      timings: { blocked: -1, dns: -1, connect: -1, send: round(tSent - t0), wait: round(tAnswered - tSent), receive: 0 },
      ...(comment ? { comment } : {}),
    };
    entries[index] = entry;
  };

  const server = createServer((req, res) => {
    const done = handle(req, res).catch(() => {
      if (!res.headersSent) res.destroy();
    });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port ?? 0, host }, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((error: unknown) => {
    upstream.close();
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  let stopped: Promise<Har> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    host,
    get count() {
      return entries.filter(Boolean).length;
    },
    stop() {
      stopped ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        // The exchanges in flight get `stopGraceMs` to finish; then those still waiting for the target are stopped and recorded as pending.
        let grace: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([Promise.allSettled([...inFlight]), new Promise<void>((resolve) => (grace = setTimeout(resolve, stopGraceMs)))]);
        clearTimeout(grace);
        stopping.abort();
        server.closeAllConnections();
        await Promise.allSettled([...inFlight]);
        await closed;
        upstream.close();
        const har: Har = {
          log: {
            version: '1.2',
            creator: CREATOR,
            entries: entries.filter((e): e is Entry => e !== undefined),
            comment: `Recorded through a proxy in front of ${target.origin}; credentials, tokens and secrets replaced by "${REDACTED}".`,
          },
        };
        // The final pass: every secret seen during the session, wherever it turned up.
        return JSON.parse(JSON.stringify(har), (_key, value: unknown) => (typeof value === 'string' ? secrets.scrub(value) : value)) as Har;
      })();
      return stopped;
    },
  };
}

/** The `Authorization` value to inject; signs in once for `{ email, password }`. */
async function resolveCredentials(base: string, credentials: RecordingCredentials | undefined, secrets: SecretSet, fetch: typeof globalThis.fetch): Promise<string | undefined> {
  if (!credentials) return undefined;
  if ('token' in credentials) {
    const token = credentials.token.trim();
    if (!token) throw new TypeError('startRecordingProxy: credentials.token is empty');
    const value = /\s/.test(token) ? token : `JWT ${token}`;
    secrets.add(value);
    return value;
  }
  secrets.add(credentials.password);
  const client = createClient({ baseUrl: base, fetch });
  let token: string;
  try {
    ({ token } = await client.auth.signIn({ email: credentials.email, password: credentials.password }));
  } catch (error) {
    const status = (error as { status?: number }).status;
    // The SDK's messages never hold the password; still, only the class and status are passed on.
    throw new Error(`startRecordingProxy: signing in at ${base} as ${credentials.email} failed (${status ? `status ${status}` : (error as Error).name}): check the base URL, email and password`);
  }
  const value = /\s/.test(token) ? token : `JWT ${token}`;
  secrets.add(value);
  return value;
}

/** `url` with any `user:password@` replaced by `***@`, for messages. */
function withoutUserinfo(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, '$1***@');
}

/** A query value holding JSON (`?filter={"token":…}`), with its secret fields redacted; any other value as it is. */
function redactJsonText(value: string, secrets: SecretSet): string {
  if (!/^\s*[[{]/.test(value)) return value;
  try {
    const redacted = JSON.stringify(redactJson(JSON.parse(value), secrets));
    return redacted === JSON.stringify(JSON.parse(value)) ? value : redacted;
  } catch {
    return value;
  }
}

function readBody(req: IncomingMessage, limit: number): Promise<{ body: Buffer | undefined; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve({ body: chunks.length ? Buffer.concat(chunks) : undefined, tooLarge }));
    req.on('error', reject);
    req.on('close', () => (req.complete ? undefined : reject(new Error('the client went away before its request body ended'))));
  });
}

/** A body as recorded: redacted text (base64 bodies that are not text are left out, with their size). */
function recordText(body: Buffer, mimeType: string, limit: number, secrets: SecretSet): string | undefined {
  if (body.length === 0) return '';
  if (body.length > limit) return undefined;
  if (mimeType && !/^text\/|json|xml|x-www-form-urlencoded|javascript/i.test(mimeType)) return undefined;
  return redactBody(body.toString('utf8'), mimeType, secrets);
}

function harHeaders(headers: [string, string][]): Header[] {
  return headers.map(([name, value]) => ({ name, value: isSecretHeader(name) ? REDACTED : value }));
}

function round(ms: number): number {
  return Math.max(0, Math.round(ms * 1000) / 1000);
}
