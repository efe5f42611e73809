import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supportkb/sdk';
import type { RealServer } from '../../../scripts/real-server/index.mjs';
import { CHROMIUM, launchChromium, skipWithoutChromium, type Chromium } from '../../../test/chromium';
import { sharedRealServer } from '../../../test/real-server-shared';
import { serveStatic, type StaticSite } from './static-server';

// The live inbox against the real server (2.19.16, unmodified, on loopback): the page built by the
// README's command with the API pointed at the server (its CORS lets any origin in, its websocket does
// not check Origin), served by a static server on another port, in headless Chromium. A visitor opens
// a conversation from Node with the SDK, as a chat widget would.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');

let server: RealServer | undefined;
let outDir = '';
let site: StaticSite | undefined;
let browser: Chromium | undefined;

/** Runs the README's build line (`VITE_SUPPORTKB_API=<api root> ... npm run build -w ...`) for `server`, into `outDir`. */
async function buildLikeTheReadme(api: string, projectId: string, out: string): Promise<void> {
  const line = /^VITE_SUPPORTKB_API=<api root> VITE_SUPPORTKB_PROJECT_ID=<project id> npm run build -w @supportkb\/example-live-inbox$/m.exec(readme)?.[0];
  expect(line, 'the README shows the build command for a real deployment').toBeDefined();
  const command = `${line!.replace('<api root>', api).replace('<project id>', projectId)} -- --outDir ${out} --emptyOutDir --logLevel warn`;
  // npm with the Node that runs the tests (Node 24 of node_modules/.bin, not the system's)
  const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` };
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => output.push(String(chunk)));
    child.stderr.on('data', (chunk: Buffer) => output.push(String(chunk)));
    child.on('error', reject);
    child.on('close', resolve);
  });
  expect(code, output.join('')).toBe(0);
}

beforeAll(async () => {
  if (!CHROMIUM) return;
  // A project of its own on the run's shared real server (test/real-server-shared.ts).
  server = await sharedRealServer('live-inbox');
  outDir = mkdtempSync(join(tmpdir(), 'supportkb-live-inbox-real-'));
  await buildLikeTheReadme(server.baseUrl, server.projectId, outDir);
  site = await serveStatic(outDir);
  browser = await launchChromium({ viewport: { width: 1100, height: 800 } });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await server?.stop();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe.skipIf(skipWithoutChromium)('live inbox against the real server (2.19.16), in headless Chromium', () => {
  it('shows a conversation a visitor opens, live; its message, a reply, and closing it', async () => {
    expect(CHROMIUM, 'Debian chromium is required in CI (.ci/run installs it)').toBeDefined();
    const { baseUrl, projectId, email, password } = server!;
    // the build talks to the server, and carries no mock
    const assets = readdirSync(join(outDir, 'assets')).filter((file) => file.endsWith('.js'));
    expect(assets.some((file) => readFileSync(join(outDir, 'assets', file), 'utf8').includes(baseUrl))).toBe(true);
    expect(assets.some((file) => readFileSync(join(outDir, 'assets', file), 'utf8').match(/mockServiceWorker|setupWorker/))).toBe(false);

    const { page, problems } = browser!;
    await page.goto(`${site!.origin}/`);
    await page
      .getByRole('status')
      .filter({ hasText: `Connected to ${baseUrl}. Sign in.` })
      .waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Signed in as').waitFor();
    await page.getByLabel('Connection').filter({ hasText: 'live' }).waitFor();
    const conversations = page.getByRole('list', { name: 'Conversations' }).getByRole('button');

    // A visitor opens a conversation (from Node, with the SDK): the page shows it without a reload.
    const visitor = createClient({ baseUrl, projectId });
    await visitor.auth.signInAnonymously({ id_project: projectId, firstname: 'Ada' });
    const requestId = `support-group-${projectId}-live-inbox-${Date.now()}`;
    await visitor.messages.create({ request_id: requestId, text: 'My parcel never arrived' });
    const parcel = conversations.filter({ hasText: 'Ada: My parcel never arrived' }); // the CREATE frame populates the lead
    await parcel.waitFor();

    await parcel.click();
    const messages = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    await messages.filter({ hasText: 'My parcel never arrived' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^\d+ messages\.$/ })
      .waitFor();
    await visitor.messages.create({ request_id: requestId, text: 'It was due on Monday' });
    await messages.filter({ hasText: 'It was due on Monday' }).waitFor();
    await page.getByRole('textbox', { name: 'Reply' }).fill('It is on its way, sorry for the wait');
    await page.getByRole('button', { name: 'Send' }).click();
    await messages.filter({ hasText: 'It is on its way' }).waitFor();

    await page.getByRole('button', { name: 'Close conversation' }).click();
    await messages.filter({ hasText: 'Chat closed' }).waitFor();
    await parcel.waitFor({ state: 'detached' });
    expect(await messages.filter({ hasText: 'It is on its way' }).count()).toBe(1); // the REST answer and the frame: shown once
    expect(problems).toEqual([]);
  });
});
