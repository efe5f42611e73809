import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './contract-helpers';
import { COMMAND_TIMEOUT_MS } from './time-limits';

/**
 * The first command of the Quick start, `npm ci`, on the Node the README says is enough (CI runs it
 * on the system Node 20): it must not bury its output under one EBADENGINE warning per tool that
 * needs Node 22 or 24 (none of them runs on that Node: npm scripts use the project's Node 24), and it
 * must still install the project's Node 24 and everything else. `npm ci --dry-run` on a scratch
 * copy of the manifests, the lockfile and .npmrc resolves the same tree without touching the repository.
 */
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[]; devDependencies: Record<string, string>; engines: { node: string } };

/** The machine's Node older than 22 (the system Node 20 of CI), which the root `engines` admits. */
const olderNode = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => existsSync(path) && Number(execFileSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).split('.')[0]) < 22);
const npmCli = [process.env.npm_execpath, '/usr/lib/node_modules/npm/bin/npm-cli.js', '/usr/local/lib/node_modules/npm/bin/npm-cli.js'].find(
  (path) => path?.endsWith('npm-cli.js') && existsSync(path),
);

describe.skipIf(!olderNode && process.env.CI !== 'true')('npm ci on an older Node', () => {
  it('prints no engine warning, and installs the same packages as without the setting, the project Node 24 among them', () => {
    expect(olderNode, 'CI runs the system Node 20 (.ci/run)').toBeDefined();
    expect(npmCli, 'npm-cli.js').toBeDefined();
    expect(pkg.engines.node).toBe('>=20');
    /** `npm ci --dry-run` on a scratch copy of the manifests and the lockfile, with or without the project's .npmrc. */
    const dryRun = (withNpmrc: boolean) => {
      const dir = mkdtempSync(join(tmpdir(), 'supportkb-npm-ci-'));
      for (const file of ['package.json', 'package-lock.json', ...(withNpmrc ? ['.npmrc'] : [])]) cpSync(join(root, file), join(dir, file));
      for (const workspace of pkg.workspaces) {
        mkdirSync(join(dir, workspace), { recursive: true });
        cpSync(join(root, workspace, 'package.json'), join(dir, workspace, 'package.json'));
      }
      // Only the project's .npmrc counts: no npm_config_* inherited from the npm running this test.
      const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name)));
      const run = spawnSync(olderNode!, [npmCli!, 'ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, encoding: 'utf8', env, timeout: COMMAND_TIMEOUT_MS });
      expect(run.status, run.stderr).toBe(0);
      return run;
    };
    const quiet = dryRun(true);
    expect(quiet.stderr).not.toMatch(/EBADENGINE|npm warn/i);
    expect(quiet.stdout).toContain(`add node ${pkg.devDependencies.node}\n`);
    expect(quiet.stdout).toMatch(/added \d+ packages/);
    // The same install as without the setting, which warns about every tool that needs a newer Node.
    const noisy = dryRun(false);
    expect(noisy.stderr.match(/EBADENGINE Unsupported engine/g)?.length ?? 0).toBeGreaterThan(10);
    expect(quiet.stdout.replace(/ in \S+\n?$/, '')).toBe(noisy.stdout.replace(/ in \S+\n?$/, ''));
  });
});
