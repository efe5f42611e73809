import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supportkb/sdk';
import { buildWebhookDelivery, type WebhookEvent } from '@supportkb/sdk/webhooks';
import { SEED, startMockServer, type DeliveryResult, type RunningMock } from '@supportkb/mocks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startReceiver, type RunningReceiver } from '../src/receiver.ts';

// The receiver against the stateful mock: the mock POSTs real deliveries over HTTP to the URL
// subscribed through the SDK, exactly as the service does.
let mock: RunningMock;
let receiver: RunningReceiver;
let secret: string | undefined;
const lines: string[] = [];
const events: WebhookEvent[] = [];

const sampleHook = () => ({ _id: '65f1a2b3c4d5e6f708091401', event: 'message.create' as const, target: receiver.url, id_project: SEED.projectId });
const samplePayload = { _id: '65f1a2b3c4d5e6f708091501', type: 'text', text: 'Hi', sender: 'guest', recipient: 'support-group-7d3e5f9a-2b4c-4d6e-8f0a-1b2c3d4e5f6a', id_project: SEED.projectId };
const post = (body: string, headers: Record<string, string>) => fetch(receiver.url, { method: 'POST', headers, body });

beforeAll(async () => {
  receiver = await startReceiver({ secret: () => secret, log: (line) => lines.push(line), onEvent: (event) => void events.push(event) });
  mock = await startMockServer({ port: 0, service: { webhooks: { baseDelayMs: 10 } } });
  const sk = createClient({ baseUrl: mock.url, projectId: SEED.projectId });
  await sk.auth.signIn({ email: SEED.members.admin.email, password: SEED.members.admin.password });
  const subscription = await sk.subscriptions.create({ event: 'message.create', target: receiver.url });
  secret = subscription.secret; // what you would put in WEBHOOK_SECRET
});
afterAll(async () => {
  await mock?.stop();
  await receiver?.close();
});

it('verifies a real message.create delivery from the mock and logs the typed event', async () => {
  const results: Promise<DeliveryResult>[] = [];
  mock.service!.onWebhook((delivery) => results.push(delivery.result));
  const sk = createClient({ baseUrl: mock.url, projectId: SEED.projectId, auth: { basic: { email: SEED.members.agent.email, password: SEED.members.agent.password } } });
  await sk.messages.create({ request_id: 'support-group-webhook-receiver', text: 'Where is my order?' });
  await mock.service!.webhooksIdle();

  // The mock saw a 2xx at the first attempt: no retry.
  expect(await Promise.all(results)).toEqual([expect.objectContaining({ delivered: true, status: 204, attempts: 1 })]);
  expect(events).toHaveLength(1);
  const event = events[0]!;
  expect(event.event).toBe('message.create');
  if (event.event !== 'message.create') throw new Error('unreachable');
  expect(event.payload.text).toBe('Where is my order?'); // typed as Message
  expect(event.payload.recipient).toBe('support-group-webhook-receiver');
  expect(lines).toContainEqual(expect.stringMatching(/^message\.create: .+ wrote "Where is my order\?" in support-group-webhook-receiver$/));
  expect(lines.join('\n')).not.toContain(secret);
});

it('rejects forged deliveries with 4xx and never hands them to the handler', async () => {
  const before = events.length;
  // Signed with a guessed secret.
  const guessed = await buildWebhookDelivery({ secret: 'guessed-secret', hook: sampleHook(), payload: samplePayload });
  const forged = await post(guessed.body, guessed.headers);
  expect(forged.status).toBe(401);
  expect(await forged.json()).toEqual({ error: 'secret_mismatch' });
  // The right header (leaked?) but a token not signed with the secret.
  const resigned = await post(guessed.body, { ...guessed.headers, 'x-hook-secret': secret! });
  expect(resigned.status).toBe(401);
  expect(await resigned.json()).toEqual({ error: 'invalid_token' });
  // A genuine delivery replayed an hour later.
  const old = await buildWebhookDelivery({ secret: secret!, hook: sampleHook(), payload: samplePayload, timestamp: Date.now() - 3_600_000 });
  expect((await post(old.body, old.headers)).status).toBe(400);
  // Not JSON.
  expect((await post('{"timestamp":', { 'content-type': 'application/json', 'x-hook-secret': secret! })).status).toBe(400);
  // Wrong method, wrong path.
  expect((await fetch(receiver.url)).status).toBe(405);
  expect((await fetch(new URL('/other', receiver.url), { method: 'POST', body: '{}' })).status).toBe(404);

  expect(events.length).toBe(before);
  expect(lines.filter((line) => line.startsWith('rejected'))).toEqual([
    expect.stringContaining('rejected (secret_mismatch)'),
    expect.stringContaining('rejected (invalid_token)'),
    expect.stringContaining('rejected (timestamp_out_of_tolerance)'),
    expect.stringContaining('rejected (malformed_body)'),
  ]);
  expect(lines.join('\n')).not.toContain(secret);
});

it('runs as a program: `node src/server.ts` with WEBHOOK_SECRET', async () => {
  const script = fileURLToPath(new URL('../src/server.ts', import.meta.url));
  const child = spawn(process.execPath, [script], { env: { ...process.env, WEBHOOK_SECRET: 'program-secret', PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}:\n${stdout}\n${stderr}`)), 15_000);
      const check = () => {
        const match = pattern.exec(stdout);
        if (match) {
          clearTimeout(timer);
          child.stdout.off('data', check);
          resolve(match);
        }
      };
      child.stdout.on('data', check);
      check();
    });
  try {
    const [, url] = await waitFor(/listening on (http:\/\/\S+)/);
    const delivery = await buildWebhookDelivery({ secret: 'program-secret', hook: { ...sampleHook(), target: url! }, payload: { ...samplePayload, text: 'from the program test' } });
    expect((await fetch(url!, { method: 'POST', headers: delivery.headers, body: delivery.body })).status).toBe(204);
    await waitFor(/message\.create: guest wrote "from the program test"/);
  } finally {
    child.kill('SIGTERM'); // by PID: the child this test started
    expect(await exited).toBe(0);
  }
  expect(stderr).toBe('');
});
