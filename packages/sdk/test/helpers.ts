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
