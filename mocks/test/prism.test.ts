import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIds } from '../src/manifest';
import { override } from '../src/overrides';
import { PRISM_INSTALL_COMMAND, startPrismMock, type PrismMock } from '../src/prism';
import { startHttpMock, type HttpMock } from '../src/server';
import { createConformanceCollector } from './support/conformance';
import { runScenario, type Call, type Send } from './support/scenario';
import { COMMAND_TIMEOUT_MS } from '../../test/time-limits';

/**
 * Conformance over the wire: Prism's validation proxy (`prism proxy <contract> <mock> --errors`)
 * in front of the standalone stateful server; the scenario touches every operation and Prism must
 * report no request or response violation.
 */
let mock: HttpMock;
let prism: PrismMock;
let prismOutput = '';
const conformance = createConformanceCollector();

beforeAll(async () => {
  mock = await startHttpMock({ serviceOptions: { onResponse: conformance.onResponse, webhooks: { delivery: 'none' } } });
  // A guard against a hang, not a timing: Prism starts in about a second, minutes on a loaded machine.
  prism = await startPrismMock({ mode: 'proxy', upstream: mock.url, errors: true, onOutput: (text) => (prismOutput += text), startTimeoutMs: COMMAND_TIMEOUT_MS });
});
afterAll(async () => {
  await prism?.stop();
  await mock?.stop();
});

/** Sends a scenario call through Prism's proxy, collecting the violations Prism reports. */
function prismSend(violations: string[]): Send {
  return async (call) => {
    const url = new URL(`${prism.url}${call.path}`);
    for (const [k, v] of Object.entries(call.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = {};
    if (call.auth) headers.Authorization = call.auth;
    if (call.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(url, { method: call.method, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body) });
    const text = await response.text();
    const violation = response.headers.get('sl-violations');
    if (violation) violations.push(`${call.operationId}: ${violation}`);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // text
    }
    return { status: response.status, body, headers: response.headers };
  };
}

describe('prism proxy --errors in front of the standalone mock', () => {
  it(`runs the ${operationIds.length}-operation scenario with zero violations`, async () => {
    const violations: string[] = [];
    const send = prismSend(violations);
    const log = await runScenario(send, await mock.service.customToken({ _id: 'crm-customer-8841', firstname: 'Luca', lastname: 'Verdi' }));
    const covered = new Set(log.map((entry) => entry.operationId));
    expect(operationIds.filter((id) => !covered.has(id))).toEqual([]);
    expect(violations).toEqual([]);
    expect(prismOutput).not.toMatch(/violation/i);
    expect(conformance.problems).toEqual([]);
    expect(conformance.count).toBe(log.length);
  });

  it('passes error answers to valid requests with zero violations', async () => {
    const violations: string[] = [];
    const P = mock.service.seed.projectId;
    const agent = await mock.service.authorization('agent');
    const errors: (Call & { status: number })[] = [
      { operationId: 'signIn', method: 'POST', path: '/auth/signin', body: { email: 'agent@acme-support.test', password: 'wrong' }, status: 401 },
      { operationId: 'listContents', method: 'GET', path: `/${P}/kb`, query: { namespace: P }, auth: agent, status: 403 },
      { operationId: 'getTag', method: 'GET', path: `/${P}/tags/65f1a2b3c4d5e6f7080911ff`, auth: agent, status: 404 },
      { operationId: 'getLead', method: 'GET', path: `/${P}/leads/65f1a2b3c4d5e6f7080913ff`, auth: 'JWT not-a-token', status: 401 },
      { operationId: 'listLeads', method: 'GET', path: `/${P}/leads`, query: { segment: '65f1a2b3c4d5e6f7080910ff' }, auth: agent, status: 404 },
    ];
    for (const { status, ...call } of errors) {
      const answer = await prismSend(violations)(call);
      expect(answer.status, call.operationId).toBe(status);
    }
    expect(violations).toEqual([]);
    expect(conformance.problems).toEqual([]);
  });

  it('would catch a violation (negative control)', async () => {
    mock.use(override('getTag', () => HttpResponse.json({ unexpected: true })));
    try {
      const response = await fetch(`${prism.url}/${mock.service.seed.projectId}/tags/${mock.service.seed.tags.vip}`, { headers: { Authorization: await mock.service.authorization('agent') } });
      expect(response.status).toBe(500);
      expect(response.headers.get('sl-violations')).toMatch(/required property '_id'/);
    } finally {
      mock.resetHandlers();
    }
  });
});

describe('startPrismMock', () => {
  // Its mock mode (a child process on the contract, where it listens, no service) is checked with the
  // one start of it in test/index.test.ts (startMock({ kind: 'prism' }) calls it): a Prism start is
  // about 4.5 CPU-s.
  it('refuses proxy mode without an upstream', async () => {
    await expect(startPrismMock({ mode: 'proxy' })).rejects.toThrow('startPrismMock: mode proxy needs an upstream URL');
  });
});

describe('without Prism installed (an optional peer dependency)', () => {
  /**
   * The package as a user gets it without `@stoplight/prism-cli`: src/prism.ts bundled as dist/prism.js
   * and the bins, in a scratch directory outside the repository (so nothing resolves Prism from the
   * repository's node_modules).
   */
  const mocksDir = fileURLToPath(new URL('..', import.meta.url));
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'supportkb-no-prism-'));
    const pkg = join(dir, 'node_modules/@supportkb/mocks');
    mkdirSync(join(pkg, 'contract'), { recursive: true });
    cpSync(join(mocksDir, 'bin'), join(pkg, 'bin'), { recursive: true });
    // the package's own `engines`: the bins read their minimum Node from it
    const { engines } = JSON.parse(readFileSync(join(mocksDir, 'package.json'), 'utf8'));
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: '@supportkb/mocks', type: 'module', engines }));
    writeFileSync(join(pkg, 'contract/openapi.yaml'), 'openapi: 3.1.0\n');
    await build({ entryPoints: [join(mocksDir, 'src/prism.ts')], outfile: join(pkg, 'dist/prism.js'), bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'silent' });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('startPrismMock rejects with one sentence naming the install command; the entry still imports', () => {
    const probe = `const { startPrismMock } = await import(${JSON.stringify(pathToFileURL(join(dir, 'node_modules/@supportkb/mocks/dist/prism.js')).href)});
      try { await startPrismMock(); console.log('started'); } catch (error) { console.log(JSON.stringify({ code: error.code, message: error.message })); }`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: dir, encoding: 'utf8', timeout: COMMAND_TIMEOUT_MS });
    expect(run.status, run.stderr).toBe(0);
    const { code, message } = JSON.parse(run.stdout) as { code: string; message: string };
    expect(code).toBe('ERR_SUPPORTKB_PRISM_NOT_INSTALLED');
    expect(message).toBe(`Prism is not installed: @stoplight/prism-cli is an optional peer dependency of @supportkb/mocks; install it with \`${PRISM_INSTALL_COMMAND}\``);
    expect(PRISM_INSTALL_COMMAND).toBe('npm install --save-dev @stoplight/prism-cli@5');
  });

  it('supportkb-prism says so in one line on stderr, exit code 1', () => {
    const run = spawnSync(process.execPath, [join(dir, 'node_modules/@supportkb/mocks/bin/prism.mjs'), '--port', '0'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: COMMAND_TIMEOUT_MS,
      env: { ...process.env, npm_lifecycle_event: '' },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `supportkb-prism: Prism is not installed (@stoplight/prism-cli, an optional peer dependency of @supportkb/mocks): run \`${PRISM_INSTALL_COMMAND}\`, then this command again\n`,
    );
  });
});
