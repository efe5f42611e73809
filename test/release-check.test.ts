/**
 * `npm run release:check` (scripts/release-check.mjs): the tarball file-list check on a deliberately
 * broken fixture package and on a repaired copy of it, then the check on the real packages (packed,
 * installed into a scratch project outside the repo, imported, required, type-checked, and linted;
 * bundle budgets are size-limit's, in `npm test`). Its `readme` check, every README snippet run
 * against the tarballs, is test/readme-tarballs.test.ts's, run in parallel with this one (the two
 * share the tarballs and the scratch install, made once per build: scripts/release-check/cache.mjs).
 * Needs the built packages: `npm test` builds them first.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from './contract-helpers';

const fixture = join(root, 'test/fixtures/release-check/broken-package');
const releaseCheck = (...args: string[]) => {
  const run = spawnSync(process.execPath, [join(root, 'scripts/release-check.mjs'), ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
};

describe('the tarball file list', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'supportkb-release-fixture-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('fails on the broken fixture, naming every missing file', () => {
    const run = releaseCheck('--only', 'files', '--package', fixture);
    expect(run.status, run.out).toBe(1);
    for (const line of [
      '✗ exports["."].require → ./dist/index.cjs is not in the tarball (nor in the package directory',
      '✗ main → ./dist/index.cjs is not in the tarball',
      '✗ exports["./extra"] → ./lib/extra.js is not in the tarball\n',
      '✗ bin.broken-cli → ./dist/cli.js is not in the tarball',
      "✗ dist/index.js:4 new URL('../data/table.json', import.meta.url) → data/table.json is not in the tarball",
    ]) {
      expect(run.out).toContain(line);
    }
    expect(run.out).toContain("optional fallbacks not shipped: dist/index.js:5 new URL('./built.json', import.meta.url) (guarded by existsSync)");
    expect(run.out).toContain('FAILED, 1 check(s)');
  });

  it('passes once the fixture ships what it points at', () => {
    const fixed = join(scratch, 'fixed-package');
    cpSync(fixture, fixed, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(fixed, 'package.json'), 'utf8'));
    manifest.files = ['dist', 'lib', 'data'];
    writeFileSync(join(fixed, 'package.json'), JSON.stringify(manifest, null, 2));
    writeFileSync(join(fixed, 'dist/index.cjs'), 'exports.hello = () => "hello";\n');
    writeFileSync(join(fixed, 'dist/cli.js'), '#!/usr/bin/env node\nconsole.log("fixed");\n');
    const run = releaseCheck('--only', 'files', '--package', fixed);
    expect(run.status, run.out).toBe(0);
    expect(run.out).toContain('✓ files');
    expect(run.out).toContain('8/8 manifest targets and 1/1 runtime file references');
  });
});

describe('the declarations under the strictest consumer settings', () => {
  it('fail when an interface narrows an optional property the way exactOptionalPropertyTypes refuses (TS2430)', () => {
    const run = releaseCheck('--only', 'types', '--package', join(root, 'test/fixtures/release-check/loose-types-package'));
    expect(run.status, run.out).toBe(1);
    expect(run.out).toContain('exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, skipLibCheck: false');
    for (const consumer of ['node16', 'nodenext', 'bundler']) {
      expect(run.out).toMatch(
        new RegExp(`\\[${consumer}\\] node_modules/@supportkb/fixture-loose-types/index\\.d\\.ts\\(5,18\\): error TS2430: Interface 'Prism' incorrectly extends interface 'Running'`),
      );
    }
  });
});

describe('npm run release:check on the real packages', () => {
  // Packing, installing and compiling every entry three times (node16, nodenext, bundler, with the strictest
  // consumer settings): 52 s on an idle machine, within vitest's default limit (a guard against a hang only).
  it('passes every check on every public package', () => {
    const run = releaseCheck('--only', 'files,publint,types,entries');
    const scratch = /scratch project outside the repo \(([^)]+)\)/.exec(run.out)?.[1];
    expect(scratch, run.out).toBeDefined();
    expect(scratch!.startsWith(tmpdir()), 'the scratch project is outside the repo').toBe(true);
    expect(existsSync(scratch!), 'the scratch project is removed afterwards').toBe(false);
    expect(run.status, run.out).toBe(0);
    for (const name of ['@supportkb/sdk', '@supportkb/mocks']) expect(run.out).toContain(`\n${name}@`);
    for (const check of ['install', 'types (tsc)', 'files', 'publint', 'types (attw)', 'entries']) expect(run.out).toContain(`✓ ${check}`);
    // The install reports what the packages bring, and no package of it runs an install script.
    expect(run.out).toMatch(/✓ install .* installing brings @supportkb\/sdk \d+ packages, [\d.]+ MB; @supportkb\/mocks \d+ packages, [\d.]+ MB; .*none with an install script/);
  });
});
