import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_VERSION, installFromGit, releaseInstallDir } from '../scripts/real-server/release.mjs';
import { root } from './contract-helpers';

/**
 * The harness's release option (scripts/real-server/release.mjs): an older release from its git tag
 * on the default install's dependency tree, on a small repository and install made here (no
 * network, no real install), and the CLI's refusal of a malformed --version.
 */
const work = mkdtempSync(join(tmpdir(), 'release-install-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const git = (gitDir: string, ...args: string[]) =>
  execFileSync('git', [`--git-dir=${gitDir}`, ...args], {
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.org', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.org' },
  });

describe('an older release from its tag', () => {
  it("installs the tag's sources on the default tree, links every other package and lists the dependency differences", () => {
    // a repository with a tag v2.0.1 (the "v" form) whose package.json is that release's
    const src = join(work, 'src');
    mkdirSync(join(src, 'models'), { recursive: true });
    writeFileSync(join(src, 'package.json'), JSON.stringify({ name: '@tiledesk/tiledesk-server', version: '2.0.1', dependencies: { mongoose: '^5.0.0', old: '1.0.0' } }));
    writeFileSync(join(src, 'models/lead.js'), 'module.exports = "2.0.1";\n');
    const gitDir = join(work, 'repo.git');
    execFileSync('git', ['init', '-q', '--bare', gitDir]);
    const env = { GIT_DIR: gitDir, GIT_WORK_TREE: src };
    execFileSync('git', ['add', '-A'], { env: { ...process.env, ...env } });
    git(gitDir, `--work-tree=${src}`, 'commit', '-qm', 'release');
    git(gitDir, 'tag', 'v2.0.1');
    // a default install: node_modules with packages, a scoped one and the default release
    const base = join(work, 'base');
    for (const dir of ['mongoose', 'mingo', '@tiledesk/tiledesk-server', '@tiledesk/tiledesk-tybot-connector']) mkdirSync(join(base, 'node_modules', dir), { recursive: true });
    writeFileSync(join(base, 'node_modules/@tiledesk/tiledesk-server/package.json'), JSON.stringify({ version: DEFAULT_VERSION, dependencies: { mongoose: '^5.0.0', 'file-type': '^14.7.1' } }));
    const installDir = releaseInstallDir('2.0.1', base);
    expect(installDir).toBe(join(base, '2.0.1'));
    const info = installFromGit({ version: '2.0.1', gitDir, installDir, baseDir: base });
    expect(info).toMatchObject({ version: '2.0.1', source: 'git', tag: 'v2.0.1', dependencyTree: DEFAULT_VERSION, dependencyDifferences: { old: ['1.0.0', null], 'file-type': [null, '^14.7.1'] } });
    const server = join(installDir, 'node_modules/@tiledesk/tiledesk-server');
    expect(lstatSync(server).isSymbolicLink()).toBe(false);
    expect(readFileSync(join(server, 'models/lead.js'), 'utf8')).toBe('module.exports = "2.0.1";\n');
    for (const dir of ['mongoose', 'mingo', '@tiledesk/tiledesk-tybot-connector']) {
      expect(lstatSync(join(installDir, 'node_modules', dir)).isSymbolicLink(), dir).toBe(true);
      expect(realpathSync(join(installDir, 'node_modules', dir))).toBe(realpathSync(join(base, 'node_modules', dir)));
    }
    expect(existsSync(join(base, 'node_modules/@tiledesk/tiledesk-server/models'))).toBe(false); // the default release is untouched
    expect(() => installFromGit({ version: '2.0.2', gitDir, installDir: join(base, '2.0.2'), baseDir: base })).toThrow(/no tag 2\.0\.2 \(or v2\.0\.2\)/);
  });

  it('keeps the default release where it was', () => {
    expect(DEFAULT_VERSION).toBe('2.19.16');
    expect(releaseInstallDir(DEFAULT_VERSION, '/x/build/real-server')).toBe('/x/build/real-server');
  });

  it('the CLI refuses a malformed --version in one line', () => {
    const result = spawnSync(process.execPath, [join(root, 'scripts/real-server/cli.mjs'), '--version', '2.x'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe('real-server: --version must be a release such as 2.17.9, got "2.x" (see npm run real-server -- --help)');
  });
});
