// The parity scenario's steps (../scenario.mjs): Conversations read, closed and reopened, and their
// messages listed (after ./messages.mjs created the run's conversations).
import { s } from './steps.mjs';

export function conversationSteps() {
  const rid = (suffix) => (v) => `support-group-${v.projectId}-${v.run.replace(/[^a-z0-9]/g, '')}${suffix}`;
  const a = { request_id: rid('a') };
  const unknown = { request_id: 'support-group-parity-unknown' };
  return [
    s('getConversation.ok', 'getConversation', { path: a }),
    s('getConversation.agent', 'getConversation', { as: 'agent', path: a }),
    s('getConversation.guest', 'getConversation', { as: 'guest', path: a }),
    s('getConversation.unknown', 'getConversation', { path: unknown }),
    s('listMessages.ok', 'listMessages', { path: a }),
    s('listMessages.guest', 'listMessages', { as: 'guest', path: a }),
    s('listMessages.unknown', 'listMessages', { path: unknown }),
    s('listMessages.none', 'listMessages', { as: 'none', path: a }),
    s('closeConversation.agent-unknown', 'closeConversation', { as: 'agent', path: unknown }),
    s('closeConversation.owner-unknown', 'closeConversation', { path: unknown }),
    s('closeConversation.guest', 'closeConversation', { as: 'guest', path: a }),
    s('closeConversation.ok', 'closeConversation', { path: a }),
    s('closeConversation.again', 'closeConversation', { path: a }),
    s('closeConversation.force', 'closeConversation', { path: a, body: { force: true } }),
    s('listMessages.after-close', 'listMessages', { path: a }),
    s('getConversation.closed', 'getConversation', { path: a }),
    s('reopenConversation.ok', 'reopenConversation', { path: a }),
    s('reopenConversation.again', 'reopenConversation', { as: 'agent', path: a }),
    s('reopenConversation.unknown', 'reopenConversation', { path: unknown }),
    s('reopenConversation.guest', 'reopenConversation', { as: 'guest', path: a }),
    s('listMessages.after-reopen', 'listMessages', { path: a }),
  ];
}
