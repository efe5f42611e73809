import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, launchChromium, skipWithoutChromium } from './chromium';
import { root } from './contract-helpers';
import { COMMAND_TIMEOUT_MS } from './time-limits';

/**
 * `@supportkb/mocks` on a runtime msw 3 cannot run on fails at import with one sentence (which
 * runtime, which feature, how to get one that has it) instead of failing later inside msw
 * (`Promise.withResolvers is not a function` on the first request, `currentHandlers.intersection is
 * not a function` in `resetHandlers()`). Checked on the built package: in Node with the features
 * removed, on the machine's own older Node (the system Node 20 of CI), and in headless Chromium
 * with the features removed (a bundle made as an app's bundler makes it).
 */
const mocksDist = join(root, 'mocks/dist');
const ENTRIES = ['index.js', 'node.js', 'server.js', 'prism.js'];
const mocksPkg = JSON.parse(readFileSync(join(root, 'mocks/package.json'), 'utf8'));
const sdkPkg = JSON.parse(readFileSync(join(root, 'packages/sdk/package.json'), 'utf8'));

/** Imports a built entry with `node` and reports `{ loaded }` or the error's name, code and message. */
function importWith(node: string, entry: string, preload?: string) {
  const script = `import(${JSON.stringify(pathToFileURL(join(mocksDist, entry)).href)}).then(() => console.log(JSON.stringify({ loaded: true })), (e) => console.log(JSON.stringify({ name: e.name, code: e.code, message: e.message })));`;
  const args = [...(preload ? ['--import', `data:text/javascript,${encodeURIComponent(preload)}`] : []), '--input-type=module', '-e', script];
  const run = spawnSync(node, args, { encoding: 'utf8', timeout: COMMAND_TIMEOUT_MS });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!);
}

const REMOVE_FEATURES = 'delete Promise.withResolvers; delete Set.prototype.intersection;';

describe('the runtime check of @supportkb/mocks in Node', () => {
  beforeAll(() => expect(existsSync(join(mocksDist, 'node.js')), 'build the packages first (npm run build)').toBe(true));

  it('loads every entry on this Node', () => {
    for (const entry of ENTRIES) expect(importWith(process.execPath, entry), entry).toEqual({ loaded: true });
  });

  it('fails at import of every entry, in one sentence, when msw 3 would fail later', () => {
    for (const entry of ENTRIES) {
      const error = importWith(process.execPath, entry, REMOVE_FEATURES);
      expect(error, entry).toMatchObject({ name: 'UnsupportedRuntimeError', code: 'ERR_SUPPORTKB_UNSUPPORTED_RUNTIME' });
      expect(error.message).toBe(
        `@supportkb/mocks needs Node.js >= 22.12.0 (msw 3 calls Promise.withResolvers and Set.prototype.intersection, missing here), but this is Node.js ${process.versions.node} (${process.execPath}): ` +
          'install Node.js 22.12 or newer (https://nodejs.org/en/download, or `nvm install 24`), or run your command on Node 24 from the npm registry, without installing it: `npx -y -p node@24 <command>` (e.g. `npx -y -p node@24 vitest`).',
      );
    }
  });

  it('declares the same minimum in engines as the check enforces, and the SDK its own', () => {
    expect(mocksPkg.engines).toEqual({ node: '>=22.12' });
    expect(sdkPkg.engines).toEqual({ node: '>=22' });
  });

  // The machine's own Node when it is older than the mocks need (CI runs on the system Node 20, so there it must exist).
  const older = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
    if (!existsSync(path)) return false;
    const [major, minor] = execFileSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim().split('.').map(Number);
    return major! < 22 || (major === 22 && minor! < 12);
  });
  it.skipIf(!older && process.env.CI !== 'true')('fails the same way on an older Node, naming it', () => {
    expect(older, 'CI runs the system Node 20 (.ci/run)').toBeDefined();
    const version = execFileSync(older!, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    const error = importWith(older!, 'node.js');
    expect(error.name).toBe('UnsupportedRuntimeError');
    expect(error.message).toContain(`@supportkb/mocks needs Node.js >= 22.12.0`);
    expect(error.message).toContain(`but this is Node.js ${version} (${older})`);
  });
});

describe.skipIf(skipWithoutChromium)('the runtime check of @supportkb/mocks in the browser', () => {
  let server: Server;
  let origin = '';
  beforeAll(async () => {
    // The page bundles `@supportkb/mocks/browser` as an app's bundler does (esbuild honours `sideEffects`).
    const result = await build({
      stdin: { contents: "import { setupBrowserMock } from '@supportkb/mocks/browser'; window.__loaded = typeof setupBrowserMock;", resolveDir: root, loader: 'js' },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    });
    const bundle = result.outputFiles[0]!.text;
    server = createServer((req, res) => {
      if (req.url === '/page.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
      const remove = req.url === '/old' ? `<script>${REMOVE_FEATURES}</script>` : '';
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>t</title>${remove}<script type="module" src="/page.js"></script>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('loads in this Chromium, and names the missing features in one sentence where they are gone', async () => {
    expect(CHROMIUM, 'Debian chromium is required in CI (.ci/run installs it)').toBeDefined();
    const browser = await launchChromium();
    try {
      await browser.page.goto(`${origin}/`);
      await browser.page.waitForFunction(() => (window as any).__loaded === 'function');
      expect(browser.problems).toEqual([]);
      await browser.page.goto(`${origin}/old`);
      await expect.poll(() => browser.problems.length).toBeGreaterThan(0);
      expect(browser.problems).toEqual([
        'page error: @supportkb/mocks needs Promise.withResolvers and Set.prototype.intersection, which this runtime lacks (msw 3 calls them): use Chrome or Edge 122, Firefox 127 or Safari 17.4 or newer (or a current Deno or Bun).',
      ]);
      expect(await browser.page.evaluate(() => (window as any).__loaded)).toBeUndefined();
    } finally {
      await browser.close();
    }
  });
});
