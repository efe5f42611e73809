// Analytics as the server's pubmodules/analytics/analytics.js answers them (@tiledesk/tiledesk-server
// 2.19.16; file:line in each test): MongoDB aggregations over the stored conversations and messages.
import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/state/seed';
import { PID, useMock } from '../support/harness';

const { api, as, service, conformance } = useMock();
const call = async (suffix: string) => api(`/${PID}/analytics/${suffix}`, { auth: await as('admin') });
const get = async (suffix: string) => (await call(suffix)).body;
const DAY = 86_400_000;
const conversations = () => [...service.store.conversations.values()].filter((c) => c.preflight !== true);
const since = (ms: number) => conversations().filter((c) => Date.parse(c.createdAt) >= service.clock.now() - ms);
const ANALYTICS_ERROR = { success: false, msg: 'Error getting analytics.' };
const total = (buckets: { count: number }[]) => buckets.reduce((sum, b) => sum + b.count, 0);

describe('analytics computed from the stored conversations and messages', () => {
  it('counts the conversations of the last 30 days, by status (the total, as the service) and with a bot', async () => {
    const recent = since(30 * DAY);
    // analytics.js:31 ($count), :56 (the unfinished status route counts the same), :1032 (hasBot: true)
    expect(await get('requests/count')).toEqual([{ totalCount: recent.length }]);
    expect(await get('requests/aggregate/status')).toEqual([{ totalCount: recent.length }]);
    expect(await get('requests/hasBot/count')).toEqual([{ totalCount: recent.filter((c) => c.hasBot).length }]);
  });

  it('counts more messages than conversations', async () => {
    expect((await get('messages/count'))[0].totalCount).toBeGreaterThan(since(30 * DAY).length);
  });

  it('buckets conversations by UTC day, oldest first, summing to the window', async () => {
    const byDay = await get('requests/aggregate/day?lastdays=30');
    expect(total(byDay)).toBe(since(30 * DAY).length);
    expect(byDay).toEqual([...byDay].sort((a: any, b: any) => Date.UTC(a._id.year, a._id.month, a._id.day) - Date.UTC(b._id.year, b._id.month, b._id.day)));
    expect(total(await get('requests/aggregate/day'))).toBe(since(7 * DAY).length); // analytics.js:170 lastdays=7
  });

  it('buckets every conversation by month and by MongoDB week', async () => {
    const all = conversations().length;
    expect(total(await get('requests/aggregate/month'))).toBe(all);
    const weeks = await get('requests/aggregate/week');
    expect(total(weeks)).toBe(all);
    // $week: Sunday 2026-11-15 starts week 46 (week 1 began on Sunday 2026-01-04); the seed's now is Friday 2026-11-20
    expect(weeks.at(-1)._id).toEqual({ year: 2026, month: 11, week: 46 });
  });

  it('reads lastdays with JavaScript arithmetic: NaN is the epoch (all time), 0 leaves nothing older than now', async () => {
    // analytics.js:177 new Date(now - lastdays * 86400000); the driver sends an invalid date as 0
    expect(total(await get('requests/aggregate/day?lastdays=abc'))).toBe(conversations().length);
    expect(total(await get('requests/aggregate/day?lastdays=1&lastdays=2'))).toBe(conversations().length);
    expect(await get('requests/aggregate/day?lastdays=0')).toEqual([]);
    expect(await get('requests/aggregate/day?lastdays=-3')).toEqual([]);
    expect(total(await get('messages/aggregate/day?lastdays=abc'))).toBe(service.store.messages.size);
    // analytics.js:547: the same for `last` (seconds)
    expect((await get('requests/waiting?last=abc'))[0]._id).toBe(PID);
  });

  it('answers {err: "error"} for a department_id new ObjectId() refuses, and matches a 12-character one as bytes', async () => {
    // analytics.js:182 and :313 throw synchronously: Express's global handler (app.js:728)
    for (const suffix of [
      'requests/aggregate/day?department_id=nope',
      'requests/aggregate/month?department_id=nope',
      `requests/aggregate/day?department_id=${SEED.departmentId}&department_id=${SEED.departmentId}`,
    ]) {
      expect(await call(suffix), suffix).toMatchObject({ status: 500, body: { err: 'error' } });
    }
    expect(await get('requests/aggregate/day?department_id=abcdefghijkl')).toEqual([]);
    expect(total(await get(`requests/aggregate/month?department_id=${SEED.departmentId.toUpperCase()}`))).toBe(conversations().length);
    // analytics.js:362: the week route reads department_id and ignores it
    expect(total(await get('requests/aggregate/week?department_id=nope'))).toBe(conversations().length);
  });

  it('puts participant, channel, sender and recipient into the $match as sent: arrays, operators', async () => {
    const recent = since(30 * DAY);
    // analytics.js:188, :193
    expect(total(await get(`requests/aggregate/day?lastdays=30&participant=${SEED.members.agent.userId}`))).toBe(recent.filter((c) => c.participants?.includes(SEED.members.agent.userId)).length);
    expect(total(await get('requests/aggregate/day?lastdays=30&participant[$ne]=nobody'))).toBe(recent.length);
    expect(total(await get('requests/aggregate/day?lastdays=30&channel=email'))).toBe(recent.filter((c) => c.channel?.name === 'email').length);
    expect(await get('requests/aggregate/day?lastdays=30&channel=chat21&channel=email')).toEqual([]); // an array: channel.name equal to the array
    expect(await call('requests/aggregate/day?participant[$foo]=x')).toMatchObject({ status: 500, body: ANALYTICS_ERROR });
    // analytics.js:1377, :1381
    expect(await get('messages/count?sender=nobody')).toEqual([]);
    expect(await call('messages/count?sender[$foo]=x')).toMatchObject({ status: 500, body: ANALYTICS_ERROR });
  });

  it('matches countMessages `attributes` as a whole embedded document, `attributes_answerid` as one key', async () => {
    const auth = await as('guest');
    await api(`/${PID}/requests/support-group-analytics/messages`, { auth, body: { text: 'a', attributes: { _answerid: 'faq-1' } } });
    await api(`/${PID}/requests/support-group-analytics/messages`, { auth, body: { text: 'b', attributes: { _answerid: 'faq-1', more: 'x' } } });
    const exact = [...service.store.messages.values()].filter((m) => JSON.stringify(m.attributes) === JSON.stringify({ _answerid: 'faq-1' })).length;
    const withKey = [...service.store.messages.values()].filter((m) => (m.attributes as { _answerid?: string } | undefined)?._answerid === 'faq-1').length;
    // analytics.js:1385 (attributes equal the object), :1389 ("attributes._answerid")
    expect(await get('messages/count?attributes[_answerid]=faq-1')).toEqual(exact ? [{ totalCount: exact }] : []);
    expect(await get('messages/count?attributes_answerid=faq-1')).toEqual([{ totalCount: withKey }]);
    expect(withKey).toBe(2);
  });

  it('buckets by hour, latest hour first, in the time zone asked', async () => {
    // analytics.js:433, :440 $hour {date, timezone}
    const hours = await get('requests/aggregate/hours');
    expect(hours.map((h: any) => h._id.hour)).toEqual([...hours.map((h: any) => h._id.hour)].sort((a, b) => b - a));
    const plusOne = await get('requests/aggregate/hours?timezone=%2B01:00');
    expect(plusOne[0]._id.hour).toBe(hours[0]._id.hour + 1);
    expect(await get('requests/aggregate/hours?timezone=%2B0100')).toEqual(plusOne);
    expect(await get('requests/aggregate/hours?timezone=%2B01')).toEqual(plusOne);
    expect(await get('requests/aggregate/hours?timezone=UTC')).toEqual(hours);
    // an Olson name is applied at each conversation's date: Rome is +02:00 until 2026-10-25, +01:00 after
    const rome = await get('requests/aggregate/hours?timezone=Europe/Rome');
    const romeHour = (iso: string) => Number(new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Rome', hour: 'numeric', hourCycle: 'h23' }).format(new Date(iso)));
    const expected = new Map<number, number>();
    for (const c of since(30 * DAY)) expected.set(romeHour(c.createdAt), (expected.get(romeHour(c.createdAt)) ?? 0) + 1);
    expect(rome).toEqual([...expected].sort((x, y) => y[0] - x[0]).map(([hour, count]) => ({ _id: { hour }, count })));
  });

  it('fails the aggregation for a time zone MongoDB does not know, only when a conversation matched', async () => {
    // analytics.js:457: MongoDB evaluates the timezone per document (40485 unknown identifier, 40533 not a string)
    for (const timezone of ['Mars/Olympus', 'europe/rome', '%2B1', '1', '+02:00' /* a space, then 02:00 */, 'Europe/Rome&timezone=UTC']) {
      expect(await call(`requests/aggregate/hours?timezone=${timezone}`), timezone).toMatchObject({ status: 500, body: ANALYTICS_ERROR });
    }
    // a field path: missing, so $hour is null
    expect(await get('requests/aggregate/hours?timezone=$nope')).toEqual([{ _id: { hour: null }, count: since(30 * DAY).length }]);
    conformance.problems.splice(0); // hour: null is not in the contract's AnalyticsHourCount
    service.store.conversations.clear();
    expect(await get('requests/aggregate/hours?timezone=Mars/Olympus')).toEqual([]);
  });

  it('averages waiting time, duration (of the closed conversations) and satisfaction', async () => {
    const [waiting] = await get('requests/waiting');
    expect(waiting._id).toBe(PID);
    expect(waiting.waiting_time_avg).toBeGreaterThan(0);
    const closed = since(30 * DAY).filter((c) => c.closed_at);
    const durations = closed.map((c) => Date.parse(c.closed_at as string) - Date.parse(c.createdAt));
    // analytics.js:746 $subtract closed_at − createdAt: null for open conversations, which $avg skips
    expect((await get('requests/duration'))[0].duration_avg).toBeCloseTo(durations.reduce((a, b) => a + b, 0) / durations.length);
    const [satisfaction] = await get('requests/satisfaction');
    expect(satisfaction.satisfaction_avg).toBeGreaterThanOrEqual(3);
    expect(satisfaction.satisfaction_avg).toBeLessThanOrEqual(5);
  });

  it('answers duration_avg null when no conversation of the window is closed', async () => {
    for (const c of service.store.conversations.values()) delete c.closed_at;
    expect(await get('requests/duration')).toEqual([{ _id: PID, duration_avg: null }]);
  });

  it('moves with a new message (and its new conversation)', async () => {
    const conversationsBefore = since(30 * DAY).length;
    const messages = (await get('messages/count'))[0].totalCount;
    await api(`/${PID}/requests/support-group-analytics/messages`, { auth: await as('guest'), body: { text: 'new!' } });
    expect(await get('requests/count')).toEqual([{ totalCount: conversationsBefore + 1 }]);
    expect((await get('messages/count'))[0].totalCount).toBe(messages + 1);
    expect((await get('messages/count?recipient=support-group-analytics'))[0].totalCount).toBe(1);
    expect((await get('messages/aggregate/day')).at(-1)._id).toEqual({ year: 2026, month: 11, day: 20 });
  });

  it('answers [] when there is nothing to count', async () => {
    service.store.conversations.clear();
    service.store.messages.clear();
    for (const suffix of [
      'requests/count',
      'requests/waiting',
      'requests/waiting/day/last',
      'requests/duration',
      'requests/satisfaction',
      'requests/hasBot/count',
      'messages/count',
      'requests/aggregate/day',
      'requests/aggregate/month',
      'requests/aggregate/week',
      'messages/aggregate/day',
    ]) {
      expect(await get(suffix), suffix).toEqual([]);
    }
  });

  it('needs an admin', async () => {
    expect((await api(`/${PID}/analytics/requests/count`, { auth: await as('agent') })).status).toBe(403);
  });
});
