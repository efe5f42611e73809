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
import { REDACTED, SECRET_HEADERS, SecretSet, isSecretField, redactBody } from './redact';

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
    throw new TypeError(`startRecordingProxy: target must be an absolute http(s) URL, got ${JSON.stringify(options.target)}`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new TypeError(`startRecordingProxy: target must be an http(s) URL, got ${target.protocol}`);
  const base = target.href.replace(/\/+$/, '');
  const host = options.host ?? '127.0.0.1';
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const secrets = new SecretSet();
  const authorization = await resolveCredentials(base, options.credentials, secrets);

  const entries: (Entry | undefined)[] = [];
  const inFlight = new Set<Promise<void>>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
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
    for (const [name, value] of headers) if (SECRET_HEADERS.has(name)) secrets.add(value);

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
        const answer = await fetch(url, { method, headers, body: body && body.length > 0 && method !== 'GET' && method !== 'HEAD' ? new Uint8Array(body) : undefined, redirect: 'manual' });
        status = answer.status;
        statusText = answer.statusText;
        for (const [name, value] of answer.headers) if (name !== 'set-cookie') responseHeaders.push([name, value]);
        for (const cookie of answer.headers.getSetCookie()) responseHeaders.push(['set-cookie', cookie]);
        responseBody = Buffer.from(await answer.arrayBuffer());
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        const why = cause?.code ?? cause?.message ?? 'no answer';
        responseBody = Buffer.from(JSON.stringify({ error: `supportkb-record: ${target.host} did not answer (${why})` }));
        responseHeaders = [['content-type', 'application/json; charset=utf-8']];
        comment = `no answer from the target (${why})`;
      }
    }
    const tAnswered = performance.now();
    if (!res.destroyed) {
      res.statusCode = status;
      if (statusText) res.statusMessage = statusText;
      for (const [name, value] of responseHeaders) if (!HOP_BY_HOP.has(name)) res.appendHeader(name, value);
      res.setHeader('content-length', responseBody.length);
      res.end(method === 'HEAD' ? undefined : responseBody);
    }
    const responseMime = responseHeaders.find(([name]) => name === 'content-type')?.[1] ?? '';
    const parsedUrl = new URL(url);
    const queryString: QueryString[] = [...parsedUrl.searchParams].map(([name, value]) => ({ name, value: isSecretField(name) ? (secrets.add(value), REDACTED) : value }));
    for (const { name, value } of queryString) if (value === REDACTED) parsedUrl.searchParams.set(name, REDACTED);
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
        httpVersion: 'HTTP/1.1',
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
        await Promise.allSettled([...inFlight]);
        server.closeAllConnections();
        await closed;
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
async function resolveCredentials(base: string, credentials: RecordingCredentials | undefined, secrets: SecretSet): Promise<string | undefined> {
  if (!credentials) return undefined;
  if ('token' in credentials) {
    const token = credentials.token.trim();
    if (!token) throw new TypeError('startRecordingProxy: credentials.token is empty');
    const value = /\s/.test(token) ? token : `JWT ${token}`;
    secrets.add(value);
    return value;
  }
  secrets.add(credentials.password);
  const client = createClient({ baseUrl: base });
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
  return headers.map(([name, value]) => ({ name, value: SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value }));
}

function round(ms: number): number {
  return Math.max(0, Math.round(ms * 1000) / 1000);
}
