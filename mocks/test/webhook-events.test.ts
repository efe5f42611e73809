import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { Group, OperatorSelection, Teammate } from '@supportkb/sdk';
import { verifyWebhook } from '@supportkb/sdk/webhooks';
import { zGroupEvent, zLeadCreateEvent, zOperatorSelectEvent, zTeammateEvent } from '@supportkb/sdk/zod';
import { SEED } from '../src/state/seed';
import { PID, useMock } from './support/harness';

/**
 * The webhook events beyond `message.create`, delivered by the mock as the real server 2.19.16 does
 * (test/fixtures/webhooks/deliveries-2.19.16.json holds the real deliveries): each body is the
 * contract's schema of its event, `project_user.update.agent` follows every `project_user.update` of
 * an agent-type teammate, and `operator.select` lets the subscription's target choose the operators
 * of a new conversation.
 */
const { api, as } = useMock();

/** A loopback receiver: records every delivery, and answers `operator.select` with what `answer` returns. */
interface Receiver {
  url: string;
  hits: { event: string; body: unknown }[];
  answer: (body: unknown) => unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
/** A delivery's `payload`. */
const payloadOf = (body: unknown): unknown => (isRecord(body) ? body.payload : undefined);
/** An `operator.select` delivery's payload, as the contract types it (throws on any other body). */
const selectionOf = (body: unknown): OperatorSelection => zOperatorSelectEvent.parse(body).payload;
let receiver: Receiver;
let server: Server;
beforeAll(async () => {
  receiver = { url: '', hits: [], answer: () => ({}) };
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      const body: unknown = JSON.parse(text);
      const event = isRecord(body) && isRecord(body.hook) ? String(body.hook.event) : '';
      receiver.hits.push({ event, body });
      const answer = event === 'operator.select' ? receiver.answer(body) : {};
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  receiver.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function subscribe(...events: string[]) {
  receiver.hits.length = 0;
  for (const event of events) expect((await api(`/${PID}/subscriptions`, { auth: await as('admin'), body: { event, target: receiver.url } })).status).toBe(200);
}

/** Resolves when `count` deliveries arrived (polling; a guard against a hang, not a timing claim). */
async function received(count: number) {
  for (let i = 0; i < 400 && receiver.hits.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  return receiver.hits;
}

describe('webhook events, as 2.19.16 delivers them', () => {
  it('project_user.update.agent: every project_user.update of an agent-type teammate, with the same teammate', async () => {
    await subscribe('project_user.update', 'project_user.update.agent');
    expect((await api(`/${PID}/project_users`, { method: 'PUT', auth: await as('agent'), body: { user_available: false } })).status).toBe(200);
    const hits = await received(2);
    expect(hits.map((h) => h.event).sort()).toEqual(['project_user.update', 'project_user.update.agent']);
    expect(payloadOf(hits[0]!.body)).toEqual(payloadOf(hits[1]!.body));
    for (const { body } of hits) expect(zTeammateEvent.safeParse(body).error).toBeUndefined();
    expect(payloadOf(hits[0]!.body)).toMatchObject({ roleType: 1, user_available: false, id_user: { _id: SEED.members.agent.userId, firstname: 'Maria', lastname: 'Rossi' }, isBusy: false });
  });

  it('group.*, lead.create: bodies of the contract, verified and narrowed by event name', async () => {
    await subscribe('group.create', 'group.update', 'group.delete', 'lead.create');
    const admin = await as('admin');
    const group = (await api(`/${PID}/groups`, { auth: admin, body: { name: 'Billing', members: [] } })).body;
    await api(`/${PID}/groups/${group._id}`, { method: 'DELETE', auth: admin });
    await api(`/${PID}/groups/${group._id}?force=true`, { method: 'DELETE', auth: admin });
    await api(`/${PID}/leads`, { auth: admin, body: { fullname: 'Ada Lovelace', email: 'ada@example.org' } });
    const hits = await received(4);
    expect(hits.map((h) => h.event).sort()).toEqual(['group.create', 'group.delete', 'group.update', 'lead.create']);
    for (const { event, body } of hits) {
      const schema = event === 'lead.create' ? zLeadCreateEvent : zGroupEvent;
      expect(schema.safeParse(body).error, event).toBeUndefined();
      const verified = await verifyWebhook(JSON.stringify(body), { 'x-hook-secret': SEED.subscriptionSecret }, { secret: SEED.subscriptionSecret });
      expect(verified.event).toBe(event);
      if (verified.event === 'group.update') {
        expectTypeOf(verified.payload).toEqualTypeOf<Group>();
        // A delete without force=true only disables the group.
        expect(verified.payload).toMatchObject({ _id: group._id, enabled: false, trashed: true });
      }
    }
  });

  describe('operator.select: the target chooses the operators of a new conversation', () => {
    /** A visitor opens a conversation; its answer and the conversation as stored. */
    async function open(name: string) {
      const requestId = `support-group-${PID}-select-${name}`;
      const created = await api(`/${PID}/requests/${requestId}/messages`, { auth: await as('guest'), body: { text: 'Hello' } });
      const conversation = created.status === 200 ? (await api(`/${PID}/requests/${requestId}`, { auth: await as('owner') })).body : undefined;
      return { status: created.status, conversation };
    }

    it('delivers the routing (the contract body) and assigns the conversation to the answered operator', async () => {
      await subscribe('operator.select');
      receiver.answer = (body) => ({ ...selectionOf(body), operators: [{ id_user: SEED.members.agent.userId }] });
      const { status, conversation } = await open('answered');
      expect(status).toBe(200);
      expect(conversation).toMatchObject({ participants: [SEED.members.agent.userId], status: 200 });
      const [hit] = receiver.hits;
      expect(hit!.event).toBe('operator.select');
      expect(zOperatorSelectEvent.safeParse(hit!.body).error).toBeUndefined();
      expect(selectionOf(hit!.body).context.request).toMatchObject({
        request_id: `support-group-${PID}-select-answered`,
        id_project: PID,
        first_text: 'Hello',
        departmentid: 'default',
        participants: [],
      });
      expect(selectionOf(hit!.body).project).not.toHaveProperty('jwtSecret');
      const verified = await verifyWebhook(JSON.stringify(hit!.body), { 'x-hook-secret': SEED.subscriptionSecret }, { secret: SEED.subscriptionSecret, event: 'operator.select' });
      if (verified.event === 'operator.select') expectTypeOf(verified.payload).toEqualTypeOf<OperatorSelection>();
      if (verified.event === 'project_user.invite') expectTypeOf(verified.payload).toEqualTypeOf<Teammate>();
    });

    it("keeps the routing's choice for an answer without operators, and leaves the conversation unassigned for operators: []", async () => {
      await subscribe('operator.select');
      receiver.answer = () => ({});
      const kept = await open('kept');
      const chosen = selectionOf(receiver.hits[0]!.body).operators[0]!.id_user;
      expect(kept.conversation).toMatchObject({ participants: [chosen], status: 200 });
      receiver.answer = (body) => ({ ...selectionOf(body), operators: [] });
      const none = await open('none');
      expect(none.conversation).toMatchObject({ participants: [], status: 100 });
    });

    it('fails the creation (500) for an answer of operators alone: the service reads agents and department from the answer', async () => {
      await subscribe('operator.select');
      receiver.answer = () => ({ operators: [{ id_user: SEED.members.agent.userId }] });
      const { status, conversation } = await open('alone');
      expect(status).toBe(500);
      expect(conversation).toBeUndefined();
    });
  });
});
