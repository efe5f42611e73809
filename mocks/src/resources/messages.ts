/**
 * Messages (spec §2.10, §4.11, §6; reference sheet §10). Any active member may post, guests
 * included. A message to an unknown `request_id` creates the conversation (with its lead); the
 * answer is the message with its conversation as `request`. Emits `message.create` (and
 * `request.create` / `lead.create` for a new conversation).
 */
import { callerId, findTeammate } from '../auth';
import { stamps, type OpContext, type OperationTable, type ServiceCore } from '../context';
import { failMsg, isObject, ok } from '../http';
import type { Doc } from '../store';
import { createLeadDoc } from './leads';
import { plainTeammate } from './team';

/** The conversation as messages embed it: requester, lead and department populated. */
export function populatedConversation(core: ServiceCore, conversation: Doc): Doc {
  const out = structuredClone(conversation);
  if (typeof out.requester === 'string') {
    const teammate = core.store.teammates.get(out.requester);
    if (teammate) out.requester = plainTeammate(teammate);
  }
  if (typeof out.lead === 'string') {
    const lead = core.store.leads.get(out.lead);
    if (lead) out.lead = structuredClone(lead);
  }
  if (typeof out.department === 'string') {
    const department = core.store.departments.get(out.department);
    if (department) out.department = structuredClone(department);
  }
  out.participatingAgents = (out.participants ?? [])
    .map((id: string) => core.store.users.get(id))
    .filter(Boolean)
    .map((user: Doc) => structuredClone(user));
  out.participatingBots = [];
  return out;
}

function defaultDepartment(core: ServiceCore, projectId: string, requested?: string): string | undefined {
  const departments = [...core.store.departments.values()].filter((d) => d.id_project === projectId);
  return (departments.find((d) => d._id === requested) ?? departments.find((d) => d.default) ?? departments[0])?._id;
}

function createConversation(ctx: OpContext, requestId: string, requester: Doc | undefined): Doc {
  const { core, projectId, body, caller } = ctx;
  const who = callerId(caller);
  let lead = [...core.store.leads.values()].find((l) => l.id_project === projectId && l.lead_id === who && l.status !== 1000);
  if (!lead) {
    const fullname = typeof body.senderFullname === 'string' ? body.senderFullname : requester ? fullnameOf(core, requester) : undefined;
    lead = createLeadDoc(core, projectId, { lead_id: who, fullname, email: body.email, attributes: isObject(body.attributes) ? body.attributes : undefined }, who);
  }
  const participants: string[] = Array.isArray(body.participants) ? [...body.participants] : [];
  const _id = core.ids.objectId();
  const conversation: Doc = {
    _id,
    id: _id,
    request_id: requestId,
    first_text: body.text,
    status: participants.length ? 200 : 100,
    ...(typeof body.subject === 'string' ? { subject: body.subject } : {}),
    ...(typeof body.sourcePage === 'string' ? { sourcePage: body.sourcePage } : {}),
    ...(typeof body.userAgent === 'string' ? { userAgent: body.userAgent } : {}),
    ...(typeof body.language === 'string' ? { language: body.language } : {}),
    ...(requester ? { requester: requester._id } : {}),
    lead: lead._id,
    ...(defaultDepartment(core, projectId, body.departmentid) ? { department: defaultDepartment(core, projectId, body.departmentid) } : {}),
    participants,
    hasBot: participants.some((p) => p.startsWith('bot_')),
    preflight: false,
    channel: { name: isObject(body.channel) && typeof body.channel.name === 'string' ? body.channel.name : 'chat21' },
    ...(isObject(body.attributes) ? { attributes: structuredClone(body.attributes) } : {}),
    priority: typeof body.priority === 'string' ? body.priority : 'medium',
    id_project: projectId,
    ...stamps(core),
  };
  core.store.conversations.set(requestId, conversation);
  return conversation;
}

function fullnameOf(core: ServiceCore, teammate: Doc): string | undefined {
  const user = teammate.id_user ? core.store.users.get(teammate.id_user) : undefined;
  const name = [user?.firstname, user?.lastname].filter(Boolean).join(' ');
  return name || undefined;
}

/** Handlers of createMessage (spec §4.11). */
export const messageOperations: OperationTable = {
  createMessage: {
    pre: ({ body, badInputStatus }) =>
      body && typeof body === 'object' && !Array.isArray(body) && (body.type ?? 'text') === 'text' && (body.text === undefined || body.text === null)
        ? { status: badInputStatus, body: { errors: ['text field is required'] } }
        : undefined,
    handle(ctx) {
      const { core, projectId, params, body, caller } = ctx;
      const requestId = params.request_id!;
      let sender = callerId(caller);
      if (typeof body.sender === 'string' && body.sender !== sender) {
        const member = findTeammate(core.store, projectId, { kind: 'user', userId: body.sender, uuid: body.sender });
        if (!member || member.status !== 'active' || member.trashed) return failMsg(403, 'The sender is not a member of the project.');
        sender = body.sender;
      }
      const requester = caller ? findTeammate(core.store, projectId, caller) : undefined;
      let conversation = core.store.conversations.get(requestId);
      const created = !conversation || conversation.id_project !== projectId;
      if (created) conversation = createConversation(ctx, requestId, requester);
      const message: Doc = {
        _id: core.ids.objectId(),
        type: typeof body.type === 'string' ? body.type : 'text',
        status: typeof body.status === 'number' ? body.status : 0,
        sender,
        senderFullname: typeof body.senderFullname === 'string' ? body.senderFullname : 'Guest',
        recipient: requestId,
        text: body.text,
        id_project: projectId,
        createdBy: callerId(caller),
        ...(isObject(body.metadata) ? { metadata: structuredClone(body.metadata) } : {}),
        ...(isObject(body.attributes) ? { attributes: structuredClone(body.attributes) } : {}),
        channel_type: 'group',
        ...(typeof body.language === 'string' ? { language: body.language } : {}),
        channel: { name: isObject(body.channel) && typeof body.channel.name === 'string' ? body.channel.name : 'chat21' },
        ...stamps(core),
      };
      core.store.messages.set(message._id, message);
      conversation!.updatedAt = message.updatedAt;
      const answer = { ...structuredClone(message), request: populatedConversation(core, conversation!) };
      if (created) core.webhooks.emit('request.create', projectId, answer.request);
      core.webhooks.emit('message.create', projectId, answer);
      return ok(answer);
    },
  },
};
