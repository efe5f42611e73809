/**
 * The service's websocket through MSW's WebSocket interception (`ws.link`), for the in-process
 * mocks (`setupNodeMock`, `setupBrowserMock`): a `WebSocket` the code under test opens to path `/`
 * of the API's origin (`ws://` or `wss://`, any origin when the service answers at `*`) is served
 * by the service's hub (`service.realtime`), with no server.
 *
 * A socket that asks for a subprotocol (`new WebSocket(url, 'vite-hmr')`, as Vite's HMR client on the
 * page's origin) is not the service's: the handler does not take it, and MSW's `onUnhandledFrame`
 * decides (`bypass`: the real server gets it).
 *
 * The handshake is checked before the socket opens (the handler's `run`, which MSW awaits before
 * it lets the intercepted socket open): a refused token closes the socket without an `open` (code
 * 1006, as a browser reports a handshake answered 401), an anonymous visitor's token leaves it
 * connecting until the client gives up, as the server does.
 */
import { ws, type WebSocketHandler } from 'msw';
import type { MockRealtime } from './types';

/** The text of a frame MSW hands over: a string, or `undefined` for binary data. */
function textOf(data: unknown): string | undefined {
  return typeof data === 'string' ? data : undefined;
}

/** `text` with the characters of a regular expression escaped. */
function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The websocket URLs the service answers: path `/` of the origin of `baseUrl` (`ws:` for `http:`,
 * `wss:` for `https:`), or of any origin for `*`.
 */
function socketPattern(baseUrl: string): RegExp {
  if (baseUrl === '*' || !/^https?:\/\//i.test(baseUrl)) return /^wss?:\/\/[^/]+\/?$/i;
  const origin = new URL(baseUrl);
  return new RegExp(`^${origin.protocol === 'https:' ? 'wss' : 'ws'}://${escaped(origin.host)}/?$`, 'i');
}

/**
 * An MSW handler serving `realtime` at path `/` of `baseUrl`'s origin (see the module description).
 * @param baseUrl the service's `baseUrl` (`*`: every origin).
 */
export function realtimeHandler(realtime: MockRealtime, baseUrl: string): WebSocketHandler {
  const link = ws.link(socketPattern(baseUrl));
  /** The user of each accepted handshake, by its client. */
  const users = new WeakMap<object, string>();
  const handler = link.addEventListener('connection', ({ client }) => {
    const userId = users.get(client);
    if (userId === undefined) return;
    const connection = realtime.connect(userId, { send: (text) => client.send(text), terminate: () => client.close(1006, 'terminated') });
    client.addEventListener('message', (event) => connection.receive(textOf(event.data)));
    client.addEventListener('close', () => connection.close());
  });
  const run = handler.run.bind(handler);
  handler.run = async (connection, context) => {
    if (!handler.test(connection.client.url, context)) return run(connection, context);
    // A socket that asks for a subprotocol is not the service's (its clients ask for none): e.g.
    // Vite's HMR socket (`vite-hmr`) on the page's origin, path `/`. Left to MSW's other handlers.
    const { protocols } = connection.info;
    if (protocols !== undefined && protocols.length > 0) return null;
    const outcome = await realtime.handshake(connection.client.url.searchParams.get('token'));
    if (outcome.accepted) {
      users.set(connection.client, outcome.userId);
      return run(connection, context);
    }
    if (outcome.status === 401) {
      connection.client.close(1006, 'Unexpected server response: 401');
      return run(connection, context);
    }
    // No answer: the socket stays connecting until the client closes it.
    await new Promise<void>((resolve) => connection.client.addEventListener('close', () => resolve()));
    return run(connection, context);
  };
  return handler;
}
