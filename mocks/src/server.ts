/**
 * The standalone HTTP server: the same MSW handlers served over a real socket, for clients in any
 * language. Node only.
 *
 * Transport: `node:http` plus msw's public `getResponse(handlers, request)`, which runs MSW's own
 * matching and resolvers (`@mswjs/http-middleware` 0.10.3 calls `handleRequest`, which msw 3 no
 * longer exports, so it cannot serve msw 3 handlers). CORS as the service sends it (`cors()`
 * defaults: `Access-Control-Allow-Origin: *`, preflights answered 204).
 */
export { UnsupportedRuntimeError } from './runtime'; // the runtime check: where msw 3 cannot run, importing this entry throws one sentence saying why
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, type RequestHandler } from 'msw';
import { BodyTooLargeError } from './http';
import { createMockService, type MockService, type MockServiceOptions } from './service';
import { SEED } from './seed';

/** Options of {@link startMockHttpServer}. */
export interface MockHttpServerOptions {
  /** TCP port; `0` (the default) picks a free one. */
  port?: number;
  /** Interface to bind; default `127.0.0.1` (loopback only). */
  host?: string;
  /** The service to serve; default a new `createMockService(serviceOptions)`. */
  service?: MockService;
  /** Options of the service created when `service` is not given. */
  serviceOptions?: MockServiceOptions;
}

/** A running standalone server. */
export interface MockHttpServer {
  /** API root, e.g. `http://127.0.0.1:4010`: the SDK's `baseUrl`. */
  url: string;
  /** TCP port. */
  port: number;
  /** Interface bound. */
  host: string;
  /** Process id serving the requests (this process: the server runs in-process). */
  pid: number;
  /** The stateful service behind the server. */
  service: MockService;
  /** Prepends handlers (overrides, faults), as `server.use()` of MSW. */
  use(...handlers: RequestHandler[]): void;
  /** Drops the handlers added with `use()`. */
  resetHandlers(): void;
  /** Closes the server (and its open connections); resolves when closed. */
  stop(): Promise<void>;
}

/**
 * A prefilter, not a router: keeps the handlers whose method matches and whose literal path
 * segments, aligned from the end, equal the request's (MSW's `*` prefix absorbs any leading
 * part). MSW still matches and resolves among these candidates, so answers are identical to
 * `getResponse(allHandlers)`; only handlers that cannot match are skipped. Used when the service
 * answers at `*`.
 */
export function candidateFilter(handlers: readonly RequestHandler[]): (method: string, pathname: string) => RequestHandler[] {
  const entries = handlers.map((handler) => {
    const info = (handler as any).info as { method?: unknown; path?: unknown } | undefined;
    const path = typeof info?.path === 'string' && info.path.startsWith('*/') ? info.path.slice(1) : undefined;
    return { handler, method: typeof info?.method === 'string' ? info.method.toUpperCase() : undefined, segments: path?.split('/').slice(1) };
  });
  const cache = new Map<string, RequestHandler[]>();
  return (method, pathname) => {
    const parts = pathname.replace(/\/$/, '').split('/').slice(1);
    const key = `${method} ${parts.length} ${parts.map((p) => (/^[A-Za-z_]+$/.test(p) ? p : ':')).join('/')}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const out = entries
      .filter(({ method: m, segments }) => {
        if (!segments) return true;
        if (m !== method) return false;
        if (segments.length > parts.length) return false;
        const offset = parts.length - segments.length;
        return segments.every((segment, i) => segment.startsWith(':') || segment === parts[offset + i]);
      })
      .map(({ handler }) => handler);
    if (cache.size < 5000) cache.set(key, out);
    return out;
  };
}

/**
 * The URL of a request from its `Host` header (or the server's own address without one) and its
 * target, or undefined when they do not make a URL: a `Host` that is not a host name or address
 * with an optional port (`a b`, `[::1`, `x:99999`, `user@host`, `host/path`), or a target neither
 * in origin form (`/path?query`) nor absolute (`http://host/path`).
 */
function requestUrl(hostHeader: string | undefined, target: string | undefined, fallbackHost: string): URL | undefined {
  let origin: URL;
  try {
    origin = new URL(`http://${hostHeader ?? fallbackHost}`);
  } catch {
    return undefined;
  }
  if (origin.pathname !== '/' || origin.search || origin.hash || origin.username || origin.password) return undefined;
  const path = target ?? '/';
  try {
    if (path.startsWith('/')) return new URL(`${origin.origin}${path}`);
    const absolute = new URL(path);
    return absolute.protocol === 'http:' || absolute.protocol === 'https:' ? new URL(`${origin.origin}${absolute.pathname}${absolute.search}`) : undefined;
  } catch {
    return undefined;
  }
}

/** A request body read from the socket on demand, never past `limit` bytes. */
interface LimitedBody {
  /** What the Fetch `Request` reads; errors with {@link BodyTooLargeError} past the limit. */
  stream: ReadableStream<Uint8Array>;
  /** More than `limit` bytes arrived: the rest was left unread. */
  readonly tooLarge: boolean;
  /** The whole body was read. */
  readonly finished: boolean;
}

/**
 * Wraps the socket's body in a pull-based stream: bytes are read from the socket only when the
 * handler reads the body (so a request refused before that — no credentials, an unknown path —
 * reads none), and reading stops at `limit` bytes.
 */
function limitedBody(req: IncomingMessage, limit: number): LimitedBody {
  let size = 0;
  let tooLarge = false;
  let finished = false;
  req.pause();
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit) {
            tooLarge = true;
            req.pause();
            req.off('data', onData);
            controller.error(new BodyTooLargeError(limit));
            return;
          }
          controller.enqueue(new Uint8Array(chunk));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        req.on('data', onData);
        req.once('end', () => {
          finished = true;
          if (!tooLarge) controller.close();
        });
        req.once('error', (error) => {
          if (!tooLarge) controller.error(error);
        });
      },
      pull() {
        if (!tooLarge) req.resume();
      },
      cancel() {
        req.pause();
      },
    },
    { highWaterMark: 4 },
  );
  return {
    stream,
    get tooLarge() {
      return tooLarge;
    },
    get finished() {
      return finished;
    },
  };
}

function toRequest(req: IncomingMessage, url: URL, body: LimitedBody | undefined): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    if (/^(host|connection|keep-alive|transfer-encoding|content-length)$/i.test(name)) continue;
    try {
      headers.append(name, req.rawHeaders[i + 1]!);
    } catch {
      // A header value Fetch refuses is dropped, as a proxy would.
    }
  }
  const method = req.method ?? 'GET';
  return new Request(url, { method, headers, ...(body ? { body: body.stream, duplex: 'half' } : {}) } as RequestInit);
}

/** Whether the request carries a body (chunked, or a non-zero `Content-Length`). */
function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** A JSON answer built here (not by a handler): the service's `{err}` bodies. */
function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

/** After an answer to a request whose body was left unread: how long, and how many more bytes at most, the rest is drained (discarded) before the connection closes. */
const LINGER_MS = 2000;
const LINGER_BYTES = 8 * 1024 * 1024;

/**
 * Closes the connection of a request whose body was left unread, once the answer is written — a
 * lingering close. Node closes a `Connection: close` socket as soon as the answer is flushed; with
 * request bytes still arriving, that close resets the connection and a client still sending its
 * body can lose the answer (EPIPE, ECONNRESET). So the socket is half-closed instead, what still
 * arrives is discarded (never buffered) for up to {@link LINGER_MS} or {@link LINGER_BYTES}, and
 * then the socket is destroyed (at once when the client stops sending).
 */
function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket;
  socket.destroySoon = function halfClose(this: typeof socket) {
    this.end();
  };
  res.once('finish', () => {
    let drained = 0;
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    req.removeAllListeners('data');
    req.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > LINGER_BYTES) socket.destroy();
    });
    req.once('end', () => socket.destroy());
    req.resume();
  });
}

/**
 * Writes `response`. With `close`, the answer says `Connection: close` and the connection is closed
 * once it is written ({@link closeAfterAnswer}): used when the request's body was left unread
 * (refused before reading, or too large), so the unread bytes are never parsed.
 */
async function send(res: ServerResponse, response: Response, close = false): Promise<void> {
  if (response.type === 'error') {
    // HttpResponse.error(): a network error for the client.
    res.destroy();
    return;
  }
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  headers['access-control-allow-origin'] = '*';
  const body = Buffer.from(await response.arrayBuffer());
  headers['content-length'] = String(body.length);
  if (close) {
    headers.connection = 'close';
    closeAfterAnswer(res.req, res);
  }
  res.writeHead(response.status, response.statusText || undefined, headers);
  res.end(body);
}

/**
 * Starts the standalone mock server in this process.
 *
 * @param options port, host and the service (or its options); see {@link MockHttpServerOptions}.
 * @returns a {@link MockHttpServer} once it listens.
 * @throws {Error} when the port cannot be bound.
 */
export async function startMockHttpServer(options: MockHttpServerOptions = {}): Promise<MockHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const service = options.service ?? createMockService(options.serviceOptions);
  let extra: RequestHandler[] = [];
  const candidates = service.baseUrl === '*' ? candidateFilter(service.handlers) : () => service.handlers;

  const limit = service.bodyLimit;
  const server = createServer(async (req, res) => {
    let body: LimitedBody | undefined;
    try {
      const method = req.method ?? 'GET';
      if (method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
          ...(req.headers['access-control-request-headers'] ? { 'access-control-allow-headers': req.headers['access-control-request-headers'] } : {}),
          vary: 'Access-Control-Request-Headers',
          'content-length': '0',
        });
        res.end();
        return;
      }
      const url = requestUrl(req.headers.host, req.url, `${host.includes(':') ? `[${host}]` : host}:${port}`);
      const sentBody = hasBody(req);
      const withBody = sentBody && method !== 'GET' && method !== 'HEAD';
      if (!url) {
        await send(res, jsonResponse(400, { err: 'Bad Request: malformed Host header or request target' }), sentBody);
        return;
      }
      // As the service's body parser (whatever the method): a declared size over the limit is refused unread.
      const declared = Number(req.headers['content-length']);
      if (sentBody && Number.isFinite(declared) && declared > limit) {
        await send(res, jsonResponse(413, { err: 'Request entity too large', limit }), true);
        return;
      }
      body = withBody ? limitedBody(req, limit) : undefined;
      const request = toRequest(req, url, body);
      const response = await getResponse(extra.length ? [...extra, ...candidates(method, url.pathname)] : candidates(method, url.pathname), request, { baseUrl: url.origin });
      const unread = sentBody && !body?.finished;
      if (body?.tooLarge) {
        await send(res, jsonResponse(413, { err: 'Request entity too large', limit }), true);
        return;
      }
      if (!response) {
        const path = (req.url ?? '/').split('?')[0];
        await send(res, new Response(`<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot ${method} ${path}</pre>\n</body>\n</html>\n`, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } }), unread);
        return;
      }
      await send(res, response, unread);
    } catch (error) {
      if (body?.tooLarge && !res.headersSent) {
        // An override read the body past the limit and threw: the answer is the service's 413.
        await send(res, jsonResponse(413, { err: 'Request entity too large', limit }), true).catch(() => res.destroy());
        return;
      }
      console.error('[@supportkb/mocks] server error:', error);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' });
        res.end(JSON.stringify({ err: 'error' }));
      } else {
        res.destroy();
      }
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const displayHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${displayHost}:${port}`,
    port,
    host,
    pid: process.pid,
    service,
    use: (...handlers) => {
      extra = [...handlers, ...extra];
    },
    resetHandlers: () => {
      extra = [];
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Human-readable lines describing the seeded project and its credentials (printed by `npm run mock`). */
export async function describeSeed(service: MockService): Promise<string[]> {
  const lines = [`Project ${SEED.projectName} (${SEED.projectId})`, 'Seeded credentials (Basic email:password, or sign in with POST /auth/signin):'];
  for (const member of Object.values(SEED.members)) lines.push(`  ${member.role.padEnd(6)} ${member.email}  password ${member.password}`);
  lines.push(`  guest  anonymous ${SEED.guest.firstname}  Authorization: ${await service.authorization('guest')}`);
  lines.push(`Custom tokens (signInWithCustomToken): HS256 with the project secret "${SEED.projectSecret}", aud https://tiledesk.com/projects/${SEED.projectId}`);
  return lines;
}
