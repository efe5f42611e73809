/**
 * Requests outside the harness: through a service's MSW handlers without a server (`call`), raw
 * bytes over a socket (`rawExchange`), and a large body produced on demand (`lazyBody`).
 */
import { connect, type Socket } from 'node:net';
import { getResponse } from 'msw';
import type { MockService } from '../../src/service/options';

/** The answer of {@link call}: status, parsed JSON body (else the text) and the text. */
export interface CallResult {
  status: number;
  body: any;
  text: string;
}

/** An in-process call through the service's MSW handlers (no conformance collector). */
export async function call(service: MockService, path: string, init: RequestInit = {}): Promise<CallResult> {
  const request = new Request(`http://api.supportkb.test${path}`, init);
  const response = await getResponse(service.handlers, request);
  // Held until the answer came: undici's Request follows `init.signal` through a weak reference, and
  // MSW answers a clone of it, so a request nothing holds any more can be garbage-collected while the
  // clone waits, and an abort of `init.signal` then never reaches the handler (a `hang` waited forever).
  void request.signal;
  if (!response) throw new Error(`no handler for ${path}`);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a text body
  }
  return { status: response.status, body, text };
}

/** A JSON request (`body` as text is sent as is). */
export const json = (auth: string | undefined, body: unknown, method = 'POST'): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: auth } : {}) },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

/** One mebibyte. */
export const MB = 1024 * 1024;

/** A body of `chunks` MiB produced on demand; `pulled()` tells how many chunks the server took. */
export function lazyBody(chunks: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === 0) controller.enqueue(new TextEncoder().encode('{"tag":"'));
      pulled++;
      if (pulled > chunks) controller.close();
      else controller.enqueue(new Uint8Array(MB).fill(0x61));
    },
  });
  return { stream, pulled: () => pulled };
}

/** Sends raw bytes over a socket and resolves with everything the server wrote until it closed (or 3 s). */
export function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    let out = '';
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('data', (chunk) => (out += chunk));
    socket.on('close', () => resolve(out));
    socket.on('error', () => resolve(out));
    setTimeout(() => socket.destroy(), 3000).unref();
  });
}

/** A second project, to check what other projects' tokens may do. */
export function addProject(service: MockService, id: string, jwtSecret: string): void {
  service.store.projects.set(id, { _id: id, name: `Project ${id.slice(-4)}`, jwtSecret, status: 100, createdAt: service.clock.iso(), updatedAt: service.clock.iso(), __v: 0 });
}
