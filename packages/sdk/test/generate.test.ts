import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { lazyZod } from '../scripts/lazy-zod.mjs';

const sdk = fileURLToPath(new URL('..', import.meta.url));
const root = join(sdk, '../..');

function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else out.set(relative(dir, full), readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

/** This file's scratch folder: the bundled contract (made once, by the first test that needs it) and the outputs. */
const scratch = mkdtempSync(join(tmpdir(), 'supportkb-generate-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let bundled = '';
/** The contract bundled by Redocly as `npm run bundle` bundles it (YAML), once for the file: each bundle is a Redocly process of seconds. */
function bundle(): string {
  if (bundled) return bundled;
  const file = join(scratch, 'openapi.yaml');
  execFileSync(process.execPath, [join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'bundle', join(root, 'openapi/openapi.yaml'), '--config', join(root, 'redocly.yaml'), '-o', file], {
    stdio: 'pipe',
  });
  return (bundled = file);
}

it('regenerating the SDK from the contract gives no diff with the committed src/generated', () => {
  const input = bundle();
  const output = join(scratch, 'generated');
  execFileSync(process.execPath, [join(root, 'node_modules/@hey-api/openapi-ts/bin/run.js'), '-f', 'openapi-ts.config.ts'], {
    cwd: sdk,
    stdio: 'pipe',
    env: { ...process.env, SUPPORTKB_GENERATE_INPUT: input, SUPPORTKB_GENERATE_OUTPUT: output },
  });
  execFileSync(process.execPath, ['scripts/generate-operations.mjs'], {
    cwd: sdk,
    stdio: 'pipe',
    env: { ...process.env, SUPPORTKB_GENERATE_INPUT: input, SUPPORTKB_GENERATE_OUTPUT: output },
  });
  execFileSync(process.execPath, ['scripts/generate-realtime.mjs'], { cwd: sdk, stdio: 'pipe', env: { ...process.env, SUPPORTKB_GENERATE_OUTPUT: output } });
  const fresh = files(output);
  const committed = files(join(sdk, 'src/generated'));
  expect([...committed.keys()].sort()).toEqual([...fresh.keys()].sort());
  const differing = [...fresh].filter(([name, text]) => committed.get(name) !== text).map(([name]) => name);
  expect(differing, 'regenerate with `npm run generate` and commit src/generated').toEqual([]);
});

describe('the query rules of the manifest (x-alias-of, x-false-is-true)', () => {
  /** The bundled contract, written into `dir` as JSON with `change` applied to it. */
  function contractWith(dir: string, change: (doc: any) => void): string {
    const file = join(dir, 'openapi.json');
    const doc = parse(readFileSync(bundle(), 'utf8'));
    change(doc);
    writeFileSync(file, JSON.stringify(doc));
    return file;
  }
  const parameter = (doc: any, path: string, name: string) => doc.paths[path].get.parameters.find((p: any) => p.name === name);
  /** What the generator prints when it refuses the contract (it writes nothing then). */
  function refusal(change: (doc: any) => void): string {
    const scratch = mkdtempSync(join(tmpdir(), 'supportkb-generate-'));
    const input = contractWith(scratch, change);
    try {
      execFileSync(process.execPath, ['scripts/generate-operations.mjs'], {
        cwd: sdk,
        stdio: 'pipe',
        env: { ...process.env, SUPPORTKB_GENERATE_INPUT: input, SUPPORTKB_GENERATE_OUTPUT: join(scratch, 'out') },
      });
    } catch (error) {
      return String((error as { stderr?: Buffer }).stderr);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    return 'generated';
  }

  it('the committed manifest has them where the contract marks them', () => {
    const manifest = readFileSync(join(sdk, 'src/generated/operations.gen.ts'), 'utf8');
    expect(manifest).toMatch(/listTags: \{.*"queryAliases":\{"sort":"sortField"\}/);
    expect(manifest).toMatch(/listLeads: \{.*"queryAliases":\{"sort":"sortField"\},"presenceFlags":\["with_email","with_fullname"\]/);
    expect(manifest).toMatch(/listKnowledgeBases: \{.*"presenceFlags":\["count"\]/);
    expect(manifest).not.toMatch(/listContents: \{.*queryAliases/);
  });

  it('refuses an alias of a parameter the operation does not have', () => {
    expect(refusal((doc) => (parameter(doc, '/{project_id}/tags', 'sort')['x-alias-of'] = 'sortBy'))).toContain('listTags: x-alias-of of sort must name another query parameter of the operation');
  });

  it('refuses x-false-is-true on a parameter that is not a boolean', () => {
    expect(refusal((doc) => (parameter(doc, '/{project_id}/leads', 'email')['x-false-is-true'] = true))).toContain('listLeads: x-false-is-true is for boolean query parameters; email is not one');
  });
});

describe('lazy-zod: hey-api zod schemas built on first use, in modules by operation', () => {
  const zod = [
    '// This file is auto-generated by @hey-api/openapi-ts',
    '',
    "import * as z from 'zod/mini';",
    '',
    '/** An id. */',
    'export const zId = z.string().check(z.regex(/zId$/));',
    '',
    "export const zTag = z.object({ zId: zId, name: z.literal('zId'), tags: z.array(zId) });",
    '',
    'export const zGetTagResponse = zTag;',
    '',
    'export const zListTagsQuery = z.object({ page: z.int() });',
    '',
    'export const zListTagsResponse = z.array(zTag);',
    '',
    'export const zHookPayload = z.object({ tag: zTag });',
    '',
  ].join('\n');
  const table = [
    '// This file is auto-generated by @hey-api/openapi-ts',
    '',
    "import { zGetTagResponse, zListTagsQuery, zListTagsResponse } from './zod.gen';",
    '',
    'export const operationSchemas = { getTag: { response: zGetTagResponse }, listTags: { query: zListTagsQuery, response: zListTagsResponse } };',
    '',
  ].join('\n');

  it('moves each schema into a memoised builder, references becoming calls, and keeps z<Name> as z.lazy over it', () => {
    const out = lazyZod({ zod, table });
    expect(out.names).toEqual(['zId', 'zTag', 'zGetTagResponse', 'zListTagsQuery', 'zListTagsResponse', 'zHookPayload']);
    const code = Object.values(out.files!).join('\n');
    expect(code).toContain('export const zId = /* @__PURE__ */ lazy(() => z.string().check(z.regex(/zId$/)));');
    expect(code).toContain("export const zTag = /* @__PURE__ */ lazy(() => z.object({ zId: zId(), name: z.literal('zId'), tags: z.array(zId()) }));");
    expect(code).toContain('export const zGetTagResponse = /* @__PURE__ */ lazy(() => zTag());');
    expect(out.zod).toContain("import * as builders from './zod-builders.gen';");
    expect(out.zod).toContain('/** An id. */\nexport const zId = /* @__PURE__ */ z.lazy(builders.zId);');
    expect(out.zod).toContain('export const zTag = /* @__PURE__ */ z.lazy(builders.zTag);');
    expect(out.table).toContain("import { zGetTagResponse, zListTagsQuery, zListTagsResponse } from './zod-builders.gen';");
  });

  it("puts zodValidation()'s copy of an operation's own schemas in its module, the ones the same operations share in one module per set, and maps each operation to its module", () => {
    const { files, builders } = lazyZod({ zod, table });
    expect(Object.keys(files!).sort()).toEqual([
      'zod-loaders.gen.ts',
      'zod-schemas/lazy.gen.ts',
      'zod-schemas/op.getTag.gen.ts',
      'zod-schemas/op.listTags.gen.ts',
      'zod-schemas/shared.zId.gen.ts', // zId and zTag: used by getTag and listTags; zHookPayload, used by no operation, has none
    ]);
    const getTag = files!['zod-schemas/op.getTag.gen.ts'];
    expect(getTag).not.toContain('import * as z'); // zTag() only
    expect(getTag).toContain("import { lazy } from './lazy.gen';\nimport { zTag } from './shared.zId.gen';");
    expect(getTag).toMatch(/export const zGetTagResponse = [^\n]+\n\nexport \{ zGetTagResponse as response \};\n$/);
    const listTags = files!['zod-schemas/op.listTags.gen.ts'];
    expect(listTags).toContain("import * as z from 'zod/mini';");
    expect(listTags).toContain('export { zListTagsQuery as query, zListTagsResponse as response };');
    const shared = files!['zod-schemas/shared.zId.gen.ts'];
    expect(shared).toContain('// zod/mini schemas used by 2 operations: getTag, listTags.');
    expect(shared).not.toMatch(/from '\.\/op\./); // shared modules never import an operation's module
    expect(files!['zod-loaders.gen.ts']).toContain("    getTag: () => import('./zod-schemas/op.getTag.gen'),\n    listTags: () => import('./zod-schemas/op.listTags.gen'),\n");
    // The public schemas keep their own builders, every one of them, in one module the copies never import.
    expect(builders).toContain('export const zHookPayload = /* @__PURE__ */ lazy(() => z.object({ tag: zTag() }));');
    expect(Object.values(files!).join('\n')).not.toContain('zod-builders.gen');
  });

  it("re-exports an operation's part from the module that holds it when other operations use it too", () => {
    const shared = table.replace('getTag: { response: zGetTagResponse }', 'getTag: { response: zListTagsResponse }');
    const { files } = lazyZod({ zod, table: shared.replace('zGetTagResponse, ', '') });
    expect(files!['zod-schemas/op.getTag.gen.ts']).toContain("export { zListTagsResponse as response } from './shared.zId.gen';");
    expect(files!['zod-schemas/op.listTags.gen.ts']).toContain("export { zListTagsQuery as query };\nexport { zListTagsResponse as response } from './shared.zId.gen';");
  });

  it('is idempotent, and refuses what it does not understand', () => {
    const once = lazyZod({ zod, table });
    expect(lazyZod({ zod: once.zod, table: once.table })).toEqual({ zod: once.zod, builders: undefined, table: once.table, names: once.names, files: undefined });
    expect(() => lazyZod({ zod: zod.replace('export const zId =', 'export const zId: z.ZodMiniString ='), table })).toThrow(/type annotation/);
    expect(() => lazyZod({ zod: zod.replace('zId: zId,', 'zId,'), table })).toThrow(/unsupported use of zId/);
    expect(() => lazyZod({ zod, table: table.replace("import { zGetTagResponse, zListTagsQuery, zListTagsResponse } from './zod.gen';", '') })).toThrow(/one value import of \.\/zod\.gen/);
    expect(() => lazyZod({ zod, table: table.replace('response: zGetTagResponse', 'response: zNowhere') })).toThrow(/unexpected part of operationSchemas\.getTag/);
  });
});
