/**
 * The websocket's frames, encoded and decoded as `websocket/pubsub.js` of the server (2.19.16)
 * does: one JSON text message each; the server's `{action: "publish", payload: {topic, method,
 * message}}` (a `method` or `message` that is `undefined` is dropped by `JSON.stringify`, so a
 * relayed frame has no `method`), `heartbeat` and `me`; the client's `{action, payload}` read with
 * lodash's `_.get`.
 */

/** `CREATE` for a snapshot or a new document, `UPDATE` for a change; absent on a frame a client published. */
export type FrameMethod = 'CREATE' | 'UPDATE';

/** A client frame, once decoded: its `action` (`''` when there is none) and its `payload`. */
interface ClientFrame {
  /** `subscribe`, `unsubscribe`, `publish`, `broadcast`, `heartbeat`, `me`, or anything else (ignored). */
  action: unknown;
  /** The frame's `payload`, as sent. */
  payload: unknown;
}

/** Whether `value` is an object (or an array): something with properties. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** `_.get(value, key)` of one level: the property of an object (or array), else `undefined`. */
export function property(value: unknown, key: string): unknown {
  return isRecord(value) ? value[key] : undefined;
}

/**
 * A text message as `stringToJson` then `_.get(message, 'action', '')` read it: JSON text that is no
 * object has no action (`''`), nor has text that is no JSON.
 */
export function decodeClientFrame(text: string): ClientFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { action: '', payload: undefined };
  }
  return { action: property(value, 'action') ?? '', payload: property(value, 'payload') };
}

/** A `publish` frame of `topic` (`pubsub.js` `handlePublishMessage` / `handlePublishMessageToClientId`). */
export function publishFrame(topic: string, message: unknown, method: FrameMethod | undefined): string {
  return JSON.stringify({ action: 'publish', payload: { topic, method, message } });
}

/** The server's ping, every heartbeat interval. */
export const PING_FRAME = JSON.stringify({ action: 'heartbeat', payload: { message: { text: 'ping' } } });

/** The answer to a client's `ping`. */
export const PONG_FRAME = JSON.stringify({ action: 'heartbeat', payload: { message: { text: 'pong' } } });

/** The answer to `me`: the connection's id, and `userId` always `null` (the server never sets it). */
export function meFrame(connectionId: string): string {
  return JSON.stringify({ action: 'me', payload: { id: connectionId, userId: null } });
}

/** `text == 'ping'` as JavaScript's loose equality compares a value with a string. */
export function isPing(text: unknown): boolean {
  if (typeof text === 'string') return text === 'ping';
  if (Array.isArray(text)) return String(text) === 'ping';
  return false;
}
