/**
 * The READMEs npm shows, as npm users get them. `scripts/release-check.mjs --only readme` packs
 * @supportkb/sdk, @supportkb/mocks and @supportkb/mcp, installs the tarballs into a scratch project
 * outside the repository (with `typescript` and `@types/node`, as a TypeScript user has them; the
 * tarballs and the install are made once per build and shared with test/release-check.test.ts's run,
 * scripts/release-check/cache.mjs), and runs every code
 * block of each README as shipped in its tarball: TypeScript type-checked (strict) and run, JavaScript
 * run, `node --test` blocks as tests, browser blocks bundled, `npm install` lines checked against the
 * packages and their peers, `npx` commands run (servers answer, then stop). Blocks calling
 * `http://127.0.0.1:4010`, where `npx supportkb-mock` serves, get a fresh stateful mock of the
 * installed package on a free port instead, and each `// → text` a line ends with must be printed.
 * The same run measures what installing the packages brings. Needs the built packages (`npm test`
 * builds them first).
 *
 * Besides, what a run cannot see: the links, the documented options and classes against the code,
 * and the roles table against the root README's (which test/readme-roles.test.ts checks against the
 * contract).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as sdk from '@supportkb/sdk';
import * as webhooks from '@supportkb/sdk/webhooks';
import { describe, expect, it } from 'vitest';
import { root } from './contract-helpers';

const readJson = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));
const packages = [
  { dir: 'packages/sdk', manifest: readJson('packages/sdk/package.json'), readme: readFileSync(join(root, 'packages/sdk/README.md'), 'utf8') },
  { dir: 'mocks', manifest: readJson('mocks/package.json'), readme: readFileSync(join(root, 'mocks/README.md'), 'utf8') },
];
/** A README's text for users: all of it but a closing "Developing this package" section for contributors. */
const forUsers = (readme: string) => readme.split('\n## Developing this package')[0]!;

describe('the package READMEs, run against the packed tarballs', () => {
  // The snippets' tsc may take up to 180 s on a busy machine: within vitest's default limit, a guard against a hang only.
  it('run every snippet of the package READMEs in a scratch project; installing the mocks pulls no Prism and no install script', () => {
    const run = spawnSync(process.execPath, [join(root, 'scripts/release-check.mjs'), '--only', 'readme'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, FORCE_COLOR: '0' },
      maxBuffer: 64 * 1024 * 1024,
    });
    const out = `${run.stdout}${run.stderr}`;
    expect(run.status, out).toBe(0);
    for (const name of ['@supportkb/sdk', '@supportkb/mocks', '@supportkb/mcp']) {
      const section = out.slice(out.indexOf(`\n${name}@`));
      expect(section, out).toMatch(/^\n\S+ {2}\S+\.tgz: .*\n {2}✓ readme +\d+ ms {2}\d+ snippets: /);
    }
    // The TypeScript snippets were type-checked, the mock served, Prism was missing and said how to install it.
    expect(out).toMatch(/@supportkb\/sdk@[\s\S]*✓ readme .* \d+ ts type-checked \(tsc strict\)/);
    expect(out).toContain('supportkb-mock served http://127.0.0.1:<port>');
    expect(out).toContain('supportkb-prism without @stoplight/prism-cli (an optional peer): says `npm install --save-dev @stoplight/prism-cli@5`');
    // What installing brings (before: 263 packages, 75 MB of files, one install script: @scarf/scarf's).
    const footprint =
      /installing brings @supportkb\/sdk (\d+) packages, ([\d.]+) MB; @supportkb\/mocks (\d+) packages, ([\d.]+) MB; @supportkb\/mcp (\d+) packages, ([\d.]+) MB; together \d+ packages, [\d.]+ MB; none with an install script/.exec(
        out,
      );
    expect(footprint, out).not.toBeNull();
    const [, sdkPackages, sdkMB, mocksPackages, mocksMB, mcpPackages, mcpMB] = footprint!.map(Number);
    expect(sdkPackages, 'the SDK and its two dependencies (ky, jose)').toBeLessThanOrEqual(3);
    expect(sdkMB).toBeLessThan(10);
    expect(mocksPackages, 'the mocks without Prism').toBeLessThan(100);
    expect(mocksMB).toBeLessThan(45);
    expect(mcpPackages, 'the MCP server: the mocks (its embedded target) and the MCP SDK').toBeLessThan(110);
    expect(mcpMB).toBeLessThan(60);
  });
});

describe('the package READMEs, read', () => {
  it('link to the repository the manifests name, and the manifests say where to report bugs', () => {
    for (const { dir, manifest, readme } of packages) {
      const repository = String(manifest.repository?.url)
        .replace(/^git\+/, '')
        .replace(/\.git$/, '');
      expect(repository, `${dir}: repository.url`).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/);
      expect(manifest.repository.directory, dir).toBe(dir);
      expect(manifest.homepage, dir).toBe(`${repository}/tree/main/${dir}#readme`);
      expect(manifest.bugs, dir).toBe(`${repository}/issues`);
      const links = [...readme.matchAll(/\]\((https:\/\/github\.com\/[^)\s]+)\)/g)].map((m) => m[1]!);
      expect(links.length, `${dir}: links to the repository`).toBeGreaterThan(0);
      for (const link of links) expect(link, dir).toMatch(new RegExp(`^${repository.replace(/[.]/g, '\\.')}(/|#|$)`));
      // Relative links break on npm: only absolute ones and anchors.
      expect(
        [...readme.matchAll(/\]\(([^)#\s][^)\s]*)\)/g)].map((m) => m[1]!).filter((href) => !/^https?:\/\//.test(href)),
        dir,
      ).toEqual([]);
    }
  });

  it('tell users outside the repository nothing that works only inside it', () => {
    for (const { dir, readme } of packages) {
      const text = forUsers(readme);
      expect(text, dir).not.toMatch(/\bnpm run [\w:-]+|\bnpx node\b|from 'jose'|jwtVerify/);
      expect(text, dir).not.toMatch(/\]\((?:\.\.?\/|mocks\/|packages\/|test\/|scripts\/)/);
    }
  });

  it('name every error class the SDK throws, and every option of verifyWebhook', () => {
    const readme = packages[0]!.readme;
    const classes = Object.entries({ ...sdk, ...webhooks })
      .filter(([, value]) => typeof value === 'function' && (value as { prototype?: unknown }).prototype instanceof Error)
      .map(([name]) => name);
    expect(classes).toEqual(expect.arrayContaining(['APIError', 'NotFoundError', 'ValidationError', 'WebhookVerificationError']));
    expect(readme).toContain('`SupportKbError`'); // the base class, in the prose
    for (const name of classes.filter((c) => c !== 'SupportKbError')) expect(readme, name).toContain(`| \`${name}\``); // a row of the table
    const source = readFileSync(join(root, 'packages/sdk/src/webhooks.ts'), 'utf8');
    const body = /export interface VerifyWebhookOptions \{([\s\S]*?)\n\}/.exec(source)![1]!;
    const options = [...body.matchAll(/^ {2}(?:readonly )?(\w+)\??:/gm)].map((m) => m[1]!);
    expect(options).toEqual(expect.arrayContaining(['secret', 'subscriptionId', 'event', 'replay', 'maxBodyBytes', 'tolerance', 'requireToken', 'now']));
    const table = readme.slice(readme.indexOf('| option | default | what |'));
    for (const option of options) expect(table, option).toContain(`| \`${option}\` |`);
  });

  it('state the roles of the SDK exactly as the root README (checked against the contract) does', () => {
    const table = (text: string) => /\| resource group \(client\) \| minimum role \|\n\|---\|---\|\n((?:\|.*\|\n)+)/.exec(text)?.[1];
    const rootTable = table(readFileSync(join(root, 'README.md'), 'utf8'));
    expect(rootTable).toBeDefined();
    expect(table(packages[0]!.readme)).toBe(rootTable);
  });
});
