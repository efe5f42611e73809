import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, launchChromium, screenshotPath, skipWithoutChromium, type Chromium } from '../../../test/chromium';
import { serveStatic, type StaticSite } from './static-server';

// The live inbox for real, on the mock: built with Vite, served on loopback by a plain static server
// (no API at all), opened in headless Chromium. The REST calls are answered by the mock service
// worker, the websocket by the same mock in the page (MSW's WebSocket interception). A visitor is
// played from inside the page over REST (fetch, answered by the worker), as a widget would.
const appDir = fileURLToPath(new URL('..', import.meta.url));
const root = fileURLToPath(new URL('../../..', import.meta.url));
const PROJECT = '65f1a2b3c4d5e6f708090a0b'; // the mock's seeded project

let outDir = '';
let site: StaticSite | undefined;
let browser: Chromium | undefined;
let dev: { child: ChildProcess; origin: Promise<string> } | undefined;

/** Starts the README's dev command (`npm run dev -w ...`) on a free port; `origin` resolves to the URL Vite prints. */
function startDevServer(): { child: ChildProcess; origin: Promise<string> } {
  const readme = readFileSync(join(appDir, 'README.md'), 'utf8');
  const line = /^npm run dev -w @supportkb\/example-live-inbox(?= )/m.exec(readme)?.[0];
  if (!line) throw new Error('the README shows no dev command');
  // npm with the Node that runs the tests (Node 24 of node_modules/.bin, not the system's); its own process group, to stop Vite with it
  const env = { ...process.env, NO_COLOR: '1', PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` };
  const child = spawn('sh', ['-c', `exec ${line} -- --port 0 --strictPort`], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const origin = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += String(chunk);
      const url = /Local:\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (url) resolve(url[1]!);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the dev server exited (${code}): ${output}`)));
  });
  origin.catch(() => {});
  return { child, origin };
}

beforeAll(async () => {
  if (!CHROMIUM) return;
  dev = startDevServer();
  outDir = mkdtempSync(join(tmpdir(), 'supportkb-live-inbox-'));
  await build({ root: appDir, configFile: join(appDir, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  site = await serveStatic(outDir);
  browser = await launchChromium({ viewport: { width: 1100, height: 800 } });
});

afterAll(async () => {
  if (dev?.child.pid && dev.child.exitCode === null) process.kill(-dev.child.pid, 'SIGTERM');
  await browser?.close();
  await site?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** A visitor writes `text` in conversation `support-group-<project>-<requestId>`, over REST from inside `page` (answered by its worker), as a chat widget would. */
const visitor = (page: Page, requestId: string, text: string) =>
  page.evaluate(
    async ({ project, requestId, text }) => {
      const post = async (path: string, body: object, token?: string): Promise<unknown> => {
        const res = await fetch(`/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) }, body: JSON.stringify(body) });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      // one anonymous visitor per conversation, as a widget keeps its session
      let token = sessionStorage.getItem(`visitor-${requestId}`);
      if (!token) {
        const session = await post('/auth/signinAnonymously', { id_project: project, firstname: 'Ada' });
        token = typeof session === 'object' && session !== null && 'token' in session ? String(session.token) : '';
        sessionStorage.setItem(`visitor-${requestId}`, token);
      }
      await post(`/${project}/requests/support-group-${project}-${requestId}/messages`, { text }, token);
    },
    { project: PROJECT, requestId, text },
  );

describe.skipIf(skipWithoutChromium)('live inbox (Vite build, the mock service worker and its websocket) in headless Chromium', () => {
  it('lists the open conversations and follows them live: a new one, its messages, a reply, close, reopen, a dropped socket', async () => {
    expect(CHROMIUM, 'Debian chromium is required in CI (.ci/run installs it)').toBeDefined();
    const { page, problems } = browser!;
    await page.goto(`${site!.origin}/`);
    await page.getByRole('status').filter({ hasText: 'Mock API ready' }).waitFor();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await page.getByLabel('Email').fill('owner@acme-support.test');
    await page.getByLabel('Password').fill('Str0ng-example-passw0rd');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Signed in as Olivia Owner').waitFor();
    const conversations = page.getByRole('list', { name: 'Conversations' }).getByRole('button');
    const badge = page.getByLabel('Connection');
    await badge.filter({ hasText: 'live' }).waitFor();
    // the seeded open conversations, most recently updated first
    expect(await conversations.count()).toBe(33);
    expect(await conversations.first().innerText()).toContain('Hello, I was charged twice for my November invoice.');

    // A visitor opens a conversation, over REST from the page: it appears without a reload.
    await visitor(page, 'parcel', 'My parcel never arrived');
    const parcel = conversations.filter({ hasText: 'Ada: My parcel never arrived' });
    await parcel.waitFor();
    expect(await conversations.count()).toBe(34);

    // Open it: its messages; the visitor's next message arrives live; a reply.
    await parcel.click();
    const messages = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    await messages.filter({ hasText: 'My parcel never arrived' }).waitFor();
    await visitor(page, 'parcel', 'It was due on Monday');
    await messages.filter({ hasText: 'It was due on Monday' }).waitFor();
    await page.getByRole('textbox', { name: 'Reply' }).fill('It is on its way, sorry for the wait');
    await page.getByRole('button', { name: 'Send' }).click();
    await messages.filter({ hasText: 'Olivia OwnerIt is on its way' }).waitFor();

    // Close: out of the list, the server's "Chat closed"; reopen: back, "Chat reopened".
    await page.getByRole('button', { name: 'Close conversation' }).click();
    await messages.filter({ hasText: 'Chat closed' }).waitFor();
    await parcel.waitFor({ state: 'detached' });
    expect(await page.locator('#conversation-status').innerText()).toBe('Closed');
    await page.getByRole('button', { name: 'Reopen conversation' }).click();
    await messages.filter({ hasText: 'Chat reopened' }).waitFor();
    await parcel.waitFor();
    expect(await messages.allInnerTexts()).toEqual([
      expect.stringContaining('My parcel never arrived'),
      expect.stringContaining('It was due on Monday'),
      expect.stringContaining('It is on its way'),
      expect.stringContaining('Chat closed'),
      expect.stringContaining('Chat reopened'),
    ]);

    // The socket drops; a conversation opened meanwhile is in the fresh snapshot after the reconnection.
    await page.evaluate(() => globalThis.supportkbMock?.service.realtime.terminateAll());
    await visitor(page, 'offline', 'Written while you were away');
    await page.getByRole('status').filter({ hasText: 'Reconnected: 35 open conversations, from a fresh snapshot.' }).waitFor();
    await conversations.filter({ hasText: 'Written while you were away' }).waitFor();
    await badge.filter({ hasText: 'live' }).waitFor();

    await page.screenshot({ path: screenshotPath('live-inbox.png') });
    // Every API call was answered inside the page: the static server never saw one.
    expect(site!.served.filter((path) => path.startsWith('/api'))).toEqual([]);
    expect(site!.served).toContain('/mockServiceWorker.js');
    expect(problems).toEqual([]);
  });

  it("runs on the README's dev command too (Vite's dev server, its HMR socket beside the mock's websocket); an agent cannot follow another's conversation", async () => {
    const page = await browser!.context.newPage();
    await page.goto(`${await dev!.origin}/`);
    await page.getByRole('status').filter({ hasText: 'Mock API ready' }).waitFor();
    await page.getByLabel('Email').fill('agent@acme-support.test');
    await page.getByLabel('Password').fill('Str0ng-example-passw0rd');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Connection').filter({ hasText: 'live' }).waitFor();
    const conversations = page.getByRole('list', { name: 'Conversations' }).getByRole('button');
    expect(await conversations.count()).toBe(16); // an agent's: those assigned to Maria Rossi

    // A new conversation reaches every subscriber; it is routed to another teammate, so the agent
    // reads its messages over REST but the server never answers the subscription to them.
    await visitor(page, 'routed', 'Can someone call me back?');
    await conversations.filter({ hasText: 'Can someone call me back?' }).click();
    await page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: 'Can someone call me back?' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'New messages of this conversation will not appear live: it is not assigned to you.' }).waitFor();
    await page.close();
    expect(browser!.problems).toEqual([]);
  });
});
