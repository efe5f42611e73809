// The page: sign in, list the project's open conversations and follow them live; open one to read
// its messages as they arrive, reply, close and reopen it. Plain DOM, the typed SDK and its realtime
// entry; the same code runs against the mock service worker or a real deployment.
import { AuthenticationError, createClient, PermissionDeniedError, SupportKbError, type Conversation, type Message } from '@supportkb/sdk';
import { createRealtime, RealtimeError, type Realtime, type RealtimeSubscription } from '@supportkb/sdk/realtime';

export interface AppOptions {
  /** API root, e.g. `https://api.tiledesk.com/v2` (or the mock's `<origin>/api`); the websocket is path `/` of its origin. */
  baseUrl: string;
  projectId: string;
  /** Shown in the status line once the page is ready. */
  readyText: string;
}

/** What the page shows of a message (a visitor's or teammate's, or the server's own info message: "Chat closed"). */
type ShownMessage = Pick<Message, '_id' | 'sender' | 'senderFullname' | 'text' | 'createdAt'>;

const $ = <T extends Element>(selector: string) => document.querySelector<T>(selector)!;

/** Open, as the inbox lists them: above 50 (temporary), below 1000 (closed), not 150 (abandoned). */
const isOpen = (conversation: Conversation) => {
  const status = Number(conversation.status);
  return status > 50 && status < 1000 && status !== 150;
};

/** A message for the user (the SDK's own message names the operation and status: fine for the console, not the page). */
function describe(error: unknown, action: string): string {
  if (error instanceof AuthenticationError) return action === 'sign in' ? 'Wrong email or password.' : 'Your session has expired. Sign in again.';
  if (error instanceof PermissionDeniedError) return `You don't have permission to ${action}.`;
  if (error instanceof RealtimeError) return `Live updates are off (${error.code}): reload the page to try again.`;
  if (error instanceof SupportKbError) return `Could not ${action}. Try again.`;
  return `Something went wrong while trying to ${action}.`;
}

export function mountApp({ baseUrl, projectId, readyText }: AppOptions): void {
  const sk = createClient({ baseUrl, projectId });
  const status = $<HTMLParagraphElement>('#status');
  const connection = $<HTMLParagraphElement>('#connection');
  const signIn = $<HTMLFormElement>('#sign-in');
  const list = $<HTMLUListElement>('#conversations');
  const pane = $<HTMLElement>('#conversation');
  const messageList = $<HTMLOListElement>('#messages');
  const reply = $<HTMLFormElement>('#reply');
  const closeButton = $<HTMLButtonElement>('#close');
  const reopenButton = $<HTMLButtonElement>('#reopen');

  /** The open conversations by `request_id`. */
  const open = new Map<string, Conversation>();
  /** The conversation on the right, and its messages by `_id`. */
  let current: Conversation | undefined;
  const messages = new Map<string, ShownMessage>();
  let live: Realtime | undefined;
  let following: RealtimeSubscription | undefined;

  const say = (text: string, isError = false) => {
    status.textContent = text;
    status.classList.toggle('error', isError);
  };
  /** Visitors' names by `request_id`: REST answers and `CREATE` frames populate the lead, the snapshot and `UPDATE` frames carry its id only. */
  const names = new Map<string, string>();
  const remember = (c: Conversation) => {
    const lead = c.lead;
    if (c.request_id && typeof lead === 'object' && typeof lead?.fullname === 'string' && lead.fullname.trim()) names.set(c.request_id, lead.fullname.trim());
  };
  const title = (c: Conversation) => `${names.get(c.request_id ?? '') ?? 'Visitor'}: ${c.first_text ?? '(no text)'}`;

  const renderList = () => {
    const time = (c: Conversation) => Date.parse(String(c.updatedAt ?? c.createdAt ?? 0)) || 0;
    list.replaceChildren(
      ...[...open.values()]
        .sort((a, b) => time(b) - time(a))
        .map((c) => {
          const item = document.createElement('li');
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = title(c);
          button.setAttribute('aria-current', String(c.request_id === current?.request_id));
          button.addEventListener('click', () => void select(c));
          item.append(button);
          return item;
        }),
    );
  };

  const renderConversation = () => {
    if (!current) return;
    const closed = Number(current.status) === 1000;
    $<HTMLHeadingElement>('#conversation-title').textContent = title(current);
    $<HTMLParagraphElement>('#conversation-status').textContent = closed ? 'Closed' : 'Open';
    closeButton.hidden = closed;
    reopenButton.hidden = !closed;
    reply.hidden = closed;
    const time = (m: ShownMessage) => Date.parse(String(m.createdAt ?? 0)) || 0;
    messageList.replaceChildren(
      ...[...messages.values()]
        .sort((a, b) => time(a) - time(b))
        .map((m) => {
          const item = document.createElement('li');
          const sender = document.createElement('span');
          sender.className = 'sender';
          sender.textContent = m.senderFullname || m.sender;
          item.append(sender, m.text ?? '');
          return item;
        }),
    );
  };

  /** A conversation as the server now has it (a REST answer or a live frame): listed while open, shown if it is the current one. */
  const apply = (conversation: Conversation, render = true) => {
    const id = conversation.request_id;
    if (!id) return;
    remember(conversation);
    if (isOpen(conversation)) open.set(id, conversation);
    else open.delete(id);
    if (current?.request_id === id) {
      current = { ...current, ...conversation };
      renderConversation();
    }
    if (render) renderList();
  };

  const addMessages = (list: ShownMessage[], replace = false) => {
    if (replace) messages.clear();
    for (const message of list) messages.set(message._id, message);
    renderConversation();
  };

  /** Opens a conversation: its messages over REST, then its messages topic for the new ones. */
  async function select(conversation: Conversation) {
    const requestId = conversation.request_id!;
    following?.unsubscribe();
    current = conversation;
    messages.clear();
    pane.hidden = false;
    renderList();
    renderConversation();
    try {
      const history = await sk.messages.list({ request_id: requestId });
      if (current?.request_id !== requestId) return;
      addMessages(history);
      following = live?.subscribe(
        'conversationMessages',
        { project_id: projectId, request_id: requestId },
        {
          // the snapshot holds the same messages (after a drop: the ones missed too)
          snapshot: (snapshot, { resync }) => addMessages(snapshot, resync),
          created: (message) => addMessages([message]),
          // Agents follow the messages of the conversations assigned to them (or they take part in)
          // only: the server does not answer the subscription otherwise.
          error: (error) =>
            say(error.code === 'subscribe_timeout' ? 'New messages of this conversation will not appear live: it is not assigned to you.' : describe(error, 'follow the conversation'), true),
        },
      );
      say(`${history.length} messages.`);
    } catch (error) {
      console.warn(error);
      say(describe(error, 'read the conversation'), true);
    }
  }

  /** Follows the open conversations: a snapshot (replacing the list), then each new or changed one. */
  function goLive() {
    live = createRealtime({ baseUrl, credentials: sk.http.credentials });
    live.subscribe(
      'openConversations',
      { project_id: projectId },
      {
        snapshot: (snapshot, { resync }) => {
          open.clear();
          for (const conversation of snapshot) apply(conversation, false);
          renderList();
          if (resync) say(`Reconnected: ${open.size} open conversations, from a fresh snapshot.`);
        },
        created: (conversation) => apply(conversation),
        updated: (conversation) => apply(conversation),
        // `ready` rejects too; the handler is enough
        error: (error) => say(describe(error, 'follow the inbox'), true),
      },
    );
    // The connection's state, for the badge (`connecting`, `open`, `reconnecting`, `closed`).
    const show = () => {
      const state = live!.state;
      connection.dataset.state = state;
      connection.textContent = state === 'open' ? 'live' : state;
    };
    show();
    setInterval(show, 250);
  }

  signIn.addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = new FormData(signIn);
    try {
      const { user } = await sk.auth.signIn({ email: String(form.get('email')), password: String(form.get('password')) });
      const page = await sk.conversations.list(); // the first page (40), newest first; open ones by default
      for (const conversation of page.requests) apply(conversation, false);
      renderList();
      signIn.hidden = true;
      $<HTMLElement>('#inbox').hidden = false;
      $<HTMLParagraphElement>('#who').textContent = `Signed in as ${[user.firstname, user.lastname].filter(Boolean).join(' ') || user.email}`;
      say(`${page.count ?? open.size} open conversations.`);
      goLive();
    } catch (error) {
      console.warn(error);
      say(describe(error, 'sign in'), true);
    }
  });

  reply.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!current?.request_id) return;
    const text = String(new FormData(reply).get('text')).trim();
    try {
      const sent = await sk.messages.create({ request_id: current.request_id, text });
      if (sent._id) addMessages([sent]);
      reply.reset();
      say('Reply sent.');
    } catch (error) {
      console.warn(error);
      say(describe(error, 'send the reply'), true);
    }
  });

  closeButton.addEventListener('click', async () => {
    if (!current?.request_id) return;
    try {
      apply(await sk.conversations.close({ request_id: current.request_id }));
      say('Conversation closed.');
    } catch (error) {
      console.warn(error);
      say(describe(error, 'close the conversation'), true);
    }
  });

  reopenButton.addEventListener('click', async () => {
    if (!current?.request_id) return;
    try {
      apply(await sk.conversations.reopen({ request_id: current.request_id }));
      say('Conversation reopened.');
    } catch (error) {
      console.warn(error);
      say(describe(error, 'reopen the conversation'), true);
    }
  });

  signIn.querySelector('button')!.disabled = false;
  say(readyText);
}
