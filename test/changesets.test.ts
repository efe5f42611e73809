/**
 * Changesets and `npm run version-packages`, proven in a scratch copy of the working tree (a fresh git
 * repository in the OS temp dir whose node_modules is a link to this one's): status with and without
 * a changeset, then a breaking contract change taken through the gate, a major changeset and the
 * version step (versions, CHANGELOGs, lockfile, refreshed released contract). The repo itself is never
 * touched.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { root } from './contract-helpers';

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

describe('.changeset/config.json', () => {
  const config = readJson(join(root, '.changeset/config.json'));

  it('is valid for the installed Changesets', () => {
    const schema = readJson(join(root, 'node_modules/@changesets/config/schema.json'));
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const { $schema, ...rest } = config;
    expect(validate(rest), JSON.stringify(validate.errors)).toBe(true);
    expect(existsSync(join(root, '.changeset', $schema)), 'the $schema path points at the installed schema').toBe(true);
  });

  it('versions the SDK and the mocks independently, publicly, with the default changelog; never the example', () => {
    expect(config).toMatchObject({ fixed: [], linked: [], access: 'public', baseBranch: 'main', changelog: '@changesets/cli/changelog', ignore: ['@supportkb/example-quickstart'] });
    for (const dir of ['packages/sdk', 'mocks']) expect(readJson(join(root, dir, 'package.json')).private).toBeUndefined();
    expect(readJson(join(root, 'examples/quickstart/package.json')).private).toBe(true);
  });
});

// Each step runs npm or Changesets in a process, synchronously; on a loaded 2-core machine
// `npm run version-packages` took 78 s (7 s idle): within vitest's default limit, a guard against a hang only.
describe('a release in a scratch copy', () => {
  let dir: string;
  const run = (cmd: string, args: string[]) => {
    const r = spawnSync(cmd, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, CI: 'true', FORCE_COLOR: '0', NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  };
  const changeset = (...args: string[]) => run(process.execPath, [join(root, 'node_modules/@changesets/cli/bin.js'), ...args]);
  const gate = () => run(process.execPath, [join(dir, 'scripts/contract-gate.mjs')]);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe', encoding: 'utf8' });
  const pending = () => readdirSync(join(dir, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md');

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'supportkb-release-'));
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
    for (const file of files) {
      if (!existsSync(join(root, file))) continue; // deleted in the working tree
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      copyFileSync(join(root, file), join(dir, file));
    }
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    for (const f of pending()) rmSync(join(dir, '.changeset', f)); // start from a clean release
    git('init', '-q', '-b', 'main');
    git('-c', 'user.name=test', '-c', 'user.email=test@example.org', 'add', '-A');
    git('-c', 'user.name=test', '-c', 'user.email=test@example.org', 'commit', '-q', '-m', 'scratch');
  });
  afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('changeset status: nothing to release on main; a package change without a changeset fails', () => {
    const clean = changeset('status');
    expect(clean.status, clean.out).toBe(0);
    git('checkout', '-q', '-b', 'feature');
    writeFileSync(join(dir, 'packages/sdk/src/index.ts'), `${readFileSync(join(dir, 'packages/sdk/src/index.ts'), 'utf8')}\n// a change\n`);
    git('-c', 'user.name=test', '-c', 'user.email=test@example.org', 'commit', '-q', '-am', 'sdk change');
    const missing = changeset('status');
    expect(missing.status, missing.out).toBe(1);
    expect(missing.out).toContain('no changesets were found');
  });

  it('changeset add + status: the plan bumps the SDK and patches its dependent mocks, not the example', () => {
    const add = changeset('add', '--minor', '@supportkb/sdk', '-m', 'Tags accept a note.');
    expect(add.status, add.out).toBe(0);
    expect(pending()).toHaveLength(1);
    const status = changeset('status', '--output', 'status.json');
    expect(status.status, status.out).toBe(0);
    const plan = Object.fromEntries(readJson(join(dir, 'status.json')).releases.map((r: any) => [r.name, `${r.type} ${r.oldVersion}->${r.newVersion}`]));
    expect(plan['@supportkb/sdk']).toBe('minor 0.1.0->0.2.0');
    expect(plan['@supportkb/mocks']).toBe('patch 0.1.0->0.1.1');
    expect(plan['@supportkb/mcp']).toBe('patch 0.1.0->0.1.1'); // depends on the SDK (and the mocks) too
    // Everything else is a private example workspace, never versioned.
    const others = Object.entries(plan).filter(([name]) => !['@supportkb/sdk', '@supportkb/mocks', '@supportkb/mcp'].includes(name));
    expect(others.length).toBeGreaterThan(0);
    for (const [name, change] of others) expect([name, change]).toEqual([expect.stringMatching(/^@supportkb\/example-/), 'none 0.0.0->0.0.0']);
    for (const f of pending()) rmSync(join(dir, '.changeset', f));
    rmSync(join(dir, 'status.json'));
  });

  it('a breaking contract change fails the gate until a major SDK changeset is pending', () => {
    // A tag's properties live in TagUpserted.yaml (Tag.yaml is its variant with more of them required).
    const tagFile = join(dir, 'openapi/components/schemas/TagUpserted.yaml');
    const tag = readFileSync(tagFile, 'utf8');
    expect(tag).toMatch(/\n {2}color:\n/);
    // Drop the `color` property (its key line and the indented lines under it).
    writeFileSync(tagFile, tag.replace(/\n {2}color:\n(?: {4}.*\n)+/, '\n'));
    const blocked = gate();
    expect(blocked.status, blocked.out).toBe(1);
    expect(blocked.out).toContain('field `color` removed');
    expect(changeset('add', '--major', '@supportkb/sdk', '-m', 'Tags no longer have a `color`.').status).toBe(0);
    const allowed = gate();
    expect(allowed.status, allowed.out).toBe(0);
    expect(allowed.out).toContain('allowed by the pending major changeset');
  });

  it('npm run version-packages: versions, CHANGELOGs, lockfile and the released contract', () => {
    const version = run('npm', ['run', 'version-packages']);
    expect(version.status, version.out).toBe(0);
    expect(pending()).toEqual([]);

    const sdk = readJson(join(dir, 'packages/sdk/package.json'));
    const mocks = readJson(join(dir, 'mocks/package.json'));
    expect(sdk.version).toBe('1.0.0');
    expect(mocks.version).toBe('0.1.1');
    expect(mocks.dependencies['@supportkb/sdk']).toBe('1.0.0');

    const sdkLog = readFileSync(join(dir, 'packages/sdk/CHANGELOG.md'), 'utf8');
    expect(sdkLog).toMatch(/^# @supportkb\/sdk\n\n## 1\.0\.0\n\n### Major Changes\n\n- Tags no longer have a `color`\./);
    expect(readFileSync(join(dir, 'mocks/CHANGELOG.md'), 'utf8')).toMatch(/## 0\.1\.1[\s\S]*Updated dependencies[\s\S]*@supportkb\/sdk@1\.0\.0/);

    const lock = readJson(join(dir, 'package-lock.json'));
    expect(lock.packages['packages/sdk'].version).toBe('1.0.0');
    expect(lock.packages.mocks.version).toBe('0.1.1');
    expect(lock.packages.mocks.dependencies['@supportkb/sdk']).toBe('1.0.0');

    const released = parse(readFileSync(join(dir, 'openapi/released/openapi.yaml'), 'utf8'));
    expect(released.components.schemas.Tag.properties.color, 'the released contract is the new one').toBeUndefined();
    const after = gate();
    expect(after.status, after.out).toBe(0);
    expect(after.out).toContain('no breaking change');
  });
});
