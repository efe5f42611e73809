/**
 * `@supportkb/sdk/realtime`: the service's websocket, typed from its AsyncAPI document
 * (`openapi/asyncapi.yaml`): one socket per client, typed subscriptions per topic (a snapshot, then
 * created and updated documents), authentication from the client's credentials, the server's
 * heartbeat answered, reconnection with backoff that resubscribes and delivers a fresh snapshot, and
 * typed errors. Runs on the platform `WebSocket` (Node >= 22, browsers, Bun, Deno, workerd).
 *
 * ```ts
 * import { createRealtime } from '@supportkb/sdk/realtime';
 * const live = createRealtime({ baseUrl, credentials: sk.http.credentials });
 * const inbox = live.subscribe('openConversations', { project_id: projectId }, {
 *   snapshot: (conversations, { resync }) => render(conversations),
 *   created: (conversation) => add(conversation),
 *   updated: (conversation) => replace(conversation),
 * });
 * await inbox.ready; // the first snapshot arrived
 * ```
 */
import type { CredentialStore } from './auth';
import { realtimeTopics, type RealtimeTopicTypes } from './generated/realtime.gen';

export type { RealtimeBot, RealtimeEvent, RealtimeTeammateWithBusy, RealtimeTopicTypes } from './generated/realtime.gen';
export { realtimeTopics } from './generated/realtime.gen';

/** A topic's name (`openConversations`, `conversation`, `conversationMessages`, `ownTeammate`, `teammatePresence`, `events`, `bot`). */
export type RealtimeTopic = keyof RealtimeTopicTypes;

/** Base class of the realtime errors; `code` says which. */
export class RealtimeError extends Error {
  override readonly name: string = 'RealtimeError';
  constructor(
    message: string,
    /** `handshake_refused`, `handshake_timeout`, `subscribe_timeout`, `closed`, `bad_topic`. */
    readonly code: 'handshake_refused' | 'handshake_timeout' | 'subscribe_timeout' | 'closed' | 'bad_topic',
  ) {
    super(message);
  }
}

/** Options of {@link createRealtime}. */
export interface RealtimeOptions {
  /** The deployment's REST base URL (`https://host/path`); the socket is `wss://host/` (path `/`) unless `url` is given. */
  baseUrl?: string;
  /** The socket's URL without the token (e.g. `wss://host/`), when it differs from `baseUrl`'s origin. */
  url?: string;
  /** The client's credentials (`sk.http.credentials`): the socket authenticates with their JWT. */
  credentials?: CredentialStore;
  /** A JWT (with or without `JWT `), or a function returning one for each connection (e.g. after a sign-in). */
  token?: string | (() => string | Promise<string>);
  /** A `WebSocket` constructor, when the platform has none (default: `globalThis.WebSocket`). */
  WebSocket?: new (url: string) => WebSocket;
  /** How long a handshake may take before `handshake_timeout`, in ms (default 10 000). The server never answers an anonymous visitor's token. */
  connectTimeoutMs?: number;
  /** How long a subscription waits for its snapshot before `subscribe_timeout`, in ms (default 10 000). The server refuses a subscription by not answering. */
  subscribeTimeoutMs?: number;
  /** Reconnection after a drop: delays double from `initialDelayMs` (default 500) up to `maxDelayMs` (default 30 000), with jitter; `maxAttempts` (default Infinity) in a row before giving up. */
  reconnect?: { initialDelayMs?: number; maxDelayMs?: number; maxAttempts?: number } | false;
  /** Reconnects when no frame arrived for this long, in ms (default 75 000; the server pings every 30 s). */
  idleTimeoutMs?: number;
  /** Closes the connection when aborted. */
  signal?: AbortSignal;
}

/** What a subscription's handlers receive besides the document. */
export interface SnapshotInfo {
  /** `true` for a snapshot after a reconnection: frames may have been missed, this snapshot replaces the state. */
  resync: boolean;
}

/** Handlers of one subscription; each document is typed by the topic. */
export interface RealtimeHandlers<T extends RealtimeTopic> {
  snapshot?(message: RealtimeTopicTypes[T]['snapshot'], info: SnapshotInfo): void;
  /**
   * A document created after the snapshot. A `CREATE` for a document the last snapshot already held
   * (same `_id`) is not delivered: the server stores a document before it publishes its creation,
   * so a subscription made in between gets it in the snapshot and again as a `CREATE`.
   */
  created?(message: RealtimeTopicTypes[T]['created']): void;
  updated?(message: RealtimeTopicTypes[T]['updated']): void;
  /** A frame another client published into the topic (no `method`): untrusted data, not the server's. */
  injected?(message: unknown): void;
  /** The subscription failed (`subscribe_timeout`, `closed`); it is no longer active. */
  error?(error: RealtimeError): void;
}

/** One subscription: `ready` resolves on the first snapshot; `unsubscribe()` stops it. */
export interface RealtimeSubscription {
  readonly topic: string;
  readonly ready: Promise<void>;
  unsubscribe(): void;
}

/** The connection: subscribe to topics, close. */
export interface Realtime {
  subscribe<T extends RealtimeTopic>(topic: T, params: RealtimeTopicTypes[T]['params'], handlers: RealtimeHandlers<T>): RealtimeSubscription;
  /** Resolves once the socket is open (rejects with a {@link RealtimeError} when it cannot open). */
  readonly connected: Promise<void>;
  /** `connecting`, `open`, `reconnecting` or `closed`. */
  readonly state: 'connecting' | 'open' | 'reconnecting' | 'closed';
  close(): void;
}

/** A subscription's handlers as the dispatcher sees them: any topic's document (method syntax keeps a topic's handlers assignable). */
interface AnyHandlers {
  snapshot?(message: unknown, info: SnapshotInfo): void;
  created?(message: unknown): void;
  updated?(message: unknown): void;
  injected?(message: unknown): void;
  error?(error: RealtimeError): void;
}

interface Entry {
  topic: string;
  handlers: AnyHandlers;
  /** subscribed on the current socket, no snapshot yet */
  waiting: boolean;
  /** had a snapshot before: the next one is a resync */
  received: boolean;
  /** the `_id`s of the last snapshot's documents not yet seen again in a `CREATE` */
  held: Set<string>;
  timer?: ReturnType<typeof setTimeout>;
  resolve(): void;
  reject(error: RealtimeError): void;
}

const SEGMENT = /^[^/?#\s]+$/;

/** The `_id`s of a frame's documents: a snapshot's array, or one document (none for `null`). */
function documentIds(message: unknown): string[] {
  const ids: string[] = [];
  for (const document of Array.isArray(message) ? message : [message]) {
    const id: unknown = typeof document === 'object' && document !== null && '_id' in document ? document._id : undefined;
    if (typeof id === 'string') ids.push(id);
  }
  return ids;
}

/** The topic address of `topic` with `params` filled in; throws `RealtimeError('bad_topic')` on a missing or unsafe parameter. */
export function topicAddress<T extends RealtimeTopic>(topic: T, params: RealtimeTopicTypes[T]['params']): string {
  const spec = realtimeTopics[topic];
  if (!spec) throw new RealtimeError(`unknown realtime topic ${String(topic)}`, 'bad_topic');
  const values: Record<string, unknown> = params;
  return spec.address.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (typeof value !== 'string' || !SEGMENT.test(value)) throw new RealtimeError(`${String(topic)}: ${name} must be a non-empty path segment`, 'bad_topic');
    return value;
  });
}

/**
 * Opens the service's websocket (see the module's description).
 * @throws {TypeError} without `url` or `baseUrl`, or without a `WebSocket` on the platform.
 */
export function createRealtime(options: RealtimeOptions): Realtime {
  const Socket = options.WebSocket ?? globalThis.WebSocket;
  if (!Socket) throw new TypeError('createRealtime: this platform has no WebSocket; pass options.WebSocket');
  if (!options.url && !options.baseUrl) throw new TypeError('createRealtime: pass baseUrl (or url)');
  const base = new URL(options.url ?? '/', options.url ? undefined : options.baseUrl);
  if (!options.url) base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const subscribeTimeoutMs = options.subscribeTimeoutMs ?? 10_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 75_000;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const backoff = options.reconnect === false ? undefined : { initialDelayMs: 500, maxDelayMs: 30_000, maxAttempts: Infinity, ...options.reconnect };
  const entries = new Set<Entry>();
  let socket: WebSocket | undefined;
  let state: Realtime['state'] = 'connecting';
  let attempts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let connected!: { resolve(): void; reject(error: RealtimeError): void; done: boolean };
  const connectedPromise = new Promise<void>((resolve, reject) => (connected = { resolve, reject, done: false }));
  connectedPromise.catch(() => {});

  async function token(): Promise<string> {
    const value = typeof options.token === 'function' ? await options.token() : (options.token ?? options.credentials?.authorization({ type: 'apiKey', name: 'Authorization', in: 'header' }));
    if (!value) throw new RealtimeError('no token: sign in first, or pass token or credentials', 'handshake_refused');
    return value.replace(/^jwt\s+/i, '');
  }

  const send = (frame: object) => socket?.readyState === 1 && socket.send(JSON.stringify(frame));
  const subscribeFrame = (entry: Entry) => {
    entry.waiting = true;
    clearTimeout(entry.timer);
    entry.timer = setTimeout(
      () =>
        fail(
          entry,
          new RealtimeError(
            `no snapshot for ${entry.topic} within ${subscribeTimeoutMs} ms: the server refuses a subscription by not answering (unknown project, not a member, or a topic you may not read)`,
            'subscribe_timeout',
          ),
        ),
      subscribeTimeoutMs,
    );
    send({ action: 'subscribe', payload: { topic: entry.topic } });
  };

  function fail(entry: Entry, error: RealtimeError) {
    clearTimeout(entry.timer);
    if (!entries.delete(entry)) return;
    if (socket?.readyState === 1) send({ action: 'unsubscribe', payload: { topic: entry.topic } });
    entry.reject(error);
    entry.handlers.error?.(error);
  }

  function onFrame(data: unknown) {
    let frame: { action?: string; payload?: { topic?: unknown; method?: unknown; message?: unknown } } | null;
    try {
      frame = JSON.parse(String(data));
    } catch {
      return;
    }
    const payload = frame?.payload;
    if (frame?.action === 'heartbeat') {
      // any frame keeps the socket alive; `pong` is not answered again
      const ping = payload?.message;
      if (typeof ping === 'object' && ping !== null && 'text' in ping && ping.text === 'ping') send({ action: 'heartbeat', payload: { message: { text: 'pong' } } });
      return;
    }
    if (frame?.action !== 'publish' || typeof payload?.topic !== 'string') return;
    for (const entry of entries) {
      if (entry.topic !== payload.topic) continue;
      const { handlers } = entry;
      if (payload.method === undefined) handlers.injected?.(payload.message);
      else if (entry.waiting && payload.method === 'CREATE') {
        entry.waiting = false;
        clearTimeout(entry.timer);
        entry.held = new Set(documentIds(payload.message));
        handlers.snapshot?.(payload.message, { resync: entry.received });
        entry.received = true;
        entry.resolve();
      } else if (payload.method === 'CREATE') {
        // the snapshot held it already (see `RealtimeHandlers.created`)
        const [id] = documentIds(payload.message);
        if (id === undefined || !entry.held.delete(id)) handlers.created?.(payload.message);
      } else if (payload.method === 'UPDATE') handlers.updated?.(payload.message);
    }
  }

  function stop(error: RealtimeError) {
    state = 'closed';
    clearTimeout(retryTimer);
    clearTimeout(idleTimer);
    if (socket) discard(socket);
    if (!connected.done) {
      connected.done = true;
      connected.reject(error);
    }
    for (const entry of [...entries]) fail(entry, error);
  }

  /** Closes a socket the client gave up on, without its close event counting as a second loss. */
  function discard(ws: WebSocket) {
    ws.onclose = ws.onmessage = ws.onopen = null;
    if (socket === ws) socket = undefined;
    if (ws.readyState < 2) ws.close();
  }

  async function connect() {
    let url: string;
    try {
      const target = new URL(base);
      target.searchParams.set('token', await token());
      url = target.href;
    } catch (error) {
      return stop(error instanceof RealtimeError ? error : new RealtimeError(String(error), 'handshake_refused'));
    }
    if (state === 'closed') return;
    const ws = new Socket(url);
    socket = ws;
    let opened = false;
    const handshake = setTimeout(() => {
      if (opened || socket !== ws) return;
      discard(ws);
      lost(new RealtimeError(`no answer to the websocket handshake within ${connectTimeoutMs} ms (the server never answers an anonymous visitor's token)`, 'handshake_timeout'));
    }, connectTimeoutMs);
    ws.onopen = () => {
      opened = true;
      clearTimeout(handshake);
      state = 'open';
      attempts = 0;
      idle();
      if (!connected.done) {
        connected.done = true;
        connected.resolve();
      }
      for (const entry of entries) subscribeFrame(entry);
    };
    const idle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        if (socket !== ws) return;
        discard(ws);
        lost(new RealtimeError(`no frame for ${idleTimeoutMs} ms: the connection is presumed dead`, 'closed'));
      }, idleTimeoutMs);
    };
    ws.onmessage = (event) => {
      idle();
      onFrame(event.data);
    };
    ws.onclose = () => {
      clearTimeout(handshake);
      if (socket !== ws) return;
      lost(
        opened
          ? new RealtimeError('the websocket closed', 'closed')
          : new RealtimeError('the server refused the websocket handshake (a missing, invalid or expired token, or a user that is not active)', 'handshake_refused'),
      );
    };
  }

  /** The socket is gone: reconnect with backoff, or give up (a refused token, a first handshake that failed, no attempts left). */
  function lost(error: RealtimeError) {
    socket = undefined;
    clearTimeout(idleTimer);
    if (state === 'closed') return;
    attempts += 1;
    if (!backoff || attempts > backoff.maxAttempts || error.code === 'handshake_refused' || (!connected.done && error.code === 'handshake_timeout')) return stop(error);
    state = 'reconnecting';
    for (const entry of entries) {
      clearTimeout(entry.timer);
      entry.waiting = false;
    }
    const delay = Math.min(backoff.maxDelayMs, backoff.initialDelayMs * 2 ** (attempts - 1));
    retryTimer = setTimeout(connect, delay / 2 + Math.random() * (delay / 2));
  }

  options.signal?.addEventListener('abort', () => stop(new RealtimeError('aborted', 'closed')), { once: true });
  if (options.signal?.aborted) stop(new RealtimeError('aborted', 'closed'));
  else void connect();

  return {
    get connected() {
      return connectedPromise;
    },
    get state() {
      return state;
    },
    subscribe(name, params, handlers) {
      const topic = topicAddress(name, params);
      let entry!: Entry;
      const ready = new Promise<void>((resolve, reject) => {
        const anyHandlers: AnyHandlers = handlers;
        entry = { topic, handlers: anyHandlers, waiting: false, received: false, held: new Set(), resolve, reject };
      });
      ready.catch(() => {});
      if (state === 'closed') entry.reject(new RealtimeError('the realtime connection is closed', 'closed'));
      else {
        entries.add(entry);
        if (socket?.readyState === 1) subscribeFrame(entry);
      }
      return {
        topic,
        ready,
        unsubscribe() {
          clearTimeout(entry.timer);
          if (entries.delete(entry) && ![...entries].some((e) => e.topic === topic)) send({ action: 'unsubscribe', payload: { topic } });
        },
      };
    },
    close() {
      stop(new RealtimeError('closed by the client', 'closed'));
    },
  };
}
