import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/state/seed';
import { conversationKey } from '../../src/state/store';
import { PID, useMock } from '../support/harness';
import { addProject } from '../support/requests';

const { api, as, service } = useMock();
const requestId = 'support-group-0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';

async function firstMessage(body: Record<string, unknown> = {}) {
  return api(`/${PID}/requests/${requestId}/messages`, {
    auth: await as('guest'),
    body: { text: 'Is my order shipped?', senderFullname: 'Ada', sourcePage: 'https://www.acme-support.test/orders', subject: 'Order 1234', channel: { name: 'chat21' }, ...body },
  });
}

/** A request that the service never answers: the mock resets the connection. */
async function unanswered(path: string, auth: string, body: unknown) {
  return fetch(`http://api.supportkb.test${path}`, { method: 'POST', headers: { Authorization: auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

describe('a first message creates the conversation (routes/message.js:90-253, services/requestService.js:490)', () => {
  it('creates the conversation of an unknown request_id, with its lead, requester, department and snapshot', async () => {
    const first = await firstMessage();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      type: 'text',
      status: 0,
      sender: SEED.guest.uuid,
      senderFullname: 'Ada',
      recipient: requestId,
      text: 'Is my order shipped?',
      channel_type: 'group',
      channel: { name: 'chat21' },
    });
    expect(first.body.request).toMatchObject({
      request_id: requestId,
      first_text: 'Is my order shipped?',
      subject: 'Order 1234',
      priority: 'medium',
      ticket_id: 1,
      followers: [],
      tags: [],
      notes: [],
      smartAssignment: true,
      channelOutbound: { name: 'chat21' },
      requester: { _id: SEED.guest.teammateId, role: 'guest' },
      // The guest's lead exists: createIfNotExistsWithLeadId finds it (same e-mail: none).
      lead: { _id: SEED.leads.guest, lead_id: SEED.guest.uuid },
      department: { _id: SEED.departmentId, name: 'Default Department', hasBot: false, id: SEED.departmentId },
      snapshot: { availableAgentsCount: 3, agents: [], requester: { _id: SEED.guest.teammateId }, lead: { lead_id: SEED.guest.uuid } },
    });
    expect(first.body.request.requester_id).toBe(first.body.request.lead._id);
  });

  it('creates the lead of a new requester, e-mail as sent and `createdBy: "system"` (services/leadService.js createWitId), the contact lower-cased', async () => {
    const { token } = (await api('/auth/signinAnonymously', { body: { id_project: PID, firstname: 'Ada', email: 'Ada@Example.org' } })).body;
    const res = await api(`/${PID}/requests/support-group-lead/messages`, { auth: token, body: { text: 'hi' } });
    expect(res.body.request.lead).toMatchObject({ fullname: 'Ada ', email: 'Ada@Example.org', createdBy: 'system', phone: null, status: 100, tags: [] });
    expect(res.body.request.contact).toEqual({ email: 'ada@example.org' });
    expect(res.body.senderFullname).toBe('Ada ');
  });

  it('routes it to the first available agent, then round robin after the last assigned conversation (departmentService.roundRobin)', async () => {
    const guest = await as('guest');
    const send = async (id: string) => (await api(`/${PID}/requests/${id}/messages`, { auth: guest, body: { text: 'hi' } })).body.request;
    const first = await send('support-group-rr-1');
    expect(first).toMatchObject({ status: 200, participants: [SEED.members.owner.userId], participantsAgents: [SEED.members.owner.userId] });
    expect(first.participatingAgents[0]).toMatchObject({ _id: SEED.members.owner.userId });
    expect((await send('support-group-rr-2')).participants).toEqual([SEED.members.admin.userId]);
    expect((await send('support-group-rr-3')).participants).toEqual([SEED.members.agent.userId]);
    expect((await send('support-group-rr-4')).participants).toEqual([SEED.members.owner.userId]);
    // The listener of request.create counts the open conversations of each participating agent.
    expect(service.store.teammates.get(SEED.members.owner.teammateId)!.number_assigned_requests).toBe(2);
  });

  it('keeps `request_status: 50` unrouted, and assigns the body`s participants directly', async () => {
    const owner = await as('owner');
    expect((await api(`/${PID}/requests/support-group-temp/messages`, { auth: owner, body: { text: 'x', request_status: 50 } })).body.request).toMatchObject({ status: 50, participants: [] });
    const bot = (await api(`/${PID}/requests/support-group-bot/messages`, { auth: owner, body: { text: 'x', participants: ['bot_65f1a2b3c4d5e6f708091901'] } })).body.request;
    expect(bot).toMatchObject({ status: 200, hasBot: true, participantsBots: ['65f1a2b3c4d5e6f708091901'], participatingBots: [] });
  });

  it('answers 422 ["text field is required"] for a text message without text', async () => {
    expect(await api(`/${PID}/requests/support-group-x/messages`, { auth: await as('guest'), body: { type: 'text' } })).toMatchObject({ status: 422, body: { errors: ['text field is required'] } });
  });

  it('answers 500 `Error creating request` with `err: {}` when the conversation cannot be created, creating nothing', async () => {
    const owner = await as('owner');
    for (const body of [
      { text: 'x', departmentid: 'nope' },
      { text: 'x', departmentid: '65f1a2b3c4d5e6f7080917ff' },
      { type: 'image' },
      { text: 'x', participants: null },
      { text: 'x', preflight: 'maybe' },
      { text: 'x', followers: ['x'] },
    ]) {
      expect(await api(`/${PID}/requests/support-group-fail/messages`, { auth: owner, body }), JSON.stringify(body)).toMatchObject({
        status: 500,
        body: { success: false, msg: 'Error creating request', err: {} },
      });
    }
    expect(service.store.conversations.has(conversationKey(PID, 'support-group-fail'))).toBe(false);
  });

  it('refuses a sender who is not an active member (403), creating nothing; an external id of 24 hex digits is read as a user id', async () => {
    const res = await api(`/${PID}/requests/support-group-x/messages`, { auth: await as('guest'), body: { text: 'hi', sender: 'someone-else' } });
    expect(res).toMatchObject({ status: 403, body: { success: false, msg: 'Unauthorized. Project_user not found with user id  : someone-else' } });
    expect(service.store.conversations.has(conversationKey(PID, 'support-group-x'))).toBe(false);
    const custom = await service.customToken({ _id: '5f5f5f5f5f5f5f5f5f5f5f5f' });
    expect((await api('/auth/signinWithCustomToken', { method: 'POST', auth: `JWT ${custom}` })).status).toBe(200);
    expect((await api(`/${PID}/requests/support-group-y/messages`, { auth: await as('owner'), body: { text: 'hi', sender: '5f5f5f5f5f5f5f5f5f5f5f5f' } })).status).toBe(403);
  });

  it('never answers a text that is no string, or participants that are no ids (the text transformer throws; the populate fails)', async () => {
    const guest = await as('guest');
    await expect(unanswered(`/${PID}/requests/support-group-n1/messages`, guest, { text: 5 })).rejects.toThrow();
    await expect(unanswered(`/${PID}/requests/support-group-n2/messages`, guest, { text: 'x', participants: ['someone'] })).rejects.toThrow();
  });
});

describe('a message into a known conversation (routes/message.js:256-320)', () => {
  it('appends, keeping its first text, and stores the message as the conversation`s last_message', async () => {
    const first = await firstMessage();
    const second = await api(`/${PID}/requests/${requestId}/messages`, { auth: await as('agent'), body: { text: 'Yes, yesterday.' } });
    expect(second.body.request._id).toBe(first.body.request._id);
    expect(second.body.sender).toBe(SEED.members.agent.userId);
    expect(second.body.senderFullname).toBe('Maria Rossi');
    expect(second.body.request.attributes.last_message).toMatchObject({ _id: second.body._id, text: 'Yes, yesterday.' });
    expect(second.body.request).not.toHaveProperty('snapshot.agents');
    expect(service.store.conversations.get(conversationKey(PID, requestId))?.first_text).toBe('Is my order shipped?');
  });

  it('sets waiting_time at the first answer of a participant named in `sender`', async () => {
    const first = await firstMessage();
    const [participant] = first.body.request.participants;
    service.clock.advance(30_000);
    const reply = await api(`/${PID}/requests/${requestId}/messages`, { auth: await as('owner'), body: { text: 'Hello!', sender: participant } });
    expect(reply.body.request).toMatchObject({ waiting_time: 30_000 });
    expect(reply.body.request.first_response_at).toBeDefined();
  });

  it('answers 500 `Error creating message` with the validation error (routes/message.js:317)', async () => {
    await firstMessage();
    const res = await api(`/${PID}/requests/${requestId}/messages`, { auth: await as('guest'), body: { text: 'x', status: 'abc' } });
    expect(res).toMatchObject({
      status: 500,
      body: {
        success: false,
        msg: 'Error creating message',
        err: { name: 'ValidationError', _message: 'message validation failed', errors: { status: { kind: 'Number', name: 'CastError', path: 'status' } } },
      },
    });
    expect((await api(`/${PID}/requests/${requestId}/messages`, { auth: await as('guest'), body: { type: null } })).body.err.errors.type).toMatchObject({ kind: 'required', name: 'ValidatorError' });
  });

  it('refuses a caller who is not the agent of a form conversation (403 with `message`)', async () => {
    const owner = await as('owner');
    await api(`/${PID}/requests/support-group-form/messages`, { auth: owner, body: { text: 'A form', channel: { name: 'form' } } });
    expect(await api(`/${PID}/requests/support-group-form/messages`, { auth: await as('guest'), body: { text: 'x' } })).toMatchObject({
      status: 403,
      body: { success: false, message: 'Error creating message', err: "You don't belong the conversation" },
    });
    expect((await api(`/${PID}/requests/support-group-form/messages`, { auth: owner, body: { text: 'x' } })).status).toBe(200);
  });

  it('replaces a text `${KEY}` by the label KEY (pubmodules/messageTransformer)', async () => {
    await firstMessage();
    const labelled = await api(`/${PID}/requests/${requestId}/messages`, { auth: await as('guest'), body: { text: '${LABEL_PLACEHOLDER}' } });
    expect(labelled.body.text).not.toBe('${LABEL_PLACEHOLDER}');
    expect(typeof labelled.body.text).toBe('string');
  });
});

describe('conversations belong to a project: looked up by project and request_id, request_id unique (issue #19)', () => {
  const B = '6b6b6b6b6b6b6b6b6b6b6b6b';
  /** Project B, whose owner is the seeded admin (a member of both projects), with its default department. */
  function projectB() {
    addProject(service, B, 'project-b-secret');
    service.store.departments.set('6b6b6b6b6b6b6b6b6b6b1701', {
      _id: '6b6b6b6b6b6b6b6b6b6b1701',
      name: 'Default Department',
      default: true,
      routing: 'assigned',
      id_project: B,
      createdBy: SEED.members.owner.userId,
      createdAt: '2026-11-01T08:00:00.000Z',
      updatedAt: '2026-11-01T08:00:00.000Z',
      __v: 0,
    });
    const now = service.clock.iso();
    const _id = '6b6b6b6b6b6b6b6b6b6b0c01';
    service.store.teammates.set(_id, {
      _id,
      id_project: B,
      id_user: SEED.members.admin.userId,
      role: 'owner',
      roleType: 1,
      status: 'active',
      user_available: true,
      createdAt: now,
      updatedAt: now,
      __v: 0,
    } as never);
  }
  const withRequestId = (rid: string) => [...service.store.conversations.values()].filter((c) => c.request_id === rid);

  it("leaves project A's conversation and countRequests as they were when a member of B posts to its request_id (500, as the unique index on request_id answers)", async () => {
    projectB();
    const admin = await as('admin');
    const rid = SEED.conversation.requestId;
    const count = async (project: string) => (await api(`/${project}/analytics/requests/count`, { auth: admin })).body;
    const countA = await count(PID);
    expect(countA[0].totalCount).toBeGreaterThan(0);
    const storedA = structuredClone(withRequestId(rid)[0]!);

    // routes/message.js:67 finds no conversation of B with this request_id and creates one, which
    // the unique index on request_id refuses (models/request.js:44-49): 500 `Error creating request`.
    const fromB = await api(`/${B}/requests/${rid}/messages`, { auth: admin, body: { text: 'From project B' } });
    expect(fromB).toMatchObject({ status: 500, body: { success: false, msg: 'Error creating request', err: {} } });

    expect(await count(PID)).toEqual(countA);
    expect(await count(B)).toEqual([]);
    expect(withRequestId(rid)).toEqual([storedA]);
    // A's conversation goes on: a message of A's guest is appended to it.
    const fromA = await api(`/${PID}/requests/${rid}/messages`, { auth: await as('guest'), body: { text: 'Still there?' } });
    expect(fromA.status).toBe(200);
    expect(fromA.body.request).toMatchObject({ _id: storedA._id, id_project: PID, first_text: storedA.first_text });
  });

  it("gives B its own conversations, which A's members cannot reach by request_id", async () => {
    projectB();
    const admin = await as('admin');
    const rid = 'support-group-project-b-only';
    const created = await api(`/${B}/requests/${rid}/messages`, { auth: admin, body: { text: 'Hello from B' } });
    expect(created.status).toBe(200);
    expect(created.body.request).toMatchObject({ id_project: B, request_id: rid });
    expect(service.store.conversations.get(conversationKey(B, rid))?.first_text).toBe('Hello from B');
    expect(service.store.conversations.has(conversationKey(PID, rid))).toBe(false);
    // A member of A posting to it meets the same unique index; B's conversation is untouched.
    expect((await api(`/${PID}/requests/${rid}/messages`, { auth: await as('agent'), body: { text: 'x' } })).status).toBe(500);
    expect(withRequestId(rid)).toHaveLength(1);
    expect((await api(`/${B}/requests/${rid}/messages`, { auth: admin, body: { text: 'Again' } })).body.request._id).toBe(created.body.request._id);
  });
});
