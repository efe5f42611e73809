/**
 * Conversations (the server's "requests"), as `routes/request.js` answers reading one, closing and
 * reopening it, and `routes/message.js` listing its messages:
 *
 * - `getConversation`: `Request.findOne({request_id, id_project})`, populated as every conversation
 *   answer (./messages.ts `populatedConversation`); 404 `Object not found.`.
 * - `listMessages`: `Message.find({recipient: request_id, id_project}).sort({createdAt: 'asc'})`,
 *   a plain array (an unknown conversation: `[]`).
 * - `closeConversation` (`routes/request.js:330-371`, `requestService.closeRequestByRequestId`): a
 *   caller whose role is neither owner nor admin must be among the conversation's
 *   `participantsAgents` (403 `{success: false, error: "You must be among the participants to
 *   close a conversation."}`; an unknown `request_id`: 404 `{success: false, error: "Request not
 *   found"}`); then status 1000, the transcript, `closed_at`, `closed_by` (the caller), `duration`
 *   (ms since creation). A closed conversation is answered as it is unless `force`. Every close,
 *   repeated ones too, emits `request.close`, on which the server posts "Chat closed"
 *   (`pubmodules/rules/conciergeBot.js`). An unknown `request_id` for an owner or admin: 500
 *   `{success: false, error: "Error closing request"}`.
 * - `reopenConversation` (`requestService.reopenRequestByRequestId`): an open conversation (100 or
 *   200) is answered as it is; otherwise status 200 with participants, else 100, and "Chat
 *   reopened" is posted. An unknown `request_id`: 500 `{success: false, error: "Error reopening request"}`.
 */
import { callerId } from '../auth/authorize';
import { field } from '../http/request';
import { failError, objectNotFound, ok } from '../http/results';
import type { HandlerGroup, ServiceCore } from '../service/context';
import { conversationKey, type StoredConversation } from '../state/store';
import { populatedConversation, postSystemMessage } from './messages';

const CLOSED = 1000;
const ASSIGNED = 200;
const UNASSIGNED = 100;

/** The conversation `request_id` of the project, as `Request.findOne({request_id, id_project})` finds it. */
const findConversation = (core: ServiceCore, projectId: string, requestId: string): StoredConversation | undefined => core.store.conversations.get(conversationKey(projectId, requestId));

/** The conversation's messages in creation order (`sort({createdAt: 'asc'})`; ties in insertion order). */
function messagesOf(core: ServiceCore, projectId: string, requestId: string) {
  return [...core.store.messages.values()].filter((m) => m.recipient === requestId && m.id_project === projectId).sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/** `messageService.getTranscriptByRequestId`: one line per message, `<date, time> <sender's name>: <text>`. */
function transcriptOf(core: ServiceCore, projectId: string, requestId: string): string {
  return messagesOf(core, projectId, requestId)
    .map((m) => {
      const at = new Date(m.createdAt);
      const two = (n: number) => String(n).padStart(2, '0');
      const stamp = `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}, ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}`;
      return `${stamp} ${m.senderFullname ?? ''}: ${String(m.text ?? '')}`;
    })
    .join('\n');
}

/** Handlers of getConversation, listMessages, closeConversation, reopenConversation. */
export const conversationHandlers = {
  getConversation: {
    handle({ core, projectId, raw }) {
      const conversation = findConversation(core, projectId, raw.path.request_id!);
      if (!conversation) return objectNotFound();
      const populated = populatedConversation(core, conversation);
      return 'reason' in populated ? populated : ok(populated);
    },
  },

  listMessages: {
    handle({ core, projectId, raw }) {
      return ok(messagesOf(core, projectId, raw.path.request_id!).map((m) => structuredClone(m)));
    },
  },

  closeConversation: {
    handle({ core, projectId, raw, caller, teammate }) {
      const requestId = raw.path.request_id!;
      const conversation = findConversation(core, projectId, requestId);
      const me = callerId(caller);
      const role = teammate?.role;
      if (role && role !== 'owner' && role !== 'admin') {
        if (!conversation) return failError(404, 'Request not found');
        if (!conversation.participantsAgents?.includes(me)) return failError(403, 'You must be among the participants to close a conversation.');
      }
      if (!conversation) return failError(500, 'Error closing request');
      const force = field(raw.body, 'force');
      // `force == undefined` is false; a closed conversation is closed again only when `force` is truthy.
      if (force || conversation.status !== CLOSED) {
        const closedAt = core.clock.iso();
        Object.assign(conversation, {
          status: CLOSED,
          transcript: transcriptOf(core, projectId, requestId),
          closed_at: closedAt,
          closed_by: me,
          duration: Date.parse(closedAt) - Date.parse(conversation.createdAt),
          updatedAt: closedAt,
        });
      }
      const populated = populatedConversation(core, conversation);
      if ('reason' in populated) return populated;
      core.webhooks.emit('request.close', projectId, populated);
      postSystemMessage(core, conversation, 'Chat closed', { subtype: 'info/support', updateconversation: false, messagelabel: { key: 'CHAT_CLOSED' } });
      return ok(populated);
    },
  },

  reopenConversation: {
    handle({ core, projectId, raw }) {
      const conversation = findConversation(core, projectId, raw.path.request_id!);
      if (!conversation) return failError(500, 'Error reopening request');
      if (conversation.status !== ASSIGNED && conversation.status !== UNASSIGNED) {
        conversation.status = (conversation.participants?.length ?? 0) > 0 ? ASSIGNED : UNASSIGNED;
        conversation.updatedAt = core.clock.iso();
        const populated = populatedConversation(core, conversation);
        if ('reason' in populated) return populated;
        core.webhooks.emit('request.update', projectId, populated);
        postSystemMessage(core, conversation, 'Chat reopened', { subtype: 'info/support', updateconversation: true, messagelabel: { key: 'CHAT_REOPENED' } });
        return ok(populated);
      }
      const populated = populatedConversation(core, conversation);
      return 'reason' in populated ? populated : ok(populated);
    },
  },
} satisfies HandlerGroup;
