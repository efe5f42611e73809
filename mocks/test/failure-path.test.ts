import { fileURLToPath } from 'node:url';
import * as sdk from '@supportkb/sdk';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, launchChromium, skipWithoutChromium } from '../../test/chromium';
import { setupNodeMock } from '../src/node';
import { servePage } from './fixtures/golden-browser';
import { PROJECT_ID, runFailurePath } from './fixtures/failure-run';

/**
 * A UI's failure path from a scenario file (fixtures/failure-scenario.json): the leads inbox loads
 * its leads twice, then the service rate-limits it as production does (429
 * `{message: "Rate limit exceeded"}`, no Retry-After), then the connection drops, then it works
 * again. The same page code (fixtures/failure-run.ts) runs in Node through setupNodeMock and in
 * headless Chromium through setupBrowserMock and the service worker, with @supportkb/sdk (retries
 * off, so the failures surface as its typed errors; then on, riding through them) and with fetch.
 */
const scenarioFile = fileURLToPath(new URL('./fixtures/failure-scenario.json', import.meta.url));

/** The leads, newest first (listLeads' default order); one without a phone. */
const list = {
  state: 'list',
  leads: [
    ['No Phone', null],
    ['Giulia Bianchi', '+39 02 1234 5678'],
  ],
};
const expected = {
  withSdk: [
    list,
    list,
    { state: 'rate-limited', error: 'RateLimitError', status: 429, body: { message: 'Rate limit exceeded' }, retryAfter: null },
    { state: 'offline', error: 'APIConnectionError' },
    list,
  ],
  withFetch: [
    { status: 200, retryAfter: null, body: { leads: 2 } },
    { status: 200, retryAfter: null, body: { leads: 2 } },
    { status: 429, retryAfter: null, body: { message: 'Rate limit exceeded' } },
    { rejected: 'TypeError' },
    { status: 200, retryAfter: null, body: { leads: 2 } },
  ],
  // The SDK's default policy retries the 429 and the reset of the third load: the inbox never sees them.
  withRetries: [list, list, list],
};

describe('the failure path of a leads inbox (third load 429, fourth a reset)', () => {
  it('in Node: setupNodeMock({ scenario }) with the SDK and fetch', async () => {
    const mock = setupNodeMock({ scenario: scenarioFile, warnings: false });
    mock.server.listen({ onUnhandledFrame: 'error' });
    try {
      const result = await runFailurePath({ sdk, baseUrl: 'https://api.inbox.test/v2', reset: () => mock.scenario!.reset() });
      expect(result).toEqual(expected);
      expect(mock.service.store.projects.has(PROJECT_ID)).toBe(true);
    } finally {
      mock.server.close();
    }
  });

  describe.skipIf(skipWithoutChromium)('in headless Chromium', () => {
    it('setupBrowserMock({ scenario }) with the SDK and fetch in the page: the same states; the reset makes fetch reject; bad options are refused', async () => {
      expect(CHROMIUM, 'Debian chromium is required in CI (.ci/run installs it)').toBeDefined();
      const page = await servePage('./failure-page.js');
      // The page's failed loads (429, the reset) are console errors of Chromium's: expected.
      const chromium = await launchChromium({ allowConsoleError: (url) => url.startsWith(`${page.origin}/${PROJECT_ID}/leads`) || url.endsWith('/favicon.ico') });
      try {
        await chromium.page.goto(`${page.origin}/`);
        await chromium.page.waitForFunction(() => document.title === 'done');
        const { badInput, seededFromHar, ...result } = await chromium.page.evaluate(() => (window as any).__result);
        expect(result).toEqual(expected);
        // Bad input to setupBrowserMock: a path (no file system in a page), an invalid scenario, no HAR.
        expect(badInput.path).toEqual({
          name: 'TypeError',
          scenarioError: false,
          message: expect.stringMatching(/^setupBrowserMock: scenario must be a scenario object .*, got the path \.\/failure-scenario\.json; a page has no file system/),
        });
        expect(badInput.invalid).toMatchObject({ name: 'ScenarioError', scenarioError: true, path: 'seed.leads[0].email', message: 'scenario: seed.leads[0].email: Invalid email address' });
        expect(badInput.notHar).toMatchObject({ name: 'TypeError', message: 'harToScenario: not an HTTP Archive (no log.entries array)' });
        expect(badInput.seedNotHar).toMatchObject({ name: 'TypeError', message: expect.stringMatching(/^setupBrowserMock: seedFromHar must be a parsed HAR object, got the path \/recording\.har/) });
        expect(seededFromHar).toEqual({ projects: ['6a00000000000000000000a1'], tags: ['recorded'], reset: 'function' });
        expect(chromium.problems).toEqual([]);
      } finally {
        await chromium.close();
        await page.close();
      }
    });
  });
});
