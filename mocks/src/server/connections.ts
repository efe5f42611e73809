/**
 * The standalone server's connection limits: how many connections it keeps open, how long an idle
 * one may stay, and which idle one goes when a new client needs the room — so clients that open
 * connections and send nothing cannot use up the process's file descriptors and lock everyone out.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** {@link defaultMaxConnections} when the process's file descriptor limit cannot be read (not Linux). */
export const FALLBACK_MAX_CONNECTIONS = 512;
/** The most connections {@link defaultMaxConnections} allows, however high the descriptor limit. */
export const MAX_DEFAULT_CONNECTIONS = 8192;

/**
 * The soft limit on open file descriptors of this process (`ulimit -n`), read from
 * `/proc/self/limits`; undefined where it cannot be read (not Linux) or is unlimited.
 */
export function openFileLimit(limitsFile = '/proc/self/limits'): number | undefined {
  try {
    const line = /^Max open files\s+(\d+)\s/m.exec(readFileSync(limitsFile, 'utf8'));
    const soft = line ? Number(line[1]) : Number.NaN;
    return Number.isSafeInteger(soft) && soft > 0 ? soft : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The default `maxConnections` for a file descriptor limit (`limit`, as {@link openFileLimit} reads it): half of it (the other half for
 * everything else the process opens), between 16 and {@link MAX_DEFAULT_CONNECTIONS}; where the
 * limit cannot be read, {@link FALLBACK_MAX_CONNECTIONS}. Under the common `ulimit -n 1024`: 512.
 */
export function defaultMaxConnections(limit: number | undefined): number {
  if (limit === undefined) return FALLBACK_MAX_CONNECTIONS;
  return Math.max(16, Math.min(MAX_DEFAULT_CONNECTIONS, Math.floor(limit / 2)));
}

/** What {@link limitConnections} enforces. */
export interface ConnectionLimits {
  /** Connections open at once, at most (`Infinity`: no limit). */
  maxConnections: number;
  /** Milliseconds a connection may stay open with no request in flight before its first request (`0`: no limit). */
  idleTimeoutMs: number;
}

/** The live view of a server's connections (for tests and diagnostics). */
export interface ConnectionTracker {
  /** Connections open now. */
  readonly open: number;
  /** Of those, connections with no request in flight. */
  readonly idle: number;
  /** Connections closed to make room for a new one, since the start. */
  readonly evicted: number;
  /** Connections refused because every open one had a request in flight, since the start. */
  readonly refused: number;
}

/**
 * Tracks a server's connections and enforces `limits` on them:
 * - a new connection that has not sent a complete request's headers within `idleTimeoutMs` is
 *   closed (between requests, the server's `keepAliveTimeout` does the same);
 * - when `maxConnections` are open, a new connection closes the connection idle the longest (no
 *   request in flight: never used yet, or between keep-alive requests) to make room; only when
 *   every open connection has a request in flight is the new one refused (closed at once).
 *
 * Node's own `server.maxConnections` is not used: it refuses new connections while idle ones hold
 * every slot, which is the starvation this avoids.
 */
export function limitConnections(server: Server, limits: ConnectionLimits): ConnectionTracker {
  /** Every open connection, with its requests in flight. */
  const open = new Map<Socket, { inFlight: number; timer?: NodeJS.Timeout }>();
  /** The idle ones, longest idle first (a Map keeps insertion order). */
  const idle = new Set<Socket>();
  let evicted = 0;
  let refused = 0;

  const forget = (socket: Socket) => {
    const entry = open.get(socket);
    if (entry?.timer) clearTimeout(entry.timer);
    open.delete(socket);
    idle.delete(socket);
  };

  server.on('connection', (socket: Socket) => {
    if (open.size >= limits.maxConnections) {
      const oldest = idle.values().next().value;
      if (oldest) {
        evicted++;
        forget(oldest);
        oldest.destroy();
      } else {
        refused++;
        socket.destroy();
        return;
      }
    }
    const entry: { inFlight: number; timer?: NodeJS.Timeout } = { inFlight: 0 };
    open.set(socket, entry);
    idle.add(socket);
    if (limits.idleTimeoutMs > 0 && Number.isFinite(limits.idleTimeoutMs)) {
      entry.timer = setTimeout(() => {
        entry.timer = undefined;
        if (entry.inFlight === 0) socket.destroy();
      }, limits.idleTimeoutMs);
      entry.timer.unref();
    }
    socket.once('close', () => forget(socket));
  });

  server.on('request', (req, res: ServerResponse) => {
    const socket = req.socket;
    const entry = open.get(socket);
    if (!entry) return;
    if (entry.timer) {
      clearTimeout(entry.timer);
      entry.timer = undefined;
    }
    entry.inFlight++;
    idle.delete(socket);
    res.once('close', () => {
      entry.inFlight--;
      // Idle again: now the most recently idle (keepAliveTimeout closes it if no request follows).
      if (entry.inFlight === 0 && open.has(socket) && !socket.destroyed) idle.add(socket);
    });
  });

  // An upgrade request (the websocket) holds its connection for as long as it lives: never idle.
  server.on('upgrade', (req: IncomingMessage) => {
    const entry = open.get(req.socket);
    if (!entry) return;
    if (entry.timer) {
      clearTimeout(entry.timer);
      entry.timer = undefined;
    }
    entry.inFlight++;
    idle.delete(req.socket);
  });

  return {
    get open() {
      return open.size;
    },
    get idle() {
      return idle.size;
    },
    get evicted() {
      return evicted;
    },
    get refused() {
      return refused;
    },
  };
}
