import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/state/seed';
import { PID, useMock } from '../support/harness';

const { api, as, service } = useMock();
const requestId = 'support-group-0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';

async function firstMessage() {
  return api(`/${PID}/requests/${requestId}/messages`, {
    auth: await as('guest'),
    body: { text: 'Is my order shipped?', senderFullname: 'Ada', sourcePage: 'https://www.acme-support.test/orders', subject: 'Order 1234', channel: { name: 'chat21' } },
  });
}

describe('messages', () => {
  it('creates the conversation of an unknown request_id, with its lead, requester and department', async () => {
    const first = await firstMessage();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ type: 'text', status: 0, sender: SEED.guest.uuid, senderFullname: 'Ada', recipient: requestId, text: 'Is my order shipped?', channel_type: 'group', channel: { name: 'chat21' } });
    expect(first.body.request).toMatchObject({
      request_id: requestId,
      first_text: 'Is my order shipped?',
      status: 100,
      subject: 'Order 1234',
      priority: 'medium',
      requester: { _id: SEED.guest.teammateId, role: 'guest' },
      lead: { lead_id: SEED.guest.uuid },
      department: { _id: SEED.departmentId, name: 'Default' },
    });
  });

  it('appends to a known conversation, keeping its first text', async () => {
    const first = await firstMessage();
    const second = await api(`/${PID}/requests/${requestId}/messages`, { auth: await as('agent'), body: { text: 'Yes, yesterday.' } });
    expect(second.body.request._id).toBe(first.body.request._id);
    expect(second.body.sender).toBe(SEED.members.agent.userId);
    expect(service.store.conversations.get(requestId)?.first_text).toBe('Is my order shipped?');
  });

  it('answers 422 ["text field is required"] for a text message without text', async () => {
    expect(await api(`/${PID}/requests/support-group-x/messages`, { auth: await as('guest'), body: { type: 'text' } })).toMatchObject({ status: 422, body: { errors: ['text field is required'] } });
  });

  it('refuses a sender who is not a member (403), creating nothing', async () => {
    expect((await api(`/${PID}/requests/support-group-x/messages`, { auth: await as('guest'), body: { text: 'hi', sender: 'someone-else' } })).status).toBe(403);
    expect(service.store.conversations.has('support-group-x')).toBe(false);
  });
});
