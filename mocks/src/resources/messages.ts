/**
 * Messages. Any active member may post, guests included. A message to an unknown `request_id`
 * creates the conversation (with its lead); the answer is the message with its conversation as
 * `request`. Emits `message.create` (and `request.create` / `lead.create` for a new conversation).
 */
import type { Conversation, Message, MessageCreateRequest } from '@supportkb/sdk';
import { callerId, findTeammate } from '../auth/authorize';
import { isObject } from '../documents';
import { failMsg, ok } from '../http/results';
import { badInput } from '../http/validation';
import type { HandlerContext, HandlerGroup, ServiceCore } from '../service/context';
import { newConversation, newMessage } from '../state/factories';
import type { StoredConversation, StoredTeammate } from '../state/store';
import { createLead } from './leads';
import { plainTeammate } from './team';

/** The conversation as messages embed it: requester, lead, department and participating agents populated. */
function populatedConversation(core: ServiceCore, conversation: StoredConversation): Conversation {
  const { requester, lead, department, ...rest } = structuredClone(conversation);
  const out: Conversation = { ...rest };
  if (requester !== undefined) {
    const teammate = core.store.teammates.get(requester);
    out.requester = teammate ? plainTeammate(teammate) : requester;
  }
  if (lead !== undefined) {
    const doc = core.store.leads.get(lead);
    out.lead = doc ? structuredClone(doc) : lead;
  }
  if (department !== undefined) {
    const doc = core.store.departments.get(department);
    out.department = doc ? structuredClone(doc) : department;
  }
  out.participatingAgents = (out.participants ?? []).flatMap((id) => {
    const user = core.store.users.get(id);
    return user ? [structuredClone(user)] : [];
  });
  out.participatingBots = [];
  return out;
}

/** The department a new conversation goes to: the one requested, else the project's default, else its first. */
function departmentOf(core: ServiceCore, projectId: string, requested?: string | null): string | undefined {
  const departments = [...core.store.departments.values()].filter((d) => d.id_project === projectId);
  return (departments.find((d) => d._id === requested) ?? departments.find((d) => d.default) ?? departments[0])?._id;
}

/** The full name of a teammate's user, if it has one. */
function fullnameOf(core: ServiceCore, teammate: StoredTeammate): string | undefined {
  const user = teammate.id_user ? core.store.users.get(teammate.id_user) : undefined;
  const name = [user?.firstname, user?.lastname].filter(Boolean).join(' ');
  return name || undefined;
}

/** The channel a body names, else `chat21`. */
function channelOf(body: MessageCreateRequest): { name: string } {
  return { name: isObject(body.channel) && typeof body.channel.name === 'string' ? body.channel.name : 'chat21' };
}

/** Creates and stores the conversation `requestId` of a first message, with the caller's lead (created when missing). */
function createConversation(ctx: HandlerContext<'createMessage'>, requestId: string, requester: StoredTeammate | undefined): StoredConversation {
  const { core, projectId, body, caller } = ctx;
  const who = callerId(caller);
  let lead = [...core.store.leads.values()].find((l) => l.id_project === projectId && l.lead_id === who && l.status !== 1000);
  if (!lead) {
    const fullname = typeof body.senderFullname === 'string' ? body.senderFullname : requester ? fullnameOf(core, requester) : undefined;
    lead = createLead(core, projectId, { lead_id: who, fullname, email: body.email, attributes: body.attributes ?? undefined }, who);
  }
  const participants = [...(body.participants ?? [])];
  const conversation = newConversation(core, {
    request_id: requestId,
    first_text: body.text,
    status: participants.length ? 200 : 100,
    subject: body.subject,
    sourcePage: body.sourcePage,
    userAgent: body.userAgent,
    language: body.language,
    requester: requester?._id,
    lead: lead._id,
    department: departmentOf(core, projectId, body.departmentid),
    participants,
    hasBot: participants.some((p) => p.startsWith('bot_')),
    channel: channelOf(body),
    attributes: body.attributes ? structuredClone(body.attributes) : undefined,
    priority: typeof body.priority === 'string' ? body.priority : undefined,
    id_project: projectId,
  });
  core.store.conversations.set(requestId, conversation);
  return conversation;
}

/** Handlers of createMessage. */
export const messageHandlers = {
  createMessage: {
    pre: ({ body, badInputStatus }) =>
      isObject(body) && (body.type ?? 'text') === 'text' && (body.text === undefined || body.text === null) ? badInput(badInputStatus, ['text field is required']) : undefined,
    handle(ctx) {
      const { core, projectId, path, body, caller } = ctx;
      const requestId = path.request_id;
      let sender = callerId(caller);
      if (typeof body.sender === 'string' && body.sender !== sender) {
        const member = findTeammate(core.store, projectId, { userId: body.sender, uuid: body.sender });
        if (!member || member.status !== 'active' || member.trashed) return failMsg(403, 'The sender is not a member of the project.');
        sender = body.sender;
      }
      const requester = caller ? findTeammate(core.store, projectId, caller) : undefined;
      const known = core.store.conversations.get(requestId);
      const created = !known || known.id_project !== projectId;
      const conversation = created ? createConversation(ctx, requestId, requester) : known;
      const message = newMessage(core, {
        type: typeof body.type === 'string' ? body.type : 'text',
        status: typeof body.status === 'number' ? body.status : 0,
        sender,
        senderFullname: typeof body.senderFullname === 'string' ? body.senderFullname : 'Guest',
        recipient: requestId,
        text: body.text,
        id_project: projectId,
        createdBy: callerId(caller),
        metadata: body.metadata ? structuredClone(body.metadata) : undefined,
        attributes: body.attributes ? structuredClone(body.attributes) : undefined,
        language: typeof body.language === 'string' ? body.language : undefined,
        channel: channelOf(body),
      });
      core.store.messages.set(message._id, message);
      conversation.updatedAt = message.updatedAt;
      const answer: Message = { ...structuredClone(message), request: populatedConversation(core, conversation) };
      if (created) core.webhooks.emit('request.create', projectId, answer.request!);
      core.webhooks.emit('message.create', projectId, answer);
      return ok(answer);
    },
  },
} satisfies HandlerGroup;
