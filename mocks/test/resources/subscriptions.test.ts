import { subscriptionEvents, type SubscriptionCreateRequest, type SubscriptionEvent } from '@supportkb/sdk';
import { zSubscriptionCreateRequest, zSubscriptionEvent } from '@supportkb/sdk/zod';
import { WEBHOOK_EVENTS } from '@supportkb/sdk/webhooks';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { unknownEventWarning } from '../../src/resources/subscriptions';
import { SEED } from '../../src/state/seed';
import { PID, useMock } from '../support/harness';

/**
 * `createSubscription`'s `event`: the names the service delivers (`SubscriptionEvent`) or any other
 * string, as the service stores any name. The mock accepts an unknown name like the service does,
 * and warns once (console.warn) since such a subscription never fires, naming the closest known event.
 */
const { api, as } = useMock();
const target = 'http://127.0.0.1:9/hooks';

afterEach(() => vi.restoreAllMocks());

describe('createSubscription', () => {
  it('subscribes, with the secret in the body and in x-hook-secret', async () => {
    const created = await api(`/${PID}/subscriptions`, { auth: await as('admin'), body: { event: 'message.create', target } });
    expect(created.body).toMatchObject({ secret: SEED.subscriptionSecret, event: 'message.create', target, id_project: PID, global: false });
    expect(created.headers.get('x-hook-secret')).toBe(SEED.subscriptionSecret);
  });

  it('creates another subscription for the same event with another target', async () => {
    const admin = await as('admin');
    const created = await api(`/${PID}/subscriptions`, { auth: admin, body: { event: 'message.create', target } });
    const other = await api(`/${PID}/subscriptions`, { auth: admin, body: { event: 'message.create', target: 'http://127.0.0.1:9/other' } });
    expect(other.status).toBe(200);
    expect(other.body._id).not.toBe(created.body._id);
    expect(other.body).toMatchObject({ target: 'http://127.0.0.1:9/other', global: false });
  });

  it("answers a duplicate (same event and target: the unique index) with the project's first subscription of the event, without `global` (routes/subscription.js:25)", async () => {
    const admin = await as('admin');
    const created = await api(`/${PID}/subscriptions`, { auth: admin, body: { event: 'message.create', target } });
    await api(`/${PID}/subscriptions`, { auth: admin, body: { event: 'message.create', target: 'http://127.0.0.1:9/other' } });
    const duplicate = await api(`/${PID}/subscriptions`, { auth: admin, body: { event: 'message.create', target: 'http://127.0.0.1:9/other' } });
    expect(duplicate.body._id).toBe(created.body._id);
    expect(duplicate.body.target).toBe(target);
    expect(duplicate.body).not.toHaveProperty('global');
    expect(duplicate.headers.get('x-hook-secret')).toBe(SEED.subscriptionSecret);
  });

  it('casts event and target to strings, and answers 500 `Error saving object.` for what the model refuses (routes/subscription.js:32)', async () => {
    const admin = await as('admin');
    expect((await api(`/${PID}/subscriptions`, { auth: admin, body: { event: 7, target: true } })).body).toMatchObject({ event: '7', target: 'true' });
    for (const body of [{ event: 'lead.create' }, { target }, { event: '', target }, { event: 'lead.create', target: [target] }, { event: { a: 1 }, target }]) {
      expect(await api(`/${PID}/subscriptions`, { auth: admin, body }), JSON.stringify(body)).toMatchObject({ status: 500, body: { success: false, msg: 'Error saving object.' } });
    }
  });
});

describe('subscription event names', () => {
  it('the contract lists the event names the service delivers, the ones the SDK types webhook payloads for', () => {
    expect([...subscriptionEvents].sort()).toEqual([...WEBHOOK_EVENTS].sort());
    expect(subscriptionEvents.every((event) => zSubscriptionEvent.safeParse(event).success)).toBe(true);
    expect(zSubscriptionEvent.safeParse('message.created').success).toBe(false);
    expectTypeOf<SubscriptionEvent>().toEqualTypeOf<(typeof WEBHOOK_EVENTS)[number]>();
  });

  it('takes a known name or any non-empty string as `event` (clients that send a run-time name still compile and validate)', () => {
    expectTypeOf<'message.create.request.channel.chat21'>().toExtend<SubscriptionCreateRequest['event']>();
    expect(zSubscriptionCreateRequest.safeParse({ event: 'message.create.request.channel.chat21', target: 'https://a.test/h' }).success).toBe(true);
    expect(zSubscriptionCreateRequest.safeParse({ event: '', target: 'https://a.test/h' }).success).toBe(false);
  });

  it('accepts an unknown name as the service does, and warns once, naming the closest known event', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const admin = await as('admin');
    const created = await api(`/${PID}/subscriptions`, { auth: admin, body: { event: 'message.created', target } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ event: 'message.created', target });
    expect(warn.mock.calls).toEqual([
      ['[@supportkb/mocks] createSubscription: "message.created" is not an event the service delivers, so this subscription will never fire (the service, like the mock, stores any name). Did you mean "message.create"?'],
    ]);
    const again = await api(`/${PID}/subscriptions`, { auth: admin, body: { event: 'message.created', target: 'http://127.0.0.1:9/again' } });
    expect(again.body._id).not.toBe(created.body._id);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('does not warn for a known name or a name built at run time', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const admin = await as('admin');
    for (const event of ['message.create', 'project_user.update.agent', 'message.create.request.channel.chat21', 'message.create.request.channelOutbound.email', 'event.emit.order_shipped']) {
      expect((await api(`/${PID}/subscriptions`, { auth: admin, body: { event, target } })).status, event).toBe(200);
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it('lists the known events when no name is close', () => {
    expect(unknownEventWarning('nothing-like-it')).toMatch(/never fire .* Known events: message\.create, request\.create, .*operator\.select\.$/);
  });

  it('has no warning for a known name', () => {
    expect(unknownEventWarning('lead.create')).toBeUndefined();
  });
});
