import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mocksDir, startBin } from '../support/bin';

/**
 * `supportkb-mock --from-har FILE` says, after its URL, what it replays: how many recorded exchanges
 * over how many operations, by operationId (the recording of examples/frontend-testing: a sign-in
 * and two pages of leads). Spawned for real (the built package: `npm run build` first).
 */
const har = fileURLToPath(new URL('../../../examples/frontend-testing/test/recordings/inbox.har', import.meta.url));

describe('supportkb-mock --from-har', () => {
  it('prints what it replays: N exchanges over M operations', async () => {
    expect(existsSync(`${mocksDir}dist/node.js`), 'build the package first (npm run build)').toBe(true);
    const mock = await startBin(['--from-har', har]);
    try {
      const out = await mock.waitFor(/^Replaying .*$/m);
      const lines = out.split('\n');
      expect(lines[0]).toMatch(/^Stateful mock of the Support and Knowledge Base Service API at http:\/\/127\.0\.0\.1:\d+ /);
      expect(lines[1]).toBe(
        `Replaying ${har}: 3 recorded exchanges over 2 operations (signIn ×1, listLeads ×2), each answering the first matching request once; everything else gets the stateful mock.`,
      );
    } finally {
      await mock.stop();
    }
  });
});
