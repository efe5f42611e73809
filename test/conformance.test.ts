import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, latency, operations, respondWith, SEED, startPrismMock, status, type RunningMock } from '@supportkb/mocks';
import { startHttpMock, type HttpMock } from '@supportkb/mocks/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexContract } from '../scripts/lib/conformance/contract.mjs';
import { runConformance } from '../scripts/lib/conformance/run.mjs';
import { dereferencedContract, root } from './contract-helpers';

/**
 * `npm run conformance`: the command a user points at a deployment. Run here whole (as a process)
 * against the stateful mock and against Prism, where every operation of the contract must pass; and
 * in-process against a mock whose answers were made wrong, where it must name each violation.
 */
const exec = promisify(execFile);
const admin = SEED.members.admin;
const doc = dereferencedContract();
let mock: HttpMock;
let strict: HttpMock;
let prism: RunningMock;

beforeAll(async () => {
  [mock, strict, prism] = await Promise.all([
    startHttpMock({ serviceOptions: { webhooks: { delivery: 'none' }, warnings: false } }),
    startHttpMock({ serviceOptions: { webhooks: { delivery: 'none' }, strict: true } }),
    startPrismMock(),
  ]);
});
afterAll(async () => {
  await Promise.all([mock?.stop(), strict?.stop(), prism?.stop()]);
});

interface Report {
  passed: number;
  failed: number;
  skipped: number;
  warnings: string[];
  operations: { operationId: string; outcome: string; calls: { problems: string[] }[] }[];
  leftBehind: string[];
  releases: { fits: string[]; evidence: { field: string; present: boolean; since: string | null; until: string | null }[] };
}

/** Runs the command as a user does; resolves with its exit code, output and JSON report. */
async function conformance(args: string[]): Promise<{ code: number; stdout: string; stderr: string; report?: Report }> {
  const json = join(mkdtempSync(join(tmpdir(), 'supportkb-conformance-test-')), 'report.json');
  try {
    const { stdout, stderr } = await exec(process.execPath, [join(root, 'scripts/conformance.mjs'), ...args, '--json', json], { cwd: root });
    return { code: 0, stdout, stderr, report: JSON.parse(readFileSync(json, 'utf8')) };
  } catch (error: any) {
    let report: Report | undefined;
    try {
      report = JSON.parse(readFileSync(json, 'utf8'));
    } catch {
      report = undefined;
    }
    return { code: error.code, stdout: error.stdout, stderr: error.stderr, report };
  }
}

/** How many operations the contract has (the SDK's manifest, re-exported by the mocks). */
const ALL = Object.keys(operations).length;

const seeded = (baseUrl: string) => ['--base-url', baseUrl, '--project', SEED.projectId, '--email', admin.email, '--password', admin.password, '--project-secret', SEED.projectSecret];

describe('npm run conformance', () => {
  it('passes every operation against the stateful mock', async () => {
    const { code, stdout, report } = await conformance([...seeded(mock.url), '--reset-labels']);
    expect(stdout).toContain(`${ALL} passed, 0 failed, 0 skipped`);
    expect(code, stdout).toBe(0);
    expect(report!.operations).toHaveLength(ALL);
    expect(report!.operations.every((op) => op.outcome === 'pass')).toBe(true);
    // One line per operation, then what is left behind, then the summary.
    const lines = stdout.trim().split('\n');
    expect(lines.filter((line) => /^pass {2}\w+ +(GET|POST|PUT|DELETE|PATCH) \//.test(line))).toHaveLength(ALL);
    // The mock behaves as real servers do, so the risky behaviours a run can observe are reported, as warnings.
    expect(lines.at(-1)).toMatch(new RegExp(`^${ALL} passed, 0 failed, 0 skipped, ${report!.warnings.length} warnings?$`));
    expect(lines.filter((line) => line.startsWith('warning: '))).toHaveLength(report!.warnings.length);
    expect(report!.warnings).toContainEqual(expect.stringContaining('lists ignore `sortField`'));
    // The run cleaned up what the contract lets it delete: no tag, lead or group of the run is visible.
    const token = `Basic ${Buffer.from(`${admin.email}:${admin.password}`).toString('base64')}`;
    for (const path of ['tags', 'groups', 'segments']) {
      const listed = await (await fetch(`${mock.url}/${SEED.projectId}/${path}`, { headers: { authorization: token } })).text();
      expect(listed, path).not.toContain('conformance-');
    }
    expect(stdout).not.toContain(admin.password);
    // The releases the answers fit: a teammate's roleType (from 2.18.1) and a content's situated_context
    // (from 2.18.4) are there, so 2.18.4 and later.
    expect(report!.releases.fits).toContain('2.19.16');
    expect(report!.releases.fits).not.toContain('2.17.9');
    expect(report!.releases.fits[0]).toBe('2.18.4');
    expect(lines).toContainEqual(
      expect.stringMatching(/^releases: the answers fit 2\.18\.4 to 2\.19\.16 \(\d+ of the window's \d+ releases\), from .*roleType: sent \(from 2\.18\.1\).*situated_context: sent \(from 2\.18\.4\)/),
    );
  });

  it('names the releases a deployment of 2.17.9 fits (the mock as that release)', async () => {
    const old = await startHttpMock({ serviceOptions: { webhooks: { delivery: 'none' }, warnings: false, serverVersion: '2.17.9' } });
    try {
      const { code, stdout, report } = await conformance([...seeded(old.url), '--read-only']);
      expect(code, stdout).toBe(0);
      // roleType not sent (a teammate of a release before 2.18.1); a content's tags sent (from 2.15.8).
      expect(report!.releases.fits).toContain('2.17.9');
      expect(report!.releases.fits).not.toContain('2.18.1');
      expect(report!.releases.fits).not.toContain('2.15.7');
      expect(report!.releases.evidence).toContainEqual(expect.objectContaining({ field: 'roleType', present: false, since: '2.18.1' }));
      expect(stdout).toMatch(/^releases: the answers fit 2\.15\.8 to 2\.17\.9 \(\d+ of the window's \d+ releases\), from .*roleType: not sent \(from 2\.18\.1\)/m);
    } finally {
      await old.stop();
    }
  });

  it('passes every operation against the stateful mock in strict mode', async () => {
    const { code, stdout } = await conformance([...seeded(strict.url), '--reset-labels']);
    expect(stdout).toContain(`${ALL} passed, 0 failed, 0 skipped`);
    expect(code, stdout).toBe(0);
  });

  it("runs as the README's snippet shows it (against the stateful mock)", async () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const snippet = /<!-- snippet: conformance -->\n```sh\n([\s\S]*?)```/.exec(readme)![1]!.trim();
    const [command, args] = snippet.split(' -- ');
    expect(command).toBe('npm run conformance');
    const argv = args!.split(/\s+/);
    argv[argv.indexOf('--base-url') + 1] = mock.url;
    const { code, stdout } = await conformance(argv);
    // The seeded project has labels: without --reset-labels, deleteAllLabels is skipped, with the reason.
    expect(stdout).toContain(`${ALL - 1} passed, 0 failed, 1 skipped`);
    expect(stdout).toMatch(/^skip {2}deleteAllLabels +the project has labels \(pass --reset-labels/m);
    expect(code, stdout).toBe(0);
  });

  it('passes every operation against Prism serving the contract', async () => {
    const { code, stdout } = await conformance([...seeded(prism.url), '--reset-labels']);
    expect(stdout).toContain(`${ALL} passed, 0 failed, 0 skipped`);
    expect(code, stdout).toBe(0);
  });

  it('with --read-only, writes nothing and skips the writes with the reason', async () => {
    const before = mock.service.store.tags.size;
    const { code, stdout, report } = await conformance([...seeded(mock.url), '--read-only']);
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(/^skip {2}createTag +--read-only$/m);
    expect(report!.skipped).toBe(report!.operations.filter((op) => op.outcome === 'skip').length);
    expect(report!.passed).toBeGreaterThanOrEqual(30);
    expect(mock.service.store.tags.size).toBe(before);
  });

  it('without the project secret, skips signInWithCustomToken and says why', async () => {
    const { stdout } = await conformance(['--base-url', mock.url, '--project', SEED.projectId, '--email', admin.email, '--password', admin.password, '--read-only']);
    expect(stdout).toMatch(/^skip {2}signInWithCustomToken +needs --project-secret/m);
  });

  it('accepts a token instead of a password (signIn is then skipped)', async () => {
    const signIn = await (
      await fetch(`${mock.url}/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: admin.password }) })
    ).json();
    const { code, stdout } = await conformance(['--base-url', mock.url, '--project', SEED.projectId, '--token', signIn.token.replace(/^JWT /, ''), '--read-only']);
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(/^skip {2}signIn +needs --email and --password$/m);
    expect(stdout).toMatch(/^pass {2}listLeads /m);
  });

  it('rejects bad usage with exit 2 and the usage text; --help exits 0', async () => {
    const missing = await conformance(['--base-url', mock.url]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--project is required');
    expect(missing.stderr).toContain('give --email and --password, or --token');
    const unknown = await conformance(['--bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown option '--bogus'/);
    const help = await exec(process.execPath, [join(root, 'scripts/conformance.mjs'), '--help']);
    expect(help.stdout).toContain('Usage: npm run conformance');
  });

  it('exits 2 when nothing answers at the base URL', async () => {
    const closed = await freePort();
    const { code, stdout } = await conformance(['--base-url', `http://127.0.0.1:${closed}`, '--project', SEED.projectId, '--token', 'x']);
    expect(code).toBe(2);
    expect(stdout).toContain('did not answer');
  });
});

describe('what the conformance run reports as a violation', () => {
  const contract = indexContract(doc);
  const run = (baseUrl: string) =>
    runConformance({
      contract,
      baseUrl,
      projectId: SEED.projectId,
      email: admin.email,
      password: admin.password,
      projectSecret: SEED.projectSecret,
      readOnly: false,
      resetLabels: true,
      timeout: 10_000,
      print: () => {},
    });

  it('names the JSON path of a wrong body, an undeclared status and a missing required header', async () => {
    mock.use(
      respondWith('listTags', [{ _id: '65f1a2b3c4d5e6f7080911aa', tag: 42, id_project: SEED.projectId }] as never),
      respondWith('getLead', { lead_id: 'x' } as never),
      status('listGroups', 418, { body: [] }),
      respondWith('createSubscription', { _id: '65f1a2b3c4d5e6f7080914aa', event: 'lead.create', target: 'https://x.test', id_project: SEED.projectId, secret: 's', createdBy: 'u' } as never),
    );
    try {
      const report = await run(mock.url);
      const problems = (id: string) => report.operations.find((op) => op.operationId === id)!.calls.flatMap((c) => c.problems);
      expect(problems('listTags')).toContainEqual(expect.stringContaining('/0/tag must be string'));
      expect(problems('getLead')).toContainEqual(expect.stringContaining("must have required property '_id'"));
      expect(problems('listGroups')).toContainEqual(expect.stringContaining('status 418 is not declared'));
      expect(problems('createSubscription')).toContainEqual(expect.stringContaining('missing required header x-hook-secret'));
      expect(report.failed).toBe(4);
    } finally {
      mock.resetHandlers();
      mock.service.reset();
    }
  });

  it('reports a request body the contract would reject (a scenario bug) and a timeout', async () => {
    const slow = indexContract(doc);
    mock.use(latency('listSegments', 3_000));
    try {
      const report = await runConformance({
        contract: slow,
        baseUrl: mock.url,
        projectId: SEED.projectId,
        email: admin.email,
        password: admin.password,
        readOnly: true,
        resetLabels: false,
        timeout: 1_000,
        print: () => {},
      });
      const segments = report.operations.find((op) => op.operationId === 'listSegments')!;
      expect(segments.outcome).toBe('fail');
      expect(segments.calls[0]!.problems).toEqual(['no answer within 1000 ms']);
      expect(slow.checkRequest('createTag', { tag: 5 })).toEqual([expect.stringContaining('request body /tag must be string')]);
      expect(slow.checkRequest('createTag', undefined)).toEqual(['the request body is required']);
    } finally {
      mock.resetHandlers();
    }
  });
});
