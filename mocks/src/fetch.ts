/**
 * A `fetch` answered by the stateful mock in the same process: no socket, no global patch, any
 * runtime where msw runs (platform neutral: no Node built-in). What the MCP server's embedded mock
 * and the tests that need an in-process mock call.
 */
import { getResponse } from 'msw';
import { createMockService } from './service/create';
import type { MockService, MockServiceOptions } from './service/options';

/** A `fetch` function answered by a mock service, with that service. */
export interface MockFetch {
  (input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** The service answering (its store, seed, `authorization(role)`, `reset()`...). */
  readonly service: MockService;
}

/** Options of {@link createMockFetch}: a service to answer, or the options of a new one. */
export interface MockFetchOptions extends MockServiceOptions {
  /** The service that answers (default: a new `createMockService(options)`, seeded). */
  service?: MockService;
}

/**
 * Creates a `fetch` whose requests the mock service's MSW handlers answer, in this process: give it to
 * any client that takes a `fetch` (`createClient({ fetch })` of `@supportkb/sdk`), with any origin in
 * the URL (`https://mock.supportkb.invalid/v2/...`: the handlers answer at `*` by default).
 *
 * What it answers: the handler's response; for a request no handler matches, 404 with Express's
 * `Cannot <METHOD> <path>` page (what the real server answers); for a request the real server never
 * answers (the mock's `unanswered: 'reset'`), it rejects with a `TypeError` as `fetch` does when the
 * connection closes without an answer.
 *
 * @param options `service` to answer with, else the options of a new service.
 * @returns the `fetch`, with `service` on it.
 * @throws {TypeError} (from the returned function) when the mock closes the connection without answering.
 */
export function createMockFetch(options: MockFetchOptions = {}): MockFetch {
  const { service: given, ...serviceOptions } = options;
  const service = given ?? createMockService(serviceOptions);
  const mockFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const response = await getResponse(service.handlers, request);
    if (!response) {
      const { pathname } = new URL(request.url);
      return new Response(
        `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot ${request.method} ${pathname}</pre>\n</body>\n</html>\n`,
        {
          status: 404,
          headers: { 'content-type': 'text/html; charset=utf-8' },
        },
      );
    }
    if (response.type === 'error') throw new TypeError('fetch failed: the mock closed the connection without an answer, as the real server does for this request');
    return response;
  };
  return Object.assign(mockFetch, { service });
}
