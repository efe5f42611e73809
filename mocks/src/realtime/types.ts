/**
 * The public types of the service's websocket (`service.realtime`, the `realtime` option): what a
 * transport hands the hub (./hub.ts) and gets back. Imports nothing, so the service's options can
 * name them.
 */

/** Options of the service's websocket (`createMockService({ realtime })`). */
export interface RealtimeOptions {
  /**
   * Milliseconds between the server's heartbeat pings (default 30000, the server's); a connection
   * that sent no frame since the previous ping is terminated at the next one. `0` turns the
   * heartbeat off (no ping, no termination).
   * @throws {RangeError} from `createMockService` when it is not a whole number >= 0.
   */
  heartbeatMs?: number;
}

/**
 * Faults a scenario scripts on the websocket (`realtime` of a scenario file): what a live inbox must
 * survive. Every connection gets them, from its start (a reconnect starts over).
 */
export interface RealtimeFaults {
  /**
   * The socket drops (terminated: no closing handshake, the client sees code 1006) after it sent
   * `afterFrames` server frames to the client (snapshots, live frames, pings), or `afterMs`
   * milliseconds after it opened, whichever comes first.
   */
  drop?: { afterFrames?: number; afterMs?: number };
  /** Every server frame is sent this many milliseconds late (in order). */
  delayMs?: number;
  /**
   * The frames of the service's changes (a message or conversation created, a conversation or
   * teammate updated) are published this many milliseconds after the change is stored, as the
   * server's listeners publish after its write (`setImmediate`, then a query): a subscription made
   * in between gets the document in its snapshot and again as a `CREATE`.
   */
  eventDelayMs?: number;
  /**
   * Subscriptions to these topics get no answer and no frames, as the server refuses a topic: a
   * topic (`/{project_id}/requests`), `*` standing for one whole segment (a pattern ending in
   * `/requests/*` refuses every one conversation topic of its project).
   */
  refuseSubscribe?: string[];
}

/** How a transport sends to one client: a text frame, or the end of the connection. */
export interface RealtimeTransport {
  /** Sends one text frame to the client. */
  send(text: string): void;
  /** Ends the connection at once (no closing handshake: `ws.terminate()`). */
  terminate(): void;
}

/**
 * The outcome of a handshake: accepted for a user (`userId`), refused with an HTTP status
 * (`401 Unauthorized`), or never answered (`status: 'none'`: an anonymous visitor's token, whose
 * upgrade request the server leaves hanging).
 */
export type RealtimeHandshake = { accepted: true; userId: string } | { accepted: false; status: 401 | 'none' };

/** One open connection, as the transport drives it. */
export interface RealtimeConnection {
  /** The connection's id (a UUID), as `me` answers it. */
  readonly id: string;
  /** Handles one frame the client sent: its text, or `undefined` for a binary frame (which only keeps the connection alive). */
  receive(text: string | undefined): void;
  /** The connection is gone (closed by either side): its subscriptions and heartbeat end. */
  close(): void;
}

/** The service's websocket, for transports: the handshake, then the connections. */
export interface MockRealtime {
  /** Milliseconds between heartbeat pings (`0`: none). */
  readonly heartbeatMs: number;
  /** Connections open now. */
  readonly connections: number;
  /**
   * Checks the handshake's token as the server's `verifyClient` does (see the module description).
   * @param token the `token` query parameter as sent (with or without `JWT `), `null` without one.
   */
  handshake(token: string | null): Promise<RealtimeHandshake>;
  /** Opens a connection for an accepted handshake's `userId`; frames to the client go through `transport`. */
  connect(userId: string, transport: RealtimeTransport): RealtimeConnection;
  /** Terminates every connection (their transports' `terminate()`). */
  terminateAll(): void;
}
