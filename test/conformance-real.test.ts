import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '@supportkb/sdk';
import type { RealServer } from '../scripts/real-server/index.mjs';
import { sharedRealServer } from './real-server-shared';
import { root } from './contract-helpers';

/**
 * `npm run conformance` against the real open-source server the contract describes
 * (`@tiledesk/tiledesk-server`, unmodified, from the npm registry), started on loopback by
 * `scripts/real-server/` with its in-memory MongoDB and Redis: every operation must conform.
 * The first run installs the server into build/real-server/ (about a minute).
 */
const exec = promisify(execFile);
let server: RealServer;

beforeAll(async () => {
  server = await sharedRealServer('conformance-real');
});
afterAll(async () => {
  await server?.stop();
});

describe('npm run conformance against the real server', () => {
  it('passes every operation', async () => {
    const args = ['--base-url', server.baseUrl, '--project', server.projectId, '--email', server.email, '--password', server.password, '--project-secret', server.projectSecret];
    const result = await exec(process.execPath, [join(root, 'scripts/conformance.mjs'), ...args], { cwd: root }).catch((error) => error);
    expect(result.stdout, result.stdout).toContain(`${Object.keys(operations).length} passed, 0 failed, 0 skipped`);
    expect(result.code ?? 0).toBe(0);
    // The risky behaviours of a default deployment, reported as warnings (which never fail the run).
    const warnings = result.stdout.split('\n').filter((line: string) => line.startsWith('warning: '));
    for (const risk of [
      'carry no expiry',
      'the default super password signs in',
      'admin@tiledesk.com / adminadmin',
      'an anonymous end user of another project passes',
      'lists ignore `sortField`',
      '`with_email=false` filters like `with_email=true`',
      'shares one secret',
    ]) {
      expect(warnings, result.stdout).toContainEqual(expect.stringContaining(risk));
    }
    expect(result.stdout).not.toContain(server.password);
    expect(result.stdout).not.toMatch(/\$2[aby]\$/); // no password hash
  });
});
