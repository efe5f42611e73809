import { describe, expect, it } from 'vitest';
import { PID, useMock } from '../support/harness';

const { api, as, service } = useMock();
const get = async (suffix: string) => (await api(`/${PID}/analytics/${suffix}`, { auth: await as('admin') })).body;
const DAY = 86_400_000;
const last30 = () => [...service.store.conversations.values()].filter((c) => service.clock.now() - Date.parse(c.createdAt) <= 30 * DAY);

describe('analytics computed from the stored conversations and messages', () => {
  it('counts the conversations of the last 30 days, by status (the total, as the service) and with a bot', async () => {
    const recent = last30();
    expect(await get('requests/count')).toEqual([{ totalCount: recent.length }]);
    expect(await get('requests/aggregate/status')).toEqual([{ totalCount: recent.length }]);
    expect(await get('requests/hasBot/count')).toEqual([{ totalCount: recent.filter((c) => c.hasBot).length }]);
  });

  it('counts more messages than conversations', async () => {
    expect((await get('messages/count'))[0].totalCount).toBeGreaterThan(last30().length);
  });

  it('buckets conversations by day, in order, summing to the window', async () => {
    const byDay = await get('requests/aggregate/day?lastdays=30');
    expect(byDay.reduce((sum: number, d: any) => sum + d.count, 0)).toBe(last30().length);
    expect(byDay).toEqual([...byDay].sort((a: any, b: any) => Date.UTC(a._id.year, a._id.month, a._id.day) - Date.UTC(b._id.year, b._id.month, b._id.day)));
  });

  it('buckets every conversation by month and by week', async () => {
    const all = service.store.conversations.size;
    expect((await get('requests/aggregate/month')).reduce((sum: number, m: any) => sum + m.count, 0)).toBe(all);
    expect((await get('requests/aggregate/week')).reduce((sum: number, w: any) => sum + w.count, 0)).toBe(all);
  });

  it('buckets by hour, latest hour first, in the time zone asked', async () => {
    const hours = await get('requests/aggregate/hours');
    expect(hours.map((h: any) => h._id.hour)).toEqual([...hours.map((h: any) => h._id.hour)].sort((a, b) => b - a));
    const rome = await get('requests/aggregate/hours?timezone=Europe/Rome');
    expect(rome[0]._id.hour).toBe(hours[0]._id.hour + 1);
  });

  it('refuses an unknown time zone (400)', async () => {
    expect((await api(`/${PID}/analytics/requests/aggregate/hours?timezone=Mars/Olympus`, { auth: await as('admin') })).status).toBe(400);
  });

  it('averages waiting time, duration and satisfaction', async () => {
    const [waiting] = await get('requests/waiting');
    expect(waiting._id).toBe(PID);
    expect(waiting.waiting_time_avg).toBeGreaterThan(0);
    expect((await get('requests/duration'))[0].duration_avg).toBeGreaterThan(0);
    const [satisfaction] = await get('requests/satisfaction');
    expect(satisfaction.satisfaction_avg).toBeGreaterThanOrEqual(3);
    expect(satisfaction.satisfaction_avg).toBeLessThanOrEqual(5);
  });

  it('moves with a new message (and its new conversation)', async () => {
    const conversations = last30().length;
    const messages = (await get('messages/count'))[0].totalCount;
    await api(`/${PID}/requests/support-group-analytics/messages`, { auth: await as('guest'), body: { text: 'new!' } });
    expect(await get('requests/count')).toEqual([{ totalCount: conversations + 1 }]);
    expect((await get('messages/count'))[0].totalCount).toBe(messages + 1);
    expect((await get('messages/count?recipient=support-group-analytics'))[0].totalCount).toBe(1);
    expect((await get('messages/aggregate/day')).at(-1)._id).toEqual({ year: 2026, month: 11, day: 20 });
  });

  it('answers [] when there is nothing to count', async () => {
    service.store.conversations.clear();
    service.store.messages.clear();
    for (const suffix of ['requests/count', 'requests/waiting', 'requests/duration', 'requests/satisfaction', 'messages/count', 'requests/aggregate/day']) expect(await get(suffix)).toEqual([]);
  });
});
