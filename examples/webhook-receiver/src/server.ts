// Runs the receiver:
//   WEBHOOK_SECRET=<subscription secret> [WEBHOOK_SUBSCRIPTION_ID=<id>[,<id>…]] [WEBHOOK_EVENTS=<event>[,<event>…]]
//   [PORT=3000] [HOST=127.0.0.1] node src/server.ts
import { startReceiver } from './receiver.ts';

const secret = process.env.WEBHOOK_SECRET;
if (!secret) {
  console.error('Set WEBHOOK_SECRET to the secret createSubscription returned.');
  process.exit(2);
}
const list = (value: string | undefined) =>
  value
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : undefined;
const subscriptionId = list(process.env.WEBHOOK_SUBSCRIPTION_ID);
const events = list(process.env.WEBHOOK_EVENTS);
if (!subscriptionId) console.warn('WEBHOOK_SUBSCRIPTION_ID is not set: deliveries of any subscription signed with this secret are accepted.');

const receiver = await startReceiver({
  secret,
  ...(subscriptionId?.length ? { subscriptionId } : {}),
  ...(events?.length ? { events } : {}),
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST ?? '127.0.0.1',
});
console.log(`listening on ${receiver.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void receiver.close().then(() => process.exit(0));
  });
}
