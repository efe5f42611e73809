import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createClient, type SupportKbClient } from '@supportkb/sdk';
import { buildWebhookDelivery, type WebhookEvent } from '@supportkb/sdk/webhooks';
import { SEED, startMock, type DeliveryResult, type HttpMock, type WebhookDelivery } from '@supportkb/mocks';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startReceiver, type RunningReceiver } from '../src/receiver.ts';
import { WAIT_TIMEOUT_MS } from '../../../test/time-limits';

// The receiver against the stateful mock: the mock POSTs real deliveries over HTTP to the URL
// subscribed through the SDK, exactly as the service does. The receiver runs with every check on:
// pinned to our subscriptions and events, each delivery accepted once.
const EVENTS = ['message.create', 'request.create', 'group.create', 'group.update'] as const;
let mock: HttpMock;
let receiver: RunningReceiver;
let secret: string | undefined;
let admin: SupportKbClient;
let agent: SupportKbClient;
const subscriptionIds: string[] = [];
/** A subscription someone else made to our URL (same project and server: same secret). */
let foreignSubscriptionId: string;
const lines: string[] = [];
const events: WebhookEvent[] = [];
/** Texts whose message.create handler fails once (the receiver answers 500, the service retries). */
const failOnce = new Set<string>();

const samplePayload = { _id: '65f1a2b3c4d5e6f708091501', type: 'text', text: 'Hi', sender: 'guest', recipient: 'support-group-7d3e5f9a-2b4c-4d6e-8f0a-1b2c3d4e5f6a', id_project: SEED.projectId };
const post = (body: string, headers: Record<string, string>) => fetch(receiver.url, { method: 'POST', headers, body });
const rejections = () => lines.filter((line) => line.startsWith('rejected'));

/** Records the mock's deliveries until `stop()`. */
function recordDeliveries() {
  const deliveries: WebhookDelivery[] = [];
  const stop = mock.service.onWebhook((delivery) => deliveries.push(delivery));
  return { deliveries, results: () => Promise.all(deliveries.map((d) => d.result)), stop };
}

beforeAll(async () => {
  receiver = await startReceiver({
    secret: () => secret,
    subscriptionId: () => (subscriptionIds.length ? subscriptionIds : undefined),
    events: EVENTS,
    log: (line) => lines.push(line),
    onEvent: (event) => {
      if (event.event === 'message.create' && failOnce.delete(event.payload.text ?? '')) throw new Error('database unavailable');
      events.push(event);
    },
  });
  mock = await startMock({ port: 0, serviceOptions: { webhooks: { baseDelayMs: 10 } } });
  admin = createClient({ baseUrl: mock.url, projectId: SEED.projectId });
  await admin.auth.signIn({ email: SEED.members.admin.email, password: SEED.members.admin.password });
  for (const event of EVENTS) {
    const subscription = await admin.subscriptions.create({ event, target: receiver.url });
    subscriptionIds.push(subscription._id);
    secret = subscription.secret; // what you would put in WEBHOOK_SECRET
  }
  foreignSubscriptionId = (await admin.subscriptions.create({ event: 'project_user.invite', target: receiver.url }))._id;
  agent = createClient({ baseUrl: mock.url, projectId: SEED.projectId, auth: { basic: { email: SEED.members.agent.email, password: SEED.members.agent.password } } });
});
afterAll(async () => {
  await mock?.stop();
  await receiver?.close();
});
beforeEach(() => {
  lines.length = 0;
});

it('verifies real deliveries from the mock and logs the typed events', async () => {
  const recorded = recordDeliveries();
  await agent.messages.create({ request_id: 'support-group-webhook-receiver', text: 'Where is my order?' });
  await mock.service.webhooksIdle();
  recorded.stop();

  // A new conversation: request.create, then message.create. Each got a 204 at the first attempt: no retry.
  expect(recorded.deliveries.map((d) => d.event).sort()).toEqual(['message.create', 'request.create']);
  expect(await recorded.results()).toEqual([expect.objectContaining({ delivered: true, status: 204, attempts: 1 }), expect.objectContaining({ delivered: true, status: 204, attempts: 1 })]);
  const event = events.find((e) => e.event === 'message.create');
  if (event?.event !== 'message.create') throw new Error('no message.create event');
  expect(event.payload.text).toBe('Where is my order?'); // typed as Message
  expect(event.payload.recipient).toBe('support-group-webhook-receiver');
  expect(event.deliveryId).toMatch(/^[0-9a-f]{64}$/);
  expect(lines).toContainEqual(expect.stringMatching(/^message\.create: .+ wrote "Where is my order\?" in support-group-webhook-receiver$/));
  expect(rejections()).toEqual([]);
  expect(lines.join('\n')).not.toContain(secret);
});

it('rejects a genuine delivery of a subscription that is not ours, though signed with the same secret', async () => {
  const recorded = recordDeliveries();
  await admin.team.invite({ email: SEED.invitee.email, role: 'agent' });
  await mock.service.webhooksIdle();
  recorded.stop();
  expect(recorded.deliveries.map((d) => [d.subscriptionId, d.headers['x-hook-secret']])).toEqual([[foreignSubscriptionId, secret]]);
  expect(await recorded.results()).toEqual([expect.objectContaining({ delivered: true, status: 403, attempts: 1 })]); // 4xx: not retried
  expect(events.some((e) => e.event === 'project_user.invite')).toBe(false);
  expect(rejections()).toEqual([expect.stringContaining('rejected (subscription_mismatch)')]);
});

it('rejects forged, replayed and altered deliveries with 4xx and never hands them to the handler', async () => {
  // A genuine delivery, captured on its way.
  const recorded = recordDeliveries();
  await agent.messages.create({ request_id: 'support-group-webhook-receiver', text: 'Captured' });
  await mock.service.webhooksIdle();
  recorded.stop();
  const captured = recorded.deliveries.find((d) => d.event === 'message.create')!;
  const ourHook = captured.body.hook as typeof captured.body.hook & { _id: string; event: 'message.create'; target: string; id_project: string };
  const before = events.length;
  const status = async (body: string, headers: Record<string, string>) => {
    const response = await post(body, headers);
    return [response.status, (await response.json().catch(() => undefined))?.error];
  };

  // Signed with a guessed secret.
  const guessed = await buildWebhookDelivery({ secret: 'guessed-secret', hook: ourHook, payload: samplePayload });
  expect(await status(guessed.body, guessed.headers)).toEqual([401, 'secret_mismatch']);
  // The right header (leaked?) but a token not signed with the secret.
  expect(await status(guessed.body, { ...guessed.headers, 'x-hook-secret': secret! })).toEqual([401, 'invalid_token']);
  // The captured delivery posted again, byte for byte.
  expect(await status(JSON.stringify(captured.body), captured.headers)).toEqual([409, 'replayed']);
  // The captured delivery with its hook pointed elsewhere.
  expect(await status(JSON.stringify({ ...captured.body, hook: { ...ourHook, target: 'https://attacker.test/hook' } }), captured.headers)).toEqual([401, 'hook_mismatch']);
  // An hour-old delivery of ours, replayed as is, then with a fresh timestamp.
  const old = await buildWebhookDelivery({ secret: secret!, hook: ourHook, payload: samplePayload, timestamp: Date.now() - 3_600_000 });
  expect(await status(old.body, old.headers)).toEqual([400, 'timestamp_out_of_tolerance']);
  expect(await status(JSON.stringify({ ...JSON.parse(old.body), timestamp: Date.now() }), old.headers)).toEqual([400, 'timestamp_out_of_tolerance']);
  // A payload moved to another project.
  const moved = await buildWebhookDelivery({ secret: secret!, hook: ourHook, payload: { ...samplePayload, id_project: '65f1a2b3c4d5e6f7080909ff' } });
  expect(await status(moved.body, moved.headers)).toEqual([403, 'project_mismatch']);
  // Not JSON.
  expect(await status('{"timestamp":', { 'content-type': 'application/json', 'x-hook-secret': secret! })).toEqual([400, 'malformed_body']);
  // Wrong method, wrong path.
  expect((await fetch(receiver.url)).status).toBe(405);
  expect((await fetch(new URL('/other', receiver.url), { method: 'POST', body: '{}' })).status).toBe(404);

  expect(events.length).toBe(before);
  expect(rejections().map((line) => /^rejected \((\w+)\)/.exec(line)?.[1])).toEqual([
    'secret_mismatch',
    'invalid_token',
    'replayed',
    'hook_mismatch',
    'timestamp_out_of_tolerance',
    'timestamp_out_of_tolerance',
    'project_mismatch',
    'malformed_body',
  ]);
  expect(lines.join('\n')).not.toContain(secret);
});

it('lets the service retry a delivery whose handler failed (the replay guard forgets it)', async () => {
  failOnce.add('Fails the first time');
  const recorded = recordDeliveries();
  await agent.messages.create({ request_id: 'support-group-webhook-receiver', text: 'Fails the first time' });
  await mock.service.webhooksIdle();
  recorded.stop();
  expect(await recorded.results()).toEqual([expect.objectContaining({ delivered: true, status: 204, attempts: 2 })]);
  expect(events.filter((e) => e.event === 'message.create' && e.payload.text === 'Fails the first time')).toHaveLength(1);
  expect(lines).toContainEqual('handler failed for message.create: database unavailable');
  expect(rejections()).toEqual([]);
});

it('accepts every genuine delivery of the mock with every check on: 0 false rejects', async () => {
  const recorded = recordDeliveries();
  const before = events.length;
  const conversations = Array.from({ length: 8 }, (_, i) => `support-group-receiver-load-${i}`);
  const groups = await Promise.all(Array.from({ length: 6 }, (_, i) => agent.groups.create({ name: `Team ${i}` })));
  // Bursts in parallel: many deliveries per subscription share a second (one token) and some a millisecond.
  for (let round = 0; round < 6; round++) {
    await Promise.all([
      ...conversations.map((request_id, i) => agent.messages.create({ request_id, text: `round ${round}, conversation ${i}` })),
      ...groups.map((group, i) => agent.groups.update({ id: group._id, name: `Team ${i} v${round}` })),
      ...groups.map((group) => agent.groups.update({ id: group._id, members: [SEED.members.agent.userId] })),
    ]);
  }
  await mock.service.webhooksIdle();
  recorded.stop();

  const results = await recorded.results();
  const expected = 6 + 8 + 6 * (8 + 12); // group.create, request.create, then per round 8 messages and 12 group updates
  expect(results).toHaveLength(expected);
  expect(results.filter((r) => r.status !== 204 || r.attempts !== 1)).toEqual([]);
  expect(rejections()).toEqual([]);
  const received = events.slice(before);
  expect(received).toHaveLength(expected);
  expect(new Set(received.map((e) => e.deliveryId)).size).toBe(expected);
  expect(new Set(received.map((e) => e.event))).toEqual(new Set(EVENTS));
});

it('runs as a program: `node src/server.ts` with WEBHOOK_SECRET, WEBHOOK_SUBSCRIPTION_ID and WEBHOOK_EVENTS', async () => {
  const script = fileURLToPath(new URL('../src/server.ts', import.meta.url));
  const hook = { _id: '65f1a2b3c4d5e6f708091401', event: 'message.create' as const, target: 'http://127.0.0.1/webhooks', id_project: SEED.projectId };
  const env = { ...process.env, WEBHOOK_SECRET: 'program-secret', WEBHOOK_SUBSCRIPTION_ID: hook._id, WEBHOOK_EVENTS: 'message.create', PORT: '0' };
  const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}:\n${stdout}\n${stderr}`)), WAIT_TIMEOUT_MS);
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
    const send = (d: { body: string; headers: Record<string, string> }) => fetch(url!, { method: 'POST', headers: d.headers, body: d.body }).then((r) => r.status);
    const delivery = await buildWebhookDelivery({ secret: 'program-secret', hook: { ...hook, target: url! }, payload: { ...samplePayload, text: 'from the program test' } });
    expect(await send(delivery)).toBe(204);
    await waitFor(/message\.create: guest wrote "from the program test"/);
    expect(await send(delivery)).toBe(409); // the same delivery again
    const other = await buildWebhookDelivery({ secret: 'program-secret', hook: { ...hook, _id: '65f1a2b3c4d5e6f708091402', target: url! }, payload: samplePayload });
    expect(await send(other)).toBe(403);
    await waitFor(/rejected \(subscription_mismatch\)/);
  } finally {
    child.kill('SIGTERM'); // by PID: the child this test started
    expect(await exited).toBe(0);
  }
  expect(stderr).toBe('');
});
