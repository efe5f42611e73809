import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { contractChanges } from '../scripts/contract-gate.mjs';
import { buildChangelog, changelogEntries, nextRelease, wasPublished } from '../scripts/docs/changelog.mjs';
import type { ContractChange } from '../scripts/lib/contract-diff.mjs';
import { bundledContract } from '../scripts/lib/contract-source.mjs';
import { operations, root } from './contract-helpers';
import { COMMAND_TIMEOUT_MS } from './time-limits';

/**
 * The changelog page of `npm run docs` (build/docs/changelog.html, scripts/docs/changelog.mjs), written
 * for a caller: for the first release (the released contract was never published) one line per
 * operation group; for a later release the changes since the released contract, exactly as the
 * breaking-change gate computes them (`contractChanges` of scripts/contract-gate.mjs), as sentences,
 * breaking first, documentation-only changes folded away.
 */
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'supportkb-changelog-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** The change items of a page: group, location and summary, from the `data-` attributes. */
const pageEntries = (html: string) =>
  [...html.matchAll(/<li class="change" data-group="(\w+)" data-location="([^"]*)" data-summary="([^"]*)">/g)].map(
    ([, group, location, summary]) => `${group} | ${decode(location!)} | ${decode(summary!)}`,
  );
/** What a reader sees: the page without its tags and attributes. */
const visibleText = (html: string) => decode(html.replace(/<[^>]*>/g, ''));
const key = (group: string, change: Pick<ContractChange, 'location' | 'summary'>) => `${group} | ${change.location} | ${change.summary}`;

describe('the docs changelog', () => {
  it('for the first release, as the command writes it: one line per operation group, naming every operation', async () => {
    const out = join(scratch, 'first', 'changelog.html');
    await run(process.execPath, [join(root, 'scripts/docs/changelog.mjs'), '--out', out], { cwd: root, timeout: COMMAND_TIMEOUT_MS });
    const html = readFileSync(out, 'utf8');
    const doc = bundledContract();
    const webhooks: { post: { tags: string[]; operationId: string } }[] = Object.values(doc.webhooks);
    expect(wasPublished(doc.info.version), 'the released contract was never published (no packages/sdk/CHANGELOG.md section)').toBe(false);
    const groups = [...html.matchAll(/<li class="group" data-tag="([^"]*)" data-operations="([^"]*)">/g)].map(([, tag, ops]) => ({ tag: decode(tag!), ops: ops!.split(' ') }));
    // The contract's tags, in order (each with operations), each once.
    const withOperations = new Set([...operations(doc).map((entry) => entry.operation.tags[0]), ...webhooks.map((item) => item.post.tags[0])]);
    expect(groups.map((group) => group.tag)).toEqual(doc.tags.map((tag: { name: string }) => tag.name).filter((name: string) => withOperations.has(name)));
    // Every operation and webhook once, in its tag's line.
    const expected = [...operations(doc).map((entry) => entry.operation.operationId), ...webhooks.map((item) => item.post.operationId)];
    expect(groups.flatMap((group) => group.ops).sort()).toEqual(expected.sort());
    for (const group of groups) for (const id of group.ops) expect(visibleText(html)).toContain(`(${id})`);
    expect(html).toContain(`${operations(doc).length} operations and ${Object.keys(doc.webhooks).length} webhook event(s)`);
    expect(pageEntries(html)).toEqual([]);
    expect(html).toContain('href="index.html"');
    expect(html.length, 'a page a reader reads (it was 1.86 MB of diff entries)').toBeLessThan(20_000);
  });

  it('for a later release: exactly the gate’s changes, as sentences, breaking first, documentation-only folded', () => {
    const baselineDoc = bundledContract();
    const baseline = join(scratch, 'released.json');
    writeFileSync(baseline, JSON.stringify(baselineDoc));
    const current = structuredClone(baselineDoc);
    delete current.components.schemas.Tag.properties.color; // breaking: a response field removed
    current.components.schemas.Tag.properties.note = { type: 'string', description: 'A note.' }; // added
    current.paths['/{project_id}/tags'].get.description += ' Reworded.'; // documentation only
    const { page, entries, firstRelease } = buildChangelog({ baseline, current, sinceBaseline: true, release: 'next' });
    expect(firstRelease).toBe(false);

    const gate = contractChanges({ baseline, current });
    const group = (change: ContractChange) => (change.type === 'annotation' ? 'documentation' : change.action === 'add' && change.type === 'non-breaking' ? 'added' : 'changed');
    const expected = new Set([...gate.breaking.map((change) => key('breaking', change)), ...gate.nonBreaking.map((change) => key(group(change), change))]);
    const listed = pageEntries(page);
    expect(listed.sort()).toEqual([...expected].sort());
    expect(new Set(listed).size).toBe(listed.length);
    expect(entries).toHaveLength(listed.length);
    for (const g of ['breaking', 'added', 'documentation'])
      expect(
        listed.some((entry) => entry.startsWith(`${g} |`)),
        g,
      ).toBe(true);

    // Breaking first, then added; the documentation-only changes in one closed <details>.
    expect(page.indexOf('id="breaking"')).toBeLessThan(page.indexOf('id="added"'));
    const docs = page.slice(page.indexOf('id="documentation"'));
    expect(docs).toMatch(/^id="documentation"><details><summary>Descriptions, summaries and examples changed in \d+ place/);
    // Sentences naming the operation, the place and the change.
    const text = visibleText(page);
    expect(text).toContain('listTags — List tags (GET /{project_id}/tags)');
    expect(text).toContain('In the 200 response, at [].color: Field color removed (field removed from a response: the SDK type loses it).');
    expect(text).toMatch(/In the 200 response, at \[\]\.note: Field note added\./);
    expect(text, 'no schema printed as JSON').not.toContain('{"');
  });

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
        change('GET /{project_id}/leads · query · limit', 'maximum 100 → 200', 'replace', 'non-breaking'),
      ],
    });
    expect(entries.map((entry) => `${entry.group} ${entry.operation}: ${entry.summary}`)).toEqual([
      'breaking GET /{project_id}/tags: field `color` removed',
      'added GET /{project_id}/leads: parameter added',
      'changed GET /{project_id}/leads: maximum 100 → 200',
      'documentation POST /{project_id}/tags: description changed',
    ]);
  });

  it('names the coming release from the pending changesets, and tells a published release by its CHANGELOG section', () => {
    const dir = join(scratch, 'changesets');
    mkdirSync(dir, { recursive: true });
    const version: string = JSON.parse(readFileSync(join(root, 'packages/sdk/package.json'), 'utf8')).version;
    const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
    expect(nextRelease(dir)).toBe('Unreleased');
    writeFileSync(join(dir, 'fix.md'), '---\n"@supportkb/sdk": patch\n---\n\nA fix.\n');
    expect(nextRelease(dir)).toBe(`@supportkb/sdk ${major}.${minor}.${patch + 1} (unreleased)`);
    writeFileSync(join(dir, 'mocks.md'), '---\n"@supportkb/mocks": major\n---\n\nMocks only.\n');
    writeFileSync(join(dir, 'feature.md'), '---\n"@supportkb/sdk": minor\n---\n\nA feature.\n');
    expect(nextRelease(dir)).toBe(`@supportkb/sdk ${major}.${minor + 1}.0 (unreleased)`);
    const changelog = join(scratch, 'CHANGELOG.md');
    writeFileSync(changelog, '# @supportkb/sdk\n\n## 0.2.0\n\n### Minor Changes\n');
    expect(wasPublished('0.2.0', changelog)).toBe(true);
    expect(wasPublished('0.1.0', changelog)).toBe(false);
    expect(wasPublished('0.1.0', join(scratch, 'missing.md'))).toBe(false);
  });
});
