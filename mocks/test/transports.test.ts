import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer } from '../src/index';
import { startMockHttpServer } from '../src/server';
import { setupMockServer } from '../src/node';
import { SEED } from '../src/seed';
import { createConformanceCollector } from './conformance';

// Every answer of the stateful servers started here is checked against the contract too.
const conformance = createConformanceCollector();
afterEach(() => expect(conformance.problems.splice(0)).toEqual([]));

const P = SEED.projectId;
const mocksDir = fileURLToPath(new URL('..', import.meta.url));

describe('standalone server', () => {
  it('startMockServer starts the stateful server by default, in this process', async () => {
    const mock = await startMockServer({ port: 0, service: { onResponse: conformance.onResponse } });
    try {
      expect(mock.kind).toBe('stateful');
      expect(mock.pid).toBe(process.pid);
      expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const signIn = await fetch(`${mock.url}/auth/signin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: SEED.members.admin.email, password: SEED.members.admin.password }) });
      const { token } = await signIn.json();
      const created = await fetch(`${mock.url}/${P}/tags/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: token }, body: JSON.stringify({ tag: 'standalone' }) });
      expect(created.status).toBe(200);
      expect(created.headers.get('access-control-allow-origin')).toBe('*');
      const tags = await (await fetch(`${mock.url}/${P}/tags`, { headers: { Authorization: token } })).json();
      expect(tags[0].tag).toBe('standalone');
      expect(mock.service?.store.tags.size).toBe(3);
    } finally {
      await mock.stop();
    }
  });

  it('answers CORS preflights, unknown routes like Express and network-error overrides by closing the socket', async () => {
    const mock = await startMockHttpServer({ serviceOptions: { onResponse: conformance.onResponse } });
    try {
      const preflight = await fetch(`${mock.url}/${P}/tags`, { method: 'OPTIONS', headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' } });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
      const unknown = await fetch(`${mock.url}/nothing/here/at/all`);
      expect(unknown.status).toBe(404);
      expect(await unknown.text()).toContain('Cannot GET /nothing/here/at/all');
      const { networkError } = await import('../src/overrides');
      mock.use(networkError('listTags'));
      await expect(fetch(`${mock.url}/${P}/tags`, { headers: { Authorization: mock.service.basic('agent') } })).rejects.toThrow();
      mock.resetHandlers();
      expect((await fetch(`${mock.url}/${P}/tags`, { headers: { Authorization: mock.service.basic('agent') } })).status).toBe(200);
    } finally {
      await mock.stop();
    }
  });

  it('startMockServer({ kind: "prism" }) still starts Prism as a child process', async () => {
    const mock = await startMockServer({ kind: 'prism' });
    try {
      expect(mock.kind).toBe('prism');
      expect(mock.pid).not.toBe(process.pid);
      expect((await fetch(`${mock.url}/${P}/labels/default`)).status).toBe(200);
    } finally {
      await mock.stop();
    }
  });

  it('bin/mock.mjs (`npm run mock`) prints its URL and the seeded credentials, serves, and stops on SIGTERM', async () => {
    expect(existsSync(`${mocksDir}/dist/server.js`), 'build the package first (npm run build)').toBe(true);
    const child = spawn(process.execPath, [`${mocksDir}/bin/mock.mjs`, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 15_000;
    while (!/Seeded credentials[\s\S]*Custom tokens/.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const url = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    expect(url, out).toBeTruthy();
    for (const member of Object.values(SEED.members)) expect(out).toContain(`${member.email}  password ${member.password}`);
    expect(out).toMatch(/guest .*Authorization: JWT /);
    const signIn = await fetch(`${url}/auth/signin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: SEED.members.agent.email, password: SEED.members.agent.password }) });
    expect(signIn.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('Node and browser transports', () => {
  it('setupMockServer gives an MSW server and its service', async () => {
    const { server, service } = setupMockServer({ baseUrl: 'https://api.tiledesk.com/v2', onResponse: conformance.onResponse });
    server.listen({ onUnhandledFrame: 'error' });
    try {
      const res = await fetch(`https://api.tiledesk.com/v2/${P}/labels/IT`);
      expect((await res.json()).lang).toBe('IT');
      expect(service.baseUrl).toBe('https://api.tiledesk.com/v2');
    } finally {
      server.close();
    }
  });

  it('ships the MSW worker script (msw init output) for setupWorker', () => {
    const pkg = JSON.parse(readFileSync(`${mocksDir}/package.json`, 'utf8'));
    expect(pkg.exports['./mockServiceWorker.js']).toBe('./public/mockServiceWorker.js');
    expect(pkg.files).toContain('public');
    const script = readFileSync(`${mocksDir}/public/mockServiceWorker.js`, 'utf8');
    const mswVersion = JSON.parse(readFileSync(fileURLToPath(import.meta.resolve('msw/package.json')), 'utf8')).version;
    expect(script).toContain(`const PACKAGE_VERSION = '${mswVersion}'`);
    expect(script).toContain('INTEGRITY_CHECKSUM');
  });

  it('keeps src/generated/operations.ts in step with the bundled contract', async () => {
    const { execFileSync } = await import('node:child_process');
    expect(() => execFileSync(process.execPath, [`${mocksDir}/scripts/gen-operations.mjs`, '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});
