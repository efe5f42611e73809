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
