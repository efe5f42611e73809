import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/state/seed';
import type { WebhookDelivery } from '../../src/webhooks';
import { PID, useMock, type ApiResult } from '../support/harness';

/**
 * The conversations listed (routes/request.js:1210-1565), a conversation read, updated, closed and
 * reopened (routes/request.js:222-389, 2438-2468), and its messages listed
 * (routes/message.js:532-538), as the real server 2.19.16 answers them.
 */
const { api, as, service } = useMock();
const RID = SEED.conversation.requestId;
const conversation = `/${PID}/requests/${RID}`;

describe('listConversations', () => {
  const list = `/${PID}/requests`;
  type Listed = {
    perPage: number | null;
    count: number;
    requests: { _id: string; request_id: string; status: number; createdAt: string; participants: string[]; lead?: unknown; department?: unknown }[];
  };
  const stored = () => [...service.store.conversations.values()].filter((c) => c.id_project === PID && c.preflight === false);
  const open = () => stored().filter((c) => (c.status ?? 0) < 1000 && c.status !== 50 && c.status !== 150);
  /** The page `role` gets for `query`. */
  const page = async (query = '', role: 'owner' | 'agent' = 'owner'): Promise<Listed> => (await api(`${list}${query}`, { auth: await as(role) })).body;

  it('lists the open conversations, 40 per page, newest first, populated, with the total count', async () => {
    const got = await api(list, { auth: await as('owner') });
    expect(got.status).toBe(200);
    const body: Listed = got.body;
    expect(body.perPage).toBe(40);
    expect(body.count).toBe(open().length);
    expect(body.requests).toHaveLength(Math.min(40, open().length));
    const dates = body.requests.map((c) => c.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.requests.every((c) => c.status < 1000)).toBe(true);
    const example = body.requests.find((c) => c.request_id === RID);
    expect(example).toMatchObject({ department: { _id: SEED.departmentId, name: 'Default Department' }, lead: { _id: SEED.leads.guest }, id: SEED.conversation.id });
  });

  it('pages with limit and page, sorts by sort and direction; a limit over 100 is 40', async () => {
    const first = await page('?limit=2&page=0&sort=createdAt&direction=1');
    const second = await page('?limit=2&page=1&sort=createdAt&direction=1');
    const oldest = open()
      .map((c) => c.createdAt)
      .sort();
    expect(first.perPage).toBe(2);
    expect([...first.requests, ...second.requests].map((c) => c.createdAt)).toEqual(oldest.slice(0, 4));
    expect((await page('?limit=500')).perPage).toBe(40);
  });

  it('filters by status (a comma-separated list, or all), participant, department and hasbot', async () => {
    const closed = await page('?status=1000');
    expect(closed.count).toBe(stored().filter((c) => c.status === 1000).length);
    expect(closed.requests.every((c) => c.status === 1000)).toBe(true);
    expect((await page('?status=all')).count).toBe(stored().length);
    expect((await page('?status=abc')).count).toBe(stored().length);
    const mine = await page(`?participant=${SEED.members.agent.userId}`);
    expect(mine.count).toBe(open().filter((c) => c.participants?.includes(SEED.members.agent.userId)).length);
    expect((await page(`?dept_id=${SEED.departmentId}&hasbot=true`)).count).toBe(open().filter((c) => c.hasBot === true).length);
  });

  it('shows an agent only the conversations it takes part in; an owner all of them', async () => {
    const agent = await page('', 'agent');
    expect(agent.count).toBe(open().filter((c) => c.participants?.includes(SEED.members.agent.userId)).length);
    expect(agent.requests.every((c) => c.participants.includes(SEED.members.agent.userId))).toBe(true);
    expect(agent.count).toBeLessThan(open().length);
  });

  it('leaves references as ids with no_populate, counts 0 with no_count', async () => {
    const got = await page('?no_populate=true&no_count=true&limit=100');
    expect(got.count).toBe(0);
    expect(got.requests.find((c) => c.request_id === RID)).toMatchObject({ department: SEED.departmentId, lead: SEED.leads.guest, id: SEED.conversation.id });
  });

  it('answers 403 below agent and 401 without credentials', async () => {
    expect((await api(list, { auth: await as('guest') })).status).toBe(403);
    expect((await api(list)).status).toBe(401);
  });

  it('answers 500 "Error getting requests." with the error when the query fails, Express\'s 500 for a direction mquery refuses (checked on 2.19.16)', async () => {
    const auth = await as('owner');
    expect(await api(`${list}?sort=a..b`, { auth })).toMatchObject({
      status: 500,
      body: { success: false, msg: 'Error getting requests.', err: { ok: 0, code: 15998, codeName: 'Location15998', name: 'MongoError' } },
    });
    expect(await api(`${list}?dept_id=xyz`, { auth })).toMatchObject({
      status: 500,
      body: {
        success: false,
        msg: 'Error getting requests.',
        err: { kind: 'ObjectId', path: 'department', name: 'CastError', message: 'Cast to ObjectId failed for value "xyz" (type string) at path "department" for model "request"' },
      },
    });
    expect(await api(`${list}?hasbot=abc`, { auth })).toMatchObject({ status: 500, body: { err: { kind: 'Boolean', path: 'hasBot' } } });
    expect(await api(`${list}?direction=sideways`, { auth })).toMatchObject({ status: 500, body: { err: 'error' } });
  });

  it("answers 500 with the populate's cast error when a listed conversation has a participant that is no ObjectId (checked on 2.19.16)", async () => {
    const auth = await as('owner');
    // The conversation is saved, then populating its answer fails: no answer (routes/message.js), a reset connection from the mock.
    await expect(api(`/${PID}/requests/support-group-odd-participant/messages`, { method: 'POST', auth, body: { text: 'x', participants: ['someone'] } })).rejects.toThrow();
    expect(await api(list, { auth })).toMatchObject({
      status: 500,
      body: {
        success: false,
        msg: 'Error getting requests.',
        err: { value: 'someone', path: '_id', name: 'CastError', message: 'Cast to ObjectId failed for value "someone" (type string) at path "_id" for model "user"' },
      },
    });
    expect((await page('?no_populate=true')).requests.some((c) => c.request_id === 'support-group-odd-participant')).toBe(true);
  });
});

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

/** The events of `events` delivered while `run` runs (a subscription of each, delivery disabled by a reserved host). */
async function deliveredDuring(events: string[], run: () => Promise<void>): Promise<WebhookDelivery[]> {
  for (const event of events) await api(`/${PID}/subscriptions`, { auth: await as('admin'), body: { event, target: 'https://hooks.acme-support.test/tiledesk' } });
  const seen: WebhookDelivery[] = [];
  const off = service.onWebhook((delivery) => seen.push(delivery));
  try {
    await run();
    await service.webhooksIdle();
  } finally {
    off();
  }
  return seen;
}

describe('updateConversation', () => {
  it('sets the fields sent and answers the conversation populated; request.update carries the answer (checked on 2.19.16)', async () => {
    let got!: ApiResult;
    const delivered = await deliveredDuring(['request.update'], async () => {
      got = await api(conversation, {
        method: 'PATCH',
        auth: await as('agent'),
        body: {
          priority: 'high',
          subject: 'Charged twice',
          tags: [{ tag: 'billing', color: 5 }],
          rating: 4,
          rating_message: 'ok',
          smartAssignment: false,
          workingStatus: 'open',
          channelName: 'email',
          location: { city: 'Rome', geometry: { type: 'Line' } },
          status: '200',
          language: null,
          first_text: '',
          ignored: 'x',
        },
      });
    });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      request_id: RID,
      priority: 'high',
      subject: 'Charged twice',
      tags: [{ _id: expect.stringMatching(/^[0-9a-f]{24}$/), tag: 'billing', color: '5' }],
      rating: 4,
      rating_message: 'ok',
      smartAssignment: false,
      workingStatus: 'open',
      channel: { name: 'email' },
      // No validators on an update: the enum of geometry.type is not checked.
      location: { city: 'Rome', geometry: { type: 'Line', coordinates: [] } },
      status: 200,
      language: 'en',
      first_text: 'Hello, I was charged twice for my November invoice.',
      lead: { _id: SEED.leads.guest },
      department: { _id: SEED.departmentId },
      requester_id: SEED.leads.guest,
      id: SEED.conversation.id,
    });
    expect(got.body).not.toHaveProperty('ignored');
    expect(delivered.map((d) => d.event)).toEqual(['request.update']);
    expect(delivered[0]!.body.payload).toEqual(got.body);
    expect((await api(conversation, { auth: await as('owner') })).body).toEqual(got.body);
  });

  it('answers 500 "Error updating object." for a value the model cannot store, before looking the conversation up; 404 "Request not found" otherwise (checked on 2.19.16)', async () => {
    const owner = await as('owner');
    for (const body of [
      { status: 'abc' },
      { tags: 'x' },
      { tags: [{ tag: 'a' }, 'x'] },
      { lead: 'bad' },
      { sourcePage: {} },
      { location: 'Rome' },
      { smartAssignment: 'abc' },
      { first_text: ['a'] },
    ]) {
      expect(await api(conversation, { method: 'PATCH', auth: owner, body }), JSON.stringify(body)).toMatchObject({ status: 500, body: { success: false, msg: 'Error updating object.' } });
    }
    const unknown = `/${PID}/requests/support-group-nope`;
    expect(await api(unknown, { method: 'PATCH', auth: owner, body: { status: 'abc' } })).toMatchObject({ status: 500, body: { msg: 'Error updating object.' } });
    expect(await api(unknown, { method: 'PATCH', auth: owner, body: {} })).toMatchObject({ status: 404, body: { success: false, msg: 'Request not found' } });
    expect((await api(conversation, { method: 'PATCH', auth: await as('guest'), body: {} })).status).toBe(403);
    expect((await api(conversation, { method: 'PATCH', body: {} })).status).toBe(401);
  });

  it('stores a lead id no lead has: lead and requester_id are then null; tags: [] removes the tags', async () => {
    const owner = await as('owner');
    const got = (await api(conversation, { method: 'PATCH', auth: owner, body: { lead: '000000000000000000000000', tags: [] } })).body;
    expect(got).toMatchObject({ lead: null, requester_id: null, tags: [] });
  });

  it("recounts the participating agents' assigned conversations when workingStatus is sent (a pending one no longer counts)", async () => {
    const owner = await as('owner');
    const stored = service.store.conversations.get(`${PID}/${RID}`)!;
    Object.assign(stored, { participants: [SEED.members.agent.userId], participantsAgents: [SEED.members.agent.userId], status: 200 });
    const teammate = service.store.teammates.get(SEED.members.agent.teammateId)!;
    await api(conversation, { method: 'PATCH', auth: owner, body: { workingStatus: 'open' } });
    const open = teammate.number_assigned_requests;
    await api(conversation, { method: 'PATCH', auth: owner, body: { workingStatus: 'pending' } });
    expect(teammate.number_assigned_requests).toBe(open! - 1);
  });
});

describe('the hand-over: addConversationParticipant, setConversationParticipants, removeConversationParticipant', () => {
  const participants = `${conversation}/participants`;
  const stored = () => service.store.conversations.get(`${PID}/${RID}`)!;
  const { agent, owner } = SEED.members;

  it("adds a member: status 200, assigned_at now; request.update carries the answer and the member's teammate is recounted (checked on 2.19.16)", async () => {
    Object.assign(stored(), { participants: [], participantsAgents: [], participantsBots: [], status: 100 });
    let got!: ApiResult;
    const delivered = await deliveredDuring(['request.update', 'project_user.update'], async () => {
      got = await api(participants, { method: 'POST', auth: await as('agent'), body: { member: agent.userId } });
    });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ status: 200, participants: [agent.userId], participantsAgents: [agent.userId], hasBot: false, participatingAgents: [{ _id: agent.userId }] });
    expect(got.body.assigned_at).toBe(got.body.updatedAt);
    expect(delivered.map((d) => d.event)).toEqual(['request.update', 'project_user.update']);
    expect(delivered[0]!.body.payload).toEqual(got.body);
    expect(delivered[1]!.body.payload).toMatchObject({ _id: agent.teammateId, number_assigned_requests: expect.any(Number) });
    const again = await api(participants, { method: 'POST', auth: await as('owner'), body: { member: agent.userId } });
    expect(again.body).toEqual(got.body);
    const bot = (await api(participants, { method: 'POST', auth: await as('owner'), body: { member: 'bot_65f1a2b3c4d5e6f708091901' } })).body;
    expect(bot).toMatchObject({ hasBot: true, participants: [agent.userId, 'bot_65f1a2b3c4d5e6f708091901'], participantsBots: ['65f1a2b3c4d5e6f708091901'] });
  });

  it('answers 422 for an empty member, 500 "Error adding participant" for an unknown conversation or a member that is no id (saved all the same)', async () => {
    const auth = await as('owner');
    expect(await api(participants, { method: 'POST', auth, body: {} })).toMatchObject({ status: 422, body: { errors: [{ msg: 'Invalid value', param: 'member', location: 'body' }] } });
    expect(await api(`/${PID}/requests/support-group-nope/participants`, { method: 'POST', auth, body: { member: agent.userId } })).toMatchObject({
      status: 500,
      body: { success: false, error: 'Error adding participant' },
    });
    expect(await api(participants, { method: 'POST', auth, body: { member: 'someone' } })).toMatchObject({ status: 500, body: { error: 'Error adding participant' } });
    expect(stored().participants).toContain('someone');
    expect((await api(participants, { method: 'POST', auth: await as('guest'), body: { member: agent.userId } })).status).toBe(403);
  });

  it('sets the participants: the lists follow, 200 or 100 for none, waiting_time cleared; the same list changes nothing (checked on 2.19.16)', async () => {
    const auth = await as('owner');
    Object.assign(stored(), { participants: [agent.userId], participantsAgents: [agent.userId], participantsBots: [], status: 200, hasBot: false, waiting_time: 5000 });
    let got!: ApiResult;
    const delivered = await deliveredDuring(['request.update'], async () => {
      got = await api(participants, { method: 'PUT', auth, body: [owner.userId, 'bot_65f1a2b3c4d5e6f708091901'] });
    });
    expect(got.body).toMatchObject({
      status: 200,
      hasBot: true,
      participants: [owner.userId, 'bot_65f1a2b3c4d5e6f708091901'],
      participantsAgents: [owner.userId],
      participantsBots: ['65f1a2b3c4d5e6f708091901'],
    });
    expect(got.body).not.toHaveProperty('waiting_time');
    expect(delivered.map((d) => d.event)).toEqual(['request.update']);
    const updatedAt = got.body.updatedAt;
    service.clock.advance(1000);
    expect((await api(participants, { method: 'PUT', auth, body: [owner.userId, 'bot_65f1a2b3c4d5e6f708091901'] })).body.updatedAt).toBe(updatedAt);
    // An empty list: unassigned, hasBot left as it was.
    expect((await api(participants, { method: 'PUT', auth, body: [] })).body).toMatchObject({ status: 100, participants: [], participantsAgents: [], participantsBots: [], hasBot: true });
    expect(await api(`/${PID}/requests/support-group-nope/participants`, { method: 'PUT', auth, body: [owner.userId] })).toMatchObject({
      status: 500,
      body: { success: false, error: 'Error setting participants' },
    });
  });

  it('fails to save a conversation holding what updateConversation stored without validators (a tag without tag, a geometry type other than Point): 500, 500, 400 (checked on 2.19.16)', async () => {
    const auth = await as('owner');
    Object.assign(stored(), { participants: [agent.userId], participantsAgents: [agent.userId] });
    await api(conversation, { method: 'PATCH', auth, body: { tags: {} } });
    expect(await api(participants, { method: 'POST', auth, body: { member: owner.userId } })).toMatchObject({ status: 500, body: { error: 'Error adding participant' } });
    expect(await api(participants, { method: 'PUT', auth, body: [owner.userId] })).toMatchObject({ status: 500, body: { error: 'Error setting participants' } });
    expect((await api(`${participants}/${agent.userId}`, { method: 'DELETE', auth })).status).toBe(400);
    expect(stored().participants).toEqual([agent.userId]);
    await api(conversation, { method: 'PATCH', auth, body: { tags: [{ tag: 'vip' }], location: { geometry: { type: 'Line' } } } });
    expect((await api(participants, { method: 'POST', auth, body: { member: owner.userId } })).status).toBe(500);
    await api(conversation, { method: 'PATCH', auth, body: { location: { city: 'Rome' } } });
    expect((await api(participants, { method: 'POST', auth, body: { member: owner.userId } })).status).toBe(200);
  });

  it('gives a form conversation one agent only (500)', async () => {
    const auth = await as('owner');
    Object.assign(stored(), { channel: { name: 'form' }, participants: [], participantsAgents: [] });
    expect((await api(participants, { method: 'PUT', auth, body: [owner.userId, agent.userId] })).status).toBe(500);
    expect((await api(participants, { method: 'PUT', auth, body: [agent.userId] })).status).toBe(200);
    expect((await api(participants, { method: 'PUT', auth, body: [owner.userId] })).body).toMatchObject({ error: 'Error setting participants' });
  });

  it("removes a participant: unassigned when none is left, the teammate's leaving stamped; a closed conversation stays closed; 400 for an unknown conversation (checked on 2.19.16)", async () => {
    const auth = await as('owner');
    Object.assign(stored(), { participants: [agent.userId], participantsAgents: [agent.userId], status: 200 });
    let got!: ApiResult;
    const delivered = await deliveredDuring(['request.update', 'project_user.update'], async () => {
      got = await api(`${participants}/${agent.userId}`, { method: 'DELETE', auth });
    });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ status: 100, participants: [], participantsAgents: [], attributes: { abandoned_by_project_users: { [agent.teammateId]: service.clock.now() } } });
    expect(delivered.map((d) => d.event)).toEqual(['request.update', 'project_user.update']);
    expect((await api(`${participants}/${agent.userId}`, { method: 'DELETE', auth })).body).toEqual(got.body);
    Object.assign(stored(), { participants: [agent.userId, owner.userId], participantsAgents: [agent.userId, owner.userId], status: 1000 });
    expect((await api(`${participants}/${owner.userId}`, { method: 'DELETE', auth })).body).toMatchObject({ status: 1000, participants: [agent.userId] });
    expect(await api(`/${PID}/requests/support-group-nope/participants/${agent.userId}`, { method: 'DELETE', auth })).toMatchObject({
      status: 400,
      body: { success: false, error: `Unable to remove the participant ${agent.userId} from the request support-group-nope` },
    });
  });
});

describe('routing: assignConversation, transferConversationToAgent', () => {
  const stored = () => service.store.conversations.get(`${PID}/${RID}`)!;
  const { agent, owner } = SEED.members;
  /** Only the owner is available: the default department's `assigned` routing picks it. */
  function ownerAloneAvailable() {
    for (const t of service.store.teammates.values()) if (t.id_project === PID) t.user_available = t.id_user === owner.userId;
  }

  it('routes an unassigned conversation to the default department: the available teammate joins, request.update and the recount; snapshot.agents in the answer only (checked on 2.19.16)', async () => {
    ownerAloneAvailable();
    Object.assign(stored(), { participants: [], participantsAgents: [], participantsBots: [], status: 100, waiting_time: 5000, department: undefined });
    let got!: ApiResult;
    const delivered = await deliveredDuring(['request.update', 'project_user.update'], async () => {
      got = await api(`${conversation}/assign`, { method: 'PUT', auth: await as('agent'), body: {} });
    });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      status: 200,
      participants: [owner.userId],
      participantsAgents: [owner.userId],
      participantsBots: [],
      hasBot: false,
      participatingAgents: [{ _id: owner.userId }],
    });
    expect(got.body.department).toMatchObject({ _id: SEED.departmentId, name: 'Default Department' });
    expect(got.body.assigned_at).toBe(got.body.updatedAt);
    expect(got.body).not.toHaveProperty('waiting_time');
    expect(got.body.snapshot.department).toMatchObject({ _id: SEED.departmentId });
    expect(got.body.snapshot.agents.map((t: { id_user: string }) => t.id_user)).toContain(owner.userId);
    expect(got.body.snapshot.availableAgentsCount).toBe(1);
    expect(delivered.map((d) => d.event)).toEqual(['request.update', 'project_user.update']);
    expect(delivered[0]!.body.payload).toEqual(got.body);
    expect(delivered[1]!.body.payload).toMatchObject({ _id: owner.teammateId });
    // select: false — a read does not send the agents.
    const read = (await api(conversation, { auth: await as('owner') })).body;
    expect(read.snapshot).not.toHaveProperty('agents');
    expect(read).toMatchObject({ status: 200, participants: [owner.userId] });
  });

  it('answers an assigned, served or closed conversation as stored, not populated, and notifies nothing (checked on 2.19.16)', async () => {
    Object.assign(stored(), { participants: [agent.userId], participantsAgents: [agent.userId], status: 200 });
    const delivered = await deliveredDuring(['request.update'], async () => {
      const got = await api(`${conversation}/assign`, { method: 'PUT', auth: await as('owner') });
      expect(got.status).toBe(200);
      expect(typeof got.body.lead).toBe('string');
      expect(got.body).not.toHaveProperty('participatingAgents');
      expect(got.body).toMatchObject({ id: SEED.conversation.id, participants: [agent.userId], status: 200 });
    });
    expect(delivered).toEqual([]);
    stored().status = 1000;
    expect((await api(`${conversation}/assign`, { method: 'PUT', auth: await as('owner') })).body.status).toBe(1000);
  });

  it('answers 404 "Request not found", 500 "Error changing the department." for an unknown or malformed department, 403 below agent (checked on 2.19.16)', async () => {
    const auth = await as('owner');
    expect(await api(`/${PID}/requests/support-group-nope/assign`, { method: 'PUT', auth, body: {} })).toMatchObject({ status: 404, body: { success: false, msg: 'Request not found' } });
    Object.assign(stored(), { participants: [], participantsAgents: [], status: 100 });
    for (const departmentid of ['5f5f5f5f5f5f5f5f5f5f5f5f', 'xyz']) {
      expect(await api(`${conversation}/assign`, { method: 'PUT', auth, body: { departmentid } })).toMatchObject({ status: 500, body: { success: false, msg: 'Error changing the department.' } });
    }
    expect(stored().status).toBe(100);
    expect((await api(`${conversation}/assign`, { method: 'PUT', auth: await as('guest'), body: {} })).status).toBe(403);
    expect((await api(`${conversation}/agent`, { method: 'PUT', auth: await as('guest') })).status).toBe(403);
  });

  it("routes to the department's bot unless nobot", async () => {
    const auth = await as('owner');
    ownerAloneAvailable();
    service.store.departments.get(SEED.departmentId)!.id_bot = '65f1a2b3c4d5e6f708091901';
    Object.assign(stored(), { participants: [], participantsAgents: [], status: 100 });
    expect((await api(`${conversation}/assign`, { method: 'PUT', auth, body: {} })).body).toMatchObject({
      status: 200,
      hasBot: true,
      participants: ['bot_65f1a2b3c4d5e6f708091901'],
      participantsAgents: [],
      participantsBots: ['65f1a2b3c4d5e6f708091901'],
    });
    // transferConversationToAgent: the same department without its bot, whatever the status.
    const handed = await api(`${conversation}/agent`, { method: 'PUT', auth });
    expect(handed.body).toMatchObject({ status: 200, hasBot: false, participants: [owner.userId], participantsBots: [] });
  });

  it('transferConversationToAgent routes any conversation, a closed one back to 200; the same result is not saved but still notified; 404 "Object not found." (checked on 2.19.16)', async () => {
    const auth = await as('owner');
    ownerAloneAvailable();
    Object.assign(stored(), { participants: [owner.userId], participantsAgents: [owner.userId], status: 1000, department: SEED.departmentId });
    const reopened = await api(`${conversation}/agent`, { method: 'PUT', auth });
    expect(reopened.body).toMatchObject({ status: 200, participants: [owner.userId] });
    const updatedAt = stored().updatedAt;
    service.clock.advance(1000);
    let again!: ApiResult;
    const delivered = await deliveredDuring(['request.update', 'project_user.update'], async () => {
      again = await api(`${conversation}/agent`, { method: 'PUT', auth });
    });
    expect(again.body.updatedAt).toBe(updatedAt);
    expect(again.body.assigned_at).not.toBe(reopened.body.assigned_at);
    expect(stored().assigned_at).toBe(reopened.body.assigned_at);
    expect(delivered.map((d) => d.event)).toEqual(['request.update']);
    expect(await api(`/${PID}/requests/support-group-nope/agent`, { method: 'PUT', auth })).toMatchObject({ status: 404, body: { success: false, msg: 'Object not found.' } });
  });

  it('answers removing a participant the conversation does not have with an empty 200 when its populate fails (checked on 2.19.16)', async () => {
    const auth = await as('owner');
    Object.assign(stored(), { participants: ['not-an-id'], participantsAgents: ['not-an-id'], status: 200 });
    const got = await api(`${conversation}/participants/${agent.userId}`, { method: 'DELETE', auth });
    expect(got.status).toBe(200);
    expect(got.text).toBe('');
    expect(got.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // transferConversationToAgent replaces the participants: the populate then succeeds.
    ownerAloneAvailable();
    expect((await api(`${conversation}/agent`, { method: 'PUT', auth })).body).toMatchObject({ status: 200, participants: [owner.userId] });
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
