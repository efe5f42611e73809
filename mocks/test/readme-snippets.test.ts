import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Every Node / standalone code block of mocks/README.md marked ```js snippet=<name> is written to
 * mocks/.snippets/<name>.mjs and run with this Node (24): `node --test` for the node-test snippet,
 * `node` otherwise. They import the built package (`npm run build` first).
 */
const run = promisify(execFile);
const mocksDir = fileURLToPath(new URL('..', import.meta.url));
const dir = `${mocksDir}.snippets`;
const readme = readFileSync(`${mocksDir}README.md`, 'utf8');
const snippets = [...readme.matchAll(/```js snippet=([\w-]+)\n([\s\S]*?)```/g)].map((m) => ({ name: m[1]!, code: m[2]! }));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('mocks/README.md snippets', () => {
  it('has the Node-test, overrides, webhooks and standalone snippets', () => {
    expect(snippets.map((s) => s.name).sort()).toEqual(['node-test', 'overrides', 'standalone', 'webhooks']);
    expect(existsSync(`${mocksDir}dist/index.js`), 'build the package first (npm run build)').toBe(true);
  });

  for (const { name, code } of snippets) {
    it(`runs the ${name} snippet`, async () => {
      mkdirSync(dir, { recursive: true });
      const file = `${dir}/${name}.mjs`;
      writeFileSync(file, code);
      const args = name === 'node-test' ? ['--test', '--test-reporter=spec', file] : [file];
      const { stdout, stderr } = await run(process.execPath, args, { cwd: mocksDir, timeout: 60_000 }).catch((error) => {
        throw new Error(`${name} snippet failed:\n${error.stdout}\n${error.stderr}`);
      });
      if (name === 'node-test') expect(stdout).toMatch(/pass 2/);
      expect(stderr).not.toMatch(/Error/);
    });
  }
});
