/**
 * The breaking-change gate (scripts/contract-gate.mjs): deliberate breaking and non-breaking edits of
 * the released contract (test/fixtures/contract-gate/edits.ts), then the command line itself with and
 * without a pending major changeset for @supportkb/sdk.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { compareContracts, majorSdkChangesets, pendingChangesets, readBundledContract } from '../scripts/lib/contract-diff.mjs';
import { root } from './contract-helpers';
import { breakingEdits, nonBreakingEdits, type Edit } from './fixtures/contract-gate/edits';

const baselineFile = join(root, 'openapi/released/openapi.yaml');
const baseline = readBundledContract(baselineFile);
const edited = (edit: Edit) => {
  const doc = structuredClone(baseline);
  edit.apply(doc);
  return doc;
};

describe('classification of deliberate edits', () => {
  it('finds nothing between the baseline and itself', () => {
    expect(compareContracts(baseline, structuredClone(baseline))).toEqual({ breaking: [], nonBreaking: [] });
  });

  it.each(breakingEdits.map((e) => [e.name, e] as const))('breaking: %s', (_name, edit) => {
    const { breaking } = compareContracts(baseline, edited(edit));
    expect(breaking.length, `${edit.what} must be breaking`).toBeGreaterThan(0);
  });

  it.each(nonBreakingEdits.map((e) => [e.name, e] as const))('non-breaking: %s', (_name, edit) => {
    const { breaking, nonBreaking } = compareContracts(baseline, edited(edit));
    expect(
      breaking.map((c) => `${c.location}: ${c.summary}`),
      `${edit.what} must not be breaking`,
    ).toEqual([]);
    expect(nonBreaking.length, `${edit.what} is still a change`).toBeGreaterThan(0);
  });

  it('names the operation, the place and the change', () => {
    const { breaking } = compareContracts(baseline, edited(breakingEdits.find((e) => e.name === 'removed-response-field')!));
    expect(breaking.map((c) => `${c.location}: ${c.summary}`)).toContain('GET /{project_id}/tags · response 200 · [].color: field `color` removed');
    const param = compareContracts(baseline, edited(breakingEdits.find((e) => e.name === 'new-required-parameter')!)).breaking;
    expect(param.map((c) => `${c.location}: ${c.summary}`)).toEqual(['GET /{project_id}/tags · query parameter `q`: required parameter added']);
  });
});

describe.concurrent('npm run contract:gate', () => {
  let dir: string;
  const contracts = { breaking: '', nonBreaking: '' };
  const changesets = { none: '', majorSdk: '', minorSdk: '', majorMocks: '' };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'supportkb-gate-test-'));
    const write = (name: string, doc: unknown) => {
      const file = join(dir, `${name}.yaml`);
      writeFileSync(file, stringify(doc));
      return file;
    };
    contracts.breaking = write('breaking', edited(breakingEdits.find((e) => e.name === 'removed-response-field')!));
    contracts.nonBreaking = write('non-breaking', edited(nonBreakingEdits.find((e) => e.name === 'new-response-field')!));
    const changesetDir = (name: string, files: Record<string, string>) => {
      const d = join(dir, `changesets-${name}`);
      mkdirSync(d);
      writeFileSync(join(d, 'README.md'), '# not a changeset\n');
      writeFileSync(join(d, 'config.json'), '{}\n');
      for (const [file, text] of Object.entries(files)) writeFileSync(join(d, file), text);
      return d;
    };
    changesets.none = changesetDir('none', {});
    changesets.majorSdk = changesetDir('major-sdk', {
      'drop-tag-color.md': '---\n"@supportkb/sdk": major\n"@supportkb/mocks": minor\n---\n\nTags no longer have a color.\n',
    });
    changesets.minorSdk = changesetDir('minor-sdk', { 'tag-notes.md': '---\n"@supportkb/sdk": minor\n---\n\nTags have notes.\n' });
    changesets.majorMocks = changesetDir('major-mocks', { 'mocks-v1.md': "---\n'@supportkb/mocks': major\n---\n\nNew mock API.\n" });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const gate = (...args: string[]) => {
    const run = spawnSync(process.execPath, [join(root, 'scripts/contract-gate.mjs'), '--baseline', baselineFile, ...args], { encoding: 'utf8', cwd: root });
    return { status: run.status, out: `${run.stdout}${run.stderr}` };
  };

  it('reads pending changesets the way Changesets writes them', () => {
    expect(pendingChangesets(changesets.majorSdk)).toEqual([{ file: 'drop-tag-color.md', releases: { '@supportkb/sdk': 'major', '@supportkb/mocks': 'minor' } }]);
    expect(majorSdkChangesets(changesets.majorSdk)).toEqual(['drop-tag-color.md']);
    expect(majorSdkChangesets(changesets.minorSdk)).toEqual([]);
    expect(majorSdkChangesets(changesets.majorMocks)).toEqual([]);
    expect(majorSdkChangesets(join(dir, 'missing'))).toEqual([]);
  });

  it('fails on a breaking change without a major changeset, and says what broke and what to do', () => {
    const run = gate('--current', contracts.breaking, '--changesets', changesets.none);
    expect(run.status, run.out).toBe(1);
    expect(run.out).toContain('✗ GET /{project_id}/tags · response 200 · [].color: field `color` removed (field removed from a response: the SDK type loses it)');
    expect(run.out).toContain('✗ GET /{project_id}/tags/{id} · response 200 · color: field `color` removed');
    expect(run.out).toContain('contract-gate: FAILED');
    expect(run.out).toContain('npx changeset add --major @supportkb/sdk');
  });

  it('still fails when the pending changesets bump the SDK by minor, or only the mocks by major', () => {
    expect(gate('--current', contracts.breaking, '--changesets', changesets.minorSdk).status).toBe(1);
    expect(gate('--current', contracts.breaking, '--changesets', changesets.majorMocks).status).toBe(1);
  });

  it('passes a breaking change when a major changeset for @supportkb/sdk is pending, and names it', () => {
    const run = gate('--current', contracts.breaking, '--changesets', changesets.majorSdk);
    expect(run.status, run.out).toBe(0);
    expect(run.out).toContain('allowed by the pending major changeset(s) for @supportkb/sdk: drop-tag-color.md');
  });

  it('passes a non-breaking change', () => {
    const run = gate('--current', contracts.nonBreaking, '--changesets', changesets.none);
    expect(run.status, run.out).toBe(0);
    expect(run.out).toMatch(/no breaking change .*; \d+ non-breaking changes/);
  });

  it('prints JSON with --json, and exits 2 on a missing baseline', () => {
    const run = gate('--current', contracts.breaking, '--changesets', changesets.none, '--json');
    const result = JSON.parse(run.out);
    expect(result.ok).toBe(false);
    expect(result.breaking[0]).toMatchObject({ summary: 'field `color` removed' });
    const missing = spawnSync(process.execPath, [join(root, 'scripts/contract-gate.mjs'), '--baseline', join(dir, 'nope.yaml')], { encoding: 'utf8' });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('npm run contract:baseline');
  });
});
