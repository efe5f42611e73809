// The parity scenario's steps (../scenario.mjs): Conversations and messages.
import { UNKNOWN_ID, s } from './steps.mjs';

export function messageSteps() {
  const rid = (suffix) => (v) => `support-group-${v.projectId}-${v.run.replace(/[^a-z0-9]/g, '')}${suffix}`;
  const { createHmac } = process.getBuiltinModule('node:crypto');
  const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  // The token of a webhook delivery of the run's subscription (`sub: subscription`).
  const subscriptionToken = (v) => {
    if (!v.subSecret) return 'JWT none';
    const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ _id: v.subId, event: 'request.close', iat: Math.floor(Date.now() / 1000), aud: `https://tiledesk.com/subscriptions/${v.subId}`, iss: 'https://tiledesk.com', sub: 'subscription' })}`;
    return `JWT ${head}.${createHmac('sha256', v.subSecret).update(head).digest('base64url')}`;
  };
  const m = (id, suffix, body, options = {}) => s(`createMessage.${id}`, 'createMessage', { as: 'guest', path: { request_id: rid(suffix) }, body, ...options });
  return [
    m('guest-new', 'a', { text: 'Hello!', email: 'Ada.Guest@Example.org' }),
    m('guest-again', 'a', { text: 'Anyone there?', attributes: { client: 'test' } }),
    m('agent', 'a', { text: 'Hi, how can I help?' }, { as: 'agent' }),
    m('owner-participant', 'a', { text: 'The owner answers', sender: (v) => v.ownerUserId }, { as: 'owner', body: (v) => ({ text: 'The owner answers', sender: v.ownerUserId }) }),
    m('owner-participant-again', 'a', {}, { as: 'owner', body: (v) => ({ text: 'And again', sender: v.ownerUserId }) }),
    m('owner-basic', 'b', { text: 'Proactive hello', departmentid: 'nope' }, { as: 'basic' }),
    m('department-unknown', 'b', { text: 'x', departmentid: UNKNOWN_ID }, { as: 'owner' }),
    m(
      'department-default',
      'b',
      {
        text: 'x',
        departmentid: 'default',
        subject: 'S',
        sourcePage: 'https://example.org/p',
        language: 'it',
        userAgent: 'UA',
        priority: null,
        preflight: true,
        location: { country: 'IT', city: 'Rome' },
      },
      { as: 'owner' },
    ),
    m('no-text', 'c', {}),
    m('type-text-empty', 'c', { type: 'text', text: '' }),
    m('type-image-new', 'c', { type: 'image', metadata: { src: 'https://example.org/x.png' } }),
    m('type-text-array', 'c', { type: ['text'] }),
    m('text-number-new', 'c', { text: 5 }),
    m('text-number', 'a', { text: 5 }),
    m('text-object', 'a', { text: { a: 1 } }),
    m('type-image', 'a', { type: 'image', metadata: { src: 'https://example.org/x.png' } }),
    m('type-null', 'a', { type: null }),
    m('status-string', 'a', { text: 'x', status: 'abc' }),
    m('status-number', 'a', { text: 'x', status: 150 }),
    m('channel-string', 'a', { text: 'x', channel: 'web' }),
    m('channel-null', 'a', { text: 'x', channel: null, language: null, attributes: null, metadata: null }),
    m('sender-name-object', 'a', { text: 'x', senderFullname: { a: 1 } }),
    m('label', 'a', { text: '${LABEL_PLACEHOLDER}' }),
    m('sender-unknown', 'a', { text: 'x', sender: UNKNOWN_ID }, { as: 'owner' }),
    m('sender-not-id', 'a', { text: 'x', sender: 'someone-else' }, { as: 'owner' }),
    m('sender-unknown-new', 'd', { text: 'x', sender: UNKNOWN_ID }, { as: 'owner' }),
    m('sender-not-id-new', 'd', { text: 'x', sender: 'someone-else' }, { as: 'owner' }),
    m('sender-external-hex-new', 'd', { text: 'x', sender: '5f5f5f5f5f5f5f5f5f5f5f5f' }, { as: 'owner' }),
    m('sender-guest-new', 'd', {}, { as: 'owner', body: (v) => ({ text: 'On behalf of the guest', sender: v.guestUuid }) }),
    m('participants-bot', 'e', { text: 'x', participants: ['bot_5f5f5f5f5f5f5f5f5f5f5f5f'] }, { as: 'owner' }),
    m('participants-number', 'f', { text: 'x', participants: 5 }, { as: 'owner' }),
    m('participants-null', 'g', { text: 'x', participants: null }, { as: 'owner' }),
    m('participants-numbers', 'g', { text: 'x', participants: [5] }, { as: 'owner' }),
    m('participants-not-ids', 'g', { text: 'x', participants: ['someone'] }, { as: 'owner' }),
    m('request-status-temp', 'h', { text: 'x', request_status: 50 }, { as: 'owner' }),
    m('preflight-string', 'i', { text: 'x', preflight: 'maybe' }, { as: 'owner' }),
    m('followers-bad', 'i', { text: 'x', followers: ['x'] }, { as: 'owner' }),
    m('location-string', 'i', { text: 'x', location: 'Rome' }, { as: 'owner' }),
    m('channel-object-no-name', 'i', { text: 'x', channel: {} }, { as: 'owner' }),
    m('followers', 'j', {}, { as: 'owner', body: (v) => ({ text: 'x', followers: [v.ownerTeammate], attributes: { sourcePage: 'https://example.org/?td_draft=true' } }) }),
    m('form-channel', 'k', { text: 'A form', channel: { name: 'form' } }, { as: 'owner' }),
    m('form-channel-guest', 'k', { text: 'Not mine' }),
    m('form-channel-owner', 'k', { text: 'Mine' }, { as: 'owner' }),
    m('subscription-token', 'a', { text: 'From a hook' }, { as: subscriptionToken }),
    m('subscription-token-new', 'l', { text: 'From a hook' }, { as: subscriptionToken }),
    m('user', 'm', { text: 'A custom-token user' }, { as: 'user' }),
    m('hex-user', 'n', { text: 'A user with a 24-hex id' }, { as: (v) => v.hexUser }),
    m('malformed-json', 'a', undefined, { raw: '{"text":' }),
    m('form', 'a', undefined, { raw: 'text=form&attributes[a]=1', contentType: 'application/x-www-form-urlencoded' }),
    m('no-credentials', 'a', { text: 'x' }, { as: 'none' }),
    s('countMessages.after', 'countMessages', {}),
    s('countRequests.after', 'countRequests', {}),
  ];
}
