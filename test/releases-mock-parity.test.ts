// The mock as an older release (`serverVersion`), compared with what that release of the real server
// answered to the parity scenario (the corpora of test/fixtures/releases/, captured by
// scripts/releases/capture.mjs): the mock's answers come closer to each release's when it is told
// which release to answer as. `npm run releases:mock-parity` prints the figures of every release.
import { describe, expect, it } from 'vitest';
import { apiOperations, releaseInRange } from '@supportkb/sdk/manifest';
import { releaseParity } from '../scripts/releases/mock-parity.mjs';

/** Every field name of a JSON value, at any depth. */
function fieldNames(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) fieldNames(item, out);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      out.add(key);
      fieldNames(item, out);
    }
  return out;
}

const operations = new Map(Object.entries(apiOperations));

describe('the mock as an older release, against that release of the real server', () => {
  it('answers the parity scenario closer to releases 2.10.104 and 2.17.9 with serverVersion than without, and sends no field those releases lack', async () => {
    const oldest = await releaseParity('2.10.104');
    const older = await releaseParity('2.17.9', { defaultRecords: oldest.defaultRecords });
    for (const { version, calls, byDefault, asRelease } of [oldest, older]) {
      expect(asRelease.total, version).toBe(calls);
      expect(asRelease.same, version).toBeGreaterThan(byDefault.same);
      expect(asRelease.sameStatus, version).toBeGreaterThanOrEqual(byDefault.sameStatus);
      // No difference left between two 200s is a field the release does not send (the manifest's releaseFields).
      for (const difference of asRelease.differences.filter((d) => d.real.status === 200 && d.mock.status === 200)) {
        const fields = operations.get(difference.op)?.releaseFields ?? [];
        const lacking = fields.map(([path]) => path.at(-1) ?? '').filter((name) => fieldNames(difference.mockBody).has(name) && !fieldNames(difference.realBody).has(name));
        const releaseOnly = lacking.filter((name) => !fields.some(([path, since, until]) => path.at(-1) === name && releaseInRange(version, since, until)));
        expect(releaseOnly, `${version} ${difference.id}`).toEqual([]);
      }
    }
    // Measured on the day: 2.10.104 622 → 723 of 930 calls the same, 2.17.9 783 → 875.
    expect(oldest.asRelease.same / oldest.calls).toBeGreaterThan(0.75);
    expect(older.asRelease.same / older.calls).toBeGreaterThan(0.92);
  });
});
