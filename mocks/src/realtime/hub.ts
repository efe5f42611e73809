/**
 * The websocket's publish/subscribe hub, transport-neutral: what `websocket/pubsub.js` and the
 * event listeners of `websocket/webSocketServer.js` (server 2.19.16) do, over connections a
 * transport hands it (the standalone server's `ws` sockets, MSW's intercepted `WebSocket`s).
 *
 * - The handshake ({@link RealtimeHub.handshake}): the `token` query parameter without its `JWT `
 *   prefix, a JWT the service's own secret signed (the REST authenticator verifies it), whose `_id`
 *   is an active user. No token, a bad or expired one, or no such user: `401`. An `_id` that is no
 *   ObjectId (an anonymous visitor's UUID): no answer at all, as the server.
 * - Client frames ({@link RealtimeConnection.receive}): `subscribe` (the topic's snapshot to this
 *   connection alone, as a `CREATE`, or no answer when refused; see ./topics.ts), `unsubscribe`,
 *   `publish` and `broadcast` (relayed to the topic's subscribers without `method`, `broadcast` not
 *   to the sender), `heartbeat` (`ping` answered `pong`), `me`. Any frame keeps the connection alive.
 * - The heartbeat: every {@link RealtimeOptions.heartbeatMs} (30 s) a `ping`, and the connection is
 *   terminated if it sent no frame since the previous one.
 * - The service's events (the hub listens to the event hub the webhooks use): `message.create`,
 *   `request.create`, `request.update` (closing and reopening a conversation among them) and
 *   `project_user.update` become the server's `CREATE` and `UPDATE` frames to every subscriber of
 *   their topics. The mock has no bots and emits no events: their topics get a snapshot only.
 *
 * A scenario's `realtime` faults ({@link RealtimeFaults}): a socket dropped after some frames or some
 * time, every frame late, the changes' frames published late, some topics refused.
 *
 * Strict mode refuses what the server lets any signed-in user do: `publish` and `broadcast` are
 * ignored, a conversation the caller may not see is neither subscribable nor delivered, and the
 * `events` and `bots` topics need an active membership.
 */
import { castObjectId } from '../mongoose/cast';
import type { ServiceCore } from '../service/context';
import { conversationKey } from '../state/store';
import type { WebhookEventName } from '../webhooks';
import { decodeClientFrame, isPing, isRecord, meFrame, PING_FRAME, PONG_FRAME, property, publishFrame, type FrameMethod } from './frames';
import { activeMember, maySee, snapshotOf } from './topics';
import type { MockRealtime, RealtimeConnection, RealtimeFaults, RealtimeHandshake, RealtimeOptions, RealtimeTransport } from './types';

/** The default heartbeat interval, in ms (`pubsub.js`: 30000). */
const DEFAULT_HEARTBEAT_MS = 30_000;

/** Validates the `heartbeatMs` option. @throws {RangeError} when it is not a whole number >= 0. */
export function heartbeatOf(options: RealtimeOptions | undefined): number {
  const value = options?.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`realtime.heartbeatMs must be a whole number of milliseconds >= 0 (0: no heartbeat), got ${String(value)}`);
  return value;
}

interface Client {
  id: string;
  userId: string;
  transport: RealtimeTransport;
  alive: boolean;
  timer?: ReturnType<typeof setInterval>;
  /** Server frames sent so far (a scenario's `drop.afterFrames`). */
  sent: number;
  /** The scenario's `drop.afterMs` timer. */
  dropTimer?: ReturnType<typeof setTimeout>;
}

/** Whether `topic` matches a scenario's `refuseSubscribe` pattern (`*`: any one segment). */
export function topicMatches(pattern: string, topic: string): boolean {
  const want = pattern.split('/');
  const have = topic.split('/');
  return want.length === have.length && want.every((segment, i) => segment === '*' || segment === have[i]);
}

/** A Node timer that does not keep the process alive (browsers' timers are numbers). */
function unrefTimer(timer: unknown): void {
  const unref = property(timer, 'unref');
  if (typeof unref === 'function') unref.call(timer);
}

interface Subscription {
  topic: string;
  client: Client;
}

/** The hub of one service. */
export class RealtimeHub implements MockRealtime {
  private readonly clients = new Map<string, Client>();
  /** Every subscription, in the order they were made (a client subscribed twice to a topic is here twice). */
  private subscriptions: Subscription[] = [];

  constructor(
    private readonly core: ServiceCore,
    readonly heartbeatMs: number,
    /** The scenario's websocket faults (none by default). */
    private readonly faults: RealtimeFaults = {},
  ) {
    core.webhooks.onEvent((event, projectId, payload) => {
      const { eventDelayMs } = this.faults;
      // A scenario's late publication: the change is stored now, its frames follow.
      if (eventDelayMs) unrefTimer(setTimeout(() => this.onEvent(event, projectId, payload), eventDelayMs));
      else this.onEvent(event, projectId, payload);
    });
  }

  get connections(): number {
    return this.clients.size;
  }

  async handshake(token: string | null): Promise<RealtimeHandshake> {
    if (!token) return { accepted: false, status: 401 };
    const verified = await this.core.auth.verify(token.replace('JWT ', ''));
    // `jwt.verify(token, <the server secret>)`: a token another secret signed (a project's, a subscription's) fails.
    if (!verified || verified.projectId !== undefined || verified.subscriptionId !== undefined) return { accepted: false, status: 401 };
    const { claims } = verified;
    const identifier = claims._id || property(claims._doc, '_id');
    let userId: string;
    try {
      userId = castObjectIdText(identifier);
    } catch {
      // `User.findOne({_id})` fails to cast (an anonymous visitor's UUID) and the callback is never called.
      return { accepted: false, status: 'none' };
    }
    const user = this.core.store.users.get(userId);
    if (!user || (user.status ?? 100) !== 100) return { accepted: false, status: 401 };
    return { accepted: true, userId };
  }

  connect(userId: string, transport: RealtimeTransport): RealtimeConnection {
    const client: Client = { id: crypto.randomUUID(), userId, transport, alive: true, sent: 0 };
    this.clients.set(client.id, client);
    if (this.heartbeatMs > 0) {
      client.timer = setInterval(() => this.ping(client), this.heartbeatMs);
      // Node: a connection's heartbeat does not keep the process alive.
      unrefTimer(client.timer);
    }
    const afterMs = this.faults.drop?.afterMs;
    if (afterMs !== undefined) {
      client.dropTimer = setTimeout(() => this.terminate(client), afterMs);
      unrefTimer(client.dropTimer);
    }
    return {
      id: client.id,
      receive: (text) => this.receive(client, text),
      close: () => this.drop(client),
    };
  }

  terminateAll(): void {
    for (const client of [...this.clients.values()]) {
      this.drop(client);
      client.transport.terminate();
    }
  }

  /** Ends `client`'s connection at once (no closing handshake). */
  private terminate(client: Client): void {
    this.drop(client);
    client.transport.terminate();
  }

  /** `pubsub.js` `ping`: terminate a connection silent since the last ping, else ping it. */
  private ping(client: Client): void {
    if (!client.alive) {
      this.terminate(client);
      return;
    }
    client.alive = false;
    this.send(client, PING_FRAME);
  }

  private drop(client: Client): void {
    clearInterval(client.timer);
    clearTimeout(client.dropTimer);
    if (!this.clients.delete(client.id)) return;
    this.subscriptions = this.subscriptions.filter((sub) => sub.client !== client);
  }

  private send(client: Client, text: string): void {
    const { delayMs } = this.faults;
    if (delayMs) {
      // A scenario's late frames: each one `delayMs` late, so their order is kept.
      unrefTimer(setTimeout(() => this.deliver(client, text), delayMs));
      return;
    }
    this.deliver(client, text);
  }

  private deliver(client: Client, text: string): void {
    if (!this.clients.has(client.id)) return;
    try {
      client.transport.send(text);
    } catch {
      // A transport that is closing: its close ends the connection.
    }
    client.sent++;
    const afterFrames = this.faults.drop?.afterFrames;
    if (afterFrames !== undefined && client.sent >= afterFrames) this.terminate(client);
  }

  /** `pubsub.js` `handleReceivedClientMessage`. */
  private receive(client: Client, text: string | undefined): void {
    if (!this.clients.has(client.id)) return;
    client.alive = true;
    if (text === undefined) return;
    const { action, payload } = decodeClientFrame(text);
    const topic = property(payload, 'topic');
    switch (action) {
      case 'me':
        this.send(client, meFrame(client.id));
        break;
      case 'heartbeat':
        if (isPing(property(property(payload, 'message'), 'text'))) this.send(client, PONG_FRAME);
        break;
      case 'subscribe': {
        // A topic that is no string makes the server's callback throw: no answer.
        if (typeof topic !== 'string' || !topic) break;
        // A scenario's refused topic: no answer, as the server refuses one.
        if (this.faults.refuseSubscribe?.some((pattern) => topicMatches(pattern, topic))) break;
        const snapshot = snapshotOf({ core: this.core, userId: client.userId, strict: this.core.strict }, topic);
        if (!snapshot) break;
        this.subscriptions.push({ topic, client });
        this.send(client, publishFrame(topic, snapshot.message, 'CREATE'));
        break;
      }
      case 'unsubscribe':
        if (topic) this.subscriptions = this.subscriptions.filter((sub) => sub.client !== client || sub.topic !== topic);
        break;
      case 'publish':
      case 'broadcast':
        // Strict mode: no client may inject frames.
        if (this.core.strict || typeof topic !== 'string' || !topic) break;
        this.publish(topic, property(payload, 'message'), undefined, action === 'broadcast' ? client : undefined);
        break;
      default:
        break;
    }
  }

  /**
   * Sends a `publish` frame to every subscriber of `topic` (`handlePublishMessage`), but `except`,
   * and, when `visible` is given, only to the subscribers it accepts.
   */
  private publish(topic: string, message: unknown, method: FrameMethod | undefined, except?: Client, visible?: (client: Client) => boolean): void {
    const subscribers = this.subscriptions.filter((sub) => sub.topic === topic && sub.client !== except);
    if (!subscribers.length) return;
    const frame = publishFrame(topic, message, method);
    for (const { client } of subscribers) {
      if (!visible || visible(client)) this.send(client, frame);
    }
  }

  /** In strict mode, whether a subscriber may see conversation `requestId` of `projectId` (always, in the default mode). */
  private conversationFilter(projectId: string, requestId: string): ((client: Client) => boolean) | undefined {
    if (!this.core.strict) return undefined;
    return (client) => {
      const conversation = this.core.store.conversations.get(conversationKey(projectId, requestId));
      const member = activeMember(this.core, projectId, client.userId);
      return !!conversation && !!member && maySee(member, client.userId, conversation);
    };
  }

  /** The frames of the server's event listeners (`webSocketServer.js`), for one event of the service. */
  private onEvent(event: WebhookEventName, projectId: string, payload: unknown): void {
    if (!this.subscriptions.length) return;
    switch (event) {
      case 'message.create': {
        const requestId = property(property(payload, 'request'), 'request_id');
        if (property(payload, 'request') && typeof requestId === 'string') this.publish(`/${projectId}/requests/${requestId}/messages`, payload, 'CREATE');
        break;
      }
      case 'request.create': {
        const requestId = String(property(payload, 'request_id'));
        if (property(payload, 'preflight') !== false) break;
        const visible = this.conversationFilter(projectId, requestId);
        this.publish(`/${projectId}/requests`, payload, 'CREATE', undefined, visible);
        this.publish(`/${projectId}/requests/${requestId}`, payload, 'CREATE', undefined, visible);
        break;
      }
      // No listener of `request.close` (the server's "TODO request.close is missing?"): closing is an
      // UPDATE through the `request.update` of its status change.
      case 'request.update': {
        const requestId = String(property(payload, 'request_id'));
        const status = property(payload, 'status');
        if (property(payload, 'preflight') !== false || !(typeof status === 'number' && status > 50)) break;
        // `requestJSON`: the snapshot replaced by the stored `snapshot.agents` as `[{id_user}]` (or `{}`).
        const stored = this.core.store.conversations.get(conversationKey(projectId, requestId));
        const agents = property(property(stored, 'snapshot'), 'agents');
        const snapshot = Array.isArray(agents) && agents.length > 0 ? { agents: agents.map((agent: unknown) => ({ id_user: property(agent, 'id_user') })) } : {};
        const message = { ...(isRecord(payload) ? payload : {}), snapshot };
        const visible = this.conversationFilter(projectId, requestId);
        if (property(payload, 'draft') !== true) this.publish(`/${projectId}/requests`, message, 'UPDATE', undefined, visible);
        this.publish(`/${projectId}/requests/${requestId}`, message, 'UPDATE', undefined, visible);
        break;
      }
      case 'project_user.update': {
        const id = property(payload, 'id') ?? property(payload, '_id');
        const user = property(payload, 'uuid_user') || property(property(payload, 'id_user'), '_id');
        this.publish(`/${projectId}/project_users/${String(id)}`, payload, 'UPDATE');
        this.publish(`/${projectId}/project_users/users/${String(user)}`, payload, 'UPDATE');
        break;
      }
      default:
        break;
    }
  }
}

/** The stored id of a token's `_id` (`castObjectId`). @throws {Error} when it is no ObjectId. */
function castObjectIdText(value: unknown): string {
  if (value === undefined || value === null || value === '') throw new Error('no _id');
  return castObjectId(value, '_id');
}
