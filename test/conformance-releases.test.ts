// The release line of `npm run conformance` (scripts/lib/conformance/releases.mjs): which releases of the
// window a deployment's 200 bodies are consistent with, from the contract's x-since / x-until and
// x-release-required.
import { describe, expect, it } from 'vitest';
import { consistentReleases, describeReleases, releaseEvidence, WINDOW_RELEASES } from '../scripts/lib/conformance/releases.mjs';

const teammate = {
  type: 'object',
  required: ['_id', 'role'],
  'x-release-required': ['roleType'],
  properties: {
    _id: { type: 'string' },
    role: { type: 'string' },
    roleType: { type: 'integer', 'x-since': '2.18.1' },
    trashed: { type: 'boolean', 'x-since': '2.11.9' },
    old: { type: 'string', 'x-until': '2.13.49' },
  },
};
const list = { type: 'array', items: teammate };

describe('which releases a deployment runs, from its answers', () => {
  it('takes a marked field that is sent as the release being in its range', () => {
    const evidence = releaseEvidence('listTeammates', list, [{ _id: 'a', role: 'owner', roleType: 1, trashed: false }]);
    expect(evidence.map((e) => [e.field, e.present])).toEqual([
      ['roleType', true],
      ['trashed', true],
    ]);
    const { releases } = consistentReleases(evidence);
    expect(releases[0]).toBe('2.18.1');
    expect(releases.at(-1)).toBe(WINDOW_RELEASES.at(-1));
  });

  it('takes a release-required field that is missing, from an object that is that schema, as the release being outside its range', () => {
    const evidence = releaseEvidence('listTeammates', list, [{ _id: 'a', role: 'owner', trashed: false }]);
    expect(evidence).toContainEqual(expect.objectContaining({ field: 'roleType', present: false, where: '/0/roleType' }));
    const { releases } = consistentReleases(evidence);
    expect(releases).toContain('2.17.9');
    expect(releases).not.toContain('2.18.1');
    expect(releases).not.toContain('2.11.8');
    // An optional marked field that is missing says nothing; nor does an object that is not that schema.
    expect(releaseEvidence('listTeammates', list, [{ _id: 'a', role: 'owner', roleType: 1 }]).map((e) => e.field)).toEqual(['roleType']);
    expect(releaseEvidence('listTeammates', list, [{ _id: 'a' }])).toEqual([]);
  });

  it('says when no release fits, naming the evidence, and when nothing tells releases apart', () => {
    const evidence = releaseEvidence('listTeammates', list, [{ _id: 'a', role: 'owner', roleType: 1, old: 'x' }]);
    const result = consistentReleases(evidence);
    expect(result.releases).toEqual([]);
    expect(describeReleases(result)).toMatch(
      /^releases: no release of the window \(2\.10\.0 to 2\.19\.16\) fits every answer: listTeammates \/0\/roleType: sent \(from 2\.18\.1\); listTeammates \/0\/old: sent \(up to 2\.13\.49\)/,
    );
    expect(describeReleases(consistentReleases([]))).toBe('releases: the answers fit every release of the window (2.10.0 to 2.19.16): no field they carry or lack tells releases apart');
    expect(describeReleases(consistentReleases(releaseEvidence('x', list, [{ _id: 'a', role: 'owner', roleType: 1 }])))).toMatch(
      /^releases: the answers fit 2\.18\.1 to 2\.19\.16 \(\d+ of the window's 257 releases\)/,
    );
  });
});
