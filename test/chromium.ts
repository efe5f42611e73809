import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { root } from './contract-helpers';
import { WAIT_TIMEOUT_MS } from './time-limits';

/**
 * Headless Chromium for the browser checks: Debian's `chromium` (installed by `.ci/run`) driven by
 * playwright-core, with the flags of the toolchain notes and a fresh profile per launch.
 */
export const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));

/** Skip where no Chromium is installed, except in CI (`CI=true`): there a missing browser fails. */
export const skipWithoutChromium = !CHROMIUM && process.env.CI !== 'true';

export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Git-ignored folder for screenshots (`build/` is ignored). */
export const screenshotDir = join(root, 'build/screenshots');

export interface Chromium {
  context: BrowserContext;
  page: Page;
  /** Page errors, console errors and failed loads seen so far (see `allow`). */
  problems: string[];
  /** Closes the browser (bounded: 15 s) and removes the profile. */
  close(): Promise<void>;
}

/**
 * Launches headless Chromium with a fresh user-data-dir (launchPersistentContext) and records
 * every page error and console error of its pages. `allowConsoleError(url)` may excuse a console
 * error by the URL it is about (a resource the caller blocked on purpose).
 */
export async function launchChromium(options: { allowConsoleError?: (url: string) => boolean; viewport?: { width: number; height: number } } = {}): Promise<Chromium> {
  if (!CHROMIUM) throw new Error('Debian chromium is required (apt-get install chromium; .ci/run installs it in CI)');
  const profile = mkdtempSync(join(tmpdir(), 'supportkb-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: options.viewport ?? { width: 1400, height: 900 },
    timeout: WAIT_TIMEOUT_MS,
  });
  context.setDefaultTimeout(WAIT_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(WAIT_TIMEOUT_MS);
  await context.addInitScript(installWaitForDom);
  const problems: string[] = [];
  const watch = (page: Page) => {
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      if (options.allowConsoleError?.(message.location().url)) return;
      problems.push(`console error: ${message.text()} (${message.location().url})`);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    problems,
    async close() {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([context.close(), new Promise((resolve) => (timer = setTimeout(resolve, 15_000)))]);
      clearTimeout(timer);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

declare global {
  interface Window {
    /**
     * Resolves with `read()`'s first value that is not `false`: read at once, then on each change of
     * the page's DOM (a MutationObserver) and every 250 ms (for a change no mutation reports, such as a
     * scroll); resolves with `false` after `timeoutMs` (a guard against a hang). Installed in every page
     * of a `launchChromium` browser. Playwright's `waitForFunction` polls on every animation frame or at
     * a fixed interval: polling by frame keeps the page drawing frames while Redoc or Swagger UI
     * renders (the console's test that sends all 82 operations: 73.9 CPU-s with it, 60.6 with this,
     * Chromium included).
     */
    waitForDom<T>(read: () => T | false, timeoutMs: number): Promise<T | false>;
  }
}

/** Defines `window.waitForDom` (above); runs in the page, as an init script. */
function installWaitForDom(): void {
  window.waitForDom = <T>(read: () => T | false, timeoutMs: number) =>
    new Promise<T | false>((resolve) => {
      const now = read();
      if (now !== false) return resolve(now);
      const finish = (value: T | false) => {
        observer.disconnect();
        clearInterval(interval);
        clearTimeout(timer);
        resolve(value);
      };
      const onChange = () => {
        const value = read();
        if (value !== false) finish(value);
      };
      const observer = new MutationObserver(onChange);
      observer.observe(document.body ?? document.documentElement, { childList: true, subtree: true, attributes: true, characterData: true });
      const interval = setInterval(onChange, 250);
      const timer = setTimeout(() => finish(false), timeoutMs);
    });
}

/** Path of a screenshot in the git-ignored folder (created if needed). */
export function screenshotPath(name: string): string {
  mkdirSync(screenshotDir, { recursive: true });
  return join(screenshotDir, name);
}

/**
 * Keeps the browser on loopback: every request of `browser`'s pages to another origin (but `data:`,
 * `blob:` and `file:` URLs, which never leave the machine) is refused and its URL pushed to the
 * returned array, for the test to check.
 */
export async function refuseExternalRequests(browser: Chromium, origin: string): Promise<string[]> {
  const external: string[] = [];
  await browser.context.route(
    (url) => url.origin !== origin && !['data:', 'blob:', 'file:'].includes(url.protocol),
    (route) => {
      external.push(route.request().url());
      return route.abort();
    },
  );
  return external;
}
