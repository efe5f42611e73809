/**
 * Installing @supportkb/sdk installs no zod: its `./zod` and `./webhooks` entries carry the part of
 * zod/mini they use (tsup bundles it), and zod is only an optional peer dependency, for the schemas'
 * types. The built package is copied into a scratch project whose node_modules holds its two runtime
 * dependencies (ky, jose) and nothing else, and both entries run there, ESM and CommonJS.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from './contract-helpers';

const sdkDir = join(root, 'packages/sdk');
const manifest = JSON.parse(readFileSync(join(sdkDir, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

describe('@supportkb/sdk without zod installed', () => {
  let project: string;
  const run = (file: string, code: string) => {
    writeFileSync(join(project, file), code);
    return spawnSync(process.execPath, [file], { cwd: project, encoding: 'utf8' });
  };

  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'supportkb-no-zod-'));
    const installed = join(project, 'node_modules/@supportkb/sdk');
    mkdirSync(installed, { recursive: true });
    cpSync(join(sdkDir, 'dist'), join(installed, 'dist'), { recursive: true });
    cpSync(join(sdkDir, 'package.json'), join(installed, 'package.json'));
    for (const dependency of Object.keys(manifest.dependencies)) symlinkSync(join(root, 'node_modules', dependency), join(project, 'node_modules', dependency), 'dir');
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('lists zod only as an optional peer dependency', () => {
    expect(Object.keys(manifest.dependencies)).not.toContain('zod');
    expect(manifest.peerDependencies?.zod).toBeDefined();
    expect(manifest.peerDependenciesMeta?.zod?.optional).toBe(true);
  });

  it('cannot resolve zod in the scratch project (the check below is meaningful)', () => {
    const probe = run('probe.mjs', "import('zod/mini').then(() => console.log('found'), (e) => console.log(e.code));\n");
    expect(probe.stdout.trim()).toBe('ERR_MODULE_NOT_FOUND');
  });

  it('validates with zodValidation() and reads webhook deliveries, ESM', () => {
    const result = run(
      'esm.mjs',
      `import { zodValidation, operationSchemas } from '@supportkb/sdk/zod';
import { WEBHOOK_EVENTS } from '@supportkb/sdk/webhooks';
const validator = zodValidation();
let rejected = false;
try { await validator.response('getTag', { _id: 42 }); } catch (error) { rejected = error.name === 'ValidationError'; }
const parsed = operationSchemas.listTags.response().safeParse([]).success;
console.log(JSON.stringify({ rejected, parsed, events: WEBHOOK_EVENTS.length > 0 }));
`,
    );
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({ rejected: true, parsed: true, events: true });
  });

  it('validates with zodValidation(), CommonJS', () => {
    const result = run(
      'cjs.cjs',
      `const { zodValidation } = require('@supportkb/sdk/zod');
let rejected = false;
zodValidation().response('getTag', { _id: 42 }).catch((error) => {
  rejected = error.name === 'ValidationError';
}).finally(() => console.log(JSON.stringify({ rejected })));
`,
    );
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({ rejected: true });
  });
});
