// Runs the receiver: WEBHOOK_SECRET=<subscription secret> [PORT=3000] [HOST=127.0.0.1] node src/server.ts
import { startReceiver } from './receiver.ts';

const secret = process.env.WEBHOOK_SECRET;
if (!secret) {
  console.error('Set WEBHOOK_SECRET to the secret createSubscription returned.');
  process.exit(2);
}

const receiver = await startReceiver({
  secret,
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST ?? '127.0.0.1',
});
console.log(`listening on ${receiver.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void receiver.close().then(() => process.exit(0));
  });
}
