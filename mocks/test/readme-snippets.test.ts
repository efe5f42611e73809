import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMAND_TIMEOUT_MS } from '../../test/time-limits';

/**
 * The Node code blocks of mocks/README.md (```js snippet=<name> and ```ts snippet=<name>; the
 * `test` flag runs one with `node --test`) are written to mocks/.snippets/ and run with this Node
 * (24; TypeScript by its type stripping) against the built package in this repository (`npm run
 * build` first): a quick check while editing. Every block, the ```sh and browser ones too, also runs
 * against the packed tarball installed in a scratch project, type-checked where it is TypeScript:
 * test/readme-tarballs.test.ts (scripts/release-check.mjs --only readme).
 */
const run = promisify(execFile);
const mocksDir = fileURLToPath(new URL('..', import.meta.url));
const dir = `${mocksDir}.snippets`;
const readme = readFileSync(`${mocksDir}README.md`, 'utf8');
const blocks = [...readme.matchAll(/^```(js|ts|sh) snippet=([\w-]+)([^\n]*)\n([\s\S]*?)^```/gm)].map((m) => ({
  lang: m[1]!,
  name: m[2]!,
  flags: m[3]!.trim().split(/\s+/).filter(Boolean),
  code: m[4]!,
}));
const node = blocks.filter((b) => b.lang !== 'sh' && !b.flags.includes('browser'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('mocks/README.md snippets', () => {
  it('has the install, Node-test, SDK, overrides, webhooks, websocket, standalone, recording, browser and Prism snippets', () => {
    expect(blocks.map((s) => s.name).sort()).toEqual([
      'browser',
      'browser-scenario',
      'install',
      'node-test',
      'overrides',
      'prism',
      'realtime',
      'record',
      'sdk-test',
      'standalone',
      'standalone-cli',
      'webhooks',
    ]);
    expect(existsSync(`${mocksDir}dist/index.js`), 'build the package first (npm run build)').toBe(true);
  });

  it('tells users outside this repository nothing that works only inside it (but in "Developing this package")', () => {
    const forUsers = readme.slice(0, readme.indexOf('\n## Developing this package'));
    expect(forUsers).not.toMatch(/npm run |npx node\b|`jose`|from 'jose'/);
    expect(forUsers).toContain('npx supportkb-mock');
  });

  for (const { name, lang, flags, code } of node) {
    it(`runs the ${name} snippet`, async () => {
      mkdirSync(dir, { recursive: true });
      const file = `${dir}/${name}.${lang === 'ts' ? 'mts' : 'mjs'}`;
      writeFileSync(file, code);
      const test = flags.includes('test');
      const args = test ? ['--test', '--test-reporter=spec', file] : [file];
      const { stdout, stderr } = await run(process.execPath, args, { cwd: mocksDir, timeout: COMMAND_TIMEOUT_MS }).catch((error) => {
        throw new Error(`${name} snippet failed:\n${error.stdout}\n${error.stderr}`);
      });
      if (test) expect(stdout).toMatch(/pass 2/);
      for (const expected of [...code.matchAll(/\/\/ → (.+)$/gm)].map((m) => m[1]!.trim())) expect(stdout, name).toContain(expected);
      expect(stderr).not.toMatch(/Error|Warning:/);
    });
  }
});
