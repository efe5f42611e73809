import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as sdk from '@supportkb/sdk';
import { respondWith } from '@supportkb/mocks';
import { startHttpMock, type HttpMock } from '@supportkb/mocks/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIMES, expectedVersions, readmeProblems, readmeRows } from '../scripts/runtimes/matrix.mjs';
import { roundTrip, UNKNOWN_TAG_ID } from '../scripts/runtimes/programs/round-trip.mjs';
import { root } from './contract-helpers';

/**
 * The runtime matrix (`npm run test:runtimes`, scripts/runtimes/) is not part of `npm test`: it
 * installs Bun, Deno, workerd and Node 22 and drives two browsers. What `npm test` checks here: the
 * README table lists every runtime of the matrix with the pinned versions, the pins are exact and
 * match the lockfile, CI runs the matrix after `npm test`, and the round trip every runtime runs
 * passes against the stateful mock on Node and fails when an answer is not what it checks.
 */
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const readJson = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));

describe('the runtime matrix', () => {
  it('is listed in the README table with the pinned versions, the browsers by major version', () => {
    expect(readmeProblems(readme, expectedVersions())).toEqual([]);
    const rows = readmeRows(readme);
    expect(rows.map((row) => row.label)).toEqual(RUNTIMES.map((runtime) => runtime.label));
    for (const row of rows) expect(row.proves.length, row.label).toBeGreaterThan(0);
    const version = (label: string) => rows.find((row) => row.label === label)!.version;
    for (const browser of ['Chromium', 'Firefox ESR']) {
      expect(version(browser), browser).toMatch(/^\d+$/);
      expect(version(`${browser}, mock service worker`)).toBe(version(browser));
    }
  });

  it('reports a README table that differs from the versions tested', () => {
    const bumped = { ...expectedVersions(), bun: '9.9.9', chromium: '999.0.1.2' };
    expect(readmeProblems(readme, bumped)).toEqual(['README runtimes table: Bun says "1.4.5", tested "9.9.9"', 'README runtimes table: Chromium says "156", tested "999"']);
    expect(readmeProblems(readme.replace('| Deno |', '| Deno 2 |'), expectedVersions())[0]).toMatch(/^README runtimes table lists \[.*Deno 2/);
    expect(readmeProblems('# no table', {})).toEqual(['README.md has no "## Runtimes" section']);
  });

  it('pins exact versions that the lockfile installs', () => {
    const pkg = readJson('scripts/runtimes/package.json');
    const lock = readJson('scripts/runtimes/package-lock.json');
    expect(lock.packages[''].dependencies).toEqual(pkg.dependencies);
    for (const [name, version] of Object.entries<string>(pkg.dependencies)) {
      expect(version, name).toMatch(/^\d+\.\d+\.\d+$/);
      expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(version);
    }
    expect(Object.keys(pkg.dependencies)).toEqual(expect.arrayContaining(['node', 'bun', 'deno', 'miniflare', 'puppeteer-core']));
    expect(pkg.dependencies.node).toMatch(/^22\./);
    expect(readJson('package.json').devDependencies.node).toMatch(/^24\./);
  });

  it('runs in CI after npm test, never inside it', () => {
    const pkg = readJson('package.json');
    expect(pkg.scripts['test:runtimes']).toBe('node scripts/preflight.mjs --run scripts/runtimes/run.mjs'); // builds only what is stale
    expect(pkg.scripts.test).not.toContain('runtimes');
    const ci = readFileSync(join(root, '.ci/run'), 'utf8');
    expect(ci).toMatch(/install_if_missing firefox-esr firefox-esr/);
    expect(ci.indexOf('npm run test:runtimes')).toBeGreaterThan(ci.indexOf('npm test'));
    // The .ci/run syntax is valid bash.
    execFileSync('bash', ['-n', join(root, '.ci/run')]);
  });
});

describe('the round trip every runtime runs (here on Node, with the built SDK)', () => {
  let mock: HttpMock;
  beforeAll(async () => {
    mock = await startHttpMock({ port: 0 });
  });
  afterAll(async () => {
    await mock.stop();
  });

  it('signs in, lists, creates and gets a typed NotFoundError', async () => {
    const result = await roundTrip(sdk, { baseUrl: mock.url, id: 'vitest' });
    expect(result).toMatchObject({ user: 'admin@acme-support.test', before: 2, after: 3, created: { tag: 'runtime-vitest' }, notFound: { name: 'NotFoundError', status: 404 } });
  });

  it('fails when the unknown tag is found, when the created tag is not listed, or when the tag already exists', async () => {
    const { projectId, members } = mock.service.seed;
    const timestamps = { createdAt: '2026-11-20T09:15:00.000Z', updatedAt: '2026-11-20T09:15:00.000Z', __v: 0 };
    mock.use(respondWith('getTag', { _id: UNKNOWN_TAG_ID, tag: 'ghost', id_project: projectId, createdBy: members.admin.userId, ...timestamps }));
    await expect(roundTrip(sdk, { baseUrl: mock.url, id: 'found' })).rejects.toThrow('round trip: the unknown tag was found: {"_id":"65f1a2b3c4d5e6f7080911ff","tag":"ghost"');
    mock.resetHandlers();
    mock.use(respondWith('createTag', { _id: '65f1a2b3c4d5e6f7080911fe', tag: 'runtime-unstored', id_project: projectId, createdBy: members.admin.userId, ...timestamps }));
    await expect(roundTrip(sdk, { baseUrl: mock.url, id: 'unstored' })).rejects.toThrow('round trip: runtime-unstored missing from the list after create');
    mock.resetHandlers();
    await expect(roundTrip(sdk, { baseUrl: mock.url, id: 'vitest' })).rejects.toThrow('round trip: runtime-vitest exists before it is created');
  });
});
