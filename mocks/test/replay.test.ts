import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supportkb/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harToScenario, setupNodeMock } from '../src/node';
import { REDACTED, startRecordingProxy, type Har } from '../src/record';
import { startHttpMock } from '../src/server';
import { SEED, SEED_PASSWORD } from '../src/state/seed';
import { mocksDir, startBin } from './support/bin';

/**
 * Replaying a recording (`setupNodeMock({ fromHar })`, `supportkb-mock --from-har FILE`): a short SDK
 * session recorded through the proxy in front of a mock, replayed by a fresh mock whose state
 * differs (it never created the tag): the same calls get the recorded answers in order; calls past
 * the recording get the stateful mock.
 */
const P = SEED.projectId;
let har: Har;
let recorded: unknown[];

beforeAll(async () => {
  const upstream = await startHttpMock({ port: 0, serviceOptions: { warnings: false } });
  const proxy = await startRecordingProxy({ target: upstream.url });
  try {
    const sk = createClient({ baseUrl: proxy.url, projectId: P });
    const signIn = await sk.auth.signIn({ email: SEED.members.agent.email, password: SEED_PASSWORD });
    const before = await sk.tags.list();
    const tag = await sk.tags.create({ tag: 'refund', color: '#43a047' });
    const after = await sk.tags.list();
    recorded = [signIn, before, tag, after];
  } finally {
    har = await proxy.stop();
    await upstream.stop();
  }
});

describe('harToScenario', () => {
  it('turns each exchange into a once-only response of its operation, in order, matched on its path and query', () => {
    const skipped: string[] = [];
    const scenario = harToScenario(
      {
        log: {
          version: '1.2',
          creator: { name: 't', version: '1' },
          entries: [
            ...har.log.entries,
            { ...har.log.entries[1]!, request: { ...har.log.entries[1]!.request, url: `http://x.test/v2/${P}/tags/65f1a2b3c4d5e6f7080a0001?token=${REDACTED}&a=1` } },
            { ...har.log.entries[1]!, request: { ...har.log.entries[1]!.request, url: 'http://x.test/nothing/here' } },
          ],
        },
      },
      { skipped: (entry, reason) => skipped.push(`${new URL(entry.request.url).pathname}: ${reason}`) },
    );
    expect(Object.fromEntries(Object.entries(scenario.responses!).map(([id, entries]) => [id, entries.length]))).toEqual({ signIn: 1, listTags: 2, createTag: 1, getTag: 1 });
    expect(scenario.responses!.signIn![0]).toMatchObject({ times: 1, status: 200, body: { token: REDACTED } });
    expect(scenario.responses!.listTags![0]!.match).toEqual({ path: { project_id: P }, query: { page: '0' } });
    expect(scenario.responses!.getTag![0]!.match).toEqual({ path: { project_id: P, id: '65f1a2b3c4d5e6f7080a0001' }, query: { a: '1' } });
    expect(skipped).toEqual(['/nothing/here: no operation of the contract is GET /nothing/here']);
    expect(() => harToScenario({} as Har)).toThrow(/not an HTTP Archive/);
  });
});

describe('setupNodeMock({ fromHar })', () => {
  it('serves the recorded answers in order to the same calls, then falls back to the stateful mock', async () => {
    const { server, service, scenario } = setupNodeMock({ fromHar: har, warnings: false });
    server.listen({ onUnhandledFrame: 'error' });
    try {
      // Another origin than the recording's: nothing reaches the network.
      const sk = createClient({ baseUrl: 'http://replay.test', projectId: P });
      const signIn = await sk.auth.signIn({ email: SEED.members.agent.email, password: SEED_PASSWORD });
      const replayed = [signIn, await sk.tags.list(), await sk.tags.create({ tag: 'refund', color: '#43a047' }), await sk.tags.list()];
      // The recorded bodies, REDACTED values as recorded (the sign-in's token).
      expect(replayed).toEqual(har.log.entries.map((e) => JSON.parse(e.response.content.text!)));
      expect(replayed.slice(1)).toEqual(recorded.slice(1));
      expect((signIn as { token: string }).token).toBe(REDACTED);
      // The replaying mock never created the tag: past the recording, its own state answers.
      expect([...service.store.tags.values()].map((t) => (t as { tag: string }).tag)).not.toContain('refund');
      const fresh = createClient({ baseUrl: 'http://replay.test', projectId: P });
      await fresh.auth.signIn({ email: SEED.members.agent.email, password: SEED_PASSWORD });
      expect((await fresh.tags.list()).map((t) => t.tag)).not.toContain('refund');
      // reset(): the recording plays again from its first exchange.
      scenario!.reset();
      expect((await fetch(`http://replay.test/${P}/tags?page=0`, { headers: { Authorization: 'JWT anything' } }).then((r) => r.json())) as unknown).toEqual(recorded[1]);
    } finally {
      server.close();
    }
  });
});

describe('supportkb-mock --from-har FILE', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'supportkb-replay-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('replays the recording over HTTP, then the stateful mock answers', async () => {
    expect(existsSync(`${mocksDir}dist/node.js`), 'build the package first (npm run build)').toBe(true);
    const file = join(dir, 'session.har');
    writeFileSync(file, JSON.stringify(har));
    const mock = await startBin(['--from-har', file]);
    const { url } = mock;
    try {
      const basic = `Basic ${btoa(`${SEED.members.agent.email}:${SEED_PASSWORD}`)}`;
      const tags = () => fetch(`${url}/${P}/tags?page=0`, { headers: { Authorization: basic } }).then((r) => r.json() as Promise<{ tag: string }[]>);
      expect(await tags()).toEqual(recorded[1]);
      expect((await tags()).map((t) => t.tag)).toContain('refund');
      expect((await tags()).map((t) => t.tag)).not.toContain('refund');
    } finally {
      await mock.stop();
    }
  });
});
