import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** Base URL the SDK tests talk to; MSW answers it in-process. */
export const BASE = 'https://api.supportkb.test/v2';
export const PROJECT = '65f1a2b3c4d5e6f708090a0b';

/** One request seen by the mock: when (ms since the test's first request), method, path, headers. */
export interface Seen {
  at: number;
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** Starts an MSW server for the file; `seen` records every request. */
export function useMockServer() {
  const server = setupServer();
  const seen: Seen[] = [];
  let start = 0;
  server.events.on('request:start', async ({ request }) => {
    const now = performance.now();
    if (seen.length === 0) start = now;
    seen.push({ at: now - start, method: request.method, url: new URL(request.url), headers: request.headers, body: await request.clone().text() });
  });
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    seen.length = 0;
  });
  afterAll(() => server.close());
  return { server, seen };
}

/** An MSW handler for `method path` (path relative to {@link BASE}). */
export function on(method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, resolver: HttpResponseResolver) {
  return http[method](`${BASE}${path}`, resolver);
}

export { http, HttpResponse };

/** What a {@link hostileServer} handler gets: the request and response, and whether the client hung up. */
export type HostileHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A real `node:http` server on 127.0.0.1 (port 0) for what MSW cannot fake: a body that stalls after the
 * headers, a body cut off, a body of 50 MB. `use(handler)` sets the answer; `closedByClient` counts the
 * answers whose connection the client closed before the server finished. Started in `beforeAll`, every
 * connection destroyed in `afterAll` (not between tests: undici may
 * have opened a spare connection to the server by then, and would send the next test's request on it).
 */
export function useHostileServer() {
  let handler: HostileHandler = (_request, response) => response.end();
  const state = { url: '', closedByClient: 0, use: (next: HostileHandler) => void (handler = next) };
  const server = createServer((request, response) => {
    // No keep-alive: every answer has a connection of its own, so one a test leaves broken is never reused.
    response.setHeader('connection', 'close');
    response.on('close', () => {
      if (!response.writableFinished) state.closedByClient += 1;
    });
    handler(request, response);
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
  });
  afterEach(() => {
    state.closedByClient = 0;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return state;
}

/** Writes `total` bytes of filler (in 64 KiB chunks, honouring back-pressure) after `head`, then ends, unless the client hangs up first. */
export function stream(response: ServerResponse, head: string, total: number): void {
  const chunk = Buffer.alloc(65_536, 0x20);
  let sent = 0;
  response.write(head);
  const pump = () => {
    while (sent < total && !response.destroyed) {
      sent += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
    if (!response.destroyed) response.end(']');
  };
  pump();
}

/** A port on 127.0.0.1 where nothing listens (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** One request a {@link useTwoOrigins} server received: method, path and query, headers, body. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * Two real `node:http` servers on 127.0.0.1, two origins (two ports), for redirects: `first` answers
 * every request under `/v2` with `redirect.status` and a `Location` to the same path on `second`
 * (`redirect.to = 'second'`) or under `/moved` on itself (`'same'`); `/moved/...` on `first`, and
 * everything on `second`, answer 200 with a sign-in body carrying `TOKEN_ELSEWHERE`. Each records
 * what it received. Started in `beforeAll`, closed in `afterAll`.
 */
export function useTwoOrigins() {
  const state = {
    first: { url: '', received: [] as Received[] },
    second: { url: '', received: [] as Received[] },
    redirect: { status: 307, to: 'second' as 'second' | 'same' },
  };
  const record = (into: Received[], request: IncomingMessage, then: () => void) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk));
    request.on('end', () => {
      into.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      then();
    });
  };
  const elsewhere = (response: ServerResponse) =>
    response
      .writeHead(200, { 'content-type': 'application/json', connection: 'close' })
      .end(JSON.stringify({ success: true, token: `JWT ${TOKEN_ELSEWHERE}`, user: { _id: '65f1a2b3c4d5e6f708090b99' } }));
  const first = createServer((request, response) =>
    record(state.first.received, request, () => {
      if (request.url!.startsWith('/moved/')) return elsewhere(response);
      const location = state.redirect.to === 'same' ? `${state.first.url}/moved${request.url}` : `${state.second.url}${request.url}`;
      response.writeHead(state.redirect.status, { location, connection: 'close' }).end(`Redirecting to ${location}`);
    }),
  );
  const second = createServer((request, response) => record(state.second.received, request, () => elsewhere(response)));
  beforeAll(async () => {
    for (const [server, side] of [
      [first, state.first],
      [second, state.second],
    ] as const) {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      side.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }
  });
  afterEach(() => {
    state.first.received.length = 0;
    state.second.received.length = 0;
    state.redirect = { status: 307, to: 'second' };
  });
  afterAll(async () => {
    for (const server of [first, second]) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
  return state;
}

/** The token {@link useTwoOrigins} servers answer with: a sign-in that kept it followed the redirect. */
export const TOKEN_ELSEWHERE = 'token-of-another-origin';
