import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { dereferencedContract, operations, root } from './contract-helpers';
import { docsBuild } from './docs-build';

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

/**
 * Runs the `docs` script as written (after its Node preflight) in `cwd`, writing the page to `out`.
 * @returns the exit status and everything it printed.
 */
function runDocs(cwd: string, out: string) {
  const prefix = 'npm run preflight && ';
  const script = pkg.scripts.docs ?? '';
  expect(script.startsWith(prefix)).toBe(true);
  // The repository's own scripts, wherever the contract is (`cwd`).
  const command = script
    .slice(prefix.length)
    .replace('build/docs/index.html', out)
    .replace(/(^|\s)scripts\//g, `$1${root}scripts/`);
  expect(command).toContain(out);
  const run = spawnSync('sh', ['-c', command], { cwd, encoding: 'utf8', env: { ...process.env, PATH: `${join(root, 'node_modules/.bin')}${delimiter}${process.env.PATH}`, NO_COLOR: '1' } });
  return { status: run.status, output: run.stdout + run.stderr };
}

/** A scratch copy of the contract and its Redocly configuration, laid out as in the repository. */
function scratchContract(): string {
  const dir = mkdtempSync(join(tmpdir(), 'supportkb-docs-contract-'));
  cpSync(join(root, 'openapi'), join(dir, 'openapi'), { recursive: true, filter: (source) => !/openapi[\\/]dist$/.test(source) });
  for (const file of ['redocly.yaml', '.redocly.lint-ignore.yaml']) cpSync(join(root, file), join(dir, file));
  return dir;
}

it('`npm run docs` builds one self-contained Redoc page carrying every operation and the webhook', async () => {
  // The command itself, in the repository (test/docs-build.ts: once for the docs test files, reused while its inputs are unchanged).
  const { dir, output } = await docsBuild();
  expect(output).toContain('bundled successfully');
  expect(output).toMatch(/docs: the contract with its code samples \(x-codeSamples\) → .*openapi\.yaml/);
  const out = join(dir, 'index.html');
  const html = readFileSync(out, 'utf8');
  // Self-contained: Redoc is inlined, no script is loaded from a CDN.
  expect(html).not.toMatch(/<script[^>]+src=["']https?:/);
  expect(html).toContain('<script type="module">');
  expect(html.length).toBeGreaterThan(1_000_000);
  const doc = dereferencedContract();
  for (const { operation } of operations(doc)) expect(html, operation.operationId).toContain(`"operationId":"${operation.operationId}"`);
  expect(html).toContain('"message.create"');
  for (const tag of doc.tags) expect(html, tag.name).toContain(`"name":"${tag.name}"`);
  // The docs-only decoration (scripts/docs/redocly-plugin.mjs): samples, notes, links; and the changelog beside the page.
  for (const { operation } of operations(doc)) expect(html, operation.operationId).toContain(`**operationId** \`${operation.operationId}\``);
  expect(html.match(/"x-codeSamples":\[/g)).toHaveLength(operations(doc).length);
  expect(html.match(/summary>\\n\\nImplementation notes&#32;/g)).toHaveLength(operations(doc).length);
  expect(html).toContain('(changelog.html)');
  expect(readFileSync(join(dirname(out), 'changelog.html'), 'utf8')).toContain('<h1>Changelog</h1>');
  // Beside the page, the contract it shows, code samples included, for tools that import a contract; the page links it.
  const decorated = parse(readFileSync(join(dirname(out), 'openapi.yaml'), 'utf8'));
  expect(decorated.openapi).toMatch(/^3\.1\./);
  const samples = operations(decorated).map(({ operation }) => [operation.operationId, (operation['x-codeSamples'] as { label: string }[]).map((sample) => sample.label)]);
  expect(samples).toHaveLength(operations(doc).length);
  for (const [operationId, labels] of samples) expect(labels, operationId).toEqual(['TypeScript (SDK)', 'curl']);
  expect(html).toContain('(openapi.yaml)');
  // The releases of the server that have an element (x-since / x-until) open its description.
  const teammate = decorated.components.schemas.Teammate.properties;
  expect(teammate.roleType.description).toMatch(/^\*\*Since release 2\.18\.1\.\*\* /);
  expect(teammate.id_project.description).not.toContain('Since release');
  expect(html).toContain('**Since release 2.11.6.**');
  expect(html).toContain('**Up to release 2.11.5.**');
  // The guides are the page's own sidebar pages (trait tags, before the resource tags); openapi.yaml keeps them in info.description.
  const guides = [...String(dereferencedContract().info.description).matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
  for (const guide of guides) expect(html, guide).toContain(`"name":${JSON.stringify(guide)},"description":`);
  expect(html).toContain('"x-traitTag":true');
  expect(decorated.tags.map((tag: { name: string }) => tag.name)).toEqual(dereferencedContract().tags.map((tag: { name: string }) => tag.name));
  expect(decorated.info.description).toContain('\n## Pagination\n');
});

it('leaves the contract that `npm run bundle` writes, and the SDK reads, undecorated', () => {
  const bundled = readFileSync(join(root, 'openapi/dist/openapi.yaml'), 'utf8');
  expect(bundled).toContain('x-source-notes');
  expect(bundled).not.toMatch(/x-codeSamples|<details class="implementation-notes"|\*\*operationId\*\*/);
});

it('`npm run docs` fails, and writes no page, on a contract that lint finds an error in (an unresolved $ref)', () => {
  const dir = scratchContract();
  // The copy as it is passes the lint, the command's first step (the whole command on this contract is the test above).
  const lint = (pkg.scripts.docs ?? '').split(' && ').find((step) => step.startsWith('redocly lint '));
  expect(lint).toBeDefined();
  const intact = spawnSync('sh', ['-c', lint!], { cwd: dir, encoding: 'utf8', env: { ...process.env, PATH: `${join(root, 'node_modules/.bin')}${delimiter}${process.env.PATH}`, NO_COLOR: '1' } });
  expect(intact.status, intact.stdout + intact.stderr).toBe(0);
  const file = join(dir, 'openapi/paths/{project_id}_tags.yaml');
  const text = readFileSync(file, 'utf8');
  expect(text).toContain('../components/schemas/Tag.yaml');
  writeFileSync(file, text.replace('../components/schemas/Tag.yaml', '../components/schemas/NoSuchSchema.yaml'));
  const broken = runDocs(dir, join(dir, 'broken.html'));
  expect(broken.status).not.toBe(0);
  expect(broken.output).toMatch(/Can't resolve \$ref|no-unresolved-refs/);
  expect(existsSync(join(dir, 'broken.html'))).toBe(false);
});

describe('what the docs page shows', () => {
  const doc = dereferencedContract();
  const guides = [...(doc.info.description as string).matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());

  it('has one sidebar entry per name: no guide heading repeats a tag name', () => {
    expect(guides.length).toBeGreaterThan(4);
    const tags = doc.tags.map((tag: { name: string }) => tag.name);
    expect(guides.filter((heading) => tags.includes(heading))).toEqual([]);
    expect(new Set(guides).size).toBe(guides.length);
    // What tag descriptions and the README call the guides exists.
    for (const text of doc.tags.map((tag: { description: string }) => tag.description)) {
      for (const [, name] of text.replace(/\s+/g, ' ').matchAll(/See "([^"]+)" above/g)) expect(guides, name).toContain(name);
    }
  });

  it('gives server descriptions as plain text (Redoc renders no markdown there)', () => {
    for (const server of doc.servers) expect(server.description, server.url).not.toMatch(/[`*_[\]<>#]/);
  });

  it('states the minimum role of each resource group in its tag description, as its operations require it', () => {
    const roles = new Map<string, Set<string>>();
    for (const { operation } of operations(doc)) {
      for (const tag of operation.tags) roles.set(tag, (roles.get(tag) ?? new Set()).add(operation['x-min-role']));
    }
    for (const tag of doc.tags as { name: string; description: string }[]) {
      const expected = roles.get(tag.name);
      if (!expected) continue; // Webhooks: deliveries, no operation
      const sentence = /Minimum role:([^.]*)\./.exec(tag.description.replace(/\s+/g, ' '))?.[1];
      expect(sentence, tag.name).toBeDefined();
      const stated = new Set([...sentence!.matchAll(/\*\*(\w+)\*\*/g)].map((m) => m[1]!));
      if (/\bnone\b/.test(sentence!)) stated.add('none');
      expect([...stated].sort(), tag.name).toEqual([...expected].sort());
    }
  });
});
