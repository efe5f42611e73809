import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supportkb/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, startRecordingProxy, type Har } from '../src/record';
import { startHttpMock } from '../src/server';
import type { HttpMock } from '../src/running';
import { SEED_PASSWORD } from '../src/state/seed';

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
    expect(calls).toEqual(['POST /auth/signin 200', 'GET /{p}/tags 200', 'POST /{p}/tags 200', 'POST /{p}/requests/support-group-7d3e5f9a-2b4c-4d6e-8f0a-1b2c3d4e5f6a/messages 200', 'GET /{p}/tags 200', 'POST /{p}/subscriptions 200', 'GET /{p}/tags 401']);
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
      const child = spawn(process.execPath, [bin, '--base-url', upstream.url, '--project', upstream.service.seed.projectId, '--email', 'agent@acme-support.test', '--password', SEED_PASSWORD, '--out', out, '--port', '0'], { env });
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
    const run = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env, timeout: 30_000 });
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
