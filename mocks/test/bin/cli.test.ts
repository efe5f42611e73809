import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../src/state/seed';
import { startBin } from '../support/bin';
import { COMMAND_TIMEOUT_MS, WAIT_TIMEOUT_MS } from '../../../test/time-limits';

/**
 * The command lines of supportkb-mock (`npm run mock`) and supportkb-prism (`npm run mock:prism`):
 * `--help`, and one line on stderr saying the fix for a bad option, a bad port or a busy port.
 * Spawned for real (the built package: `npm run build` first).
 */
const mocksDir = fileURLToPath(new URL('../..', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const BINS = { mock: `${mocksDir}bin/mock.mjs`, prism: `${mocksDir}bin/prism.mjs` } as const;
const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0' };
delete env.npm_lifecycle_event;
delete env.PORT;

const run = (bin: keyof typeof BINS, args: string[], extraEnv: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, [BINS[bin], ...args], { encoding: 'utf8', env: { ...env, ...extraEnv }, timeout: COMMAND_TIMEOUT_MS });

let busy: Server;
let busyPort = 0;
beforeAll(async () => {
  expect(existsSync(`${mocksDir}dist/server.js`), 'build the package first (npm run build)').toBe(true);
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

describe.each(['mock', 'prism'] as const)('supportkb-%s', (bin) => {
  it('--help lists every option and exits 0', () => {
    for (const flag of ['--help', '-h']) {
      const help = run(bin, [flag]);
      expect(help.status, help.stderr).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^Usage: supportkb-${bin} \\[--port N\\] \\[--host H\\] \\[--(real-ids|errors)\\]( \\[--[a-z-]+( [A-Z]+)?\\])*\\n`));
      if (bin === 'mock') expect(help.stdout).toMatch(/--strict +refuse every request the contract forbids/);
      for (const option of ['-p, --port N', '--host H', '-h, --help', bin === 'mock' ? '--real-ids' : '--errors']) expect(help.stdout).toContain(option);
      expect(help.stdout).toContain('0 picks a free port');
      expect(help.stderr).toBe('');
    }
  });

  it('rejects an unknown option, a missing value, a stray argument and a bad port in one line (exit 2)', () => {
    const cases: [string[], string][] = [
      [['--bogus'], `supportkb-${bin}: unknown option --bogus; --help lists the options`],
      [['--port'], `supportkb-${bin}: --port needs a value; --help lists the options`],
      [['extra'], `supportkb-${bin}: unexpected argument extra; --help lists the options`],
      [['--port', 'abc'], `supportkb-${bin}: invalid port "abc": pass --port N with 0 <= N <= 65535 (0 picks a free port)`],
      [['--port', '70000'], `supportkb-${bin}: invalid port "70000": pass --port N with 0 <= N <= 65535 (0 picks a free port)`],
    ];
    for (const [args, line] of cases) {
      const result = run(bin, args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toBe(`${line}\n`);
      expect(result.stdout).toBe('');
    }
    const fromEnv = run(bin, [], { PORT: 'eighty' });
    expect(fromEnv.status).toBe(2);
    expect(fromEnv.stderr).toBe(`supportkb-${bin}: invalid port "eighty" (from $PORT): pass --port N with 0 <= N <= 65535 (0 picks a free port)\n`);
  });

  it('says in one line that a busy port is busy and how to pick another (exit 1)', () => {
    const result = run(bin, ['--port', String(busyPort)]);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`supportkb-${bin}: port ${busyPort} is in use: pass --port N or --port 0 (any free port), e.g. \`supportkb-${bin} --port 0\`\n`);
    expect(result.stdout).toBe('');
  });

  it('--port 0 serves on a free port and prints its URL first', async () => {
    const child = spawn(process.execPath, [BINS[bin], '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // A guard against a hang only: a start takes about a second, much longer on a loaded machine.
    const deadline = Date.now() + WAIT_TIMEOUT_MS;
    while (!out.includes('\n') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const url = /^(Stateful|Prism) mock of the Support and Knowledge Base Service API at (http:\/\/127\.0\.0\.1:(\d+)) \(pid \d+(, [^)]*)?\)\. Ctrl-C to stop\.\n/.exec(out);
    expect(url, out).not.toBeNull();
    expect(Number(url![3])).toBeGreaterThan(0);
    expect((await fetch(`${url![2]}/65f1a2b3c4d5e6f708090a0b/labels/default`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited, err).toBe(0);
  });
});

describe('through npm', () => {
  it.each(['mock', 'mock:prism'])('`npm run %s -- --help` says it builds first, then shows the options, without building', (script) => {
    const result = spawnSync('npm', ['run', script, '--', '--help'], { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' }, timeout: COMMAND_TIMEOUT_MS });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`(npm run ${script} first builds the contract and the packages when their sources changed, quietly; --verbose shows that build.)`);
    expect(result.stdout).toContain(`Usage: npm run ${script} -- [--port N] [--host H]`);
    expect(result.stderr).toBe('');
  });
});

/** The agent's Basic credentials of the seed. */
const agentBasic = `Basic ${btoa(`${SEED.members.agent.email}:${SEED.members.agent.password}`)}`;

describe('supportkb-mock serving', () => {
  it('bin/mock.mjs (`npm run mock`) prints its URL and the seeded credentials, serves, and stops on SIGTERM', async () => {
    expect(existsSync(`${mocksDir}dist/server.js`), 'build the package first (npm run build)').toBe(true);
    const child = spawn(process.execPath, [`${mocksDir}bin/mock.mjs`, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + WAIT_TIMEOUT_MS;
    while (!/Seeded credentials[\s\S]*Custom tokens/.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const url = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    expect(url, out).toBeTruthy();
    for (const member of Object.values(SEED.members)) expect(out).toContain(`${member.email}  password ${member.password}`);
    expect(out).toMatch(/guest .*Authorization: JWT /);
    expect(out).toContain(`Websocket (openapi/asyncapi.yaml): ${url!.replace(/^http/, 'ws')}/?token=<a teammate's JWT>`);
    const signIn = await fetch(`${url}/auth/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: SEED.members.agent.email, password: SEED.members.agent.password }),
    });
    expect(signIn.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it("--strict serves strict mode (a body the contract forbids: 400 naming it); without it, the server's answer", async () => {
    const run = async (args: string[]) => {
      const { url, out, stop } = await startBin(args);
      const res = await fetch(`${url}/${SEED.projectId}/tags`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: agentBasic }, body: JSON.stringify({ tag: 5 }) });
      const answer = { status: res.status, body: await res.json(), first: out().split('\n')[0] };
      await stop();
      return answer;
    };
    const strict = await run(['--strict']);
    expect(strict.first).toContain('strict mode');
    expect(strict).toMatchObject({ status: 400, body: { errors: [{ param: 'tag', location: 'body' }] } });
    const asServer = await run([]);
    expect(asServer).toMatchObject({ status: 200, body: { tag: '5' } });
  });

  it('--scenario serves a scenario file; POST /__supportkb/reset returns to its start; an invalid file exits 2 in one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'supportkb-scenario-'));
    const file = join(dir, 'inbox.json');
    writeFileSync(file, JSON.stringify({ seed: { tags: [{ _id: '65f1a2b3c4d5e6f7080a0001', tag: 'from-the-scenario' }] }, responses: { listGroups: [{ status: 429, times: 1 }] } }));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ seed: { leads: [{ email: 'not an email' }] } }));
    const refused = spawnSync(process.execPath, [`${mocksDir}bin/mock.mjs`, '--scenario', bad], { encoding: 'utf8' });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^supportkb-mock: .*bad\.json: seed\.leads\[0\]\.email: .+\n$/);
    const { url, stop } = await startBin(['--scenario', file]);
    const headers = { Authorization: agentBasic, 'Content-Type': 'application/json' };
    const tags = () => fetch(`${url}/${SEED.projectId}/tags`, { headers }).then((r) => r.json() as Promise<{ tag: string }[]>);
    expect((await tags()).map((t) => t.tag)).toContain('from-the-scenario');
    expect((await fetch(`${url}/${SEED.projectId}/groups`, { headers })).status).toBe(429);
    expect((await fetch(`${url}/${SEED.projectId}/groups`, { headers })).status).toBe(200);
    expect((await fetch(`${url}/${SEED.projectId}/tags`, { method: 'POST', headers, body: JSON.stringify({ tag: 'added-by-the-test' }) })).status).toBe(200);
    expect((await fetch(`${url}/__supportkb/reset`, { method: 'POST' })).status).toBe(204);
    expect((await tags()).map((t) => t.tag)).not.toContain('added-by-the-test');
    expect((await fetch(`${url}/${SEED.projectId}/groups`, { headers })).status).toBe(429);
    await stop();
  });

  it('--storage-limit caps what the mock stores (a write beyond it: 507, nothing stored); a bad size exits 2 in one line', async () => {
    const bad = spawnSync(process.execPath, [`${mocksDir}bin/mock.mjs`, '--storage-limit', 'lots'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('supportkb-mock: invalid --storage-limit "lots": pass a whole number of bytes, or of KiB, MiB or GiB (e.g. 256MiB)\n');
    const { url, stop } = await startBin(['--storage-limit', '1KiB']);
    const auth = agentBasic;
    const res = await fetch(`${url}/${SEED.projectId}/tags`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: auth }, body: JSON.stringify({ tag: 'over-the-cap' }) });
    expect(res.status).toBe(507);
    expect((await res.json()).limit).toBe(1024);
    const list = await fetch(`${url}/${SEED.projectId}/tags`, { headers: { Authorization: auth } });
    expect(list.status).toBe(200);
    expect(JSON.stringify(await list.json())).not.toContain('over-the-cap');
    await stop();
  });

  it('--server-version answers as that release (a teammate without roleType before 2.18.1); a release outside the window exits 2 in one line', async () => {
    const bad = spawnSync(process.execPath, [`${mocksDir}bin/mock.mjs`, '--server-version', '2.9.0'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('supportkb-mock: invalid --server-version: 2.9.0 is outside the releases the contract describes (2.10.0 to 2.19.16), so the mock cannot answer as it\n');
    const { url, stop } = await startBin(['--server-version', '2.17.9']);
    const res = await fetch(`${url}/${SEED.projectId}/project_users`, { headers: { Authorization: agentBasic } });
    expect(res.status).toBe(200);
    const teammates: Record<string, unknown>[] = await res.json();
    expect(teammates.length).toBeGreaterThan(0);
    for (const teammate of teammates) expect(teammate).not.toHaveProperty('roleType');
    await stop();
  });
});

/** Whether `port` can be listened on again (the server that had it released it). */
const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return check();
}

// Issue #19, item 7: `kill -TERM <npm>` ended npm and its shell but left the server running on its
// port. npm forwards SIGINT/SIGTERM only to its child, the `sh -c` of the script, and Debian's dash
// neither execs the command nor passes the signal on: SIGTERM killed the shell alone, SIGINT waited
// for a child that never got it. Now the scripts `exec` (npm's child is the server) and the server
// stops when its parent goes away under npm (npx still goes through that shell).
describe('stops on SIGTERM and SIGINT and releases its port, through npm too', () => {
  const commands = {
    'npm run mock': ['npm', ['run', 'mock', '--']],
    'npm run mock:prism': ['npm', ['run', 'mock:prism', '--']],
    'npx supportkb-mock': ['npx', ['--no-install', 'supportkb-mock']],
    'bin/mock.mjs': [process.execPath, [BINS.mock]],
  } as const;
  const freePort = () =>
    new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });

  it.each([
    ['npm run mock', 'SIGTERM'],
    ['npm run mock', 'SIGINT'],
    ['npm run mock:prism', 'SIGTERM'],
    ['npx supportkb-mock', 'SIGTERM'],
    ['bin/mock.mjs', 'SIGTERM'],
    ['bin/mock.mjs', 'SIGINT'],
  ] as const)('%s, sent %s: the port is free again within seconds (before: never) and the server process is gone', async (command, signal) => {
    const port = await freePort();
    const [file, args] = commands[command];
    const childEnv: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0' };
    delete childEnv.PORT;
    const child = spawn(file, [...args, '--port', String(port)], { cwd: repoRoot, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    let server = 0;
    try {
      // `npm run` builds first when sources changed: allow for it.
      expect(await waitFor(() => / at http:\/\/127\.0\.0\.1:\d+ \(pid \d+/.test(out), COMMAND_TIMEOUT_MS), out).toBe(true);
      server = Number(/ at http:\/\/127\.0\.0\.1:\d+ \(pid (\d+)/.exec(out)![1]);
      expect(await portIsFree(port)).toBe(false);
      child.kill(signal);
      const sent = Date.now();
      // Guards against a hang only (before the fix: never); a few hundred ms on an idle machine.
      expect(await waitFor(() => portIsFree(port), WAIT_TIMEOUT_MS), `port ${port} still in use ${Date.now() - sent} ms after ${signal}`).toBe(true);
      expect(await waitFor(() => !isAlive(server), WAIT_TIMEOUT_MS), `the server (pid ${server}) still runs`).toBe(true);
    } finally {
      if (server && isAlive(server)) process.kill(server, 'SIGKILL');
      child.kill('SIGKILL');
    }
  });
});
