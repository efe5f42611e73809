import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIT_TIMEOUT_MS } from '../../../test/time-limits';

// The page for real: built with Vite, served on loopback by a plain static server (which has no
// API at all), opened in headless Chromium (Debian's `chromium`, driven by playwright-core). Every
// API call must be answered by the mock service worker inside the page. Skipped without Chromium,
// except in CI (`CI=true`), where a missing browser fails.
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const appDir = fileURLToPath(new URL('..', import.meta.url));
const screenshots = fileURLToPath(new URL('../../../build/screenshots/', import.meta.url)); // git-ignored
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

let outDir = '';
let profile = '';
let server: Server | undefined;
let origin = '';
let context: BrowserContext | undefined;
let page: Page;
const served: string[] = [];
const problems: string[] = [];

beforeAll(async () => {
  if (!CHROMIUM) return;
  outDir = mkdtempSync(join(tmpdir(), 'supportkb-browser-app-'));
  await build({ root: appDir, configFile: join(appDir, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    served.push(path);
    const file = normalize(join(outDir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(outDir) || !existsSync(file) || !statSync(file).isFile()) return res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  profile = mkdtempSync(join(tmpdir(), 'supportkb-chromium-'));
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width: 1000, height: 720 }, timeout: WAIT_TIMEOUT_MS });
  context.setDefaultTimeout(WAIT_TIMEOUT_MS);
  page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()} (${message.location().url.replace(origin, '')})`);
  });
});

afterAll(async () => {
  if (context) await Promise.race([context.close(), new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  for (const dir of [profile, outDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!CHROMIUM && process.env.CI !== 'true')('browser app (Vite build + the mock service worker) in headless Chromium', () => {
  it('signs in, lists the tags, creates one and sees it listed', async () => {
    expect(CHROMIUM, 'Debian chromium is required in CI (.ci/run installs it)').toBeDefined();
    await page.goto(`${origin}/`, { timeout: WAIT_TIMEOUT_MS });
    await page.getByRole('status').filter({ hasText: 'Mock API ready' }).waitFor();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await page.getByLabel('Email').fill('agent@acme-support.test');
    await page.getByLabel('Password').fill('Str0ng-example-passw0rd');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Signed in as Maria Rossi').waitFor();
    expect(await page.getByRole('form', { name: 'Sign in' }).isVisible()).toBe(false);
    const tags = page.getByRole('list', { name: 'Tags' }).getByRole('listitem');
    expect(await tags.allInnerTexts()).toEqual(['billing', 'vip']); // the seeded tags, newest first
    expect(await page.getByRole('status').innerText()).toBe('2 tags in the project.');

    await page.getByLabel('Name').fill('from-playwright');
    await page.getByLabel('Color').fill('#8e24aa');
    await page.getByRole('button', { name: 'Create tag' }).click();
    await page.getByRole('status').filter({ hasText: 'Created the tag “from-playwright”.' }).waitFor();
    expect(await tags.allInnerTexts()).toEqual(['from-playwright', 'billing', 'vip']);
    expect(
      await tags
        .first()
        .locator('.swatch')
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe('rgb(142, 36, 170)');

    mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: join(screenshots, 'browser-app.png') });

    // Every API call was answered inside the page: the static server never saw one.
    expect(served.filter((path) => path.startsWith('/api'))).toEqual([]);
    expect(served).toContain('/mockServiceWorker.js');
    expect(problems).toEqual([]);
  });

  it('shows a wrong password to the user', async () => {
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Mock API ready' }).waitFor();
    await page.getByLabel('Email').fill('agent@acme-support.test');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('status').filter({ hasText: 'Wrong email or password.' }).waitFor();
    // Chromium reports the refused request itself; nothing else went wrong.
    expect(problems).toEqual(['console error: Failed to load resource: the server responded with a status of 401 (Unauthorized) (/api/auth/signin)']);
  });
});
