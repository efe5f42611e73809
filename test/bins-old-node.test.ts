import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './contract-helpers';
import { COMMAND_TIMEOUT_MS } from './time-limits';

/**
 * Every bin of the packages (`supportkb-mock`, `supportkb-prism`, `supportkb-record`,
 * `supportkb-mcp`) on a Node.js older than its package's `engines` (>= 22.12): one line on stderr
 * naming the Node in hand and a fix that works outside this repository (a newer Node, or
 * `npx -y -p node@24 <bin>`), exit code 1, no stack trace. Checked with this Node made to report
 * 20.20.2, with msw 3's features removed (the runtime check inside the package), and on the
 * machine's own older Node (the system Node 20 of CI), as a user who installed the tarballs runs them.
 */
const BINS = {
  'supportkb-mock': ['mocks/bin/mock.mjs', '--port', '0'],
  'supportkb-prism': ['mocks/bin/prism.mjs', '--port', '0'],
  'supportkb-record': [
    'mocks/bin/record.mjs',
    '--base-url',
    'http://127.0.0.1:9/v2',
    '--project',
    '65f1a2b3c4d5e6f708090a0b',
    '--token',
    'JWT secret-token',
    '--out',
    join(root, 'build/never.har'),
    '--port',
    '0',
  ],
  'supportkb-mcp': ['packages/mcp/bin/supportkb-mcp.mjs'],
} as const;
const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0' };
delete env.npm_lifecycle_event;
delete env.PORT;

function run(node: string, bin: keyof typeof BINS, preload?: string) {
  const [script, ...args] = BINS[bin];
  const flags = preload ? ['--import', `data:text/javascript,${encodeURIComponent(preload)}`] : [];
  return spawnSync(node, [...flags, join(root, script), ...args], { encoding: 'utf8', env, input: '', timeout: COMMAND_TIMEOUT_MS });
}

/** The one line every bin prints on an old Node, and the checks that it is only that. */
function expectOneLine(result: ReturnType<typeof run>, bin: string, version: string, node: string) {
  expect(result.status, result.stderr).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr).toBe(
    `${bin}: needs Node.js >= 22.12, but this is Node.js ${version} (${node}): install Node.js 22.12 or newer (https://nodejs.org/en/download, or \`nvm install 24\`), or run it on Node 24 from the npm registry: \`npx -y -p node@24 ${bin}\`\n`,
  );
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.stderr).not.toContain('secret-token');
}

describe('the bins on a Node.js older than they need', () => {
  it('are built (npm run build)', () => {
    for (const entry of ['mocks/dist/server.js', 'packages/mcp/dist/index.js']) expect(existsSync(join(root, entry)), entry).toBe(true);
  });

  it.each(Object.keys(BINS) as (keyof typeof BINS)[])('%s: one line with a fix that works outside the repository, exit code 1, no stack', (bin) => {
    expectOneLine(run(process.execPath, bin, "Object.defineProperty(process.versions, 'node', { value: '20.20.2' });"), bin, '20.20.2', process.execPath);
  });

  it("supportkb-mock and supportkb-prism: the package's own runtime check (msw 3's features missing) is one line too", () => {
    for (const bin of ['supportkb-mock', 'supportkb-prism'] as const) {
      const result = run(process.execPath, bin, 'delete Promise.withResolvers; delete Set.prototype.intersection;');
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr).toMatch(
        new RegExp(
          `^${bin}: @supportkb/mocks needs Node\\.js >= 22\\.12\\.0 \\(msw 3 calls Promise\\.withResolvers and Set\\.prototype\\.intersection, missing here\\)[^\\n]*\`npx -y -p node@24 <command>\`[^\\n]*\\n$`,
        ),
      );
      expect(result.stderr).not.toContain('supportkb repository');
    }
  });

  // The machine's own Node when it is older than the bins need (CI runs on the system Node 20, so there it must exist).
  const older = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
    if (!existsSync(path)) return false;
    const [major, minor] = execFileSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim().split('.').map(Number);
    return major! < 22 || (major === 22 && minor! < 12);
  });
  it.skipIf(!older && process.env.CI !== 'true')("every bin on the machine's older Node: the same line", () => {
    expect(older, 'CI runs the system Node 20 (.ci/run)').toBeDefined();
    const version = execFileSync(older!, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    for (const bin of Object.keys(BINS) as (keyof typeof BINS)[]) expectOneLine(run(older!, bin), bin, version, older!);
  });
});
