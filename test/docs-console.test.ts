import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { consoleContract, encodeShared, PLACEHOLDER, requiredPrefilled, resolvedOperations, SHARED } from '../scripts/docs/console.mjs';
import { decodeShared } from '../scripts/docs/console/shared.js';
import { indexContract } from '../scripts/lib/conformance/contract.mjs';
import { CHROMIUM, launchChromium, refuseExternalRequests, screenshotPath, skipWithoutChromium, type Chromium } from './chromium';
import { dereferencedContract, operations, root } from './contract-helpers';
import { docsBuild } from './docs-build';
import { WAIT_TIMEOUT_MS } from './time-limits';

/**
 * The try-it console of `npm run docs` (build/docs/console.html: Swagger UI beside the Redoc page,
 * the stateful mock in the page's service worker), in headless Chromium: built by the docs script
 * itself (once for the docs test files, test/docs-build.ts), served on loopback, every request that would leave loopback refused and recorded. As a
 * reviewer would: pick the seeded owner, then send every operation from the page — each opened by
 * its deep link `#operation/<operationId>`, sent with the console's Execute button and nothing but
 * what the console prefilled from the contract's examples — and read each answer: a status the
 * contract declares, and the console's own contract check "valid", which must agree with the
 * conformance checker run here on the full contract. Also: that console.html and the Redoc page load
 * (their load times are logged, not asserted: they are figures, not behaviour), the sizes, the file:// sentence, a role the mock refuses, Basic
 * credentials, an invalid answer shown as invalid, and the reset button. Skipped without Chromium,
 * except in CI (`CI=true`), where a missing browser fails.
 */
const DOCS = join(root, 'build/docs');
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.txt': 'text/plain' };

/** expect.poll waits 1 s by default: too short for a page on a loaded 2-core machine (the poll fails, not the page). */
const POLL = { timeout: WAIT_TIMEOUT_MS };
const doc = dereferencedContract();
const contract = indexContract(doc);
const all = operations(doc).map(({ method, path, operation }) => ({
  method,
  path,
  operationId: operation.operationId as string,
  tag: operation.tags[0] as string,
  declared: Object.keys(operation.responses),
}));

let server: Server | undefined;
let origin = '';
let browser: Chromium | undefined;
const files = new Map<string, Buffer>();
/** Paths the loopback server was asked for: static files only, never the mock's. */
const served: string[] = [];
/** Requests refused because they would have left loopback. */
let external: string[] = [];
/** Whether the page is console.html as the listLeads test left it, which only read (see the live-frames test). */
let freshPage = false;

/** Every file under `dir`, by URL path. */
function readTree(dir: string, prefix = '/'): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) readTree(join(dir, entry.name), `${prefix}${entry.name}/`);
    else files.set(`${prefix}${entry.name}`, readFileSync(join(dir, entry.name)));
  }
}

beforeAll(async () => {
  if (!CHROMIUM) return;
  // The same command users run (npm run docs); it writes build/docs/index.html, console.html and their assets.
  const { dir } = await docsBuild();
  expect(dir).toBe(DOCS);
  readTree(DOCS);
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://loopback').pathname;
    served.push(path);
    if (path === '/favicon.ico') return res.writeHead(204).end(); // asked for by the browser, not the pages
    const body = files.get(path === '/' ? '/index.html' : path);
    if (req.method !== 'GET' || !body) return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Error statuses the mock answers on purpose show up as console errors ("Failed to load resource"): not problems.
  browser = await launchChromium({ allowConsoleError: (url) => url.startsWith(`${origin}/mock-api/`) });
  // Nothing leaves loopback: record and refuse every other request.
  external = await refuseExternalRequests(browser, origin);
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const blockOf = (entry: { tag: string; operationId: string }) => browser!.page.locator(`#operations-${entry.tag.trim().replace(/\s/g, '_')}-${entry.operationId}`);
const entryOf = (operationId: string) => all.find((entry) => entry.operationId === operationId)!;

/** What the page shows of an answer: the status cell, the contract check (its data and text), and the answer as Swagger UI holds it. */
interface Shown {
  status: string;
  checkedStatus: string | undefined;
  checkedOperation: string | undefined;
  valid: string | undefined;
  text: string;
  answer: { status: number; headers: Record<string, string>; text: string };
}

/**
 * Sends one operation from the console as a reader does: its deep link opens it (and closes the one
 * before), its Execute button sends what the console prefilled. `again`: the operation was sent
 * before, so its earlier answer is cleared first (Swagger UI's Clear button), as is any answer the
 * block still shows. Returns the status
 * cell, the console's contract check, and the answer as Swagger UI holds it.
 */
async function sendFromTheConsole(operationId: string, { again = false } = {}): Promise<Shown> {
  const page = browser!.page;
  const entry = entryOf(operationId);
  const block = blockOf(entry);
  const check = block.getByTestId('contract-check');
  const execute = block.locator('button.execute');
  // The deep link, then its block's Execute button once visible: in the page, on each change of its DOM
  // (window.waitForDom, test/chromium.ts, as for the answer below), in one round trip instead of the locator's polling.
  const opened = await page.evaluate(
    ([id, blockId, timeoutMs]) => {
      location.hash = `operation/${id}`;
      return window.waitForDom(() => Boolean(document.getElementById(blockId)?.querySelector<HTMLElement>('button.execute')?.checkVisibility()), timeoutMs);
    },
    [operationId, `operations-${entry.tag.trim().replace(/\s/g, '_')}-${entry.operationId}`, POLL.timeout] as const,
  );
  if (!opened) throw new Error(`${operationId}: its deep link showed no Execute button within ${POLL.timeout / 1000} s`);
  // An answer still shown from an earlier send (`again`, or an operation an earlier test sent) is
  // cleared first, so that the answer read below is this send's, not that one.
  if (again || (await check.count()) > 0) {
    await block.locator('button.btn-clear').click();
    await check.waitFor({ state: 'detached' });
  }
  await execute.click();
  // Once the answer's check shows (the one before was cleared, or there was none): what the page shows, in one round trip,
  // read on each change of the page's DOM (window.waitForDom), not on every animation frame.
  const value = await page.evaluate(
    ([id, path, method, timeoutMs]) =>
      window.waitForDom((): Shown | false => {
        const block = document.getElementById(id);
        const check = block?.querySelector<HTMLElement>('[data-testid="contract-check"]');
        const status = block?.querySelector<HTMLElement>('.live-responses-table tbody .response-col_status');
        if (!check || !status) return false;
        const response = (window as any).supportkbConsole.ui.specSelectors.responseFor(path, method).toJS();
        return {
          status: status.innerText.trim(),
          checkedStatus: check.dataset.status,
          checkedOperation: check.dataset.operationId,
          valid: check.dataset.valid,
          text: check.innerText.replace(/\s+/g, ' '),
          answer: { status: response.status as number, headers: response.headers as Record<string, string>, text: (response.text ?? '') as string },
        };
      }, timeoutMs),
    [`operations-${entry.tag.trim().replace(/\s/g, '_')}-${entry.operationId}`, entry.path, entry.method.toLowerCase(), POLL.timeout] as const,
  );
  if (!value) throw new Error(`${operationId}: no answer shown within ${POLL.timeout / 1000} s`);
  return value;
}

describe('what the console is built from', () => {
  it('gives every operation resolved, in a file about the size of the bundled contract, and lists them in a copy whose server is the in-page mock', () => {
    const resolved = resolvedOperations(doc);
    const encoded = encodeShared(resolved);
    expect(decodeShared(JSON.parse(JSON.stringify(encoded)))).toEqual(resolved);
    expect(JSON.stringify(encoded).length).toBeLessThan(JSON.stringify(resolved).length / 3);
    expect(() => decodeShared({ shared: [], root: { [SHARED]: 0 } })).toThrow(TypeError);
    // Path-level parameters merged in front of the operation's own, the document's security where it has none.
    const getTag = resolved.paths['/{project_id}/tags/{id}']!.get;
    expect(getTag.parameters.map((p: any) => `${p.in}:${p.name}`)).toEqual(['path:project_id', 'path:id']);
    expect(getTag.security).toEqual(doc.security);
    expect(resolved.paths['/{project_id}/labels']!.get.security).toEqual(doc.paths['/{project_id}/labels'].get.security);
    expect(() => resolvedOperations({ paths: { '/x': { get: { $ref: '#/components/x' } } } })).toThrow(TypeError);

    const copy = consoleContract(parse(readFileSync(join(root, 'openapi/dist/openapi.yaml'), 'utf8')));
    expect(copy.servers).toEqual([{ url: '/mock-api', description: "The stateful mock in this page's service worker" }]);
    expect(copy.webhooks).toBeUndefined();
    expect(operations(copy).map(({ operation }) => operation.operationId)).toEqual(all.map((entry) => entry.operationId));
    expect(JSON.stringify(copy.paths)).not.toContain('$ref');
    expect(Object.keys(copy.components)).toEqual(['securitySchemes']);
  });
});

describe('what the console prefills', () => {
  it("keeps the examples of required parameters only; an optional one's example and default become its placeholder", () => {
    const resolved = resolvedOperations(doc);
    const prefilled = requiredPrefilled(resolved);
    const listLeads = prefilled.paths['/{project_id}/leads']!.get;
    const before = resolved.paths['/{project_id}/leads']!.get;
    expect(before.parameters.filter((p: any) => !p.required && (p.example !== undefined || p.schema?.example !== undefined)).length).toBeGreaterThan(3);
    for (const parameter of listLeads.parameters) {
      if (parameter.required) continue;
      expect(parameter.example, parameter.name).toBeUndefined();
      expect(parameter.examples, parameter.name).toBeUndefined();
      expect(parameter.schema.example, parameter.name).toBeUndefined();
      expect(parameter.schema.default, parameter.name).toBeUndefined();
    }
    const email = listLeads.parameters.find((p: any) => p.name === 'email');
    const original = before.parameters.find((p: any) => p.name === 'email');
    expect(email.schema[PLACEHOLDER]).toBe(`e.g. ${original.example ?? original.schema.example}`);
    // Required ones as they were; the input is not changed.
    for (const [path, methods] of Object.entries(resolved.paths))
      for (const [method, operation] of Object.entries(methods)) {
        const required = (operation.parameters ?? []).filter((p: any) => p.required);
        expect(prefilled.paths[path]![method].parameters?.filter((p: any) => p.required) ?? [], `${method} ${path}`).toEqual(required);
      }
    expect(resolved.paths['/{project_id}/leads']!.get).toBe(before);
    expect(before.parameters.find((p: any) => p.name === 'email')).toBe(original);
  });
});

describe.skipIf(skipWithoutChromium)('the try-it console in headless Chromium', () => {
  it('loads console.html and the Redoc page, and says in one sentence why a file:// page cannot run the mock', async () => {
    expect(CHROMIUM, 'Debian chromium is required in CI (.ci/run installs it)').toBeDefined();
    const page = browser!.page;
    // First visit (a fresh profile): the service worker installs, then the console is ready.
    await page.goto(`${origin}/console.html`);
    await page.waitForFunction(() => document.documentElement.dataset.console === 'ready');
    const consoleMs = await page.evaluate(() => (window as any).__consoleReadyAt as number);
    const marks = await page.evaluate(() => performance.getEntriesByType('mark').map((mark) => `${mark.name.replace('console:', '')} ${Math.round(mark.startTime)} ms`));
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.goto(`${origin}/index.html`);
    const redocMs = await (await page.waitForFunction(() => document.querySelector('[data-component-name="Menu/MenuItem"]') && performance.now(), null, { polling: 'raf' })).jsonValue();

    const consoleFiles = [...files].filter(([path]) => path === '/console.html' || path === '/mockServiceWorker.js' || path.startsWith('/console/'));
    const consoleBytes = consoleFiles.reduce((sum, [, body]) => sum + body.length, 0);
    const indexBytes = files.get('/index.html')!.length;
    console.log(
      `docs page load (navigation to ready, first visit): console.html ${Math.round(consoleMs)} ms (${marks.join(', ')}, signed in), index.html (Redoc sidebar) ${Math.round(Number(redocMs))} ms; ` +
        `sizes: index.html ${kib(indexBytes)}, console ${kib(consoleBytes)} in ${consoleFiles.length} files (${consoleFiles.map(([path, body]) => `${path.slice(1)} ${kib(body.length)}`).join(', ')})`,
    );
    expect(consoleMs).toBeGreaterThan(0);
    expect(Number(redocMs)).toBeGreaterThan(0);

    // From a file: one sentence saying how to serve it; nothing else starts.
    const local = await browser!.context.newPage();
    await local.goto(pathToFileURL(join(DOCS, 'console.html')).href);
    const sentence = await local.locator('#console-status').innerText();
    expect(sentence).toMatch(
      /^This console cannot run from a file: browsers let no page opened from file:\/\/ start the service worker the mock runs in, so serve this folder \(npm run docs:serve\) and open http:\/\/127\.0\.0\.1:4173\/console\.html; the API reference, index\.html, opens from a file as it is\.$/,
    );
    expect(await local.locator('html').getAttribute('data-console')).toBeNull();
    await local.close();
    expect(external).toEqual([]);
  });

  it('sends every operation from the page as the seeded owner: each answer declared by the contract and checked "valid"', async () => {
    const page = browser!.page;
    // A deep link opens its operation on load.
    await page.goto(`${origin}/console.html#operation/createTag`);
    await page.waitForFunction(() => document.documentElement.dataset.console === 'ready');
    await expect.poll(() => blockOf(entryOf('createTag')).getAttribute('class'), POLL).toContain('is-open');
    await expect.poll(() => blockOf(entryOf('createTag')).locator('.opblock-summary').isVisible(), POLL).toBe(true);

    await page.selectOption('#console-user', 'owner');
    await page.locator('#console-identity[data-role="owner"][data-state="signed-in"]').waitFor();
    expect(await page.locator('#console-identity').innerText()).toContain('owner@acme-support.test');

    // Deletions last, the most specific path first (a language's labels before all labels).
    const depth = (path: string) => path.split('/').length;
    const order = [...all.filter((entry) => entry.method !== 'DELETE'), ...all.filter((entry) => entry.method === 'DELETE').sort((a, b) => depth(b.path) - depth(a.path))];
    expect(order).toHaveLength(operations(doc).length);
    const failures: string[] = [];
    const statuses = new Map<string, string>();
    for (const entry of order) {
      const shown = await sendFromTheConsole(entry.operationId);
      statuses.set(entry.operationId, shown.status);
      // The page's verdict, and the conformance checker's on the same answer against the full contract.
      const problems = contract.checkResponse(entry.operationId, {
        status: shown.answer.status,
        contentType: shown.answer.headers['content-type'] ?? null,
        headers: new Headers(shown.answer.headers),
        text: shown.answer.text,
        body: /json/.test(shown.answer.headers['content-type'] ?? '') && shown.answer.text ? JSON.parse(shown.answer.text) : shown.answer.text,
      });
      if (!entry.declared.includes(shown.status)) failures.push(`${entry.operationId}: status ${shown.status} is not declared (${entry.declared.join(', ')})`);
      if (shown.checkedStatus !== shown.status || shown.checkedOperation !== entry.operationId)
        failures.push(`${entry.operationId}: the check is about ${shown.checkedOperation} ${shown.checkedStatus}, the answer is ${shown.status}`);
      if (shown.valid !== 'true') failures.push(`${entry.operationId}: the console says ${shown.text}`);
      if (problems.length) failures.push(`${entry.operationId}: the conformance checker finds ${problems.join('; ')}`);
    }
    expect(failures).toEqual([]);
    const other = [...statuses].filter(([, status]) => status !== '200').map(([operationId, status]) => `${operationId} ${status}`);
    console.log(`console: ${order.length} operations sent from the page as the owner, all checked valid: ${order.length - other.length} answered 200${other.length ? `, ${other.join(', ')}` : ''}`);

    // The reset button brings back what the deletions removed.
    await page.locator('#console-reset').click();
    await page.locator('#console-status', { hasText: 'seeded dataset again' }).waitFor();
    expect((await sendFromTheConsole('getTag', { again: true })).status).toBe('200');

    // Nothing left the page: the loopback server served static files only, and nothing tried to leave.
    expect(served.filter((path) => path.startsWith('/mock-api'))).toEqual([]);
    expect(external).toEqual([]);
    expect(browser!.problems).toEqual([]);
  });

  it('shows what the mock refuses to a lower role, signs in an anonymous guest, sends Basic credentials, and shows an invalid answer as invalid', async () => {
    const page = browser!.page;
    await page.selectOption('#console-user', 'agent');
    await page.locator('#console-identity[data-role="agent"][data-state="signed-in"]').waitFor();
    const refused = await sendFromTheConsole('listKnowledgeBases'); // minimum role admin
    expect(refused.status).toBe('403');
    expect(refused.valid).toBe('true');

    await page.selectOption('#console-user', 'guest'); // signInAnonymously through the mock
    await page.locator('#console-identity[data-role="guest"][data-state="signed-in"]').waitFor();
    const message = await sendFromTheConsole('createMessage', { again: true }); // minimum role guest
    expect([message.status, message.valid]).toEqual(['200', 'true']);

    await page.selectOption('#console-user', 'admin');
    await page.selectOption('#console-auth', 'basic');
    await page.locator('#console-identity[data-role="admin"][data-mode="basic"]').waitFor();
    const basic = await sendFromTheConsole('listTags');
    expect(basic.status).toBe('200');
    const sent = await page.evaluate(() => (window as any).supportkbConsole.ui.specSelectors.mutatedRequestFor('/{project_id}/tags', 'get').toJS().headers.Authorization as string);
    expect(sent).toBe(`Basic ${Buffer.from('admin@acme-support.test:Str0ng-example-passw0rd').toString('base64')}`);

    // An answer that breaks the contract (an override in the page) is shown as invalid, with the violation.
    await page.evaluate(() => {
      const { worker, overrides, baseUrl } = (window as any).supportkbConsole;
      worker.use(overrides.respondWith('getTag', { _id: 42, tag: 'vip' }, { baseUrl }));
    });
    const broken = await sendFromTheConsole('getTag', { again: true });
    await page.evaluate(() => (window as any).supportkbConsole.worker.resetHandlers());
    expect(broken.status).toBe('200');
    expect(broken.valid).toBe('false');
    expect(broken.text).toMatch(/invalid.*\/_id must be string/);
    await blockOf(entryOf('getTag')).getByTestId('contract-check').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('docs-console.png') });

    expect(external).toEqual([]);
    expect(browser!.problems).toEqual([]);
  });

  it('opens listLeads with no filter filled (their examples as placeholders), so Execute answers the seeded list', async () => {
    const page = browser!.page;
    freshPage = false;
    await page.goto(`${origin}/console.html`);
    await page.waitForFunction(() => document.documentElement.dataset.console === 'ready');
    const answer = await sendFromTheConsole('listLeads');
    expect(answer.status).toBe('200');
    const body = JSON.parse(answer.answer.text) as { count: number; leads: unknown[] };
    expect(body.count).toBe(3); // the seed's three leads (mocks/README.md, "Seeded data and credentials")
    expect(body.leads).toHaveLength(3);
    const block = blockOf(entryOf('listLeads'));
    const email = block.locator('tr[data-param-name="email"] input');
    expect(await email.inputValue()).toBe('');
    expect(await email.getAttribute('placeholder')).toMatch(/^e\.g\. \S+@\S+$/);
    expect(external).toEqual([]);
    freshPage = true; // its state: the seeded data, the default user, listLeads sent
  });

  it("shows the websocket's live frames: a message sent and its conversation closed from the page arrive as the frames the server sends", async () => {
    const page = browser!.page;
    // The page the test before loaded, where it only read the seeded leads (a console load costs
    // about 3 CPU-s); a fresh one if that test failed.
    if (!freshPage) await page.goto(`${origin}/console.html`);
    await page.waitForFunction(() => document.documentElement.dataset.console === 'ready');
    // Signed in as the page's default user: its socket opens with that JWT, through the in-page mock.
    await expect.poll(() => page.locator('#console-live-state').getAttribute('data-state'), POLL).toBe('open');
    await page.locator('#console-live summary').click();
    /** The panel's frames as it lists them, oldest first: topic, method and the line shown. */
    const frames = async () =>
      (
        await page
          .locator('#console-frames li')
          .evaluateAll((items) => items.map((item) => ({ topic: item.getAttribute('data-topic') ?? '', method: item.getAttribute('data-method') ?? '', line: item.textContent ?? '' })))
      ).reverse();
    await expect
      .poll(frames, POLL)
      .toContainEqual({ topic: expect.stringMatching(/^\/[0-9a-f]{24}\/requests$/), method: 'CREATE (snapshot)', line: expect.stringMatching(/ \d+ open conversations$/) });
    const open = (await frames()).find((frame) => frame.method === 'CREATE (snapshot)' && frame.topic.endsWith('/requests'))!.topic;

    const sent = await sendFromTheConsole('createMessage');
    expect(sent.status).toBe('200');
    const message: { recipient: string; text: string } = JSON.parse(sent.answer.text);
    const messages = `${open}/${message.recipient}/messages`;
    await expect.poll(frames, POLL).toContainEqual({ topic: messages, method: 'CREATE', line: expect.stringContaining(`“${message.text.slice(0, 80)}”`) });

    // The example's conversation (the one sendFromTheConsole fills in) is closed: an UPDATE of the
    // open conversations with the closed status, and the server's "Chat closed" message.
    const closed = await sendFromTheConsole('closeConversation');
    expect(closed.status).toBe('200');
    const conversation: { request_id: string } = JSON.parse(closed.answer.text);
    expect(conversation.request_id).toBe(message.recipient);
    await expect.poll(frames, POLL).toContainEqual({ topic: open, method: 'UPDATE', line: expect.stringContaining(`${message.recipient} (status 1000)`) });
    await expect.poll(frames, POLL).toContainEqual({ topic: messages, method: 'CREATE', line: expect.stringContaining('“Chat closed”') });
    expect(await page.locator('#console-live-count').innerText()).toBe(`${(await frames()).length} frames`);

    // A guest's token gets no handshake answer from the server: the panel says so and opens nothing.
    await page.selectOption('#console-user', 'guest');
    await expect.poll(() => page.locator('#console-live-state').innerText(), POLL).toMatch(/never answers an anonymous visitor's handshake/);
    expect(external).toEqual([]);
    expect(browser!.problems).toEqual([]);
  });

  it("shows the websocket's reference (realtime.html, openapi/asyncapi.yaml): every topic and message, rendered in the page from its files alone", async () => {
    const asyncapi: { channels: Record<string, { address: string; title: string }>; components: { messages: Record<string, { name?: string; title?: string }> } } = parse(
      readFileSync(join(root, 'openapi/asyncapi.yaml'), 'utf8'),
    );
    const page = await browser!.context.newPage();
    try {
      await page.goto(`${origin}/realtime.html`);
      await page.waitForFunction(() => document.documentElement.dataset.realtime);
      expect(await page.locator('html').getAttribute('data-realtime')).toBe('rendered');
      const text = await page.locator('#asyncapi').innerText();
      for (const channel of Object.values(asyncapi.channels)) expect(text, channel.title).toContain(channel.address);
      for (const [id, message] of Object.entries(asyncapi.components.messages)) expect(text, id).toContain(message.title ?? message.name ?? id);
      await page.screenshot({ path: screenshotPath('docs-realtime.png') });
      // Only the page's own files were asked for.
      const own = ['/realtime.html', '/realtime/asyncapi-standalone.js', '/realtime/asyncapi.css'];
      expect(served.filter((path) => path.startsWith('/realtime'))).toEqual(expect.arrayContaining(own));
      expect(external).toEqual([]);
      expect(browser!.problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
