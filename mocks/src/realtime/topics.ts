/**
 * The websocket's topics and who may subscribe to them, as `onSubscribeCallback` of
 * `websocket/webSocketServer.js` (server 2.19.16) decides: the topic is split on `/`, its project
 * (`[1]`) must exist with status 100, then the first rule that matches picks the topic —
 * `…/messages`, `…/requests`, `/project_users/users/`, `/project_users/`, `/events/`, `/bots/`,
 * anything else one conversation (`[3]` its `request_id`) — and builds its snapshot. A refusal (no
 * such project, not an active member, a conversation the caller may not read, an id that is no
 * ObjectId) is `undefined`: the server answers nothing.
 *
 * Strict mode ({@link SubscribeContext.strict}) also refuses what the server lets any signed-in
 * user do: subscribing to one conversation the caller may not see (the server answers `null` and
 * keeps the subscription), and the `events` and `bots` topics without an active membership (the
 * server checks neither).
 */
import { castObjectId } from '../mongoose/cast';
import { populatedConversation } from '../resources/messages';
import { isValidObjectId, teammateJson } from '../resources/team';
import type { ServiceCore } from '../service/context';
import { conversationKey, type StoredConversation, type StoredTeammate } from '../state/store';
import { isRecord, property } from './frames';

/** The snapshot's size limits of a deployment with the defaults (`WS_HISTORY_*_LIMIT`). */
const OPEN_CONVERSATIONS_LIMIT = 100;
const MESSAGES_LIMIT = 300;

/** What a subscription is checked against: the connection's user and the service's mode. */
interface SubscribeContext {
  core: ServiceCore;
  /** The connection's user (`req.user._id`), as stored. */
  userId: string;
  /** Strict mode: refuse what the server lets any signed-in user do. */
  strict: boolean;
}

/** A topic the server recognises, by its shape. */
type TopicKind = 'conversationMessages' | 'openConversations' | 'teammatePresence' | 'ownTeammate' | 'events' | 'bot' | 'conversation';

/** Which topic `topic` is, by the server's rules in their order, with its split segments. */
function classifyTopic(topic: string): { kind: TopicKind; segments: string[] } {
  const segments = topic.split('/');
  const kind: TopicKind = topic.endsWith('/messages')
    ? 'conversationMessages'
    : topic.endsWith('/requests')
      ? 'openConversations'
      : topic.includes('/project_users/users/')
        ? 'teammatePresence'
        : topic.includes('/project_users/')
          ? 'ownTeammate'
          : topic.includes('/events/')
            ? 'events'
            : topic.includes('/bots/')
              ? 'bot'
              : 'conversation';
  return { kind, segments };
}

/** `castObjectId` that answers `undefined` where Mongoose's cast fails (the server's query then rejects). */
function objectId(value: unknown): string | undefined {
  try {
    return castObjectId(value, '_id');
  } catch {
    return undefined;
  }
}

/** The caller's active teammate of the project (`projectUserService.getWithPermissions`: `{id_project, id_user, status: "active"}`). */
export function activeMember(core: ServiceCore, projectId: string, userId: string): StoredTeammate | undefined {
  for (const teammate of core.store.teammates.values()) {
    if (teammate.id_project === projectId && teammate.id_user === userId && teammate.status === 'active') return teammate;
  }
  return undefined;
}

/** `value` holds `id` as MongoDB matches a field against a value: equal, or an array holding it. */
function holds(value: unknown, id: string): boolean {
  return Array.isArray(value) ? value.includes(id) : value === id;
}

/** The `id_user`s of a conversation's `snapshot.agents`. */
function snapshotAgents(conversation: StoredConversation): unknown[] {
  const agents = property(property(conversation, 'snapshot'), 'agents');
  return Array.isArray(agents) ? agents.map((agent: unknown) => property(agent, 'id_user')) : [];
}

/**
 * Whether `member` (user `userId`) may see the conversation (`request_role_check`): owners and admins
 * see all, agents those whose `snapshot.agents` or `participants` hold them, other roles those whose
 * `participants` hold them.
 */
export function maySee(member: StoredTeammate, userId: string, conversation: StoredConversation): boolean {
  if (member.role === 'owner' || member.role === 'admin') return true;
  if (holds(property(conversation, 'participants'), userId)) return true;
  return member.role === 'agent' && snapshotAgents(conversation).includes(userId);
}

/** A conversation of the open-conversations snapshot, as the server's `lean()` query and its loop leave it. */
function leanConversation(conversation: StoredConversation): Record<string, unknown> {
  const out: Record<string, unknown> = { ...structuredClone(conversation), id: conversation._id, requester_id: conversation.lead ? conversation.lead : null };
  const snapshot = out.snapshot;
  if (isRecord(snapshot)) {
    const requester = snapshot.requester;
    if (isRecord(requester)) requester.isAuthenticated = requester.role !== 'guest';
    if (Array.isArray(snapshot.agents) && snapshot.agents.length > 0) snapshot.agents = snapshotAgents(conversation).map((id_user) => ({ id_user }));
  }
  return out;
}

/** Whether a conversation is in the open-conversations snapshot: status in (50, 1000) but not 150, not a preflight, not a draft. */
function isOpen(conversation: StoredConversation): boolean {
  const status = conversation.status;
  const draft = property(conversation, 'draft');
  return typeof status === 'number' && status > 50 && status < 1000 && status !== 150 && conversation.preflight === false && (draft === false || draft === null || draft === undefined);
}

/** The conversations of the project, most recently updated first (`sort({updatedAt: 'desc'})`). */
function conversationsOf(core: ServiceCore, projectId: string): StoredConversation[] {
  return [...core.store.conversations.values()].filter((c) => c.id_project === projectId).sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
}

/** The snapshot a subscription gets: `{message}`, or `undefined` when it is refused (no answer). */
type Snapshot = { message: unknown } | undefined;

/** The teammate record snapshot: `toJSON()` with `isBusy` (false: the mock's projects set no `max_agent_assigned_chat`). */
function teammateSnapshot(teammate: StoredTeammate): { message: unknown } {
  return { message: { ...teammateJson(teammate), isBusy: false } };
}

/**
 * The snapshot of `topic` for the connection's user, or `undefined` when the subscription is refused.
 * @param topic the topic as sent (a string).
 */
export function snapshotOf(context: SubscribeContext, topic: string): Snapshot {
  const { core, userId, strict } = context;
  const { kind, segments } = classifyTopic(topic);
  const projectId = objectId(segments[1]);
  const project = projectId === undefined ? undefined : core.store.projects.get(projectId);
  if (!projectId || !project || project.status !== 100) return undefined;
  const member = activeMember(core, projectId, userId);
  switch (kind) {
    case 'conversationMessages': {
      if (!member) return undefined;
      const conversation = core.store.conversations.get(conversationKey(projectId, segments[3] ?? ''));
      if (!conversation || !maySee(member, userId, conversation)) return undefined;
      const messages = [...core.store.messages.values()]
        .filter((m) => m.id_project === projectId && m.recipient === conversation.request_id)
        .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
        .slice(0, MESSAGES_LIMIT);
      return { message: structuredClone(messages) };
    }
    case 'openConversations': {
      if (!member) return undefined;
      const open = conversationsOf(core, projectId).filter((c) => isOpen(c) && maySee(member, userId, c));
      return { message: open.slice(0, OPEN_CONVERSATIONS_LIMIT).map(leanConversation) };
    }
    case 'teammatePresence': {
      if (!member) return undefined;
      const wanted = segments[4];
      const byUser = isValidObjectId(wanted);
      const key = byUser ? objectId(wanted) : wanted;
      for (const teammate of core.store.teammates.values()) {
        if (teammate.id_project !== projectId || teammate.status !== 'active') continue;
        if (byUser ? teammate.id_user === key : teammate.uuid_user === key) return teammateSnapshot(teammate);
      }
      return undefined;
    }
    case 'ownTeammate': {
      const id = objectId(segments[3]);
      const teammate = id === undefined ? undefined : core.store.teammates.get(id);
      if (!teammate || teammate.id_project !== projectId || teammate.id_user !== userId || teammate.status !== 'active') return undefined;
      const roleType = property(teammate, 'roleType') ?? (teammate.role === 'user' || teammate.role === 'guest' ? 2 : 1);
      return roleType === 1 ? teammateSnapshot(teammate) : undefined;
    }
    case 'events': {
      // The mock emits no events: the last ones are none. The server checks no membership.
      if (objectId(segments[3]) === undefined || (strict && !member)) return undefined;
      return { message: [] };
    }
    case 'bot': {
      // The mock has no bots: `Faq_kb.findOne` finds none. The server checks no membership.
      if (objectId(segments[3]) === undefined || (strict && !member)) return undefined;
      return { message: null };
    }
    case 'conversation': {
      if (!member) return undefined;
      const requestId = segments[3];
      const conversation = requestId === undefined ? undefined : core.store.conversations.get(conversationKey(projectId, requestId));
      if (!conversation) return { message: null };
      if (!maySee(member, userId, conversation)) return strict ? undefined : { message: null };
      const populated = populatedConversation(core, conversation);
      // A populate that fails rejects the server's query: no answer.
      return 'reason' in populated ? undefined : { message: populated };
    }
  }
}
