import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transform } from 'esbuild';
import { startMock, type RunningMock } from '@supportkb/mocks';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { root } from './contract-helpers';

/**
 * Every README snippet marked `<!-- snippet: name -->` runs here, as written, against the stateful
 * mock (its URL in SUPPORTKB_BASE_URL), so the README cannot rot. The SDK's guide moved to
 * packages/sdk/README.md, whose snippets test/readme-tarballs.test.ts runs against the packed tarball.
 */
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const snippets = [...readme.matchAll(/<!-- snippet: ([\w-]+) -->\n```(ts|js|sh)\n([\s\S]*?)```/g)].map((m) => ({ name: m[1]!, lang: m[2]!, code: m[3]! }));
const dir = join(root, 'test/.snippets');
let mock: RunningMock;

beforeAll(async () => {
  mock = await startMock();
  process.env.SUPPORTKB_BASE_URL = mock.url;
  mkdirSync(dir, { recursive: true });
});
afterAll(async () => {
  delete process.env.SUPPORTKB_BASE_URL;
  await mock?.stop();
});

it('the README has snippets for the SDK, the mocks and the contract, and points to the SDK guide', () => {
  const names = snippets.map((s) => s.name);
  expect(names).toEqual(expect.arrayContaining(['sdk-quickstart', 'mocks-node-test', 'review-contract']));
  expect(readme).toContain('[`packages/sdk/README.md`](packages/sdk/README.md)');
});

it.each(snippets.filter((s) => s.lang !== 'sh').map((s) => [s.name, s] as const))('README snippet %s runs as written', async (name, snippet) => {
  const { code } = await transform(snippet.code, { loader: snippet.lang as 'ts', format: 'esm', target: 'node22' });
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, code);
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await import(`${pathToFileURL(file).href}?t=${Date.now()}`);
    expect(log).toHaveBeenCalled();
    const printed = log.mock.calls.map((c) => c.join(' ')).join('\n');
    expect(printed).not.toMatch(/Str0ng-example-passw0rd|eyJ[\w-]+\.[\w-]+\./);
  } finally {
    log.mockRestore();
  }
});
