/**
 * The standalone HTTP server: the same MSW handlers served over a real socket, for clients in any
 * language. Node only.
 *
 * Transport: `node:http` plus msw's public `getResponse(handlers, request)`, which runs MSW's own
 * matching and resolvers (`@mswjs/http-middleware` 0.10.3 calls `handleRequest`, which msw 3 no
 * longer exports, so it cannot serve msw 3 handlers). CORS as the service sends it (`cors()`
 * defaults: `Access-Control-Allow-Origin: *`, preflights answered 204).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, type RequestHandler } from 'msw';
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

function toRequest(req: IncomingMessage, origin: string, body: Buffer | undefined): Request {
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
  return new Request(new URL(req.url ?? '/', origin), { method, headers, body: body && body.length ? new Uint8Array(body) : undefined });
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
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

  const server = createServer(async (req, res) => {
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
      const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
      const origin = `http://${req.headers.host ?? `${host}:${port}`}`;
      const request = toRequest(req, origin, body);
      const pathname = new URL(request.url).pathname;
      const response = await getResponse(extra.length ? [...extra, ...candidates(method, pathname)] : candidates(method, pathname), request, { baseUrl: origin });
      if (!response) {
        const path = (req.url ?? '/').split('?')[0];
        await send(res, new Response(`<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot ${method} ${path}</pre>\n</body>\n</html>\n`, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } }));
        return;
      }
      await send(res, response);
    } catch (error) {
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
