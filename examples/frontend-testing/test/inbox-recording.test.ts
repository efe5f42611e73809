import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BadRequestError, createClient } from '@supportkb/sdk';
import { setupNodeMock } from '@supportkb/mocks/node';
import type { Har } from '@supportkb/mocks/record';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadsInbox } from '../src/leads-inbox.ts';

// test/recordings/inbox.har: the inbox signing in and loading two pages of leads (two per page) from
// the real server the contract describes (the open-source server on loopback), recorded with the
// recording proxy of @supportkb/mocks (scripts/record-inbox.mjs records it again).
const RECORDING = new URL('./recordings/inbox.har', import.meta.url);
const har = JSON.parse(readFileSync(RECORDING, 'utf8')) as Har;
/** The recorded project: the first path segment of the first project-scoped request. */
const projectId = new URL(har.log.entries[1]!.request.url).pathname.split('/')[1]!;

describe('the inbox replayed from a recording of the real server (setupNodeMock({ fromHar }))', () => {
  const { server } = setupNodeMock({ fromHar: RECORDING, warnings: false });
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());

  it('shows what the real server answered, page by page, with no server', async () => {
    const sk = createClient({ baseUrl: 'https://api.supportkb.test/v2', projectId, maxRetries: 0 });
    // The recorded sign-in answers whatever the credentials (its token is REDACTED in the file);
    // the recorded pages answer the SDK's requests whatever token it sends.
    const { token } = await sk.auth.signIn({ email: 'owner@example.com', password: 'not-the-recorded-one' });
    expect(token).toBe('REDACTED');
    const inbox = createLeadsInbox(sk, { perPage: 2 });
    await inbox.load(0);
    expect(inbox.state).toMatchObject({ status: 'ready', page: 0, total: 3 });
    expect(inbox.state.leads.map(({ name, phone, tags }) => ({ name, phone, tags }))).toEqual([
      { name: 'Nadia No-Phone', phone: null, tags: [] },
      { name: 'Piero Rossi', phone: '+39 02 1234567', tags: ['vip'] },
    ]);
    await inbox.load(1);
    expect(inbox.state.leads.map(({ name, email, phone }) => ({ name, email, phone }))).toEqual([{ name: 'Sara Bianchi', email: null, phone: '+39 06 7654321' }]);

    // Past the recording the stateful mock answers, and it does not know the recorded project.
    const past = await sk.leads.list({ page: 2, limit: 2 }).catch((error: unknown) => error);
    expect(past).toBeInstanceOf(BadRequestError);
    await inbox.load(0);
    expect(inbox.state).toMatchObject({ status: 'error', error: 'Something went wrong. Try again.' });
  });
});

describe('the committed recording', () => {
  type HarError = { instancePath: string; message?: string };
  const { HarValidator } = createRequire(import.meta.url)('@har-sdk/validator') as { HarValidator: new () => { verify(document: unknown): Promise<HarError[]> } };

  it('is valid HAR 1.2', async () => {
    expect(har.log.version).toBe('1.2');
    expect(await new HarValidator().verify(har)).toEqual([]);
    expect(har.log.entries.map((e) => `${e.request.method} ${new URL(e.request.url).pathname.replace(projectId, '{p}')} ${e.response.status}`)).toEqual([
      'POST /auth/signin 200',
      'GET /{p}/leads 200',
      'GET /{p}/leads 200',
    ]);
  });

  it('holds no secret: no JWT, no password, every credential header and secret field REDACTED', () => {
    const text = readFileSync(RECORDING, 'utf8');
    expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+/); // a JWT's header and payload
    expect(text).not.toMatch(/\b(JWT|Bearer|Basic) [A-Za-z0-9+/=._-]{8,}/);
    expect(text).not.toContain('Owner-pass-123'); // the real-server harness's seeded password
    const secretName = /^(authorization|proxy-authorization|cookie|set-cookie|x-hook-secret|x-api-key)$/i;
    for (const entry of har.log.entries) {
      for (const { name, value } of [...entry.request.headers, ...entry.response.headers]) if (secretName.test(name)) expect(value, name).toBe('REDACTED');
      for (const body of [entry.request.postData?.text, entry.response.content.text]) {
        if (!body) continue;
        JSON.parse(body, (key, value: unknown) => {
          if (/password|token|secret/i.test(key)) expect(value, key).toBe('REDACTED');
          return value;
        });
      }
    }
  });
});
