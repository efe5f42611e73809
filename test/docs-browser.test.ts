import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed, vi } from 'vitest';
import { CHROMIUM, launchChromium, refuseExternalRequests, screenshotPath, skipWithoutChromium, type Chromium } from './chromium';
import { dereferencedContract, firstExample, operations } from './contract-helpers';
import { docsBuild } from './docs-build';
import { WAIT_TIMEOUT_MS } from './time-limits';

/**
 * The Redoc page of `npm run docs`, in a real browser: built by the script itself (once for the docs
 * test files, test/docs-build.ts), served on
 * loopback, opened in headless Chromium (playwright-core). Every tag and every operation must be
 * listed in the sidebar with their summaries, an operation must show its example, the
 * `message.create` webhook must be shown, and nothing may go wrong in the page: no page error, no
 * console error, no request leaving the machine (Redoc's attribution logo is inlined by the build, and
 * every request to another origin fails the test). Skipped without Chromium,
 * except in CI (`CI=true`), where a missing browser fails.
 */
/** expect.poll waits 1 s by default: too short for a page on a loaded 2-core machine (the poll fails, not the page). */
const POLL = { timeout: WAIT_TIMEOUT_MS };
const doc = dereferencedContract();

let server: Server | undefined;
let origin = '';
let browser: Chromium | undefined;
let external: string[] = [];

beforeAll(async () => {
  if (!CHROMIUM) return;
  // The same command users run (npm run docs); it writes build/docs/index.html.
  const { dir } = await docsBuild();
  const html = readFileSync(join(dir, 'index.html'));
  server = createServer((req, res) => {
    if (req.method === 'GET' && (req.url === '/' || req.url === '/index.html')) return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
  // Nothing leaves loopback: record and refuse every other request.
  external = await refuseExternalRequests(browser, origin);
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/**
 * Whether the page holds the docs page as an earlier test of this file loaded it. Loading it (3.9 MB of
 * HTML, then Redoc's start) costs a few CPU-seconds each time: the tests share one load and move in
 * it by its links and addresses, as a reader does (this file: measured 81.6 CPU-s with a load per
 * test, 56.3 with one, Chromium included). A failed test leaves the page as it was: the next
 * one loads it again.
 */
let loaded = false;

/** The docs page, loaded once for the file (see `loaded`), its sidebar shown. Called first in a test. */
async function docsPage(): Promise<Page> {
  onTestFailed(() => {
    loaded = false;
  });
  const page = browser!.page;
  if (!loaded) await page.goto(`${origin}/`, { waitUntil: 'load' });
  loaded = true;
  await page.getByTestId('menu-item-label').first().waitFor();
  return page;
}

const groupItems = () => browser!.page.locator('[data-component-name="Menu/MenuItem"].menu-item-type-group');
const itemLabel = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Opens a sidebar group until `item`, one of its entries, is visible. A closed group has no entries
 * in the page, and a click on a group's link goes to the group's page and toggles the group (an open
 * group closes; going to a group's page closes the others). So the group is clicked once, and clicked
 * again only after the page has shown what the click before did: first its address (the page has
 * gone to the group's page), then, if the group is closed there, its chevron turning. Clicking again
 * before a slow page (a loaded machine) had shown the first click toggled the group twice: open, then
 * closed, so that its entries were read from a closed group (none).
 */
async function openGroup(group: Locator, item: Locator): Promise<void> {
  const page = browser!.page;
  const link = group.locator(':scope > a');
  const closed = link.locator('[data-component-name$="ChevronRightIcon"]');
  if (await item.isVisible()) return;
  const hash = `#${await link.getAttribute('href')}`;
  if (new URL(page.url()).hash !== hash) {
    await link.click();
    await expect.poll(() => new URL(page.url()).hash, POLL).toBe(hash);
  }
  // On the group's page: closed there, a click opens it (the address stays).
  if ((await closed.count()) > 0 && !(await item.isVisible())) {
    await link.click();
    await expect.poll(() => closed.count(), POLL).toBe(0);
  }
  await item.waitFor({ state: 'visible' });
}

/**
 * Clicks an operation's (or a webhook's) sidebar entry until the address is the entry's. Such a click
 * only navigates (it toggles nothing), so clicking again is harmless. Under load (two `npm test` runs
 * on 2 cores) the address once stayed on the group's page (`#/tags`) for the 15 s after the click: after
 * a click (a `mousedown`) the page writes the section scrolled to into the address, so a late scroll
 * of the group's page can undo the entry's navigation.
 */
async function goToEntry(item: Locator, address: RegExp): Promise<void> {
  const page = browser!.page;
  await vi.waitFor(
    async () => {
      if (!address.test(page.url())) await item.click();
      await expect.poll(() => page.url(), { timeout: 5_000 }).toMatch(address);
    },
    { timeout: WAIT_TIMEOUT_MS, interval: 100 },
  );
}

describe.skipIf(skipWithoutChromium)('the API docs page in headless Chromium', () => {
  it('lists every tag and every operation, shows an example and the message.create webhook, without errors', async () => {
    expect(CHROMIUM, 'Debian chromium is required in CI (.ci/run installs it)').toBeDefined();
    const page = await docsPage();

    // The guides of info.description are sections of the sidebar.
    const sections = await page.locator('[data-component-name="Menu/MenuItem"].menu-item-type-default > a').allInnerTexts();
    expect(sections.map(itemLabel)).toEqual(
      expect.arrayContaining([
        'Authenticating requests',
        'Pagination',
        'Errors',
        'Receiving webhooks',
        'What real servers send',
        'What the specification leaves unstated, and how the contract decided',
      ]),
    );

    // One sidebar group per tag, in the contract's order (the last one, Webhooks, holds the webhooks).
    const groups = groupItems();
    const groupNames = (await groups.locator(':scope > a').allInnerTexts()).map(itemLabel);
    expect(groupNames).toEqual(doc.tags.map((tag: { name: string }) => tag.name));
    // No guide shares its sidebar label with a tag.
    const guides = (await page.locator('[data-component-name="Menu/MenuItem"].menu-item-type-default > a').allInnerTexts()).map(itemLabel);
    expect(guides.filter((label) => groupNames.includes(label))).toEqual([]);
    expect(doc.webhooks['message.create'].post.tags).toEqual(['Webhooks']);

    // Expand each group and read its operations: "<summary> <METHOD>".
    const listed = new Map<string, string[]>();
    for (let i = 0; i < groupNames.length; i++) {
      const group = groups.nth(i);
      const items = group.locator('[data-component-name="Menu/MenuItem"].menu-item-type-operation > a');
      await openGroup(group, items.first());
      listed.set(groupNames[i]!, (await items.allInnerTexts()).map(itemLabel));
    }
    const expected = new Map<string, string[]>();
    for (const { method, operation } of operations(doc)) {
      const tag = operation.tags[0] as string;
      expected.set(tag, [...(expected.get(tag) ?? []), `${operation.summary} ${method}`]);
    }
    for (const [tag, items] of expected) expect(listed.get(tag)?.slice().sort(), tag).toEqual(items.slice().sort());
    expect([...listed.entries()].filter(([name]) => name !== 'Webhooks').flatMap(([, items]) => items)).toHaveLength(operations(doc).length);

    // Every webhook listed in the contract's order; the first, message.create: its page names the event.
    const webhookSummary = doc.webhooks['message.create'].post.summary as string;
    const webhookSummaries = Object.keys(doc.webhooks).map((event) => `${String(doc.webhooks[event].post.summary)} POST`);
    expect(webhookSummaries[0]).toBe(`${webhookSummary} POST`);
    expect(listed.get('Webhooks')).toEqual(webhookSummaries);
    await goToEntry(groups.nth(groupNames.indexOf('Webhooks')).locator('[data-component-name="Menu/MenuItem"].menu-item-type-operation > a').first(), /webhooks\//);
    await page.locator('main').getByText('message.create', { exact: true }).first().waitFor({ state: 'visible' });
    // Read until the page shows it (a single read once failed under load: the main column then showed
    // the Analytics page, with the address on the webhook).
    await expect.poll(() => page.locator('main').innerText(), POLL).toContain(webhookSummary);

    // An operation shows its example: listTags' 200 body from the contract, in the right panel.
    const listTags = operations(doc).find((entry) => entry.operation.operationId === 'listTags')!;
    const example = firstExample(listTags.operation.responses['200'].content['application/json']) as { tag: string }[];
    expect(example.map((tag) => tag.tag)).toContain('vip');
    const tags = groups.nth(groupNames.indexOf('Tags'));
    const listTagsItem = tags.getByText(listTags.operation.summary, { exact: true });
    await openGroup(tags, listTagsItem);
    await goToEntry(listTagsItem, /\/tags\/listtags$/);
    const sample = page.getByTestId('right-panel').getByTestId('json-viewer').filter({ hasText: '"vip"' }).first();
    await sample.waitFor({ state: 'visible' });
    const shown = JSON.parse((await sample.locator('pre').first().innerText()).trim());
    expect(shown).toEqual(example);

    await sample.scrollIntoViewIfNeeded();
    // Let the middle column finish rendering the body's fields before the screenshot.
    await page.locator('main').getByText('id_project', { exact: true }).first().waitFor({ state: 'visible' });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: screenshotPath('docs.png') });

    expect(browser!.problems).toEqual([]);
    expect(external).toEqual([]);
  });

  it('finds an operation by its operationId and SDK method first, a guide by its title first, shows excerpts as written, and keeps the implementation notes collapsed', async () => {
    const page = await docsPage();
    const input = page.getByPlaceholder('Search docs...');
    const results = page.locator('[data-component-name="Search/SearchItem"]');
    /** The texts of the search results for `query` (Redoc's search dialog), once the list has settled. */
    const search = async (query: string) => {
      if (!(await input.isVisible())) await page.getByTestId('search-trigger').click();
      // Emptied first, so that the results read below are the answer to this query, not the last one's.
      await input.fill('');
      await expect.poll(() => results.count(), POLL).toBe(0);
      await input.fill(query);
      await results.first().waitFor({ state: 'visible' });
      // The list may still grow as the index answers: read it until two reads in a row agree.
      let texts: string[] = [];
      await expect
        .poll(
          async () => {
            const previous = texts.join('\n');
            texts = (await results.allInnerTexts()).map(itemLabel);
            return previous === texts.join('\n');
          },
          { ...POLL, interval: 150 },
        )
        .toBe(true);
      return texts;
    };

    const byId = await search('getTag');
    expect(byId[0]).toContain('Get a tag');
    expect(byId[0]).toContain('operationId getTag · SDK client.tags.get() (tags.get)');
    // The excerpt reads as written: no words run together where the description's HTML block starts.
    expect(byId[0]).toContain('Implementation notes Where each');
    expect((await search('tags.get'))[0]).toContain('Get a tag');

    // Ranking (issue 32, item 8): an exact operationId or SDK method finds its own operation first, before
    // the operations whose texts mention it (listLeads is named in createSegment's description); a guide's
    // title finds its guide first, before the operations that mention the word.
    const { apiOperations } = await import('@supportkb/sdk/manifest');
    const listLeads = apiOperations.listLeads;
    const sdk = [...listLeads.resource, listLeads.name].join('.');
    const mentions = operations(doc).filter(({ operation }) => operation.operationId !== 'listLeads' && JSON.stringify(operation).includes('listLeads'));
    expect(mentions.length, 'operations whose texts mention listLeads').toBeGreaterThan(0);
    for (const query of ['listLeads', sdk, `client.${sdk}`]) expect((await search(query))[0], query).toContain(`operationId listLeads · SDK client.${sdk}()`);
    // First among the others, not alone: the operations that mention listLeads are found too, after it.
    const summaries = mentions.map(({ operation }) => String(operation.summary));
    expect((await search('listLeads')).slice(1).some((text) => summaries.some((summary) => text.includes(summary)))).toBe(true);
    const guides = [...String(doc.info.description).matchAll(/^## (.+)$/gm)].map((match) => match[1]!.trim());
    expect(guides).toContain('Pagination');
    const pagination = await search('pagination');
    expect(pagination[0]).toMatch(/^Pagination Pages are zero-based/);
    expect(
      pagination.slice(1).some((text) => /^(GET|POST|PUT|PATCH|DELETE) /.test(text)),
      'operations mention pagination too',
    ).toBe(true);
    for (const guide of guides) {
      const first = (await search(guide))[0] ?? '';
      expect(first.startsWith(`${guide} `), `${guide}: ${first}`).toBe(true);
    }
    // The first result opens the guide's page.
    await search('pagination');
    await results.first().click();
    await expect.poll(() => page.url(), POLL).toMatch(/\/pagination$/);
    await page.locator('main').getByText('Pages are zero-based', { exact: false }).first().waitFor({ state: 'visible' });

    // A line break inside a paragraph of the contract is a space in the excerpt ("fetch them", not "fetchthem").
    const wrapped = operations(doc)
      .map(({ operation }) => /\b([a-z]{5,})\n\s*([a-z]{5,})\b/.exec(operation.description as string))
      .find((match) => match !== null)!;
    expect(wrapped, 'an operation description with a soft line break').toBeDefined();
    expect((await search(`${wrapped[1]} ${wrapped[2]}`)).join('\n')).toContain(`${wrapped[1]} ${wrapped[2]}`);

    // The found operation: its one "Implementation notes" block is there, and closed until asked for.
    await search('getTag');
    await results.first().click();
    const main = page.locator('main');
    await main.getByText('operationId', { exact: true }).filter({ visible: true }).first().waitFor();
    // getTag's block (its 404's note); the page may render the next operations below it too.
    const notes = main.locator('details.implementation-notes', { hasText: 'routes/tag.js:81' });
    await expect.poll(() => notes.count(), POLL).toBe(1);
    expect(await notes.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    await notes.locator('summary').click();
    expect(await notes.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    expect(await notes.innerText()).toContain('routes/tag.js:81');

    expect(browser!.problems).toEqual([]);
    expect(external).toEqual([]);
  });

  it("shows every operation's TypeScript sample with its SDK call first, and curl and the payload in the sample menu", async () => {
    const { apiOperations } = await import('@supportkb/sdk/manifest');
    const page = await docsPage();
    // Every operation's address, as the sidebar links it: `#/<its tag's page>/<operationid>`.
    const tagPages = new Map<string, string>();
    for (const [label, href] of await page
      .locator('[data-component-name="Menu/MenuItem"].menu-item-type-group > a')
      .evaluateAll((links) => links.map((link) => [(link as HTMLElement).innerText, link.getAttribute('href') ?? ''])))
      tagPages.set(itemLabel(label!), href!);
    const hrefOf = (operationId: string) => {
      const tag = operations(doc).find(({ operation }) => operation.operationId === operationId)!.operation.tags[0] as string;
      return `#${tagPages.get(tag)}/${operationId.toLowerCase()}`;
    };
    const ids = operations(doc).map(({ operation }) => operation.operationId as string);
    expect(ids.length).toBeGreaterThan(60);
    const missing: string[] = [];
    for (const operationId of ids) {
      const entry = apiOperations[operationId as keyof typeof apiOperations];
      // The operation's address, followed in the page (no reload), and the request samples of this
      // operation as the page shows them (their first line names it), once visible: one round trip,
      // read in the page on each change of its DOM (window.waitForDom, test/chromium.ts).
      const shown = await page.evaluate(
        ({ hash, first, timeoutMs }) => {
          if (location.hash !== hash) location.hash = hash;
          return window.waitForDom(() => {
            const found = [...document.querySelectorAll<HTMLElement>('.panel-request-samples')].find((element) => element.textContent?.includes(first));
            return found?.checkVisibility() && found.innerText.includes(first) ? found.innerText : false;
          }, timeoutMs);
        },
        { hash: hrefOf(operationId), first: `// ${operationId}: answers`, timeoutMs: POLL.timeout },
      );
      if (shown === false) throw new Error(`${operationId}: its address showed no request samples within ${POLL.timeout / 1000} s`);
      const call = `await client.${[...entry.resource, entry.name].join('.')}(`;
      if (!shown.includes('TypeScript (SDK)') || !shown.includes("import { createClient } from '@supportkb/sdk';") || !shown.includes(call)) missing.push(`${operationId}: ${call}`);
    }
    expect(missing).toEqual([]);

    // The sample menu: the SDK's sample, curl, and the request body of an operation that has one.
    await page.goto(`${origin}/${hrefOf('createTag')}`, { waitUntil: 'load' });
    const createTag = page.locator('.panel-request-samples').filter({ hasText: '// createTag: answers' });
    await createTag.getByRole('button', { name: 'TypeScript (SDK)' }).click();
    await expect.poll(() => page.getByRole('menuitem').allInnerTexts(), POLL).toEqual(['TypeScript (SDK)', 'curl', 'Payload']);
    await page.getByRole('menuitem', { name: 'curl' }).click();
    const curl = page.locator('.panel-request-samples').filter({ hasText: '# createTag: answers' });
    await curl.waitFor({ state: 'visible' });
    expect(await curl.innerText()).toContain('curl -sS -X POST');
    // Back to TypeScript, the page's default, for the next tests.
    await curl.getByRole('button', { name: 'curl' }).click();
    await page.getByRole('menuitem', { name: 'TypeScript (SDK)' }).click();
    await page.locator('.panel-request-samples').filter({ hasText: '// createTag: answers' }).waitFor({ state: 'visible' });

    expect(browser!.problems).toEqual([]);
    expect(external).toEqual([]);
  });
});
