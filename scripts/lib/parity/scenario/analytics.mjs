// The parity scenario's steps (../scenario.mjs): Analytics: once before the conversations exist, once after messageSteps() made them.
import { MALFORMED_ID, UNKNOWN_ID, s } from './steps.mjs';

/** The analytics operations, each called once with no parameters. */
const ANALYTICS_OPS = [
  'getRequestWaitingTime',
  'getRequestWaitingTimeLastDay',
  'countRequests',
  'aggregateRequestsByStatus',
  'aggregateRequestsByDay',
  'aggregateRequestsByMonth',
  'aggregateRequestsByWeek',
  'aggregateRequestsByHour',
  'getRequestDuration',
  'getRequestSatisfaction',
  'countRequestsWithBot',
  'countMessages',
  'aggregateMessagesByDay',
];

export function analyticsSteps() {
  return [
    ...ANALYTICS_OPS.map((op) => s(`${op}.ok`, op, {})),
    s('countRequests.agent', 'countRequests', { as: 'agent' }),
    s('countRequests.no-credentials', 'countRequests', { as: 'none' }),
    s('aggregateRequestsByDay.lastdays', 'aggregateRequestsByDay', { query: { lastdays: 30 } }),
    s('aggregateRequestsByDay.lastdays-abc', 'aggregateRequestsByDay', { query: { lastdays: 'abc' } }),
    s('aggregateRequestsByDay.department-malformed', 'aggregateRequestsByDay', { query: { department_id: MALFORMED_ID } }),
    s('aggregateRequestsByDay.department-12-chars', 'aggregateRequestsByDay', { query: { department_id: 'abcdefghijkl' } }),
    s('aggregateRequestsByDay.department-array', 'aggregateRequestsByDay', { query: { 'department_id[0]': UNKNOWN_ID } }),
    s('aggregateRequestsByDay.participant-unknown-operator', 'aggregateRequestsByDay', { query: { 'participant[$foo]': 'x' } }),
    s('aggregateRequestsByMonth.department-malformed', 'aggregateRequestsByMonth', { query: { department_id: MALFORMED_ID } }),
    s('aggregateRequestsByMonth.department', 'aggregateRequestsByMonth', { query: { department_id: UNKNOWN_ID } }),
    s('aggregateRequestsByWeek.department-malformed', 'aggregateRequestsByWeek', { query: { department_id: MALFORMED_ID } }),
    s('aggregateRequestsByHour.timezone', 'aggregateRequestsByHour', { query: { timezone: '+02:00' } }),
    s('aggregateRequestsByHour.timezone-bad', 'aggregateRequestsByHour', { query: { timezone: 'Mars/Olympus' } }),
    s('getRequestWaitingTime.last-abc', 'getRequestWaitingTime', { query: { last: 'abc' } }),
    s('countMessages.attributes-object', 'countMessages', { query: { 'attributes[_answerid]': 'x' } }),
    s('aggregateMessagesByDay.lastdays-0', 'aggregateMessagesByDay', { query: { lastdays: 0 } }),
  ];
}

/** Analytics over the conversations and messages `messageSteps()` created (run after them). */
export function analyticsAfterMessagesSteps() {
  return [
    ...ANALYTICS_OPS.map((op) => s(`${op}.after-messages`, op, {})),
    s('getRequestWaitingTime.after-messages-last-60', 'getRequestWaitingTime', { query: { last: 60 } }),
    s('aggregateRequestsByDay.after-messages-lastdays-abc', 'aggregateRequestsByDay', { query: { lastdays: 'abc' } }),
    s('aggregateRequestsByDay.after-messages-lastdays-0', 'aggregateRequestsByDay', { query: { lastdays: 0 } }),
    s('aggregateRequestsByDay.after-messages-lastdays-negative', 'aggregateRequestsByDay', { query: { lastdays: -1 } }),
    s('aggregateRequestsByDay.after-messages-channel', 'aggregateRequestsByDay', { query: { channel: 'chat21' } }),
    s('aggregateRequestsByDay.after-messages-channel-other', 'aggregateRequestsByDay', { query: { channel: 'email' } }),
    s('aggregateRequestsByDay.after-messages-participant', 'aggregateRequestsByDay', { query: { participant: (v) => v.ownerUserId } }),
    s('aggregateRequestsByDay.after-messages-participant-ne', 'aggregateRequestsByDay', { query: { 'participant[$ne]': 'nobody' } }),
    s('aggregateRequestsByDay.after-messages-department-unknown', 'aggregateRequestsByDay', { query: { department_id: UNKNOWN_ID } }),
    s('aggregateRequestsByHour.after-messages-timezone-offset', 'aggregateRequestsByHour', { query: { timezone: '+05:30' } }),
    s('aggregateRequestsByHour.after-messages-timezone-compact', 'aggregateRequestsByHour', { query: { timezone: '-0300' } }),
    s('aggregateRequestsByHour.after-messages-timezone-olson', 'aggregateRequestsByHour', { query: { timezone: 'Europe/Rome' } }),
    s('aggregateRequestsByHour.after-messages-timezone-bad', 'aggregateRequestsByHour', { query: { timezone: 'Mars/Olympus' } }),
    s('aggregateRequestsByMonth.after-messages-department-unknown', 'aggregateRequestsByMonth', { query: { department_id: UNKNOWN_ID } }),
    s('countMessages.after-messages-sender', 'countMessages', { query: { sender: (v) => v.guestUuid } }),
    s('countMessages.after-messages-sender-unknown', 'countMessages', { query: { sender: 'nobody' } }),
    s('countMessages.after-messages-recipient', 'countMessages', { query: { recipient: (v) => `support-group-${v.projectId}-${v.run.replace(/[^a-z0-9]/g, '')}a` } }),
    s('countMessages.after-messages-attributes', 'countMessages', { query: { 'attributes[client]': 'test' } }),
    s('countMessages.after-messages-attributes-exists', 'countMessages', { query: { 'attributes[$exists]': 'true' } }),
    s('countMessages.after-messages-attributes_answerid', 'countMessages', { query: { attributes_answerid: 'x' } }),
    s('countMessages.after-messages-sender-unknown-operator', 'countMessages', { query: { 'sender[$foo]': 'x' } }),
    s('aggregateMessagesByDay.after-messages-lastdays-abc', 'aggregateMessagesByDay', { query: { lastdays: 'abc' } }),
    s('aggregateMessagesByDay.after-messages-channel', 'aggregateMessagesByDay', { query: { channel: 'chat21' } }),
    s('aggregateMessagesByDay.after-messages-sender', 'aggregateMessagesByDay', { query: { sender: (v) => v.guestUuid } }),
  ];
}
