import { startMockServer, type RunningMock } from '@supportkb/mocks';
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
    email: 'agent@acme-support.test',
    password: 'example-password',
    projectId: '65f1a2b3c4d5e6f708090a0b',
    log: () => {},
  });
  const operations = lines.map((line) => line.trim().split(/\s+/)[1]);
  expect(operations).toEqual([
    'auth.signIn',
    'kb.list',
    'kb.contents.list',
    'team.list',
    'groups.list',
    'segments.list',
    'tags.create',
    'tags.list',
    'labels.get',
    'leads.list',
    'analytics.countRequests',
    'messages.create',
    'subscriptions.create',
  ]);
  // No secret in the transcript: neither the token nor the subscription secret.
  expect(lines.join('\n')).not.toMatch(/eyJ|JWT [A-Za-z0-9]/);
});
