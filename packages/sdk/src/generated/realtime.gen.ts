// This file is generated from openapi/asyncapi.yaml by scripts/generate-realtime.mjs (npm run generate). Do not edit.
import type { Conversation, Message, ObjectId, Teammate } from './types.gen';

/** A teammate record, with `isBusy` (whether the teammate reached the assigned-chats limit). */
export type RealtimeTeammateWithBusy = Teammate & {
  /** Whether the teammate has as many assigned conversations as the project (or the
   * teammate's own `max_assigned_chat`) allows; `false` when the project sets no limit. */
  isBusy?: boolean;
};

/** An event emitted for a teammate (the server's event model: `name`, `attributes`,
 * `project_user`, `id_project`, `createdBy`, timestamps). Open: read unknown fields as data. */
export type RealtimeEvent = {
  _id?: ObjectId;
  name?: string;
  attributes?: unknown;
  project_user?: unknown;
  id_project?: string;
  createdAt?: string;
  [key: string]: unknown;
};

/** A bot (the server's `faq_kb` model). Open: read unknown fields as data. */
export type RealtimeBot = {
  _id?: ObjectId;
  name?: string;
  type?: string;
  id_project?: string;
  [key: string]: unknown;
};

/** The websocket's topics: per topic its parameters and the documents its frames carry. */
export type RealtimeTopicTypes = {
  /** Open conversations: `/{project_id}/requests`.
   *
   * The project's open conversations, as an inbox lists them. Subscribing needs an active
   * membership of the project (any role). The snapshot holds up to 100 conversations (the
   * deployment's `WS_HISTORY_REQUESTS_LIMIT`), most recently updated first, whose `status` is
   * above 50 and below 1000 and not 150 (unassigned, assigned, served: not temporary, abandoned or
   * closed), neither preflight nor draft; owners and admins get all of them, agents those they are
   * assigned to (the `snapshot.agents` chosen when the conversation was routed, that is the
   * department's agents) or take part in, other roles those they take part in. In the snapshot each
   * conversation has `id` (= `_id`) and `requester_id` (the lead's id or `null`), and
   * `snapshot` holds `agents` as `[{id_user}]` and `requester` with `isAuthenticated`.
   *
   * Then: a `CREATE` frame for each new conversation that is not a preflight, and an `UPDATE`
   * frame for each change of a conversation whose status is above 50, not a preflight and not a
   * draft; closing one (status 1000) and reopening it are `UPDATE` frames. Live frames reach every
   * subscriber, whatever the conversation's visibility to them. */
  openConversations: {
    params: { project_id: string };
    snapshot: Array<Conversation>;
    created: Conversation;
    updated: Conversation;
  };
  /** One conversation: `/{project_id}/requests/{request_id}`.
   *
   * One conversation, by its `request_id`. Subscribing needs an active membership of the project.
   * The snapshot is the conversation with `lead`, `department`, `participatingBots`,
   * `participatingAgents` and `requester` (with its `id_user`) populated, or `null` when it does
   * not exist or the caller may not see it (same visibility as the open conversations); the
   * subscription is kept either way, and every later `CREATE` / `UPDATE` of that conversation
   * arrives. */
  conversation: {
    params: { project_id: string; request_id: string };
    snapshot: Conversation | null;
    created: Conversation;
    updated: Conversation;
  };
  /** A conversation's messages: `/{project_id}/requests/{request_id}/messages`.
   *
   * The messages of one conversation. Subscribing needs an active membership of the project and a
   * conversation the caller may see (as for the open conversations); otherwise the subscribe is
   * refused without an answer. The snapshot is an array of up to 300 messages (the deployment's
   * `WS_HISTORY_MESSAGES_LIMIT`), oldest first. Then a `CREATE` frame for each new message,
   * including the server's own info messages ("Chat closed", "Chat reopened", members joining). */
  conversationMessages: {
    params: { project_id: string; request_id: string };
    snapshot: Array<Message>;
    created: Message;
    updated: never;
  };
  /** Your own teammate record: `/{project_id}/project_users/{project_user_id}`.
   *
   * The caller's own teammate record (project user), by its `_id`. Refused without an answer unless
   * it is the caller's own, of an agent-side role, and active. The snapshot is the record with
   * `isBusy`; then an `UPDATE` for each change (presence, availability, role). */
  ownTeammate: {
    params: { project_id: string; project_user_id: string };
    snapshot: RealtimeTeammateWithBusy;
    created: never;
    updated: Teammate;
  };
  /** A teammate's record, by user: `/{project_id}/project_users/users/{user_id}`.
   *
   * Any active member's teammate record, by the member's user id (an ObjectId) or, for other
   * members, their `uuid_user`: how an inbox tracks the presence of others. Subscribing needs an
   * active membership of the project; refused without an answer when no active member has that
   * user id. The snapshot is the record with `isBusy`; then an `UPDATE` for each change. */
  teammatePresence: {
    params: { project_id: string; user_id: string };
    snapshot: RealtimeTeammateWithBusy;
    created: never;
    updated: Teammate;
  };
  /** A teammate's events: `/{project_id}/events/{project_user_id}`.
   *
   * The events emitted for a teammate (project user), the last 20 (the deployment's
   * `WS_HISTORY_EVENTS_LIMIT`) newest first as the snapshot, then a `CREATE` for each new one. The
   * address may end with `/{event_name}` to receive that event only in the snapshot (live frames
   * are published on the address without the name). No membership or role check: any signed-in
   * user can subscribe. */
  events: {
    params: { project_id: string; project_user_id: string };
    snapshot: Array<RealtimeEvent>;
    created: RealtimeEvent;
    updated: never;
  };
  /** A bot: `/{project_id}/bots/{bot_id}`.
   *
   * A bot's document, or `null` when the project has no such bot, then an `UPDATE` for each
   * change. No membership or role check: any signed-in user can subscribe. */
  bot: {
    params: { project_id: string; bot_id: string };
    snapshot: RealtimeBot | null;
    created: never;
    updated: RealtimeBot;
  };
};

/** Each topic's address template and parameters, in the order of the address. */
export const realtimeTopics = {
  openConversations: { address: "/{project_id}/requests", params: ["project_id"] },
  conversation: { address: "/{project_id}/requests/{request_id}", params: ["project_id", "request_id"] },
  conversationMessages: { address: "/{project_id}/requests/{request_id}/messages", params: ["project_id", "request_id"] },
  ownTeammate: { address: "/{project_id}/project_users/{project_user_id}", params: ["project_id", "project_user_id"] },
  teammatePresence: { address: "/{project_id}/project_users/users/{user_id}", params: ["project_id", "user_id"] },
  events: { address: "/{project_id}/events/{project_user_id}", params: ["project_id", "project_user_id"] },
  bot: { address: "/{project_id}/bots/{bot_id}", params: ["project_id", "bot_id"] },
} as const;
