import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIT_TIMEOUT_MS } from '../../test/time-limits';

/**
 * The browser transport for real: a page bundled with esbuild from `@supportkb/mocks/browser`,
 * served on loopback with the shipped worker script, run in headless Chromium (Debian's
 * `chromium`) driven by playwright-core. Skipped when no Chromium is installed, except in CI
 * (`CI=true`, where `.ci/run` installs it): there a missing browser fails the suite.
 */
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const mocksDir = fileURLToPath(new URL('..', import.meta.url));

let server: Server;
let origin = '';
let bundle = '';

beforeAll(async () => {
  if (!CHROMIUM) return;
  const result = await build({ entryPoints: [`${mocksDir}test/fixtures/browser-page.js`], bundle: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, logLevel: 'silent' });
  bundle = result.outputFiles[0]!.text;
  const worker = readFileSync(`${mocksDir}public/mockServiceWorker.js`, 'utf8');
  server = createServer((req, res) => {
    if (req.url === '/mockServiceWorker.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(worker);
    if (req.url === '/page.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>loading</title><script type="module" src="/page.js"></script>');
    res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** Opens `url` in headless Chromium (fresh profile) and returns `window.__result` once the page sets its title to `done`. */
async function runInChromium(url: string): Promise<any> {
  const profile = mkdtempSync(join(tmpdir(), 'supportkb-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM!, headless: true, args: FLAGS, timeout: WAIT_TIMEOUT_MS });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url, { timeout: WAIT_TIMEOUT_MS });
    await page.waitForFunction(() => document.title === 'done', null, { timeout: WAIT_TIMEOUT_MS });
    return await page.evaluate(() => (window as any).__result ?? null);
  } finally {
    await Promise.race([context.close(), new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
    rmSync(profile, { recursive: true, force: true });
  }
}

describe('the browser entry', () => {
  it('ships the MSW worker script (msw init output) for setupWorker', () => {
    const pkg = JSON.parse(readFileSync(`${mocksDir}package.json`, 'utf8'));
    expect(pkg.exports['./mockServiceWorker.js']).toBe('./public/mockServiceWorker.js');
    expect(pkg.files).toContain('public');
    const script = readFileSync(`${mocksDir}public/mockServiceWorker.js`, 'utf8');
    const mswVersion = JSON.parse(readFileSync(fileURLToPath(import.meta.resolve('msw/package.json')), 'utf8')).version;
    expect(script).toContain(`const PACKAGE_VERSION = '${mswVersion}'`);
    expect(script).toContain('INTEGRITY_CHECKSUM');
  });
});

describe.skipIf(!CHROMIUM && process.env.CI !== 'true')('in the browser (setupBrowserMock + the shipped worker script)', () => {
  it('answers the page through the service worker, statefully, with roles, in-process webhooks and the websocket', async () => {
    expect(CHROMIUM, 'Debian chromium is required in CI (.ci/run installs it)').toBeDefined();
    const result = await runInChromium(`${origin}/`);
    expect(result.error).toBeUndefined();
    expect(result).toMatchObject({ signIn: 200, tokenPrefix: 'JWT ', created: 200, forbidden: 403, message: 200, deliveries: ['message.create', 'message.create'], controlled: true });
    expect(result.tags).toEqual(['from-the-browser', 'billing', 'vip']);
    expect(result.websocket).toEqual([
      ['CREATE', ['Hello from the page']],
      ['CREATE', 'And live'],
    ]);
  });
});
