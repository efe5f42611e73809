import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { contractChanges } from '../scripts/contract-gate.mjs';
import { changelogEntries } from '../scripts/docs/changelog.mjs';
import type { ContractChange } from '../scripts/lib/contract-diff.mjs';
import { root } from './contract-helpers';

/**
 * The changelog page of `npm run docs` (build/docs/changelog.html, scripts/docs/changelog.mjs): the
 * contract's changes since openapi/released/openapi.yaml, as the breaking-change gate computes them
 * (`contractChanges` of scripts/contract-gate.mjs, which the gate's command line uses too). The page
 * written by the script must list exactly the gate's changes, each in its group.
 */
const run = promisify(execFile);

/** The items of a changelog page: group, location and summary, from the `data-` attributes. */
function pageEntries(html: string) {
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return [...html.matchAll(/<li class="change" data-group="(\w+)" data-location="([^"]*)" data-summary="([^"]*)">/g)].map(
    ([, group, location, summary]) => `${group} | ${decode(location!)} | ${decode(summary!)}`,
  );
}

const key = (group: string, change: Pick<ContractChange, 'location' | 'summary'>) => `${group} | ${change.location} | ${change.summary}`;

describe('the docs changelog', () => {
  it('lists exactly the breaking-change gate’s changes since the released contract, grouped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'supportkb-changelog-'));
    try {
      const out = join(dir, 'changelog.html');
      // The page as `npm run docs` writes it (a child process), and the gate's diff computed here meanwhile.
      const written = run(process.execPath, [join(root, 'scripts/docs/changelog.mjs'), '--out', out], { cwd: root, timeout: 60_000 });
      const gate = contractChanges();
      await written;
      const html = readFileSync(out, 'utf8');
      const listed = pageEntries(html);

      // Every breaking change of the gate is in "breaking"; every other change is "added" or "changed".
      const breaking = new Set(gate.breaking.map((change) => key('breaking', change)));
      expect(listed.filter((entry) => entry.startsWith('breaking |')).sort()).toEqual([...breaking].sort());
      const others = new Set(gate.nonBreaking.map((change) => key(change.action === 'add' && change.type === 'non-breaking' ? 'added' : 'changed', change)));
      expect(listed.filter((entry) => !entry.startsWith('breaking |')).sort()).toEqual([...others].sort());
      // No entry twice, and the summary line counts what is listed.
      expect(new Set(listed).size).toBe(listed.length);
      const counts = /<strong>(\d+)<\/strong> breaking,\s*<strong>(\d+)<\/strong> added, <strong>(\d+)<\/strong> changed/.exec(html);
      expect(counts?.slice(1).map(Number)).toEqual(['breaking', 'added', 'changed'].map((group) => listed.filter((entry) => entry.startsWith(`${group} |`)).length));
      expect(html).toContain('href="index.html"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('groups and deduplicates as the gate prints', () => {
    const change = (location: string, summary: string, action: ContractChange['action'], type: ContractChange['type']): ContractChange => ({
      location,
      summary,
      action,
      type,
      path: [],
      description: summary,
      reason: type,
    });
    const entries = changelogEntries({
      breaking: [change('GET /{project_id}/tags · response 200 · [].color', 'field `color` removed', 'remove', 'breaking')],
      nonBreaking: [
        change('POST /{project_id}/tags', 'description changed', 'replace', 'annotation'),
        change('GET /{project_id}/leads · query · limit', 'parameter added', 'add', 'non-breaking'),
        change('POST /{project_id}/tags', 'description changed', 'replace', 'annotation'),
      ],
    });
    expect(entries.map((entry) => `${entry.group} ${entry.operation}: ${entry.summary}`)).toEqual([
      'breaking GET /{project_id}/tags: field `color` removed',
      'added GET /{project_id}/leads: parameter added',
      'changed POST /{project_id}/tags: description changed',
    ]);
  });
});
