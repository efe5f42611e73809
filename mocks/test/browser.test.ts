import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The browser transport for real: a page bundled with esbuild from `@supportkb/mocks/browser`,
 * served on loopback with the shipped worker script, run in headless Chromium (Debian's
 * `chromium`), driven over the DevTools protocol. Skipped when no Chromium is installed, except in
 * CI (`CI=true`, where `.ci/run` installs it): there a missing browser fails the suite.
 */
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
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

/** Opens `url` in headless Chromium and returns `window.__result` once the page sets its title to `done`. */
async function runInChromium(url: string): Promise<any> {
  const profile = mkdtempSync(join(tmpdir(), 'supportkb-chromium-'));
  const child = spawn(CHROMIUM!, ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    let stderr = '';
    const wsUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${stderr}`)), 20_000);
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
        const match = /DevTools listening on (ws:\/\/\S+)/.exec(stderr);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    });
    const port = new URL(wsUrl).port;
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { type: string; webSocketDebuggerUrl: string }[];
    const page = targets.find((t) => t.type === 'page')!;
    const ws = new WebSocket(page.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => {
      ws.onopen = resolve;
      ws.onerror = reject;
    });
    let id = 0;
    const pending = new Map<number, (value: any) => void>();
    ws.onmessage = (event) => {
      const message = JSON.parse(String(event.data));
      if (message.id && pending.has(message.id)) pending.get(message.id)!(message.result);
    };
    const send = (method: string, params: object = {}) =>
      new Promise<any>((resolve) => {
        const n = ++id;
        pending.set(n, resolve);
        ws.send(JSON.stringify({ id: n, method, params }));
      });
    await send('Page.navigate', { url });
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const title = await send('Runtime.evaluate', { expression: 'document.title', returnByValue: true });
      if (title?.result?.value === 'done') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const result = await send('Runtime.evaluate', { expression: 'JSON.stringify(window.__result ?? null)', returnByValue: true });
    ws.close();
    return JSON.parse(result.result.value);
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(profile, { recursive: true, force: true });
  }
}

describe.skipIf(!CHROMIUM && process.env.CI !== 'true')('in the browser (setupWorker + the shipped worker script)', () => {
  it('answers the page through the service worker, statefully, with roles and in-process webhooks', async () => {
    expect(CHROMIUM, 'Debian chromium is required in CI (.ci/run installs it)').toBeDefined();
    const result = await runInChromium(`${origin}/`);
    expect(result.error).toBeUndefined();
    expect(result).toMatchObject({ signIn: 200, tokenPrefix: 'JWT ', created: 200, forbidden: 403, message: 200, deliveries: ['message.create'], controlled: true });
    expect(result.tags).toEqual(['from-the-browser', 'billing', 'vip']);
  });
});
