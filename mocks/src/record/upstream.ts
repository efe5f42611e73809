/**
 * The recording proxy's connections to its target: a `fetch` over Node's `http`/`https` with keep-alive
 * agents of the proxy's own, which `close()` ends. The global `fetch` would keep the connections in
 * the process's shared pool after the proxy stopped, and a later `fetch` to the same origin in that
 * process reuses such a connection: MSW (3.x) intercepts requests when they open a connection, so a
 * recording replayed through MSW at the target's address could reach the stopped target (or a
 * dead socket: EPIPE) instead of the mock.
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** Statuses whose `Response` has no body (Fetch standard: null body statuses). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** A `fetch` whose connections are the proxy's own, and the means to end them. */
export interface UpstreamFetch {
  /**
   * As the global `fetch` for what the proxy sends: no redirect followed (`redirect: 'manual'`), the
   * body as sent (the proxy asks for `accept-encoding: identity`), `signal` honoured.
   * @throws {TypeError} `fetch failed`, with the socket's error (`ECONNREFUSED`, an abort...) as `cause`, as `fetch` does.
   */
  fetch: typeof globalThis.fetch;
  /** Ends every connection, idle or not. */
  close(): void;
}

/** Creates the proxy's {@link UpstreamFetch}. */
export function upstreamFetch(): UpstreamFetch {
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    if (body) headers['content-length'] = String(body.length);
    const secure = url.protocol === 'https:';
    return new Promise<Response>((resolve, reject) => {
      const failed = (error: unknown) => reject(new TypeError('fetch failed', { cause: error }));
      const options = { method: request.method, headers, agent: secure ? agents.https : agents.http, signal: init?.signal ?? undefined };
      const sent = (secure ? httpsRequest : httpRequest)(url, options, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', failed);
        answer.on('end', () => {
          const status = answer.statusCode ?? 502;
          const received = new Headers();
          for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) received.append(answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!);
          try {
            resolve(new Response(NULL_BODY_STATUSES.has(status) ? null : Buffer.concat(chunks), { status, statusText: answer.statusMessage ?? '', headers: received }));
          } catch (error) {
            failed(error); // a status or header no Response can hold
          }
        });
      });
      sent.on('error', failed);
      sent.end(body);
    });
  };
  return {
    fetch,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
