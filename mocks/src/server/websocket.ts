/**
 * The standalone server's websocket: the service's hub (`service.realtime`, ../realtime/hub.ts) on
 * the HTTP server's port, path `/`, with the `ws` package, as the server (2.19.16) serves it with
 * `new WebSocket.Server({server, path, verifyClient})`: an upgrade request elsewhere is refused 400,
 * a missing or bad token 401 `Unauthorized` (ws's `abortHandshake`), an anonymous visitor's token
 * is never answered (the socket waits until the client gives up, or the server stops).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { MockRealtime } from '../realtime/types';

/** What {@link serveRealtime} returns. */
export interface RealtimeServer {
  /** Terminates every websocket and every handshake left hanging (part of the HTTP server's `stop()`). */
  stop(): void;
}

/** The `token` query parameter of an upgrade request (`url.parse(req.url, true).query.token`), or `null`. */
function tokenOf(req: IncomingMessage): string | null {
  try {
    return new URL(req.url ?? '/', 'http://localhost').searchParams.get('token');
  } catch {
    return null;
  }
}

/**
 * Serves `realtime` on `server`'s upgrade requests to path `/`.
 * @returns the handle that ends its connections.
 */
export function serveRealtime(server: Server, realtime: MockRealtime): RealtimeServer {
  /** The user of each accepted handshake, until its connection opens. */
  const users = new WeakMap<IncomingMessage, string>();
  const wss = new WebSocketServer({
    noServer: true,
    path: '/',
    verifyClient: (info: { req: IncomingMessage }, callback: (verified: boolean, code?: number, message?: string) => void) => {
      realtime.handshake(tokenOf(info.req)).then(
        (outcome) => {
          if (outcome.accepted) {
            users.set(info.req, outcome.userId);
            callback(true);
          } else if (outcome.status === 401) callback(false, 401, 'Unauthorized');
          // 'none': never called back, as the server's error path.
        },
        () => callback(false, 500),
      );
    },
  });
  /** Upgrade requests not finished yet (a hanging handshake among them). */
  const upgrading = new Set<Duplex>();

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrading.add(socket);
    socket.once('close', () => upgrading.delete(socket));
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      upgrading.delete(socket);
      const userId = users.get(req);
      if (userId === undefined) {
        ws.terminate();
        return;
      }
      const connection = realtime.connect(userId, { send: (text) => ws.send(text), terminate: () => ws.terminate() });
      ws.on('message', (data, isBinary) => connection.receive(isBinary ? undefined : data.toString()));
      ws.on('close', () => connection.close());
      ws.on('error', () => connection.close());
    });
  });

  return {
    stop() {
      for (const ws of wss.clients) ws.terminate();
      for (const socket of upgrading) socket.destroy();
      upgrading.clear();
      wss.close();
    },
  };
}
