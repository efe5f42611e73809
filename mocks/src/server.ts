/**
 * `@supportkb/mocks/server`: the stateful mock on a real HTTP server, in this process, for
 * clients in any language (`startHttpMock`; `npm run mock` runs it). Node only.
 *
 * The service's websocket (openapi/asyncapi.yaml) is served on the same port, path `/`
 * (`ws://host:port/?token=<JWT>`), with the `ws` package (./server/websocket.ts).
 *
 * Transport: `node:http` plus msw's public `getResponse(handlers, request)`, which runs MSW's own
 * matching and resolvers (`@mswjs/http-middleware` 0.10.3 calls `handleRequest`, which msw 3 no
 * longer exports, so it cannot serve msw 3 handlers). CORS as the service sends it (`cors()`
 * defaults: `Access-Control-Allow-Origin: *`, preflights answered 204).
 */
export { UnsupportedRuntimeError } from './runtime'; // the runtime check: where msw 3 cannot run, importing this entry throws one sentence saying why
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, matchRequestUrl, type RequestHandler } from 'msw';
import { roleRank } from './auth/roles';
import { projectTokenAudience } from './auth/tokens';
// The service's answers as the handlers build them, so the server's own 413 and 405 are byte for byte
// the in-process transports' (mocks/test/golden.test.ts compares them).
import { withExpressEtag } from './http/conditional';
import { expressJson, methodNotAllowed, payloadTooLarge, toResponse } from './http/results';
import type { HttpMock } from './running';
import { defaultMaxConnections, limitConnections, openFileLimit } from './server/connections';
import { candidateFilter } from './server/prefilter';
import { hasBody, limitedBody, requestUrl, send, sendResult, toRequest, toServerRequest, type LimitedBody } from './server/socket';
import { serveRealtime } from './server/websocket';
import { createMockService, operationAnswers, operationPathGuards, operationPatterns, type OperationAnswer } from './service/create';
import type { MockService, MockServiceOptions } from './service/options';
import { SEED, SEED_PASSWORD } from './state/seed';

export type { HttpMock, RunningMock } from './running';

/**
 * `POST` to this path of the standalone server resets it: `service.reset()` (the seed, or the
 * scenario's initial state, its responses' counters and clock) and the handlers added with `use()`;
 * answered 204. Outside the API's paths (a project id is 24 hexadecimal characters), so no operation
 * of the contract can reach it; any caller that reaches the server can call it, as any other route.
 */
export const RESET_PATH = '/__supportkb/reset';

/** Options of {@link startHttpMock}. */
export interface HttpMockOptions {
  /** TCP port; `0` (the default) picks a free one. */
  port?: number;
  /** Interface to bind; default `127.0.0.1` (loopback only). */
  host?: string;
  /** The service to serve; default a new `createMockService(serviceOptions)`. */
  service?: MockService;
  /** Options of the service created when `service` is not given. */
  serviceOptions?: MockServiceOptions;
  /**
   * Connections open at once, at most (a count; `Infinity`: no limit). When they are all open, a new
   * connection closes the one idle the longest (no request in flight) to make room; it is refused
   * only when every open connection has a request in flight. Default: half the process's file
   * descriptor limit (`ulimit -n`, read on Linux; 512 elsewhere), between 16 and 8192 — 512 under
   * `ulimit -n 1024` — so idle clients can never use up the descriptors and lock everyone out.
   */
  maxConnections?: number;
  /**
   * Milliseconds a connection may stay open with no request in flight (`0`: no limit): from connecting
   * until its first request's headers have arrived, and between requests (Node's `keepAliveTimeout`,
   * announced in `Keep-Alive: timeout=…`). Default 5000.
   */
  idleTimeoutMs?: number;
  /**
   * Milliseconds to receive a request's headers (Node's `headersTimeout`, checked every second at
   * most; `0`: no limit): a client that starts a request and trickles it is answered 408 and
   * disconnected. Default 10000.
   */
  headersTimeoutMs?: number;
  /**
   * Milliseconds to receive a whole request, headers and body (Node's `requestTimeout`; `0`: no
   * limit); the mock's own answer, however late (`hang`), is not bounded. Default 60000.
   */
  requestTimeoutMs?: number;
}

/** The defaults of {@link HttpMockOptions}' connection limits, in milliseconds. */
const DEFAULT_IDLE_TIMEOUT_MS = 5_000;
const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/** The connection limits of `options`, checked (a RangeError names a bad one) and defaulted. */
function connectionLimits(options: HttpMockOptions): { maxConnections: number; idleTimeoutMs: number; headersTimeoutMs: number; requestTimeoutMs: number } {
  const duration = (name: keyof HttpMockOptions, fallback: number): number => {
    const value = options[name] ?? fallback;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      throw new RangeError(`startHttpMock: ${name} must be a whole number of milliseconds >= 0 (0: no limit), got ${String(value)}`);
    return value;
  };
  const maxConnections = options.maxConnections ?? defaultMaxConnections(openFileLimit());
  if (typeof maxConnections !== 'number' || !(maxConnections === Infinity || (Number.isSafeInteger(maxConnections) && maxConnections >= 1)))
    throw new RangeError(`startHttpMock: maxConnections must be a whole number >= 1 or Infinity, got ${String(maxConnections)}`);
  const requestTimeoutMs = duration('requestTimeoutMs', DEFAULT_REQUEST_TIMEOUT_MS);
  const headersTimeoutMs = duration('headersTimeoutMs', DEFAULT_HEADERS_TIMEOUT_MS);
  // Node refuses headersTimeout > requestTimeout: the whole request's deadline bounds its headers too.
  return {
    maxConnections,
    idleTimeoutMs: duration('idleTimeoutMs', DEFAULT_IDLE_TIMEOUT_MS),
    headersTimeoutMs: requestTimeoutMs > 0 && (headersTimeoutMs === 0 || headersTimeoutMs > requestTimeoutMs) ? requestTimeoutMs : headersTimeoutMs,
    requestTimeoutMs,
  };
}

/**
 * Starts the stateful mock on a real HTTP server in this process (the standalone server of
 * `npm run mock`): any client, in any language, can call it.
 *
 * Idle connections are bounded (`maxConnections`, `idleTimeoutMs`, `headersTimeoutMs`,
 * `requestTimeoutMs`): clients that connect and send nothing are closed within seconds, and make
 * room for new clients as soon as the limit is reached. A websocket (path `/`, `?token=<JWT>`; see
 * `service.realtime`) counts as a connection with a request in flight until it closes: the
 * heartbeat, not the idle timeout, ends a silent one.
 *
 * @param options port (`0`, the default: a free one), host (default `127.0.0.1`), the service
 *   or its options, and the connection limits; see {@link HttpMockOptions}.
 * @returns an {@link HttpMock} (`{ kind: 'stateful', url, port, host, pid, service, use, resetHandlers, stop }`) once it listens.
 * @throws {Error} the `listen` error (`EADDRINUSE`, `EACCES`, ...) when the port cannot be bound.
 * @throws {RangeError} a connection limit that is not a whole number >= 0 (`maxConnections`: >= 1).
 * @example
 * const mock = await startHttpMock({ port: 0 });
 * const sk = createClient({ baseUrl: mock.url, projectId: mock.service.seed.projectId });
 * await mock.stop();
 */
export async function startHttpMock(options: HttpMockOptions = {}): Promise<HttpMock> {
  const host = options.host ?? '127.0.0.1';
  const limits = connectionLimits(options);
  const service = options.service ?? createMockService(options.serviceOptions);
  let extra: RequestHandler[] = [];
  const candidates = service.baseUrl === '*' ? candidateFilter(service.handlers) : () => service.handlers;
  /** {@link dispatch} over the service's own handlers (no `use()` override), remembered per method and URL path. */
  const dispatched = new Map<string, Dispatched | null>();
  const dispatchOwn = (method: string, url: URL): Dispatched | undefined => {
    const key = `${method} ${url.origin}${url.pathname}`;
    let found = dispatched.get(key);
    if (found === undefined) {
      found = dispatch(candidates(method, url.pathname), method, url) ?? null;
      if (dispatched.size >= MAX_DISPATCHED) dispatched.clear();
      dispatched.set(key, found);
    }
    return found ?? undefined;
  };

  const limit = service.bodyLimit;
  /** What a method the contract does not list gets: Express's 404 page, or in strict mode 405 with the path's methods (`Allow`). */
  const noRoute = (method: string, rawPath: string): Response => {
    const path = rawPath.split('?')[0]!;
    const allowed = service.strict ? methodsAt(service, path) : [];
    // The pipeline's own 405 (a literal path matched by a templated route), so both answer alike.
    if (allowed.length) return toResponse(methodNotAllowed(method, path, allowed));
    return new Response(`<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot ${method} ${path}</pre>\n</body>\n</html>\n`, {
      status: 404,
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  };
  /** The body parser's 413, with its ETag as Express sends it. */
  const tooLarge = (method: string) => withExpressEtag({ method, headers: new Headers() }, payloadTooLarge(limit));
  const shortest = Math.min(...[limits.headersTimeoutMs, limits.requestTimeoutMs].filter((ms) => ms > 0));
  const timeouts = {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.idleTimeoutMs,
    // Node checks the two deadlines above on this interval (default 30 s): every second at most.
    connectionsCheckingInterval: Number.isFinite(shortest) ? Math.max(50, Math.min(1000, Math.floor(shortest / 4))) : 1000,
  };
  const server = createServer(timeouts, async (req, res) => {
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
        await send(res, expressJson({ err: 'Bad Request: malformed Host header or request target' }, { status: 400 }), sentBody);
        return;
      }
      if (url.pathname === RESET_PATH && method === 'POST') {
        service.reset();
        extra = [];
        await send(res, new Response(null, { status: 204, headers: { 'access-control-allow-origin': '*' } }), sentBody);
        return;
      }
      // As the service's body parser (whatever the method): a declared size over the limit is refused unread.
      const declared = Number(req.headers['content-length']);
      if (sentBody && Number.isFinite(declared) && declared > limit) {
        sendResult(res, await tooLarge(method), true);
        return;
      }
      // Methods the Fetch API cannot carry (TRACE, TRACK, CONNECT) match no route.
      if (FETCH_FORBIDDEN_METHODS.has(method)) {
        await send(res, noRoute(method, req.url ?? '/'), sentBody);
        return;
      }
      body = withBody ? limitedBody(req, limit) : undefined;
      const direct = extra.length ? undefined : dispatchOwn(method, url);
      if (direct) {
        // One of the service's own operations, as MSW would have picked it: its answer, written as is,
        // to the request as the operations read it (no Fetch `Request` built).
        const result = await direct.answer(toServerRequest(req, res, url, body), direct.params);
        const unread = sentBody && !body?.finished;
        if (body?.tooLarge) {
          sendResult(res, await tooLarge(method), true);
          return;
        }
        sendResult(res, result, unread);
        return;
      }
      // Aborted when the client goes away: what a handler that holds its answer back (`hang`) waits for.
      const gone = new AbortController();
      // Once the answer is written nothing waits for it: no abort (and no DOMException) per request.
      res.once('close', () => {
        if (!res.writableFinished) gone.abort();
      });
      const request = toRequest(req, url, body, gone.signal);
      const handlers = extra.length ? [...extra, ...candidates(method, url.pathname)] : candidates(method, url.pathname);
      const response = await getResponse(handlers, request, { baseUrl: url.origin });
      const unread = sentBody && !body?.finished;
      if (body?.tooLarge) {
        sendResult(res, await tooLarge(method), true);
        return;
      }
      if (!response) {
        await send(res, noRoute(method, req.url ?? '/'), unread);
        return;
      }
      await send(res, response, unread);
    } catch (error) {
      if (body?.tooLarge && !res.headersSent) {
        // An override read the body past the limit and threw: the answer is the service's 413.
        await tooLarge(req.method ?? 'POST')
          .then((result) => sendResult(res, result, true))
          .catch(() => res.destroy());
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
  limitConnections(server, limits);
  const realtime = serveRealtime(server, service.realtime);

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
    kind: 'stateful',
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
        realtime.stop();
        server.closeAllConnections();
      }),
  };
}

/** An operation's answer function and the path parameters of a request it answers. */
interface Dispatched {
  answer: OperationAnswer;
  params: Readonly<Record<string, unknown>>;
}

/**
 * The most method and path pairs the server remembers the dispatch of (then it starts again): the
 * same paths come again and again, and a path's dispatch depends on the path alone (the handlers of a
 * service do not change; `use()` overrides go through MSW).
 */
const MAX_DISPATCHED = 2000;

/**
 * The handler MSW's `getResponse(handlers, request)` would answer with, when it is one of the
 * service's own operations: the first of `handlers` whose method and path match (MSW's own
 * `matchRequestUrl`), with its
 * answer function and path parameters. Undefined when that first match is another handler (a
 * scenario's): MSW then runs as before.
 */
function dispatch(handlers: readonly RequestHandler[], method: string, url: URL): Dispatched | undefined {
  for (const handler of handlers) {
    const answer = operationAnswers.get(handler);
    const info = (handler as { info?: { path?: unknown; method?: unknown } }).info;
    const path = operationPatterns.get(handler) ?? info?.path;
    if (!answer || typeof path !== 'string' || typeof info?.method !== 'string') return undefined;
    if (info.method.toUpperCase() !== method.toUpperCase()) continue; // MSW's predicate: the method first
    const match = matchRequestUrl(url, path, url.origin);
    if (match.matches && operationPathGuards.get(handler)?.(url.pathname) !== false) return { answer, params: Object.freeze({ ...match.params }) };
  }
  return undefined;
}

/** Methods a Fetch `Request` cannot have. */
const FETCH_FORBIDDEN_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

/** The methods the contract lists for a request path (a trailing slash ignored), e.g. `['GET', 'POST']` for `/{p}/tags`. */
function methodsAt(service: MockService, path: string): string[] {
  const segments = path.replace(/\/+$/, '').split('/');
  const methods = new Set<string>();
  for (const operation of service.operations) {
    const template = operation.path.split('/');
    if (template.length === segments.length && template.every((part, i) => part.startsWith('{') || part === segments[i])) methods.add(operation.method);
  }
  return [...methods];
}

/**
 * Human-readable lines describing the projects in the store and who can sign in (printed by
 * `npx supportkb-mock`): what the store holds, so a scenario or a recording that replaces the seed
 * is described as it is. Only the built-in seed's demo password and project secret are printed; a
 * password or secret a scenario sets is named as the scenario's, never echoed.
 */
export async function describeSeed(service: MockService): Promise<string[]> {
  const { store } = service;
  const lines: string[] = [];
  for (const project of store.projects.values()) {
    lines.push(`Project ${project.name} (${project._id})`, 'Seeded credentials (Basic email:password, or sign in with POST /auth/signin):');
    const members = [...store.teammates.values()]
      .filter((member) => member.id_project === project._id && typeof member.id_user === 'string' && store.users.has(member.id_user))
      .sort((a, b) => roleRank(b.role) - roleRank(a.role)); // most rights first
    for (const member of members) {
      const user = store.users.get(member.id_user as string)!;
      const password = store.secrets.passwords.get(user._id);
      const shown = password === SEED_PASSWORD || password === SEED.bootAdmin.password ? `password ${password}` : "the scenario's password";
      lines.push(`  ${String(member.role).padEnd(6)} ${user.email}  ${shown}`);
    }
    if (!members.length) lines.push('  (no teammate: sign in anonymously with POST /auth/signinAnonymously)');
    if (project._id === SEED.projectId && [...store.teammates.values()].some((member) => member._id === SEED.guest.teammateId)) {
      lines.push(`  guest  anonymous ${SEED.guest.firstname}  Authorization: ${await service.authorization('guest')}`);
    }
    const secret = project.jwtSecret === SEED.projectSecret ? `the project secret "${SEED.projectSecret}"` : 'the project secret of the scenario';
    lines.push(`Custom tokens (signInWithCustomToken): HS256 with ${secret}, aud ${projectTokenAudience(project._id)}`);
  }
  return lines;
}
