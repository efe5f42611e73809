import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/state/seed';
import { PID, useMock } from '../support/harness';

/**
 * A conversation read, closed and reopened (routes/request.js:330-389, 2438-2468), and its messages
 * listed (routes/message.js:532-538), as the real server 2.19.16 answers them.
 */
const { api, as, service } = useMock();
const RID = SEED.conversation.requestId;
const conversation = `/${PID}/requests/${RID}`;

describe('getConversation', () => {
  it('answers the conversation populated, with its lead, department and requester, and the virtuals', async () => {
    const got = await api(conversation, { auth: await as('agent') });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      _id: SEED.conversation.id,
      id: SEED.conversation.id,
      request_id: RID,
      department: { _id: SEED.departmentId, name: 'Default Department' },
      lead: { _id: SEED.leads.guest },
    });
  });

  it('answers 404 for an unknown request_id, and 403 below agent', async () => {
    expect(await api(`/${PID}/requests/support-group-nope`, { auth: await as('agent') })).toMatchObject({ status: 404, body: { success: false, msg: 'Object not found.' } });
    expect((await api(conversation, { auth: await as('guest') })).status).toBe(403);
  });
});

describe('listMessages', () => {
  it("lists the conversation's messages oldest first, without the conversation; [] for an unknown one", async () => {
    const listed = await api(`${conversation}/messages`, { auth: await as('guest') });
    expect(listed.status).toBe(200);
    expect(listed.body.map((m: { _id: string }) => m._id)[0]).toBe(SEED.messageId);
    expect(listed.body.every((m: { recipient: string; request?: unknown }) => m.recipient === RID && m.request === undefined)).toBe(true);
    expect((await api(`/${PID}/requests/support-group-nope/messages`, { auth: await as('guest') })).body).toEqual([]);
  });
});

describe('closeConversation and reopenConversation', () => {
  it('closes: status 1000, closed_by the caller, a duration and a transcript, then "Chat closed" is posted', async () => {
    const closed = await api(`${conversation}/close`, { method: 'PUT', auth: await as('owner') });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      request_id: RID,
      status: 1000,
      closed_by: SEED.members.owner.userId,
      closed_at: expect.any(String),
      duration: expect.any(Number),
      transcript: expect.stringContaining('charged twice'),
    });
    const messages = (await api(`${conversation}/messages`, { auth: await as('owner') })).body;
    expect(messages.at(-1)).toMatchObject({
      sender: 'system',
      senderFullname: 'Bot',
      text: 'Chat closed',
      attributes: { subtype: 'info/support', updateconversation: false, messagelabel: { key: 'CHAT_CLOSED' } },
    });
  });

  it('answers a closed conversation as it is without force (and posts "Chat closed" again); force closes it anew', async () => {
    const owner = await as('owner');
    const first = (await api(`${conversation}/close`, { method: 'PUT', auth: owner })).body;
    const again = (await api(`${conversation}/close`, { method: 'PUT', auth: owner })).body;
    expect(again.closed_at).toBe(first.closed_at);
    const texts = (await api(`${conversation}/messages`, { auth: owner })).body.map((m: { text: string }) => m.text);
    expect(texts.filter((t: string) => t === 'Chat closed')).toHaveLength(2);
    expect((await api(`${conversation}/close`, { method: 'PUT', auth: owner, body: { force: true } })).body.status).toBe(1000);
  });

  it('lets an agent close only a conversation it participates in (403), 404 for an unknown one; an admin gets 500 for an unknown one', async () => {
    expect(await api(`${conversation}/close`, { method: 'PUT', auth: await as('agent') })).toMatchObject({
      status: 403,
      body: { success: false, error: 'You must be among the participants to close a conversation.' },
    });
    expect(await api(`/${PID}/requests/support-group-nope/close`, { method: 'PUT', auth: await as('agent') })).toMatchObject({ status: 404, body: { success: false, error: 'Request not found' } });
    expect(await api(`/${PID}/requests/support-group-nope/close`, { method: 'PUT', auth: await as('admin') })).toMatchObject({ status: 500, body: { success: false, error: 'Error closing request' } });
    service.store.conversations.get(`${PID}/${RID}`)!.participantsAgents = [SEED.members.agent.userId];
    expect((await api(`${conversation}/close`, { method: 'PUT', auth: await as('agent') })).body).toMatchObject({ status: 1000, closed_by: SEED.members.agent.userId });
  });

  it('reopens a closed conversation (100 without participants) and posts "Chat reopened"; an open one is answered as it is', async () => {
    const owner = await as('owner');
    await api(`${conversation}/close`, { method: 'PUT', auth: owner });
    const reopened = await api(`${conversation}/reopen`, { method: 'PUT', auth: owner });
    expect(reopened.body).toMatchObject({ status: 100, closed_at: expect.any(String) });
    const messages = (await api(`${conversation}/messages`, { auth: owner })).body;
    expect(messages.at(-1)).toMatchObject({ sender: 'system', text: 'Chat reopened', attributes: { messagelabel: { key: 'CHAT_REOPENED' } } });
    const count = messages.length;
    expect((await api(`${conversation}/reopen`, { method: 'PUT', auth: owner })).body.status).toBe(100);
    expect((await api(`${conversation}/messages`, { auth: owner })).body).toHaveLength(count);
    expect(await api(`/${PID}/requests/support-group-nope/reopen`, { method: 'PUT', auth: owner })).toMatchObject({ status: 500, body: { success: false, error: 'Error reopening request' } });
  });
});

describe('"Lead updated"', () => {
  it("is posted into the lead's latest chat21 conversation when updateLead is sent an email or a fullname (services/updateLeadQueued.js:90-128), not for other fields", async () => {
    const messages = async (): Promise<Array<{ text: string }>> => (await api(`${conversation}/messages`, { auth: await as('agent') })).body;
    const before = (await messages()).length;
    const lead = `/${PID}/leads/${SEED.leads.guest}`;
    expect((await api(lead, { method: 'PUT', body: { note: 'no message for a note' }, auth: await as('agent') })).status).toBe(200);
    expect(await messages()).toHaveLength(before);
    expect((await api(lead, { method: 'PUT', body: { email: 'guest@example.org', fullname: 'Guest Visitor' }, auth: await as('agent') })).status).toBe(200);
    const after = await messages();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({
      text: 'Lead updated',
      sender: 'system',
      senderFullname: 'Bot',
      attributes: { subtype: 'info/support', updateconversation: false, messagelabel: { key: 'LEAD_UPDATED' }, updateUserEmail: 'guest@example.org', updateUserFullname: 'Guest Visitor' },
    });
  });
});
