// The parity scenario's steps (../scenario.mjs): Conversations listed, read, closed and reopened, and
// their messages listed (after ./messages.mjs created the run's conversations).
import { MALFORMED_ID, UNKNOWN_ID, s } from './steps.mjs';

export function conversationSteps() {
  const rid = (suffix) => (v) => `support-group-${v.projectId}-${v.run.replace(/[^a-z0-9]/g, '')}${suffix}`;
  const a = { request_id: rid('a') };
  const unknown = { request_id: 'support-group-parity-unknown' };
  const l = (id, query, options = {}) => s(`listConversations.${id}`, 'listConversations', { query, ...options });
  return [
    l('ok', {}),
    l('agent', {}, { as: 'agent' }),
    l('guest', {}, { as: 'guest' }),
    l('none', {}, { as: 'none' }),
    l('status-all', { status: 'all' }),
    l('status-list', { status: '100,200' }),
    l('status-closed', { status: '1000' }),
    l('status-nan', { status: 'abc' }),
    l('paged', { status: 'all', limit: '2', page: '1', sort: 'updatedAt', direction: '1' }),
    l('limit-over', { limit: '500' }),
    l('limit-nan', { limit: 'abc' }),
    l('page-negative', { page: '-1' }),
    l('department', { dept_id: (v) => v.department1 }),
    l('department-malformed', { dept_id: MALFORMED_ID }),
    l('lead-unknown', { lead: UNKNOWN_ID }),
    l('participant', { participant: (v) => v.agentUserId }),
    l('agent-participant', { participant: (v) => v.ownerUserId }, { as: 'agent' }),
    l('requester-email', { requester_email: 'ada.guest@example.org' }),
    l('hasbot', { hasbot: 'false' }),
    l('hasbot-malformed', { hasbot: 'abc' }),
    l('ticket', { ticket_id: '1' }),
    l('preflight', { preflight: 'true', status: 'all' }),
    l('no-populate', { no_populate: 'true', no_count: 'true' }),
    l('sort-refused', { sort: 'a..b' }),
    l('direction-refused', { direction: 'sideways' }),
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
    l('after-close-reopen', { status: 'all', sort: 'updatedAt' }),
  ];
}
