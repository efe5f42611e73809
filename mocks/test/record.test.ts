import { spawn } from 'node:child_process';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supportkb/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, startRecordingProxy, type Har } from '../src/record';
import { setupNodeMock } from '../src/node';
import { startHttpMock } from '../src/server';
import type { HttpMock } from '../src/running';
import { SEED_PASSWORD } from '../src/state/seed';
import { WAIT_TIMEOUT_MS, COMMAND_TIMEOUT_MS } from '../../test/time-limits';

/**
 * The recording proxy (`@supportkb/mocks/record`, `npm run record`): an SDK session against the
 * stateful mock (the upstream, on a free loopback port) through the proxy, written as HAR 1.2,
 * valid by @har-sdk/validator, in order, with every secret of the session redacted.
 */
type HarError = { instancePath: string; message?: string };
const { HarValidator } = createRequire(import.meta.url)('@har-sdk/validator') as { HarValidator: new () => { verify(document: unknown): Promise<HarError[]> } };

let upstream: HttpMock;
beforeAll(async () => {
  upstream = await startHttpMock({ port: 0, serviceOptions: { warnings: false } });
});
afterAll(() => upstream.stop());

describe('startRecordingProxy', () => {
  it('records an SDK session as valid HAR 1.2, in order, with credentials, tokens and secrets redacted', async () => {
    const P = upstream.service.seed.projectId;
    const proxy = await startRecordingProxy({ target: upstream.url, credentials: { email: 'admin@acme-support.test', password: SEED_PASSWORD } });
    const secrets: string[] = [SEED_PASSWORD];
    let har: Har;
    try {
      // The app's own session: signs in through the proxy, then sends its token.
      const agent = createClient({ baseUrl: proxy.url, projectId: P });
      const { token } = await agent.auth.signIn({ email: 'agent@acme-support.test', password: SEED_PASSWORD });
      secrets.push(token, token.replace(/^JWT /, ''));
      const tags = await agent.tags.list();
      expect(tags.length).toBeGreaterThan(0);
      const tag = await agent.tags.create({ tag: 'refund', color: '#43a047' });
      await agent.messages.create({ request_id: upstream.service.seed.conversation.requestId, text: 'Hello from the recording' });
      // An app without credentials: the proxy adds the admin's token it signed in with.
      const app = createClient({ baseUrl: proxy.url, projectId: P });
      expect((await app.tags.list()).map((t) => t._id)).toContain(tag._id);
      const subscription = (await app.subscriptions.create({ event: 'lead.create', target: 'http://127.0.0.1:9/hook' })) as { secret?: string };
      expect(subscription.secret).toBeTruthy();
      secrets.push(subscription.secret!);
      const bad = await fetch(`${proxy.url}/${P}/tags?token=query-secret-123`, { headers: { Authorization: 'JWT not-a-real-token-abc' } });
      expect(bad.status).toBe(401);
      secrets.push('query-secret-123', 'not-a-real-token-abc');
    } finally {
      har = await proxy.stop();
    }

    expect(await new HarValidator().verify(har)).toEqual([]);
    expect(har.log.version).toBe('1.2');
    const calls = har.log.entries.map((e) => `${e.request.method} ${new URL(e.request.url).pathname.replace(P, '{p}')} ${e.response.status}`);
    expect(calls).toEqual([
      'POST /auth/signin 200',
      'GET /{p}/tags 200',
      'POST /{p}/tags 200',
      'POST /{p}/requests/support-group-7d3e5f9a-2b4c-4d6e-8f0a-1b2c3d4e5f6a/messages 200',
      'GET /{p}/tags 200',
      'POST /{p}/subscriptions 200',
      'GET /{p}/tags 401',
    ]);
    for (const entry of har.log.entries) expect(new URL(entry.request.url).origin).toBe(upstream.url);
    const times = har.log.entries.map((e) => Date.parse(e.startedDateTime));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const [signIn, , created, message] = har.log.entries;
    expect(JSON.parse(signIn!.request.postData!.text!)).toEqual({ email: 'agent@acme-support.test', password: REDACTED });
    expect(JSON.parse(signIn!.response.content.text!)).toMatchObject({ success: true, token: REDACTED });
    expect(JSON.parse(created!.request.postData!.text!)).toEqual({ tag: 'refund', color: '#43a047' });
    expect(JSON.parse(created!.response.content.text!)).toMatchObject({ tag: 'refund' });
    expect(created!.response.content.mimeType).toMatch(/^application\/json/);
    expect(JSON.parse(message!.response.content.text!)).toMatchObject({ text: 'Hello from the recording' });
    const authorization = (e: (typeof har.log.entries)[number]) => e.request.headers.find((h) => h.name === 'authorization')?.value;
    expect(har.log.entries.slice(1).map(authorization)).toEqual(Array(6).fill(REDACTED));
    expect(JSON.parse(har.log.entries[5]!.response.content.text!).secret).toBe(REDACTED);
    expect(har.log.entries[6]!.request.queryString).toEqual([{ name: 'token', value: REDACTED }]);

    const text = JSON.stringify(har);
    for (const secret of secrets) expect(text.includes(secret), `the recording holds ${secret.slice(0, 8)}…`).toBe(false);
    expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
    expect(text).not.toContain('supportkb-example-project-secret');
    expect(text.length).toBeLessThan(64 * 1024);
    console.info(`recording of the test session: ${har.log.entries.length} entries, ${Buffer.byteLength(JSON.stringify(har, null, 2))} bytes`);
  });

  it('answers 502 (recorded) when the target does not answer, and refuses a bad target or a failed sign-in without the password', async () => {
    const proxy = await startRecordingProxy({ target: 'http://127.0.0.1:9', credentials: { token: 'bare-token-xyz' } });
    const res = await fetch(`${proxy.url}/anything`);
    expect(res.status).toBe(502);
    const har = await proxy.stop();
    expect(har.log.entries).toHaveLength(1);
    expect(har.log.entries[0]!.response.status).toBe(502);
    expect(JSON.stringify(har)).not.toContain('bare-token-xyz');
    await expect(startRecordingProxy({ target: 'not a url' })).rejects.toThrow(/absolute http\(s\) URL/);
    const failure = startRecordingProxy({ target: upstream.url, credentials: { email: 'admin@acme-support.test', password: 'wrong-password-42' } });
    await expect(failure).rejects.toThrow(/signing in at .* as admin@acme-support.test failed \(status 401\)/);
    await failure.catch((error: Error) => expect(error.message).not.toContain('wrong-password-42'));
  });
});

describe('supportkb-record', () => {
  const bin = fileURLToPath(new URL('../bin/record.mjs', import.meta.url));
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0' };
  delete env.npm_lifecycle_event;
  delete env.PORT;

  it('records until SIGTERM, writes the HAR and never prints a secret', async () => {
    expect(existsSync(fileURLToPath(new URL('../dist/record.js', import.meta.url))), 'build the package first (npm run build)').toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'supportkb-record-'));
    try {
      const out = join(dir, 'session.har');
      const child = spawn(
        process.execPath,
        [bin, '--base-url', upstream.url, '--project', upstream.service.seed.projectId, '--email', 'agent@acme-support.test', '--password', SEED_PASSWORD, '--out', out, '--port', '0'],
        { env },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d));
      child.stderr.on('data', (d: Buffer) => (stderr += d));
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', () => {
          const match = / at (http:\/\/127\.0\.0\.1:\d+) /.exec(stdout);
          if (match) resolve(match[1]!);
        });
        child.once('exit', () => reject(new Error(`exited early: ${stderr}`)));
      });
      const tags = await fetch(`${url}/${upstream.service.seed.projectId}/tags`);
      expect(tags.status).toBe(200);
      const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exit, stderr).toBe(0);
      expect(stdout).toMatch(/recorded 1 exchange into .*session\.har \(secrets redacted\)/);
      expect(stdout + stderr).not.toContain(SEED_PASSWORD);
      const har = JSON.parse(readFileSync(out, 'utf8')) as Har;
      expect(await new HarValidator().verify(har)).toEqual([]);
      expect(har.log.entries[0]!.request.headers.find((h) => h.name === 'authorization')?.value).toBe(REDACTED);
      expect(readFileSync(out, 'utf8')).not.toMatch(/JWT ey|Str0ng/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says what is missing in one line (exit 2)', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env, timeout: COMMAND_TIMEOUT_MS });
    const cases: [string[], string][] = [
      [['--project', 'p', '--out', 'x.har', '--token', 't'], 'supportkb-record: --base-url is required; --help lists the options'],
      [['--base-url', 'http://127.0.0.1:1', '--project', 'p', '--out', 'x.har'], 'supportkb-record: credentials are required: pass --email E --password P, or --token T'],
      [['--base-url', 'http://127.0.0.1:1', '--project', 'p', '--out', 'x.har', '--email', 'a@b.c'], 'supportkb-record: --password is missing: pass --email E --password P together'],
      [['--base-url', 'ftp://x', '--project', 'p', '--out', 'x.har', '--token', 't'], 'supportkb-record: invalid --base-url "ftp://x": pass the deployment\'s http(s) URL, e.g. http://127.0.0.1:3000'],
    ];
    for (const [args, line] of cases) {
      const result = run(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toBe(`${line}\n`);
    }
    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: supportkb-record --base-url URL --project ID \(--email E --password P \| --token T\) --out FILE\.har/);
  });
});

/** One request over node:http, so that `Host` and `Origin` are sent as given (fetch sets its own `Host`). */
function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('startRecordingProxy hardening (issue 31)', () => {
  it('answers only under a loopback Host, refuses pages of origins not allowed (no CORS grant, nothing forwarded) and grants the allowed ones', async () => {
    const P = upstream.service.seed.projectId;
    const tagsBefore = upstream.service.store.tags.size;
    const proxy = await startRecordingProxy({ target: upstream.url, credentials: { email: 'admin@acme-support.test', password: SEED_PASSWORD }, allowedOrigins: ['http://localhost:5173'] });
    let har: Har;
    try {
      const { port } = proxy;
      const rebinding = await rawRequest(`${proxy.url}/${P}/leads`, { headers: { host: `attacker.example:${port}` } });
      expect(rebinding.status).toBe(403);
      expect(JSON.parse(rebinding.text).error).toMatch(/Host "attacker\.example:\d+" refused/);
      const evil = { origin: 'https://evil.example' };
      const read = await rawRequest(`${proxy.url}/${P}/leads`, { headers: evil });
      expect(read.status).toBe(403);
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
      expect(read.text).not.toContain('"fullname"');
      const write = await rawRequest(`${proxy.url}/${P}/tags`, { method: 'POST', headers: { ...evil, 'content-type': 'text/plain' }, body: '{"tag":"pwned"}' });
      expect(write.status).toBe(403);
      const preflight = await rawRequest(`${proxy.url}/${P}/tags`, {
        method: 'OPTIONS',
        headers: { ...evil, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.status).toBe(403);
      expect(Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
      // A loopback page that was not named is a page on another origin too.
      expect((await rawRequest(`${proxy.url}/${P}/leads`, { headers: { origin: 'http://localhost:8080' } })).status).toBe(403);
      expect(upstream.service.store.tags.size).toBe(tagsBefore);

      // The proxy's own origin, loopback names, and the allowed origin.
      expect((await rawRequest(`${proxy.url}/${P}/tags`, { headers: { host: `localhost:${port}` } })).status).toBe(200);
      expect((await rawRequest(`${proxy.url}/${P}/tags`, { headers: { origin: proxy.url } })).status).toBe(200);
      const allowedPreflight = await rawRequest(`${proxy.url}/${P}/tags`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(allowedPreflight.status).toBe(204);
      expect(allowedPreflight.headers).toMatchObject({ 'access-control-allow-origin': 'http://localhost:5173', 'access-control-allow-headers': 'content-type' });
      const allowed = await rawRequest(`${proxy.url}/${P}/tags`, { headers: { origin: 'http://localhost:5173' } });
      expect(allowed.status).toBe(200);
      // The grant is the proxy's, for that origin: the target's `*` is not passed on.
      expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    } finally {
      har = await proxy.stop();
    }
    expect(har.log.entries.map((e) => `${e.request.method} ${e.response.status}`)).toEqual(['GET 200', 'GET 200', 'GET 200']);
    await expect(startRecordingProxy({ target: upstream.url, allowedOrigins: ['http://localhost:5173/app'] })).rejects.toThrow(/"http:\/\/localhost:5173\/app" is not an origin/);
  });

  it('redacts passwords by content (text/plain, no Content-Type, form text), credential-named headers and JWTs inside URL-encoded JSON', async () => {
    const P = upstream.service.seed.projectId;
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJvcGFxdWUifQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
    const proxy = await startRecordingProxy({ target: upstream.url });
    let har: Har;
    try {
      const signIn = JSON.stringify({ email: 'agent@acme-support.test', password: 'plain-text-password-1' });
      // fetch sends a string body as text/plain;charset=UTF-8.
      expect((await fetch(`${proxy.url}/auth/signin`, { method: 'POST', body: signIn })).status).toBeLessThan(500);
      // No Content-Type at all.
      await fetch(`${proxy.url}/auth/signin`, { method: 'POST', body: new TextEncoder().encode(signIn.replace('plain-text-password-1', 'no-type-password-2')) });
      // A form body declared as text.
      await fetch(`${proxy.url}/auth/signin`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'email=agent%40acme-support.test&password=form-text-password-3' });
      await fetch(`${proxy.url}/${P}/tags`, { headers: { 'X-Auth-Token': 'opaque-session-value-4', 'X-Session-Key': 'opaque-session-value-5' } });
      await fetch(`${proxy.url}/${P}/leads?filter=${encodeURIComponent(JSON.stringify({ token: 'query-json-secret-6', jwt2: jwt }))}&note=${encodeURIComponent(`see ${jwt}`)}`);
    } finally {
      har = await proxy.stop();
    }
    const text = JSON.stringify(har);
    for (const secret of [
      'plain-text-password-1',
      'no-type-password-2',
      'form-text-password-3',
      'opaque-session-value-4',
      'opaque-session-value-5',
      'query-json-secret-6',
      jwt,
      encodeURIComponent(jwt),
    ]) {
      expect(text.includes(secret), `the recording holds ${secret}`).toBe(false);
    }
    expect(text).not.toMatch(/eyJhbGciOiJIUzI1NiJ9/);
    const [plain, noType, form, headers] = har.log.entries;
    expect(plain!.request.postData!.mimeType).toMatch(/^text\/plain/);
    expect(JSON.parse(plain!.request.postData!.text!)).toEqual({ email: 'agent@acme-support.test', password: REDACTED });
    expect(noType!.request.postData!.mimeType).toBe('');
    expect(JSON.parse(noType!.request.postData!.text!)).toEqual({ email: 'agent@acme-support.test', password: REDACTED });
    expect(form!.request.postData!.text).toBe('email=agent%40acme-support.test&password=REDACTED');
    expect(headers!.request.headers.filter((h) => /^x-(auth-token|session-key)$/.test(h.name)).map((h) => h.value)).toEqual([REDACTED, REDACTED]);
    const filter = har.log.entries[4]!.request.queryString.find((q) => q.name === 'filter')!;
    expect(JSON.parse(filter.value)).toEqual({ token: REDACTED, jwt2: REDACTED });
  });

  it('refuses a target that holds credentials, without echoing them', async () => {
    const target = upstream.url.replace('http://', 'http://alice:url-password-7@');
    const failure = startRecordingProxy({ target, credentials: { token: 'x-token-value' } });
    await expect(failure).rejects.toThrow(/must not hold credentials/);
    await failure.catch((error: Error) => expect(error.message).not.toContain('url-password-7'));
  });

  it('stop() records the exchanges still waiting for the target as pending (status 0) after its grace', async () => {
    const hanging = createHttpServer((req, res) => {
      if (req.url === '/done') res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      // anything else: never answered
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    try {
      const proxy = await startRecordingProxy({ target, stopGraceMs: 100 });
      expect((await fetch(`${proxy.url}/done`)).status).toBe(200);
      const arrived = new Promise<void>((resolve) => hanging.once('request', () => resolve()));
      const waiting = fetch(`${proxy.url}/never`).catch((error: Error) => error);
      await arrived;
      const har = await proxy.stop();
      expect(await waiting).toBeInstanceOf(Error);
      expect(har.log.entries.map((e) => [new URL(e.request.url).pathname, e.response.status, e.comment ?? ''])).toEqual([
        ['/done', 200, ''],
        ['/never', 0, 'pending: the recording stopped before the target answered'],
      ]);
      expect(await new HarValidator().verify(har)).toEqual([]);
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });
});

describe('supportkb-record hardening (issue 31)', () => {
  const bin = fileURLToPath(new URL('../bin/record.mjs', import.meta.url));
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0' };
  delete env.npm_lifecycle_event;
  delete env.PORT;

  it('refuses credentials in --base-url in one line (exit 2) without printing them', async () => {
    const { spawnSync } = await import('node:child_process');
    const result = spawnSync(process.execPath, [bin, '--base-url', 'http://alice:url-password-8@127.0.0.1:1', '--project', 'p', '--out', 'x.har', '--token', 't'], {
      encoding: 'utf8',
      env,
      timeout: COMMAND_TIMEOUT_MS,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('supportkb-record: --base-url must not hold credentials (user:password@): pass --email E --password P, or --token T, instead\n');
    expect(result.stdout + result.stderr).not.toContain('url-password-8');
    const origin = spawnSync(
      process.execPath,
      [
        bin,
        '--base-url',
        'http://127.0.0.1:1',
        '--project',
        'p',
        '--out',
        'x.har',
        '--token',
        't',
        '--port',
        '0',
        '--allow-origin',
        'http://localhost:5173',
        '--allow-origin',
        'http://localhost:5173/app',
      ],
      { encoding: 'utf8', env, timeout: COMMAND_TIMEOUT_MS },
    );
    expect([origin.status, origin.stderr]).toEqual([
      2,
      'supportkb-record: allowed origin (--allow-origin) "http://localhost:5173/app" is not an origin: pass scheme, host and port only, e.g. http://localhost:5173\n',
    ]);
  });

  it('on SIGTERM while a request waits on a target that never answers, exits 0 and writes what finished plus the pending exchange', async () => {
    const hanging = createHttpServer((req, res) => {
      if (req.url === '/done') res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const dir = mkdtempSync(join(tmpdir(), 'supportkb-record-'));
    try {
      const out = join(dir, 'session.har');
      const child = spawn(
        process.execPath,
        [bin, '--base-url', `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`, '--project', 'p', '--token', 'JWT some-token-value', '--out', out, '--port', '0'],
        { env },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d));
      child.stderr.on('data', (d: Buffer) => (stderr += d));
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', () => {
          const match = / at (http:\/\/127\.0\.0\.1:\d+) /.exec(stdout);
          if (match) resolve(match[1]!);
        });
        child.once('exit', () => reject(new Error(`exited early: ${stderr}`)));
      });
      expect((await fetch(`${url}/done`)).status).toBe(200);
      const arrived = new Promise<void>((resolve) => hanging.once('request', () => resolve()));
      const waiting = fetch(`${url}/never`).catch((error: Error) => error);
      await arrived;
      const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exit, stderr).toBe(0);
      await waiting;
      const har = JSON.parse(readFileSync(out, 'utf8')) as Har;
      expect(har.log.entries.map((e) => [new URL(e.request.url).pathname, e.response.status])).toEqual([
        ['/done', 200],
        ['/never', 0],
      ]);
      expect(har.log.entries[1]!.comment).toMatch(/^pending/);
      expect(stdout).toMatch(/recorded 2 exchanges into/);
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('startRecordingProxy and a replay in the same process', () => {
  it('stop() ends its connections to the target (signed in and forwarded), so a replay through MSW at the same address never reaches it', async () => {
    // A target that keeps connections alive and counts them: a sign-in and a list of tags.
    const TOKEN = 'JWT eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJvd25lciJ9.c2lnbmF0dXJl';
    const requests: string[] = [];
    const target = createHttpServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      const body = req.url === '/auth/signin' ? { success: true, token: TOKEN, user: { email: 'owner@example.test' } } : [{ _id: '65f1a2b3c4d5e6f708091101', tag: 'vip' }];
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const address = target.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const open = () => new Promise<number>((resolve, reject) => target.getConnections((error, count) => (error ? reject(error) : resolve(count))));
    try {
      const proxy = await startRecordingProxy({ target: url, credentials: { email: 'owner@example.test', password: 'a-password' } });
      const live = await createClient({ baseUrl: proxy.url, projectId: '65f1a2b3c4d5e6f708090a0b', maxRetries: 0 }).tags.list();
      expect(await open()).toBeGreaterThan(0); // the sign-in's and the forwarded call's kept-alive connections
      const har = await proxy.stop();
      expect(requests).toEqual(['POST /auth/signin', 'GET /65f1a2b3c4d5e6f708090a0b/tags?page=0']);

      // Replayed right away at the target's own address: answered by MSW. A connection the proxy had
      // left open (the global fetch's pool keeps one alive for seconds) would carry the request to the
      // target past MSW, which intercepts requests as they open a connection.
      const { server: msw } = setupNodeMock({ fromHar: har, warnings: false });
      msw.listen({ onUnhandledFrame: 'error' });
      try {
        expect(await createClient({ baseUrl: url, projectId: '65f1a2b3c4d5e6f708090a0b', maxRetries: 0 }).tags.list()).toEqual(live);
      } finally {
        msw.close();
      }
      expect(requests).toHaveLength(2);
      await expect.poll(open, { timeout: WAIT_TIMEOUT_MS }).toBe(0);
    } finally {
      target.closeAllConnections();
      await new Promise((resolve) => target.close(resolve));
    }
  });
});
