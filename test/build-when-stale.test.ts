import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, utimesSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { root } from './contract-helpers';

/**
 * The build step of `npm run demo`, `npm run mock` and `npm run mock:prism` (scripts/preflight.mjs
 * `--run`): it builds only what is stale, quietly (the output of a failing step, or of every step
 * with --verbose), so the first line those commands print is their own. Exercised here on a scratch
 * project with one step (an npm script that copies src/ to out/ and prints 40 lines of noise).
 */
const preflight = pathToFileURL(join(root, 'scripts/preflight.mjs')).href;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

let dir = '';
let clock = Date.now() / 1000;
/** Sets a file's modification time strictly after every earlier call (mtime granularity never decides a test). */
const touch = (file: string) => {
  clock += 10;
  utimesSync(file, clock, clock);
};
const input = () => join(dir, 'src/a.txt');
const output = () => join(dir, 'out/a.txt');

/**
 * Runs buildStale on the scratch project in a child process; its stdout/stderr are what a user would see.
 * Progress lines start once the build has run for `progressAfterMs`: by default past any build here
 * (a quick build prints nothing, however busy the machine), 0 to see them.
 */
function build(verbose = false, progressAfterMs = 600_000) {
  const driver = `
    import { buildStale } from ${JSON.stringify(preflight)};
    import { writeFileSync } from 'node:fs';
    const steps = [{ name: 'copy', npm: ['run', 'build:copy'], inputs: ['src'], outputs: ['out'] }];
    const result = await buildStale({ root: ${JSON.stringify(dir)}, steps, verbose: ${verbose}, progressAfterMs: ${progressAfterMs} });
    writeFileSync(${JSON.stringify(join(dir, 'result.json'))}, JSON.stringify(result));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', driver], { cwd: dir, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return { ...(JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8')) as { built: string[]; failed?: string }), stdout: run.stdout, stderr: run.stderr };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'supportkb-build-'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'scratch', private: true, scripts: { 'build:copy': 'node copy.mjs' } }));
  writeFileSync(
    join(dir, 'copy.mjs'),
    `import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
     for (let i = 0; i < 40; i++) console.log('noise line ' + i);
     const text = readFileSync('src/a.txt', 'utf8');
     if (text.includes('FAIL')) { console.error('copy: the source says FAIL'); process.exit(3); }
     mkdirSync('out', { recursive: true });
     writeFileSync('out/a.txt', text.toUpperCase());`,
  );
  writeFileSync(input(), 'one');
  touch(input());
});

describe('scripts/preflight.mjs buildStale', () => {
  it('builds a missing output quietly, then not again', () => {
    const first = build();
    expect(first.built).toEqual(['copy']);
    expect(readFileSync(output(), 'utf8')).toBe('ONE');
    expect(first.stdout + first.stderr).toBe('');
    expect(existsSync(join(dir, 'build/build-stamps.json'))).toBe(true);
    const second = build();
    expect(second.built).toEqual([]);
    expect(second.stdout + second.stderr).toBe('');
  });

  it('ignores a source that was only touched, and rebuilds one whose content changed', () => {
    touch(input());
    expect(build().built).toEqual([]);
    writeFileSync(input(), 'two');
    touch(input());
    expect(build().built).toEqual(['copy']);
    expect(readFileSync(output(), 'utf8')).toBe('TWO');
  });

  it('counts a build made by hand (outputs newer than the sources), and rebuilds when sources change after it', () => {
    writeFileSync(input(), 'three');
    touch(input());
    writeFileSync(output(), 'THREE'); // as `npm run build` would
    touch(output());
    expect(build().built).toEqual([]);
    writeFileSync(input(), 'two'); // back to what the stamp recorded, but the outputs are no longer that build's
    touch(input());
    expect(build().built).toEqual(['copy']);
    expect(readFileSync(output(), 'utf8')).toBe('TWO');
  });

  it('prints the failing step output and one line naming it, and builds it again next time', () => {
    writeFileSync(input(), 'FAIL');
    touch(input());
    const failed = build();
    expect(failed).toMatchObject({ built: [], failed: 'copy' });
    expect(failed.stderr).toContain('noise line 39');
    expect(failed.stderr).toContain('copy: the source says FAIL');
    expect(failed.stderr.trim().split('\n').at(-1)).toBe('Building copy failed (npm run build:copy, exit code 3); its output is above.');
    expect(build().failed).toBe('copy');
    writeFileSync(input(), 'four');
    touch(input());
    expect(build()).toMatchObject({ built: ['copy'], stdout: '', stderr: '' });
  });

  it('shows every step output with verbose', () => {
    writeFileSync(input(), 'five');
    touch(input());
    const verbose = build(true);
    expect(verbose.built).toEqual(['copy']);
    expect(verbose.stdout).toContain('noise line 0');
    expect(verbose.stderr).toMatch(/^building copy \(sources changed\): npm run build:copy\n[\s\S]*built copy in [\d.]+ s\n$/);
  });

  it('shows one progress line per step on stderr, without the step output, once the build has run for progressAfterMs', () => {
    writeFileSync(input(), 'six');
    touch(input());
    const long = build(false, 0);
    expect(long.built).toEqual(['copy']);
    expect(long.stdout).toBe('');
    expect(long.stderr).toMatch(/^(building copy \(sources changed\) …\n)?built copy in [\d.]+ s\n$/);
    expect(readFileSync(output(), 'utf8')).toBe('SIX');
  });
});

describe('the commands that build first', () => {
  it('run through the build step, which builds what `npm run build` builds, in its order', async () => {
    // The long-running servers `exec` (npm's child is then the server, which gets npm's SIGTERM/SIGINT).
    for (const script of ['demo', 'mock', 'mock:prism']) expect(pkg.scripts[script], script).toMatch(/^(exec )?node scripts\/preflight\.mjs --run \S+$/);
    const { BUILD_STEPS } = (await import('../scripts/preflight.mjs')) as { BUILD_STEPS: { npm: string[] }[] };
    const steps = BUILD_STEPS.map((step) => `npm ${step.npm.join(' ')}`).join(' && ');
    expect(pkg.scripts.build).toBe(steps);
  });
});
