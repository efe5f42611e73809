import { SEED, startMockServer, type RunningMock } from '@supportkb/mocks';
import { afterAll, beforeAll, expect, it } from 'vitest';
// @ts-expect-error -- the quickstart is plain JavaScript (ESM) so it runs with `node` as users copy it.
import { quickstart } from '../examples/quickstart/index.mjs';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMockServer();
});
afterAll(async () => {
  await mock?.stop();
});

it('the quickstart behind `npm run demo` signs in and calls every resource group', async () => {
  const lines: string[] = await quickstart({
    baseUrl: mock.url,
    email: SEED.members.admin.email,
    password: SEED.members.admin.password,
    projectId: SEED.projectId,
    receiveWebhooks: true,
    log: () => {},
  });
  const operations = lines.map((line) => line.trim().split(/\s+/)[1]);
  expect(operations).toEqual([
    'auth.signIn',
    'kb.list',
    'kb.contents.create',
    'kb.contents.list',
    'team.list',
    'groups.list',
    'segments.list',
    'tags.create',
    'tags.list',
    'labels.get',
    'leads.create',
    'analytics.countRequests',
    'subscriptions.create',
    'messages.create',
    'webhook',
  ]);
  const transcript = lines.join('\n');
  expect(transcript).toContain('"Shipping times" added (status -1');
  expect(transcript).toMatch(/tags\.list \(pages\)\s+page 0: .*refund/);
  expect(transcript).toContain('Ada Lovelace');
  expect(transcript).toMatch(/webhook message\.create\s+delivery verified .*"Hello! How can I help you today\?"/);
  // No secret in the transcript: neither the token nor the subscription secret.
  expect(lines.join('\n')).not.toMatch(/eyJ|JWT [A-Za-z0-9]/);
});
