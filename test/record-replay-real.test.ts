import { connect, createServer, type Server, type Socket } from 'node:net';
import { createRequire } from 'node:module';
import * as sdk from '@supportkb/sdk';
import { REDACTED, startRecordingProxy, type Har } from '@supportkb/mocks/record';
import { setupNodeMock } from '@supportkb/mocks/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealServer } from '../scripts/real-server/index.mjs';
import { sharedRealServer } from './real-server-shared';

/**
 * Record and replay, proven on the real server: the built SDK (`@supportkb/sdk`'s dist) runs a
 * realistic session against the real open-source server (`scripts/real-server/`, unmodified, on
 * loopback) through the recording proxy (`@supportkb/mocks/record`) — sign in as the harness's
 * seeded owner, create leads and page through them, create a tag, post a message, read analytics —
 * then the real server's address is gone and the recording is replayed by the mock
 * (`setupNodeMock({ fromHar })`, MSW with `onUnhandledFrame: 'error'`): the same SDK calls, at that
 * address, must give the same results, and no socket may reach it.
 *
 * The server is the run's shared one (test/real-server-shared.ts), with a project of this file's
 * own, so it cannot be stopped here: the session reaches it through a plain TCP forwarder on a port
 * of this file's own (`address`), and that forwarder is what goes away (its port then listens
 * again, only to count who connects). The recording proxy targets that port, so the recording's
 * URLs, and the replay, are at it.
 *
 * How the replayed session authenticates: it does not need to. The recording keeps the sign-in's
 * answer with its token `REDACTED`, so the replayed `signIn` hands the SDK `"REDACTED"`, which it then
 * sends as `Authorization: JWT REDACTED`; each recorded exchange answers the next request of its
 * operation with the same path and query parameters whatever its credentials (the recording stands
 * for the server, which already accepted them). Only a request past the recording reaches the
 * stateful mock, which knows neither the real project nor that token (checked below).
 */
type HarError = { instancePath: string; message?: string };
const { HarValidator } = createRequire(import.meta.url)('@har-sdk/validator') as { HarValidator: new () => { verify(document: unknown): Promise<HarError[]> } };

/** The conversation the session posts into (a first message opens it, as the widget does). */
const REQUEST_ID = 'support-group-record-replay-0001';
/** Leads the session creates, two per page: three pages. */
const LEADS = ['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson', 'Margaret Hamilton', 'Radia Perlman'];
const PER_PAGE = 2;

let server: RealServer;
let har: Har;
let live: Awaited<ReturnType<typeof session>>;
/** The address the session reaches the real server at: the forwarder's, then nobody's. */
let address: { baseUrl: string; port: number };
let forwarder: Server | undefined;
const forwarded = new Set<Socket>();

/** A plain TCP forwarder from a free loopback port to the real server's: every byte passed as it is. */
async function startForwarder(to: number): Promise<void> {
  forwarder = createServer((socket) => {
    const upstream = connect(to, '127.0.0.1');
    for (const end of [socket, upstream]) {
      forwarded.add(end);
      end.on('close', () => forwarded.delete(end));
      end.on('error', () => {
        socket.destroy();
        upstream.destroy();
      });
    }
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => forwarder!.listen(0, '127.0.0.1', resolve));
  const where = forwarder.address();
  if (!where || typeof where === 'string') throw new Error('the forwarder has no TCP address');
  address = { baseUrl: `http://127.0.0.1:${where.port}`, port: where.port };
}

/** Closes the forwarder and every connection it holds: nothing answers at `address` any more. */
async function stopForwarder(): Promise<void> {
  if (!forwarder) return;
  const closed = new Promise<void>((resolve) => forwarder!.close(() => resolve()));
  for (const socket of forwarded) socket.destroy();
  await closed;
  forwarder = undefined;
}

/** The session the app runs: every SDK result, as comparable data (a page without its `Response`). */
async function session(sk: sdk.SupportKbClient, email: string, password: string) {
  const signIn = await sk.auth.signIn({ email, password });
  const leads = [];
  for (const fullname of LEADS) leads.push(await sk.leads.create({ fullname, email: `${fullname.split(' ')[0]!.toLowerCase()}@example.org` }));
  const pages = [];
  for await (const page of sk.leads.list({ limit: PER_PAGE, direction: 1 }).pages()) pages.push({ page: page.page, hasNextPage: page.hasNextPage, body: page.body });
  const tag = await sk.tags.create({ tag: 'record-replay', color: '#43a047' });
  const message = await sk.messages.create({ request_id: REQUEST_ID, text: 'Where is my order?' });
  const count = await sk.analytics.countRequests();
  const messages = await sk.analytics.countMessages();
  return { signIn, leads, pages, tag, message, count, messages };
}

beforeAll(async () => {
  server = await sharedRealServer('record-replay');
  await startForwarder(server.ports.api);
  const proxy = await startRecordingProxy({ target: address.baseUrl });
  try {
    // No credentials given to the proxy: the app signs in itself, as a real app does.
    live = await session(sdk.createClient({ baseUrl: proxy.url, projectId: server.projectId, maxRetries: 0 }), server.email, server.password);
  } finally {
    har = await proxy.stop();
  }
});
afterAll(async () => {
  await stopForwarder();
  await server?.stop(); // nothing on the shared server; a server of its own outside the integration project
});

describe('a session recorded against the real server', () => {
  it('is what the real server answered: leads in three pages, the tag, the message, the analytics', () => {
    expect(live.signIn.token).toMatch(/^JWT ey/);
    expect(live.pages.map((p) => [p.page, p.body.leads.map((lead) => lead.fullname), p.hasNextPage])).toEqual([
      [0, LEADS.slice(0, 2), true],
      [1, LEADS.slice(2, 4), true],
      [2, LEADS.slice(4), false],
    ]);
    expect(live.pages[0]!.body).toMatchObject({ perPage: PER_PAGE, count: LEADS.length });
    expect(live.leads.every((lead) => lead.phone === null)).toBe(true); // the real server's default
    expect(live.tag).toMatchObject({ tag: 'record-replay', color: '#43a047', id_project: server.projectId });
    expect(live.message).toMatchObject({ text: 'Where is my order?', recipient: REQUEST_ID });
    expect(live.count).toEqual([expect.objectContaining({ totalCount: 1 })]);
    expect(live.messages).toEqual([expect.objectContaining({ totalCount: expect.any(Number) })]);
  });

  it('is valid HAR 1.2, in order, with the password and the token redacted', async () => {
    expect(await new HarValidator().verify(har)).toEqual([]);
    const calls = har.log.entries.map((e) => `${e.request.method} ${new URL(e.request.url).pathname.replace(server.projectId, '{p}')} ${e.response.status}`);
    expect(calls).toEqual([
      'POST /auth/signin 200',
      ...LEADS.map(() => 'POST /{p}/leads 200'),
      'GET /{p}/leads 200',
      'GET /{p}/leads 200',
      'GET /{p}/leads 200',
      'POST /{p}/tags 200',
      `POST /{p}/requests/${REQUEST_ID}/messages 200`,
      'GET /{p}/analytics/requests/count 200',
      'GET /{p}/analytics/messages/count 200',
    ]);
    const text = JSON.stringify(har);
    expect(text).not.toContain(server.password);
    expect(text).not.toContain(live.signIn.token.replace(/^JWT /, ''));
    expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
    expect(JSON.parse(har.log.entries[0]!.response.content.text!)).toMatchObject({ success: true, token: REDACTED });
    const bytes = Buffer.byteLength(JSON.stringify(har, null, 2));
    console.info(`recording of the real-server session: ${har.log.entries.length} entries, ${bytes} bytes (the real server started in ${server.startSeconds.toFixed(1)} s)`);
  });
});

describe("the recording replayed by the mock, the real server's address gone", () => {
  let listener: Server;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    await stopForwarder();
    // Something listens at the address the session reached the real server at, only to count who connects: nobody may.
    listener = createServer((socket) => {
      sockets.push(socket);
      socket.destroy();
    });
    // The proxy ended its connections to the forwarder when it stopped (else a replayed request could
    // go out on one past MSW); the port may still stay busy for a moment while the forwarder's ends close.
    const started = Date.now();
    for (;;) {
      const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => listener.once('error', resolve).listen(address.port, '127.0.0.1', () => resolve(undefined)));
      if (!error) break;
      if (error.code !== 'EADDRINUSE' || Date.now() - started > 20_000) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (Date.now() - started > 50) console.info(`the forwarder's port was free again ${Date.now() - started} ms after it stopped`);
  });
  afterAll(() => new Promise<void>((resolve) => listener?.close(() => resolve())));

  it('gives the SDK the same results for the same calls, without a socket to the server', async () => {
    const { server: msw } = setupNodeMock({ fromHar: har, warnings: false });
    msw.listen({ onUnhandledFrame: 'error' });
    const authorizations: (string | null)[] = [];
    msw.events.on('request:start', ({ request }) => void authorizations.push(request.headers.get('authorization')));
    try {
      const sk = sdk.createClient({ baseUrl: address.baseUrl, projectId: server.projectId, maxRetries: 0 });
      const replayed = await session(sk, server.email, server.password);
      // After the replayed sign-in the SDK sends the token it got: the redacted one.
      expect(authorizations).toEqual([null, ...Array(har.log.entries.length - 1).fill(`JWT ${REDACTED}`)]);
      // The sign-in answers the recorded body: the token is the redacted one, and the SDK holds it.
      expect(replayed.signIn).toEqual({ ...live.signIn, token: REDACTED });
      expect(sk.authKind).toBe('jwt');
      const { signIn: _live, ...liveRest } = live;
      const { signIn: _replayed, ...replayedRest } = replayed;
      expect(replayedRest).toEqual(liveRest);

      // Past the recording, the stateful mock answers: it knows neither the real project nor the token.
      const past = await sk.tags.list().catch((error: unknown) => error);
      expect(past).toBeInstanceOf(sdk.BadRequestError);
      expect((past as sdk.APIError).body).toEqual({ error: `Project not found with id: ${server.projectId}` });
    } finally {
      msw.close();
    }
    expect(sockets).toHaveLength(0);
    // The listener does count: without the mock, the same address is reached.
    await fetch(address.baseUrl).catch(() => undefined);
    expect(sockets).toHaveLength(1);
  });
});
