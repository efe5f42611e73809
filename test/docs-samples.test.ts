import { execFile, execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startHttpMock, type HttpMock } from '@supportkb/mocks/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, root } from './contract-helpers';
import { COMMAND_TIMEOUT_MS } from './time-limits';

/**
 * The code samples of the docs page (`x-codeSamples`, added by the `supportkb-docs` Redocly decorator of
 * `npm run docs`, scripts/docs/operation-docs.mjs): every operation has a TypeScript sample with the
 * SDK and a curl sample, both generated from the SDK's manifest and the contract's examples. Every
 * TypeScript sample is type-checked against the built SDK in one strict `tsc` run; every curl sample
 * is run against the stateful mock (`startHttpMock`, reset to its seed, plus the example subscription,
 * before each) and must answer the status its first line documents.
 */
const run = promisify(execFile);
const require = createRequire(import.meta.url);

interface Sample {
  lang: string;
  label: string;
  source: string;
}

/** The contract as the docs page gets it: bundled with the docs configuration (the decorators on). */
function decoratedContract(): any {
  const dir = mkdtempSync(join(tmpdir(), 'supportkb-docs-samples-'));
  try {
    const out = join(dir, 'openapi.json');
    const cli = require.resolve('@redocly/cli/bin/cli.js');
    execFileSync(process.execPath, [cli, 'bundle', 'openapi/openapi.yaml', '--config', 'scripts/docs/redocly.docs.yaml', '--ext', 'json', '-o', out], { cwd: root, stdio: 'pipe' });
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A custom token for the mock's project, signed with the example project secret (openapi/README.md). */
function customToken(): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = { _id: 'crm-customer-8841', firstname: 'Luca', lastname: 'Verdi', aud: 'https://tiledesk.com/projects/65f1a2b3c4d5e6f708090a0b', iat: Math.floor(Date.now() / 1000) };
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${unsigned}.${createHmac('sha256', 'supportkb-example-project-secret').update(unsigned).digest('base64url')}`;
}

const doc = decoratedContract();
const samples = operations(doc).map(({ operation }) => ({
  operationId: operation.operationId as string,
  samples: (operation['x-codeSamples'] ?? []) as Sample[],
}));
const sampleOf = (operationId: string, lang: string) => samples.find((s) => s.operationId === operationId)!.samples.find((s) => s.lang === lang)!;

/**
 * The contract's example subscription (openapi/README.md "Example data", GetSubscriptionResponse):
 * the default seed holds no subscription (a seeded one would get a delivery of every message the
 * other suites post, and be listed beside theirs), so the mock here extends the seed with it, as a
 * scenario would; getSubscription's sample reads it.
 */
const EXAMPLE_SUBSCRIPTION = { _id: '65f1a2b3c4d5e6f708091401', event: 'message.create', target: 'https://hooks.acme-support.test/tiledesk' } as const;

describe('the code samples of the docs page', () => {
  it('gives every operation one TypeScript sample (the SDK method of the manifest) and one curl sample', async () => {
    const { apiOperations } = await import('@supportkb/sdk/manifest');
    expect(samples).toHaveLength(Object.keys(apiOperations).length);
    for (const { operationId, samples: list } of samples) {
      expect(
        list.map((s) => `${s.lang}/${s.label}`),
        operationId,
      ).toEqual(['TypeScript/TypeScript (SDK)', 'Shell/curl']);
      const entry = apiOperations[operationId as keyof typeof apiOperations];
      expect(list[0]!.source, operationId).toContain(`await client.${[...entry.resource, entry.name].join('.')}(`);
      expect(list[1]!.source, operationId).toMatch(new RegExp(`^# ${operationId}: answers 2\\d\\d `));
    }
    // The samples carry the examples: path, query and body.
    expect(sampleOf('updateTag', 'TypeScript').source).toMatch(/client\.tags\.update\(\{ id: '65f1a2b3c4d5e6f708091101', tag: '[^']+', color: '#[0-9a-f]{6}' \}\)/);
    expect(sampleOf('updateTag', 'Shell').source).toContain('--data \'{"tag":');
    expect(sampleOf('listLeads', 'Shell').source).toMatch(/\?[^"]*sortField=createdAt&sort=createdAt/);
  });

  it('type-checks every TypeScript sample against the built SDK in one strict tsc run', async () => {
    // Inside the repository (build/ is git-ignored), so that `@supportkb/sdk` resolves to the workspace package.
    mkdirSync(join(root, 'build'), { recursive: true });
    const dir = mkdtempSync(join(root, 'build', 'docs-samples-'));
    try {
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: { strict: true, noEmit: true, target: 'es2023', module: 'nodenext', moduleResolution: 'nodenext', types: ['node'], skipLibCheck: true, noUnusedLocals: true },
          include: ['*.ts'],
        }),
      );
      for (const { operationId } of samples) writeFileSync(join(dir, `${operationId}.ts`), sampleOf(operationId, 'TypeScript').source);
      const tsc = require.resolve('typescript/bin/tsc');
      const result = await run(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], { cwd: dir }).then(
        () => ({ code: 0, output: '' }),
        (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
      );
      expect(result.output).toBe('');
      expect(result.code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('curl samples against the stateful mock', () => {
    let mock: HttpMock;
    beforeAll(async () => {
      mock = await startHttpMock({ port: 0, serviceOptions: { webhooks: { delivery: 'none' }, warnings: false, scenario: { seed: { mode: 'extend', subscriptions: [EXAMPLE_SUBSCRIPTION] } } } });
    });
    afterAll(async () => {
      await mock?.stop();
    });

    it('answers every curl sample with the status it documents', async () => {
      const env = { ...process.env, SUPPORTKB_BASE_URL: mock.url.replace(/\/$/, ''), CUSTOM_TOKEN: customToken() };
      const failures: string[] = [];
      for (const { operationId } of samples) {
        const { source } = sampleOf(operationId, 'Shell');
        const documented = Number(/^# \w+: answers (\d{3}) /.exec(source)![1]);
        mock.service.reset(); // every sample starts from the seed its examples describe
        // The sample as written, plus where curl prints the status (its last line is a `curl ...` argument).
        const { stdout } = await run('sh', ['-c', `${source.trimEnd()} -w '\\n%{http_code}'`], { env, timeout: COMMAND_TIMEOUT_MS });
        const status = Number(stdout.slice(stdout.lastIndexOf('\n') + 1));
        if (status !== documented) failures.push(`${operationId}: ${status} (documented ${documented}): ${stdout.slice(0, 300)}`);
      }
      expect(failures).toEqual([]);
    });
  });
});
