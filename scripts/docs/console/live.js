// The console's "Live frames" panel: the websocket of the mock in the page (MSW's WebSocket
// interception, `setupBrowserMock`), opened with the SDK's realtime entry as the signed-in user. It
// follows the project's open conversations (a snapshot, then CREATE and UPDATE frames) and the
// messages of the newest five and of every conversation created or changed since, and lists every frame as it arrives, newest first: so an operation sent
// from Swagger UI (a message created, a conversation closed or reopened) shows the frames the server
// sends for it. The document of each frame is as `openapi/asyncapi.yaml` types it (realtime.html).
import { createRealtime } from '@supportkb/sdk/realtime';

/** Frames kept in the list (older ones drop off its end). */
const KEPT = 200;
/** Conversations of the snapshot whose messages the panel follows (then every new or changed one). */
const FROM_SNAPSHOT = 5;
/** Conversations whose messages the panel follows at most: the one followed longest is dropped first. */
const FOLLOWED = 25;

/**
 * The panel's controller.
 * @param {{ baseUrl: string, projectId: string, list: HTMLOListElement, state: HTMLElement, count: HTMLElement }} options
 *   `baseUrl`: the mock's REST base URL (the socket is path `/` of its origin); `list`, `state`,
 *   `count`: the panel's elements.
 * @returns {{ connect(token: string | undefined, why?: string): void, frames(): { topic: string, method: string, summary: string }[] }}
 *   `connect(token)` closes the current socket and opens one with `token` (a JWT), or none with
 *   `undefined` (`why` says why in the panel); `frames()` the frames listed, oldest first.
 */
export function createLivePanel({ baseUrl, projectId, list, state, count }) {
  /** @type {import('@supportkb/sdk/realtime').Realtime | undefined} */
  let live;
  /** @type {{ topic: string, method: string, summary: string }[]} */
  const received = [];
  /** The subscriptions to conversations' messages, by request_id, in the order they were made. */
  const followed = new Map();
  let timer;

  function setState(name, text) {
    state.dataset.state = name;
    state.textContent = text;
  }

  function add(topic, method, summary) {
    received.push({ topic, method, summary });
    if (received.length > KEPT) received.shift();
    const item = document.createElement('li');
    item.dataset.topic = topic;
    item.dataset.method = method;
    const label = document.createElement('span');
    label.className = 'frame-method';
    label.textContent = method;
    item.append(label, ` ${topic} `, summary);
    list.prepend(item);
    while (list.children.length > KEPT) list.lastElementChild?.remove();
    count.textContent = `${received.length} frame${received.length === 1 ? '' : 's'}`;
  }

  /** One line about a conversation: its id, status and first text. */
  function aboutConversation(conversation) {
    if (!conversation || typeof conversation !== 'object') return String(conversation);
    const text = typeof conversation.first_text === 'string' ? ` “${conversation.first_text.slice(0, 60)}”` : '';
    return `${conversation.request_id ?? '?'} (status ${conversation.status ?? '?'})${text}`;
  }

  /** One line about a message: its sender and text. */
  function aboutMessage(message) {
    if (!message || typeof message !== 'object') return String(message);
    return `${message.senderFullname ?? message.sender ?? '?'}: “${String(message.text ?? '').slice(0, 80)}”`;
  }

  function followMessages(requestId) {
    if (!live || typeof requestId !== 'string' || followed.has(requestId)) return;
    if (followed.size >= FOLLOWED) {
      const [oldest, subscription] = followed.entries().next().value;
      subscription.unsubscribe();
      followed.delete(oldest);
    }
    const topic = `/${projectId}/requests/${requestId}/messages`;
    const subscription = live.subscribe(
      'conversationMessages',
      { project_id: projectId, request_id: requestId },
      {
        snapshot: (messages, { resync }) => add(topic, resync ? 'CREATE (snapshot after a reconnection)' : 'CREATE (snapshot)', `${messages.length} messages`),
        created: (message) => add(topic, 'CREATE', aboutMessage(message)),
        updated: (message) => add(topic, 'UPDATE', aboutMessage(message)),
        injected: (message) => add(topic, 'publish (from a client, no method)', JSON.stringify(message).slice(0, 120)),
        error: (error) => add(topic, 'error', error.message),
      },
    );
    followed.set(requestId, subscription);
  }

  function connect(token, why) {
    live?.close();
    live = undefined;
    followed.clear();
    clearInterval(timer);
    if (!token) {
      setState('closed', why ?? 'not connected');
      return;
    }
    live = createRealtime({ baseUrl, token });
    const current = live;
    const topic = `/${projectId}/requests`;
    live.subscribe(
      'openConversations',
      { project_id: projectId },
      {
        snapshot: (conversations, { resync }) => {
          add(topic, resync ? 'CREATE (snapshot after a reconnection)' : 'CREATE (snapshot)', `${conversations.length} open conversations`);
          for (const conversation of conversations.slice(0, FROM_SNAPSHOT)) followMessages(conversation.request_id);
        },
        created: (conversation) => {
          add(topic, 'CREATE', aboutConversation(conversation));
          followMessages(conversation.request_id);
        },
        updated: (conversation) => {
          add(topic, 'UPDATE', aboutConversation(conversation));
          followMessages(conversation.request_id);
        },
        injected: (message) => add(topic, 'publish (from a client, no method)', JSON.stringify(message).slice(0, 120)),
        error: (error) => add(topic, 'error', error.message),
      },
    );
    setState('connecting', 'connecting');
    // The connection's state (`connecting`, `open`, `reconnecting`, `closed`), as the SDK reports it.
    timer = setInterval(() => {
      if (live === current && state.dataset.state !== 'error') setState(current.state, current.state === 'open' ? 'live' : current.state);
    }, 250);
    current.connected.catch((error) => {
      if (live === current) setState('error', `not connected: ${error.message}`);
    });
  }

  return { connect, frames: () => received.slice() };
}
