/**
 * One error identity across the entries of @supportkb/sdk, as users get the package: `npm pack`ed,
 * installed from the tarball into a scratch project outside the repository (once for every case; the
 * tarball and the install are made once per build and shared, scripts/release-check/cache.mjs).
 * Errors thrown by `@supportkb/sdk/zod` (`ValidationError`) and `@supportkb/sdk/webhooks`
 * (`WebhookVerificationError`) must be `instanceof` the classes of the main entry, in ESM and in
 * CommonJS: the build shares one copy of `src/errors.ts` between the entries (tsup `splitting` for
 * CommonJS too; before it, each CommonJS entry carried a copy of its own and `instanceof` failed).
 * Needs the built package (`npm run build -w @supportkb/sdk`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installed, packed } from '../scripts/release-check/cache.mjs';
import { root } from './contract-helpers';

const sdkDir = join(root, 'packages/sdk');

/** What each script prints: for each error, its name and whether it is an instance of each class. */
const PROBE = (load: string) => `${load}
const caught = async (run) => {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
};
const facts = (error) => ({
  name: error.name,
  ValidationError: error instanceof main.ValidationError,
  WebhookVerificationError: error instanceof main.WebhookVerificationError,
  SupportKbError: error instanceof main.SupportKbError,
  Error: error instanceof Error,
});
const run = async () => {
  // zod entry: a 200 body that violates the contract.
  const validation = await caught(() => zod.zodValidation().response('getTag', { _id: 42 }));
  // webhooks entry: a delivery without its x-hook-secret header.
  const webhook = await caught(() => webhooks.verifyWebhook('{}', {}, { secret: 'subscription-secret' }));
  // main entry: a path parameter that URL parsing would turn into another path (nothing is sent).
  const main_ = await caught(() => main.createClient({ baseUrl: 'http://127.0.0.1:9', projectId: 'p' }).labels.delete({ lang: '.' }));
  console.log(JSON.stringify({
    validation: facts(validation),
    webhook: { ...facts(webhook), ofWebhooksEntry: webhook instanceof webhooks.WebhookVerificationError },
    main: facts(main_),
    sameClass: webhooks.WebhookVerificationError === main.WebhookVerificationError,
  }));
};
`;

const ESM = `${PROBE(`import * as main from '@supportkb/sdk';
import * as zod from '@supportkb/sdk/zod';
import * as webhooks from '@supportkb/sdk/webhooks';`)}
await run();
`;

const CJS = `${PROBE(`const main = require('@supportkb/sdk');
const zod = require('@supportkb/sdk/zod');
const webhooks = require('@supportkb/sdk/webhooks');`)}
run().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

describe('@supportkb/sdk error classes, one identity across entries (packed tarball)', () => {
  let project: string;

  beforeAll(async () => {
    if (!existsSync(join(sdkDir, 'dist/index.cjs'))) throw new Error('packages/sdk/dist is not built: run `npm run build -w @supportkb/sdk` first');
    project = join(mkdtempSync(join(tmpdir(), 'supportkb-error-identity-')), 'project');
    // The tarball `npm run release:check` packs for this build, and its install, each made once (cache.mjs).
    const { tarball } = await packed(sdkDir);
    await installed({ name: 'supportkb-error-identity', private: true, dependencies: { '@supportkb/sdk': `file:${tarball}` } }, project);
    const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8'));
    expect(lock.packages['node_modules/@supportkb/sdk'].resolved, 'the SDK comes from the tarball').toMatch(/^file:.*\.tgz$/);
  });
  afterAll(() => {
    if (project) rmSync(dirname(project), { recursive: true, force: true });
  });

  const probe = (file: string, code: string) => {
    writeFileSync(join(project, file), code);
    const result = spawnSync(process.execPath, [file], { cwd: project, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    return JSON.parse(result.stdout);
  };

  const expected = {
    validation: { name: 'ValidationError', ValidationError: true, WebhookVerificationError: false, SupportKbError: true, Error: true },
    webhook: { name: 'WebhookVerificationError', ValidationError: false, WebhookVerificationError: true, SupportKbError: true, Error: true, ofWebhooksEntry: true },
    main: { name: 'ValidationError', ValidationError: true, WebhookVerificationError: false, SupportKbError: true, Error: true },
    sameClass: true,
  };

  it('ESM: errors of the zod and webhooks entries are instanceof the main entry classes', () => {
    expect(probe('probe.mjs', ESM)).toEqual(expected);
  });

  it('CommonJS: errors of the zod and webhooks entries are instanceof the main entry classes', () => {
    expect(probe('probe.cjs', CJS)).toEqual(expected);
  });
});
