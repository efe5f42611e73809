import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { parse } from 'yaml';
import {
  buildWebhookDelivery,
  DEFAULT_MAX_WEBHOOK_BODY_BYTES,
  DEFAULT_WEBHOOK_BODY_TIMEOUT,
  verifyWebhook,
  webhookTokenAudience,
  WebhookReplayCache,
  WebhookVerificationError,
  type VerifyWebhookOptions,
  type WebhookEvent,
  type WebhookReplayGuard,
} from '../src/webhooks';

/** The contract's own delivery example (fixtures come from the contract, not copies). */
const example = parse(readFileSync(new URL('../../../openapi/components/examples/MessageCreateEventRequest.yaml', import.meta.url), 'utf8')).value;
const SECRET = 'b7f3c2a1-5d4e-4f6a-9b8c-7d6e5f4a3b2c';
const at = (ms: number) => () => ms;

describe('verifyWebhook', () => {
  it('accepts the contract example as the service sends it (secret header, token, timestamp)', async () => {
    const event = await verifyWebhook(JSON.stringify(example), { 'x-hook-secret': SECRET, 'user-agent': 'tiledesk-webhooks' }, { secret: SECRET, now: at(example.timestamp + 1_000) });
    expect(event.event).toBe('message.create');
    if (event.event === 'message.create') expect(event.payload.text).toBe(example.payload.text);
    expect(event.hook._id).toBe(example.hook._id);
  });

  it('round-trips a delivery built by buildWebhookDelivery, from bytes and a Headers object', async () => {
    const delivery = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload, timestamp: Date.now() });
    const event: WebhookEvent = await verifyWebhook(new TextEncoder().encode(delivery.body), new Headers(delivery.headers), { secret: SECRET });
    expect(event.event).toBe('message.create');
    expect(delivery.headers['user-agent']).toBe('tiledesk-webhooks');
  });

  const reject = async (reason: string, body: string, headers: Record<string, string>, now = Date.now()) => {
    const failure = await verifyWebhook(body, headers, { secret: SECRET, now: at(now) }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(WebhookVerificationError);
    expect((failure as WebhookVerificationError).reason).toBe(reason);
    expect(String(failure)).not.toContain(SECRET);
  };

  it('rejects a missing x-hook-secret', async () => {
    const d = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload });
    await reject('missing_secret', d.body, {});
  });

  it('rejects a wrong x-hook-secret, of the same length or not', async () => {
    const d = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload });
    await reject('secret_mismatch', d.body, { 'x-hook-secret': 'b7f3c2a1-5d4e-4f6a-9b8c-7d6e5f4a3b2d' });
    await reject('secret_mismatch', d.body, { 'x-hook-secret': 'short' });
  });

  it('rejects a token signed with another secret', async () => {
    const forged = await buildWebhookDelivery({ secret: 'another-secret', hook: example.hook, payload: example.payload });
    await reject('invalid_token', forged.body, { 'x-hook-secret': SECRET });
  });

  it('rejects a token signed for another hook', async () => {
    const other = await buildWebhookDelivery({ secret: SECRET, hook: { ...example.hook, _id: '65f1a2b3c4d5e6f708091499' }, payload: example.payload });
    const swapped = { ...JSON.parse(other.body), hook: example.hook };
    await reject('invalid_token', JSON.stringify(swapped), { 'x-hook-secret': SECRET });
  });

  it('rejects a delivery without a token', async () => {
    const d = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload });
    const { token: _t, ...tokenless } = JSON.parse(d.body);
    await reject('invalid_token', JSON.stringify(tokenless), { 'x-hook-secret': SECRET });
  });

  it('rejects a timestamp outside the tolerance window (default 5 minutes, configurable)', async () => {
    const d = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload, timestamp: 1_795_167_000_120 });
    await reject('timestamp_out_of_tolerance', d.body, d.headers, 1_795_167_000_120 + 5 * 60_000 + 1);
    await reject('timestamp_out_of_tolerance', d.body, d.headers, 1_795_167_000_120 - 5 * 60_000 - 1);
    await expect(verifyWebhook(d.body, d.headers, { secret: SECRET, now: at(1_795_167_000_120 + 9 * 60_000), tolerance: 10 * 60_000 })).resolves.toBeTruthy();
  });

  it('rejects a body that is not JSON', async () => {
    await reject('malformed_body', '{"timestamp":', { 'x-hook-secret': SECRET });
  });

  it('rejects a payload that violates the contract', async () => {
    const bad = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: { ...example.payload, createdAt: 12 } });
    await reject('invalid_payload', bad.body, bad.headers);
  });

  it('types other events by name', async () => {
    const hook = { ...example.hook, event: 'lead.create' as const };
    const lead = { _id: '65f1a2b3c4d5e6f708091301', lead_id: 'x', id_project: hook.id_project, fullname: 'Giulia Bianchi' };
    const d = await buildWebhookDelivery({ secret: SECRET, hook, payload: lead });
    const event = await verifyWebhook(d.body, d.headers, { secret: SECRET });
    expect(event.event).toBe('lead.create');
    if (event.event === 'lead.create') expect(event.payload.fullname).toBe('Giulia Bianchi');
  });
});

/** A hook with another id and event, as another subscription of the same project (on a real server, subscriptions created during one server run share one secret). */
const otherHook = { ...example.hook, _id: '65f1a2b3c4d5e6f708091499', event: 'lead.create' as const };
const lead = { _id: '65f1a2b3c4d5e6f708091301', lead_id: 'x', id_project: example.hook.id_project, fullname: 'Giulia Bianchi' };

/** Signs `claims` (the hook plus registered claims) exactly as the service does, with the secret. */
const sign = (claims: Record<string, unknown>, secret = SECRET) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
const tokenClaims = (hook: { _id: string }, iatSeconds: number) => ({ ...hook, iat: iatSeconds, iss: 'https://tiledesk.com', sub: 'subscription', aud: webhookTokenAudience(hook._id) });

const failure = async (body: string, headers: Headers | Record<string, string>, options: VerifyWebhookOptions) => {
  const error = await verifyWebhook(body, headers, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the delivery was accepted').toBeInstanceOf(WebhookVerificationError);
  expect(String(error)).not.toContain(SECRET);
  return (error as WebhookVerificationError).reason;
};

describe('verifyWebhook under hostile input', () => {
  const T = 1_795_167_000_120;

  it('checks the token iat against the window: a day-old delivery with only `timestamp` rewritten is rejected', async () => {
    const old = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload, timestamp: T - 86_400_000 });
    const rewritten = JSON.stringify({ ...JSON.parse(old.body), timestamp: T });
    expect(await failure(rewritten, old.headers, { secret: SECRET, now: at(T + 500) })).toBe('timestamp_out_of_tolerance');
    // The iat is checked in the future direction too (a token issued "tomorrow").
    const future = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload, timestamp: T + 86_400_000 });
    expect(await failure(JSON.stringify({ ...JSON.parse(future.body), timestamp: T }), future.headers, { secret: SECRET, now: at(T) })).toBe('timestamp_out_of_tolerance');
  });

  it('rejects a `timestamp` that disagrees with the token iat by more than the tolerance, each inside the window', async () => {
    const d = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload, timestamp: T - 4 * 60_000 });
    const moved = JSON.stringify({ ...JSON.parse(d.body), timestamp: T + 4 * 60_000 });
    expect(await failure(moved, d.headers, { secret: SECRET, now: at(T) })).toBe('timestamp_mismatch');
    // A token without iat cannot be placed in time: rejected.
    const noIat = await sign({ ...example.hook, iss: 'https://tiledesk.com', sub: 'subscription', aud: webhookTokenAudience(example.hook._id) });
    expect(await failure(JSON.stringify({ ...example, token: noIat }), d.headers, { secret: SECRET, now: at(example.timestamp) })).toBe('invalid_token');
  });

  it('accepts the iat at one-second resolution at the very edges of the window', async () => {
    // The service signs iat = floor(timestamp / 1000): up to 999 ms before `timestamp`.
    const d = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload, timestamp: T + 999 - 120 });
    await expect(verifyWebhook(d.body, d.headers, { secret: SECRET, now: at(T + 999 - 120 + 300_000) })).resolves.toBeTruthy();
    await expect(verifyWebhook(d.body, d.headers, { secret: SECRET, now: at(T + 999 - 120 - 300_000) })).resolves.toBeTruthy();
    await expect(verifyWebhook(d.body, d.headers, { secret: SECRET, now: at(T + 999 - 120), tolerance: 0 })).resolves.toBeTruthy();
  });

  it('rejects a body whose `hook` differs from the hook the token was signed for', async () => {
    const d = JSON.parse((await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload, timestamp: T })).body);
    const headers = { 'x-hook-secret': SECRET };
    const options = { secret: SECRET, now: at(T) };
    expect(await failure(JSON.stringify({ ...d, hook: { ...d.hook, event: 'lead.create' } }), headers, options)).toBe('hook_mismatch');
    expect(await failure(JSON.stringify({ ...d, hook: { ...d.hook, target: 'https://attacker.test/hook' } }), headers, options)).toBe('hook_mismatch');
    expect(await failure(JSON.stringify({ ...d, hook: { ...d.hook, createdBy: 'someone-else' } }), headers, options)).toBe('hook_mismatch');
    const { target: _target, ...withoutTarget } = d.hook;
    expect(await failure(JSON.stringify({ ...d, hook: { ...withoutTarget, target: d.hook.target, extra: true } }), headers, options)).toBe('hook_mismatch');
    // Key order and whitespace are not tampering.
    const reordered = `{ "token": ${JSON.stringify(d.token)}, "hook": ${JSON.stringify(Object.fromEntries(Object.entries(d.hook).reverse()), null, 2)}, "payload": ${JSON.stringify(d.payload)}, "timestamp": ${d.timestamp} }`;
    await expect(verifyWebhook(reordered, headers, options)).resolves.toBeTruthy();
  });

  it("pins the subscription: another subscription's delivery (same secret) is rejected with subscription_mismatch", async () => {
    const theirs = await buildWebhookDelivery({ secret: SECRET, hook: otherHook, payload: lead, timestamp: T });
    await expect(verifyWebhook(theirs.body, theirs.headers, { secret: SECRET, now: at(T) })).resolves.toBeTruthy(); // the secret alone cannot tell
    expect(await failure(theirs.body, theirs.headers, { secret: SECRET, now: at(T), subscriptionId: example.hook._id })).toBe('subscription_mismatch');
    expect(await failure(theirs.body, theirs.headers, { secret: SECRET, now: at(T), subscriptionId: [example.hook._id, '65f1a2b3c4d5e6f708091402'] })).toBe('subscription_mismatch');
    const ours = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload, timestamp: T });
    await expect(verifyWebhook(ours.body, ours.headers, { secret: SECRET, now: at(T), subscriptionId: example.hook._id })).resolves.toBeTruthy();
    await expect(verifyWebhook(theirs.body, theirs.headers, { secret: SECRET, now: at(T), subscriptionId: [example.hook._id, otherHook._id] })).resolves.toBeTruthy();
  });

  it('pins the event: a delivery of another event is rejected with event_mismatch', async () => {
    const theirs = await buildWebhookDelivery({ secret: SECRET, hook: otherHook, payload: lead, timestamp: T });
    expect(await failure(theirs.body, theirs.headers, { secret: SECRET, now: at(T), event: 'message.create' })).toBe('event_mismatch');
    expect(await failure(theirs.body, theirs.headers, { secret: SECRET, now: at(T), event: ['message.create', 'request.create'] })).toBe('event_mismatch');
    const event = await verifyWebhook(theirs.body, theirs.headers, { secret: SECRET, now: at(T), event: ['message.create', 'lead.create'] });
    expect(event.event).toBe('lead.create');
  });

  it("rejects a payload moved to another project than the signed hook's", async () => {
    const d = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload, timestamp: T });
    const moved = JSON.stringify({ ...JSON.parse(d.body), payload: { ...example.payload, id_project: '65f1a2b3c4d5e6f708090aff' } });
    expect(await failure(moved, d.headers, { secret: SECRET, now: at(T) })).toBe('project_mismatch');
    const odd = JSON.stringify({ ...JSON.parse(d.body), payload: { ...example.payload, id_project: { $ne: null } } });
    expect(await failure(odd, d.headers, { secret: SECRET, now: at(T) })).toBe('project_mismatch');
    // A payload that names no project (some events carry none) is not checked.
    const { id_project: _p, ...projectless } = lead;
    const hook = { ...otherHook, event: 'user.signup' as const };
    const signup = await buildWebhookDelivery({ secret: SECRET, hook, payload: projectless, timestamp: T });
    await expect(verifyWebhook(signup.body, signup.headers, { secret: SECRET, now: at(T) })).resolves.toBeTruthy();
  });

  it('rejects an exact replay with the in-memory replay cache, whatever its whitespace and key order', async () => {
    const replay = new WebhookReplayCache();
    const options = { secret: SECRET, now: at(T + 1_000), replay };
    const d = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload, timestamp: T });
    const first = await verifyWebhook(d.body, d.headers, options);
    expect(first.deliveryId).toMatch(/^[0-9a-f]{64}$/);
    expect(await failure(d.body, d.headers, options)).toBe('replayed');
    const parsed = JSON.parse(d.body);
    const reordered = JSON.stringify({ token: parsed.token, hook: parsed.hook, payload: Object.fromEntries(Object.entries(parsed.payload).reverse()), timestamp: parsed.timestamp }, null, 2);
    expect(await failure(reordered, new Headers(d.headers), options)).toBe('replayed');
    expect(replay.size).toBe(1);
    // An altered copy is another delivery to the guard: the payload is unsigned, so only the secret's secrecy stops it.
    const altered = JSON.stringify({ ...parsed, payload: { ...example.payload, text: 'altered' } });
    expect((await verifyWebhook(altered, d.headers, options)).deliveryId).not.toBe(first.deliveryId);
  });

  it('rejects an exact replay through an async seen(id) hook (e.g. a shared store), which gets the id and how long to keep it', async () => {
    const store = new Set<string>();
    const calls: [string, number][] = [];
    const replay: WebhookReplayGuard = {
      async seen(id, ttl) {
        calls.push([id, ttl]);
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (store.has(id)) return true;
        store.add(id);
        return false;
      },
    };
    const d = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload, timestamp: T });
    const event = await verifyWebhook(d.body, d.headers, { secret: SECRET, now: at(T), replay });
    expect(await failure(d.body, d.headers, { secret: SECRET, now: at(T + 60_000), replay })).toBe('replayed');
    // Remembered until the delivery would fail the time checks anyway: its timestamp + the tolerance here
    // (a copy has the same timestamp; the iat bound, floor(T / 1000) s + tolerance + 1 s, comes later).
    expect(calls).toEqual([
      [event.deliveryId, 300_000],
      [event.deliveryId, 300_000 - 60_000],
    ]);
    // A guard that fails is not a verdict: its error propagates (answer 5xx, the service retries).
    const broken = { seen: async () => Promise.reject(new Error('store down')) };
    await expect(verifyWebhook(d.body, d.headers, { secret: SECRET, now: at(T), replay: broken })).rejects.toThrow('store down');
  });

  it('gives distinct ids to distinct genuine deliveries (same subscription and second, one object updated twice in a millisecond)', async () => {
    const replay = new WebhookReplayCache();
    const options = { secret: SECRET, now: at(T + 1_000), replay };
    const second = { ...example.payload, _id: '65f1a2b3c4d5e6f708091502', text: 'Another message' };
    const a = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload, timestamp: T });
    const b = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: second, timestamp: T }); // same token
    expect(JSON.parse(a.body).token).toBe(JSON.parse(b.body).token);
    const group = { _id: '65f1a2b3c4d5e6f708091701', name: 'Billing', members: [], id_project: example.hook.id_project, updatedAt: '2026-11-20T10:00:00.000Z' };
    const groupHook = { ...otherHook, event: 'group.update' as const };
    const c = await buildWebhookDelivery({ secret: SECRET, hook: groupHook, payload: group, timestamp: T });
    const d = await buildWebhookDelivery({ secret: SECRET, hook: groupHook, payload: { ...group, name: 'Billing EU' }, timestamp: T }); // same _id and updatedAt (a frozen clock)
    const e = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload, timestamp: T + 1 });
    const ids = [];
    for (const delivery of [a, b, c, d, e]) ids.push((await verifyWebhook(delivery.body, delivery.headers, options)).deliveryId);
    expect(new Set(ids).size).toBe(5);
    expect(replay.size).toBe(5);
  });

  it('keys the replay guard on the token jti when the token carries one', async () => {
    const replay = new WebhookReplayCache();
    const iat = Math.floor(T / 1000);
    const token = await sign({ ...tokenClaims(example.hook, iat), jti: 'delivery-1' });
    const body = { ...example, timestamp: T, token };
    await verifyWebhook(JSON.stringify(body), { 'x-hook-secret': SECRET }, { secret: SECRET, now: at(T), replay });
    // The unsigned timestamp moved by a millisecond: still the same delivery.
    expect(await failure(JSON.stringify({ ...body, timestamp: T + 1 }), { 'x-hook-secret': SECRET }, { secret: SECRET, now: at(T), replay })).toBe('replayed');
  });

  it('accepts the service retrying a delivery the receiver forgot after its handler failed', async () => {
    const replay = new WebhookReplayCache();
    const options = { secret: SECRET, now: at(T), replay };
    const d = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload, timestamp: T });
    const event = await verifyWebhook(d.body, d.headers, options);
    expect(replay.forget(event.deliveryId)).toBe(true); // the handler failed: answer 5xx, let the retry through
    await expect(verifyWebhook(d.body, d.headers, options)).resolves.toMatchObject({ deliveryId: event.deliveryId });
    expect(replay.forget('unknown')).toBe(false);
  });

  it('records a delivery only once it passed every other check', async () => {
    const replay = new WebhookReplayCache();
    const d = await buildWebhookDelivery({ secret: SECRET, hook: otherHook, payload: lead, timestamp: T });
    expect(await failure(d.body, d.headers, { secret: SECRET, now: at(T), replay, event: 'message.create' })).toBe('event_mismatch');
    expect(await failure(d.body, d.headers, { secret: SECRET, now: at(T + 3_600_000), replay })).toBe('timestamp_out_of_tolerance');
    expect(replay.size).toBe(0);
    await expect(verifyWebhook(d.body, d.headers, { secret: SECRET, now: at(T), replay })).resolves.toBeTruthy();
  });

  it('rejects a payload nested absurdly deep as malformed_body, not a stack overflow', async () => {
    const hook = { ...otherHook, event: 'event.emit' as const };
    const d = await buildWebhookDelivery({ secret: SECRET, hook, payload: { name: 'x', attributes: 'DEEP' }, timestamp: T });
    const deep = `${'{"deeper":'.repeat(20_000)}"bottom"${'}'.repeat(20_000)}`;
    expect(await failure(d.body.replace('"DEEP"', deep), d.headers, { secret: SECRET, now: at(T) })).toBe('malformed_body');
  });

  it('rejects bad options with a TypeError before reading the delivery', async () => {
    const d = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload });
    for (const bad of [
      { tolerance: Number.NaN },
      { tolerance: -1 },
      { subscriptionId: [] },
      { subscriptionId: '' },
      { event: [] },
      { event: 42 },
      { replay: {} },
      { maxBodyBytes: 0 },
      { maxBodyBytes: Number.NaN },
      { maxBodyBytes: '1048576' },
    ]) {
      await expect(verifyWebhook(d.body, d.headers, { secret: SECRET, ...(bad as object) })).rejects.toThrow(TypeError);
    }
  });
});

describe('verifyWebhook reads at most maxBodyBytes (default 1 MiB)', () => {
  const MiB = 1_048_576;
  const CHUNK = 65_536;
  const headers = { 'x-hook-secret': SECRET };
  const reasonOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (e: unknown) => (e instanceof WebhookVerificationError ? e.reason : e),
    );
  /** A byte stream of `total` bytes in 64 KiB chunks, made on demand; `pulled` counts the bytes handed out. */
  const flood = (total: number) => {
    const state = { pulled: 0, cancelled: false };
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (state.pulled >= total) return controller.close();
          controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
          state.pulled += CHUNK;
        },
        cancel: () => void (state.cancelled = true),
      },
      { highWaterMark: 0 },
    );
    return { stream, state };
  };

  it('rejects a body over the limit before parsing it, as a string (UTF-8 bytes counted) or bytes', async () => {
    expect(DEFAULT_MAX_WEBHOOK_BODY_BYTES).toBe(MiB);
    const big = `{"pad":"${' '.repeat(MiB)}"}`;
    const failure = (await verifyWebhook(big, headers, { secret: SECRET }).catch((e: unknown) => e)) as WebhookVerificationError;
    expect(failure).toBeInstanceOf(WebhookVerificationError);
    expect(failure.reason).toBe('body_too_large');
    expect(failure.message).toBe('Webhook rejected (body_too_large): the body is over maxBodyBytes (1048576 bytes); raise the maxBodyBytes option to accept it');
    expect(await reasonOf(verifyWebhook(new TextEncoder().encode(big), headers, { secret: SECRET }))).toBe('body_too_large');
    // 400,000 characters, 1.2 MB in UTF-8.
    expect(await reasonOf(verifyWebhook(`"${'€'.repeat(400_000)}"`, headers, { secret: SECRET }))).toBe('body_too_large');
  });

  it('a Content-Length over the limit is refused before reading a byte', async () => {
    const { stream, state } = flood(50 * MiB);
    const failure = (await verifyWebhook(stream, { ...headers, 'content-length': String(50 * MiB) }, { secret: SECRET }).catch((e: unknown) => e)) as WebhookVerificationError;
    expect(failure.reason).toBe('body_too_large');
    expect(failure.message).toContain('Content-Length is over maxBodyBytes (1048576 bytes)');
    expect(state.pulled).toBe(0);
  });

  it('a 50 MB stream without Content-Length is read up to the limit, then cancelled', async () => {
    const { stream, state } = flood(50 * MiB);
    expect(await reasonOf(verifyWebhook(stream, headers, { secret: SECRET }))).toBe('body_too_large');
    expect(state.pulled).toBeLessThanOrEqual(MiB + CHUNK);
    expect(state.cancelled).toBe(true);
  });

  it('reads nothing from a stream whose secret header does not match', async () => {
    const { stream, state } = flood(MiB);
    expect(await reasonOf(verifyWebhook(stream, { 'x-hook-secret': 'guess' }, { secret: SECRET }))).toBe('secret_mismatch');
    expect(state.pulled).toBe(0);
  });

  it('accepts a delivery from a ReadableStream (Fetch-API servers) or a Node stream (IncomingMessage), and honours a raised limit', async () => {
    const d = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: { ...example.payload, text: 'é'.repeat(700_000) } });
    expect(await reasonOf(verifyWebhook(d.body, d.headers, { secret: SECRET }))).toBe('body_too_large');
    const options = { secret: SECRET, maxBodyBytes: 2 * MiB };
    const bytes = new TextEncoder().encode(d.body);
    const fromStream = await verifyWebhook(new Response(bytes).body!, d.headers, options);
    // Chunks may split a character: cut inside the first 'é' (0xc3 0xa9).
    const cut = bytes.indexOf(0xc3) + 1;
    const fromNode = await verifyWebhook(Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]), d.headers, options);
    for (const event of [fromStream, fromNode]) expect(event.event === 'message.create' && event.payload.text).toBe('é'.repeat(700_000));
  });
});

describe('verifyWebhook on a body stream that fails midway or stalls', () => {
  const headers = { 'x-hook-secret': SECRET };
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('accepted');
      },
      (e: unknown) => e as WebhookVerificationError,
    );

  it('a Node request whose sender hangs up midway (Node\'s "aborted") is malformed_body, not a raw Error', async () => {
    const d = await buildWebhookDelivery({ secret: SECRET, hook: example.hook, payload: example.payload });
    const received = new Promise<unknown>((resolve) => {
      const server = createServer((request, response) => {
        void failureOf(verifyWebhook(request, request.headers, { secret: SECRET })).then((failure) => {
          resolve(failure);
          response.destroy();
          server.close();
        });
      });
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        const sender = httpRequest({ host: '127.0.0.1', port, method: 'POST', headers: { ...d.headers, 'content-length': String(d.body.length) } });
        sender.on('error', () => {});
        // Half the body, then the connection closes once the server has it.
        sender.write(d.body.slice(0, d.body.length / 2), () => setImmediate(() => sender.destroy()));
      });
    });
    const failure = (await received) as WebhookVerificationError;
    expect(failure).toBeInstanceOf(WebhookVerificationError);
    expect(failure.reason).toBe('malformed_body');
    expect(failure.message).toMatch(/^Webhook rejected \(malformed_body\): the body stream failed after \d+ bytes: aborted$/);
    expect(failure.message).not.toContain(SECRET);
    expect((failure.cause as Error).message).toBe('aborted');
  });

  it('a ReadableStream or an async iterable that errors midway is malformed_body', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"timestamp":'));
        controller.error(new TypeError('network error'));
      },
    });
    const fromStream = await failureOf(verifyWebhook(broken, headers, { secret: SECRET }));
    expect([fromStream.reason, (fromStream.cause as Error).message]).toEqual(['malformed_body', 'network error']);
    async function* chunks() {
      yield '{"timestamp":';
      throw new Error('aborted');
    }
    const fromIterable = await failureOf(verifyWebhook(chunks(), headers, { secret: SECRET }));
    expect([fromIterable.reason, fromIterable.message]).toEqual(['malformed_body', 'Webhook rejected (malformed_body): the body stream failed after 13 bytes: aborted']);
  });

  it('stops waiting on a stalled stream after bodyTimeout, and cancels it (a Node stream is destroyed)', async () => {
    const state = { cancelled: false };
    const stalled = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode('{"timestamp":')),
      cancel: () => void (state.cancelled = true),
    });
    const fromStream = await failureOf(verifyWebhook(stalled, headers, { secret: SECRET, bodyTimeout: 20 }));
    expect([fromStream.reason, fromStream.message]).toEqual(['malformed_body', 'Webhook rejected (malformed_body): the body stalled: no bytes for 20 ms after 13 bytes (bodyTimeout)']);
    expect(state.cancelled).toBe(true);
    const node = new Readable({ read() {} });
    node.push('{"timestamp":');
    const fromNode = await failureOf(verifyWebhook(node, headers, { secret: SECRET, bodyTimeout: 20 }));
    expect(fromNode.reason).toBe('malformed_body');
    expect(node.destroyed).toBe(true);
  });

  it('waits 10 s by default, and refuses a bodyTimeout that is not a number > 0', async () => {
    expect(DEFAULT_WEBHOOK_BODY_TIMEOUT).toBe(10_000);
    for (const bodyTimeout of [0, -1, Number.NaN, '5']) {
      await expect(verifyWebhook('{}', headers, { secret: SECRET, bodyTimeout: bodyTimeout as number })).rejects.toThrow('verifyWebhook: options.bodyTimeout must be a number of milliseconds > 0');
    }
  });
});

describe('WebhookReplayCache', () => {
  it('remembers an id for the ttl it was given, then forgets it', () => {
    let now = 1_000;
    const cache = new WebhookReplayCache({ now: () => now });
    expect(cache.seen('a', 1_000)).toBe(false);
    expect(cache.seen('a', 1_000)).toBe(true);
    now = 2_000;
    expect(cache.seen('a', 1_000)).toBe(true); // the last millisecond of the ttl
    now = 2_001;
    expect(cache.seen('a', 1_000)).toBe(false); // expired: a new recording
    expect(cache.seen('a', 1_000)).toBe(true);
  });

  it('holds at most maxEntries ids, dropping the oldest recorded first and expired ones on the way', () => {
    let now = 0;
    const cache = new WebhookReplayCache({ maxEntries: 3, now: () => now });
    expect(cache.maxEntries).toBe(3);
    for (const id of ['a', 'b', 'c', 'd']) expect(cache.seen(id, 10_000)).toBe(false);
    expect(cache.size).toBe(3);
    expect(cache.seen('a', 10_000)).toBe(false); // 'a' was dropped to make room for 'd'
    expect(cache.seen('d', 10_000)).toBe(true);
    now = 20_000;
    expect(cache.seen('e', 10_000)).toBe(false);
    expect(cache.size).toBe(1); // the expired ones went
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('defaults to 10000 entries and rejects a bad size', () => {
    expect(new WebhookReplayCache().maxEntries).toBe(10_000);
    expect(() => new WebhookReplayCache({ maxEntries: 0 })).toThrow(TypeError);
    expect(() => new WebhookReplayCache({ maxEntries: 1.5 })).toThrow(TypeError);
  });
});

describe('buildWebhookDelivery', () => {
  it('never puts the secret in the body, even when given the whole subscription as hook', async () => {
    const subscription = { ...example.hook, secret: SECRET, global: false };
    const d = await buildWebhookDelivery({ secret: SECRET, hook: subscription, payload: example.payload });
    expect(d.body).not.toContain(SECRET);
    expect(JSON.parse(d.body).hook).toEqual(example.hook);
    const claims = JSON.parse(Buffer.from(JSON.parse(d.body).token.split('.')[1], 'base64url').toString());
    expect(claims).not.toHaveProperty('secret');
    await expect(verifyWebhook(d.body, d.headers, { secret: SECRET, subscriptionId: example.hook._id, event: 'message.create', replay: new WebhookReplayCache() })).resolves.toBeTruthy();
  });
});
