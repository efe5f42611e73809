import { spawnSync } from 'node:child_process';
import { SEED, startMock, type RunningMock } from '@supportkb/mocks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { root } from './contract-helpers';
import { quickstart } from '../examples/quickstart/index.mjs';
import { COMMAND_TIMEOUT_MS } from './time-limits';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock();
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

it('`npm run demo` prints the tour first: no build output, the packages being up to date', async () => {
  const { staleSteps } = (await import('../scripts/preflight.mjs')) as { staleSteps: () => { name: string; reason: string }[] };
  expect(staleSteps(), 'the packages are older than their sources: run `npm run build` first (npm test does)').toEqual([]);

  const run = spawnSync('npm', ['run', 'demo'], { cwd: root, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' }, timeout: COMMAND_TIMEOUT_MS });
  expect(run.status, run.stdout + run.stderr).toBe(0);
  // npm's own banner (`> demo`, `> <command>`), then the tour's first line.
  const lines = run.stdout.split('\n').filter((line) => line.trim() && !line.startsWith('> '));
  expect(lines[0]).toMatch(/^supportkb demo: stateful mock of the Support and Knowledge Base Service at http:\/\/127\.0\.0\.1:\d+ \(pid \d+\)$/);
  expect(lines[1]).toMatch(/^ {2}✓ auth\.signIn /);
  expect(lines.at(-1)).toMatch(/^mock stopped \(pid \d+\); done in [\d.]+ s$/);
  expect(run.stdout + run.stderr).not.toMatch(/tsup|Build success|redocly|bundl/i);
  expect(run.stderr).toBe('');
});
