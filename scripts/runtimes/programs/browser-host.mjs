// @ts-nocheck -- BASELINE: 7 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Opens a round-trip page in a headless browser driven by puppeteer-core and prints its result.
// Usage: node browser-host.mjs <installDir> <bundlesDir> <chromium|firefox> <sdk|mock-worker> <id> <baseUrl>.
// - chromium: Debian's /usr/bin/chromium over the DevTools protocol (CDP);
// - firefox: Debian's /usr/bin/firefox-esr over WebDriver BiDi.
// A static server on 127.0.0.1 (port 0) serves the page, its bundle and, for `mock-worker`, MSW's
// worker script from @supportkb/mocks; it counts any request under /api (none may reach it).
// Prints `RESULT <json>` (browser version, protocol, what the page saw), or `ERROR <message>`, exit 1.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, requireFrom } from '../install.mjs';
import { UNKNOWN_TAG_ID } from './round-trip.mjs';

const [installDir, bundlesDir, browserName, mode, id, baseUrl] = process.argv.slice(2);
const EXECUTABLES = { chromium: '/usr/bin/chromium', firefox: '/usr/bin/firefox-esr' };
/** The project's Chromium flags (test/chromium.ts), less --headless, which puppeteer adds itself. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const TIMEOUT_MS = 30_000;

const script = mode === 'mock-worker' ? 'mock-worker-page.js' : 'browser-page.js';
const files = {
  [`/${script}`]: () => readFileSync(join(bundlesDir, script)),
  '/mockServiceWorker.js': () => readFileSync(join(REPO_ROOT, 'mocks/public/mockServiceWorker.js')),
};
let apiRequests = 0;
const server = createServer((req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  if (path === '/api' || path.startsWith('/api/')) apiRequests += 1;
  if (path === '/') {
    return res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>loading</title><script type="module" src="/${script}"></script>`);
  }
  const file = files[path];
  if (file) return res.writeHead(200, { 'content-type': 'text/javascript' }).end(file());
  res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
});

const profile = mkdtempSync(join(tmpdir(), `supportkb-${browserName}-`));
let browser;
try {
  if (!EXECUTABLES[browserName]) throw new Error(`unknown browser ${browserName}`);
  if (!existsSync(EXECUTABLES[browserName])) throw new Error(`${EXECUTABLES[browserName]} is missing: apt-get install ${browserName === 'firefox' ? 'firefox-esr' : 'chromium'} (.ci/run installs it)`);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const puppeteer = requireFrom(installDir)('puppeteer-core');
  browser = await puppeteer.launch({
    browser: browserName === 'firefox' ? 'firefox' : 'chrome',
    executablePath: EXECUTABLES[browserName],
    headless: true,
    userDataDir: profile,
    args: browserName === 'chromium' ? CHROMIUM_ARGS : [],
    timeout: TIMEOUT_MS,
  });
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location()?.url ?? '';
    // Chromium logs every failed load, so also the 404 the round trip asks for on purpose.
    if (url.endsWith(`/tags/${UNKNOWN_TAG_ID}`) && message.text().includes('404')) return;
    problems.push(`console error: ${message.text()} (${url})`);
  });
  const query = new URLSearchParams({ id, api: baseUrl });
  await page.goto(`${origin}/?${query}`, { timeout: TIMEOUT_MS });
  await page.waitForFunction(() => document.title === 'done', { timeout: TIMEOUT_MS });
  const outcome = await page.evaluate(() => window.__result);
  if (!outcome?.ok) throw new Error(`the page failed: ${outcome?.error ?? 'no result'}`);
  if (problems.length) throw new Error(`the page logged errors:\n${problems.join('\n')}`);
  if (mode === 'mock-worker' && !outcome.controlled) throw new Error('the page is not controlled by the mock service worker');
  if (mode === 'mock-worker' && apiRequests) throw new Error(`${apiRequests} API requests reached the static server instead of the service worker`);
  const [, version] = /\/(\S+)$/.exec(await browser.version()) ?? [];
  console.log(
    `RESULT ${JSON.stringify({ runtime: browserName, version, protocol: browser.protocol, userAgent: outcome.userAgent, ...(mode === 'mock-worker' ? { controlled: outcome.controlled, apiRequestsAtServer: apiRequests } : {}), ...outcome.result })}`,
  );
} catch (error) {
  console.log(`ERROR ${error?.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await Promise.race([browser?.close(), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  server.close();
  server.closeAllConnections();
  rmSync(profile, { recursive: true, force: true });
}
