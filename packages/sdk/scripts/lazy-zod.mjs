// @ts-nocheck -- BASELINE: 25 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Makes hey-api's zod schemas build on first use instead of at import, and puts each operation's
// schemas in modules of their own so that `zodValidation()` loads them with a dynamic `import()` on
// the operation's first validated call. hey-api's code is kept, only moved and wrapped.
//
// Run by hey-api itself, as the last step of its output (`output.postProcess` in openapi-ts.config.ts:
// `node scripts/lazy-zod.mjs <output folder>`), before generate-operations.mjs, whose own call of
// `lazyZod` then finds the files rewritten and changes nothing. From hey-api's zod.gen.ts
//
//   /** A tag. */
//   export const zTag = z.object({ _id: zObjectId, ... });
//
// it writes zod-builders.gen.ts, one memoised builder per schema, each reference to another schema
// becoming a call to that schema's builder:
//
//   export const zTag = /* @__PURE__ */ lazy(() => z.object({ _id: zObjectId(), ... }));
//
// (and `z.email()` becomes `z.email({ pattern: <the HTML5 pattern> })`, see below), and rewrites
// zod.gen.ts, the public module, to zod's own lazy schema over that builder:
//
//   /** A tag. */
//   export const zTag = /* @__PURE__ */ z.lazy(builders.zTag);
//
// `zodValidation()` does not use these: it loads an operation's schemas with a dynamic `import()` on
// the operation's first validated call, from their own copy of the builders, in the modules of
// zod-schemas/, by the operations that use them (through their path, query, body and 200 schemas,
// transitively):
//
// - zod-schemas/op.<operationId>.gen.ts: the schemas only that operation uses, and its parts as
//   `path`, `query`, `body` and `response` (re-exported when another module holds them);
// - zod-schemas/shared.<first schema>.gen.ts: the schemas that the same set of several operations
//   uses, one module per set, named after its first schema;
// - zod-schemas/lazy.gen.ts: the memoiser.
//
// A schema only ever refers to schemas used by at least the same operations, so the modules import
// each other without cycles; a bundler that splits code by dynamic import (esbuild, Rollup, webpack)
// puts an operation's module in a chunk of its own and the shared modules in chunks shared by exactly
// the operations that need them. zod-loaders.gen.ts maps every operationId to the dynamic `import()`
// of its module. The copies are what keeps those chunks out of what loads before the first call:
// bundlers split code by file, and assign every file that a loaded file imports (whatever it uses of
// it) to the chunk that loads first, so the modules of the public schemas, which the entry imports,
// must not be the ones the validator loads.
//
// A builder's first call builds its schema (and, through the calls in its body, the schemas it
// references, each once), later calls return the same instance. The public `zTag` stays a zod/mini
// schema (parse it, infer its type); it calls the builder on its first parse. operation-schemas.gen.ts,
// which hey-api writes (operation-schemas-plugin.mjs), imports the same names from zod-builders.gen.ts
// instead of zod.gen.ts, so its accessors are the builders themselves. Importing any of these modules
// builds no schema, and a bundler drops whatever nothing uses (`@__PURE__`).
// The sources are parsed with the TypeScript compiler, so only real references are rewritten, never
// text inside strings, regular expressions or property names; anything this transform does not
// understand (a type annotation, a `typeof` of a schema, a shorthand property) stops the generation.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const BUILDERS = 'zod-builders.gen';
const LOADERS = 'zod-loaders.gen';
const MODULES = 'zod-schemas';
const MARKER = `// Post-processed by packages/sdk/scripts/lazy-zod.mjs: each schema is a z.lazy over its builder in ./${BUILDERS}.ts.`;
const WRITTEN_BY = '// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated';
const MEMOISER = [
  '/** Memoises `build`: the schema is built on the first call, and every later call returns that same instance. */',
  'const lazy = <T>(build: () => T): (() => T) => {',
  '    let schema: T | undefined;',
  '    return () => (schema ??= build());',
  '};',
];
const HEADER = [`${WRITTEN_BY}`, '// (zod.gen.ts): one memoised builder per schema. Do not edit.', '', "import * as z from 'zod/mini';", '', ...MEMOISER];
const LAZY = [`${WRITTEN_BY} (zod.gen.ts). Do not edit.`, '', ...MEMOISER.map((line) => line.replace(/^const lazy/, 'export const lazy')), ''].join('\n');
/** The parts of an operation's entry in operation-schemas.gen.ts, in the order they are written. */
const PARTS = ['path', 'query', 'body', 'response'];
const ZOD_IMPORT = /^import \* as z from 'zod\/mini';$/m;
/** The valid e-mail address of the HTML Standard (section 4.10.5.1.5, `input type=email`), as a regular expression literal. */
const HTML5_EMAIL = String.raw`/^[a-zA-Z0-9.!#$%&'*+\/=?^_\`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/`;

const parse = (name, source) => ts.createSourceFile(name, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
const isExported = (statement) => statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** Applies `[start, end, text]` replacements (non-overlapping) to `source`. */
function applyEdits(source, edits) {
  let code = source;
  for (const [start, end, text] of [...edits].sort((a, b) => b[0] - a[0])) code = code.slice(0, start) + text + code.slice(end);
  return code;
}

/**
 * What {@link lazyZod} makes of hey-api's files.
 * @typedef {object} LazyZodFiles
 * @property {string} zod the new text of zod.gen.ts
 * @property {string | undefined} builders the text of zod-builders.gen.ts (every builder, re-exported);
 *   undefined when `zod` was already rewritten (then nothing changes)
 * @property {string} table the new text of operation-schemas.gen.ts
 * @property {string[]} names the names of the schemas zod.gen.ts exports
 * @property {Record<string, string> | undefined} files the other files to write, by path relative to
 *   the output folder: the builders' modules by operation (`zod-schemas/*.gen.ts`) and
 *   `zod-loaders.gen.ts`; undefined when `zod` was already rewritten
 */
/**
 * Splits hey-api's zod.gen.ts into memoised builders, in modules by the operations that use them,
 * and public `z.lazy` schemas over them, and takes operation-schemas.gen.ts's references from the
 * builders (see the top of this file).
 * @param {{ zod: string, table: string }} files `zod`: the text of hey-api's zod.gen.ts; `table`: the
 *   text of operation-schemas.gen.ts, whose values name zod.gen.ts exports
 * @returns {LazyZodFiles}
 * @throws Error when a file has a construct the rewrite does not handle.
 */
export function lazyZod({ zod, table }) {
  const tableCode = redirectTable(table);
  const file = parse('zod.gen.ts', zod);
  if (zod.includes(MARKER)) {
    const names = file.statements.filter((s) => ts.isVariableStatement(s) && isExported(s)).map((s) => s.declarationList.declarations[0].name.text);
    return { zod, builders: undefined, table: tableCode, names, files: undefined };
  }
  if (!ZOD_IMPORT.test(zod)) throw new Error("lazy-zod: expected hey-api's `import * as z from 'zod/mini'`");
  const declarations = [];
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement)) continue;
    if (!ts.isVariableStatement(statement) || !isExported(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) {
      throw new Error(`lazy-zod: unexpected statement: ${statement.getText().slice(0, 80)}`);
    }
    if (statement.declarationList.declarations.length !== 1) throw new Error('lazy-zod: one declaration per statement expected');
    const declaration = statement.declarationList.declarations[0];
    if (!ts.isIdentifier(declaration.name) || !declaration.initializer) throw new Error(`lazy-zod: unexpected declaration: ${declaration.getText().slice(0, 80)}`);
    if (declaration.type) throw new Error(`lazy-zod: ${declaration.name.text} has a type annotation (a recursive schema?), which this rewrite does not handle`);
    declarations.push(declaration);
  }
  const names = new Set(declarations.map((d) => d.name.text));
  const clash = (node) => (ts.isIdentifier(node) && ['lazy', 'builders'].includes(node.text) ? node.text : ts.forEachChild(node, clash));
  const clashing = clash(file);
  if (clashing) throw new Error(`lazy-zod: zod.gen.ts already uses the name ${clashing}, which the rewrite needs`);

  // References to other schemas of the file, in source order.
  const references = (node, found = []) => {
    if (ts.isIdentifier(node) && names.has(node.text)) {
      const parent = node.parent;
      if ((ts.isPropertyAssignment(parent) || ts.isPropertyAccessExpression(parent)) && parent.name === node) return found;
      if (ts.isShorthandPropertyAssignment(parent) || ts.isTypeQueryNode(parent)) throw new Error(`lazy-zod: unsupported use of ${node.text}: ${parent.getText().slice(0, 80)}`);
      found.push(node);
      return found;
    }
    ts.forEachChild(node, (child) => void references(child, found));
    return found;
  };
  // Whether the code uses the zod namespace `z` (so its module imports it).
  const usesZod = (node) => (ts.isIdentifier(node) && node.text === 'z' && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) || Boolean(ts.forEachChild(node, usesZod));

  // `z.email()` calls: zod's default pattern refuses addresses the contract's `format: email` (and the
  // server's validator) accept, such as `o'brien+x@example.org` or `!#$@example.org`; the HTML5
  // pattern (what browsers accept in `<input type=email>`) is the one that agrees with them. It is
  // written as a literal: `z.regexes.html5Email` would bring every zod pattern into a bundle.
  const emails = (node, found = []) => {
    if (
      ts.isCallExpression(node) &&
      node.arguments.length === 0 &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'z' &&
      node.expression.name.text === 'email'
    )
      found.push(node);
    ts.forEachChild(node, (child) => void emails(child, found));
    return found;
  };

  /** name → { code: the builder statement, deps: the schemas it refers to, zod: whether it uses `z` } */
  const schemas = new Map();
  const edits = [];
  for (const declaration of declarations) {
    const init = declaration.initializer;
    const start = init.getStart(file);
    const refs = references(init);
    const body = applyEdits(zod.slice(start, init.end), [
      ...refs.map((id) => [id.getStart(file) - start, id.end - start, `${id.text}()`]),
      ...emails(init).map((call) => [call.getStart(file) - start, call.end - start, `z.email({ pattern: ${HTML5_EMAIL} })`]),
    ]);
    const name = declaration.name.text;
    schemas.set(name, { code: `export const ${name} = /* @__PURE__ */ lazy(() => ${body});`, deps: [...new Set(refs.map((id) => id.text))].filter((d) => d !== name), zod: usesZod(init) });
    edits.push([start, init.end, `/* @__PURE__ */ z.lazy(builders.${name})`]);
  }
  const zodImport = file.statements.find((s) => ts.isImportDeclaration(s));
  edits.push([zodImport.end, zodImport.end, `\nimport * as builders from './${BUILDERS}';\n\n${MARKER}`]);

  const builders = [...HEADER, ...[...schemas.values()].flatMap(({ code }) => ['', code]), ''].join('\n');
  const modules = splitByOperation(schemas, operationParts(table, names));
  return { zod: applyEdits(zod, edits), builders, table: tableCode, names: [...names], files: moduleFiles(modules) };
}

/** operationId → { part: schema name } from the `operationSchemas` object of operation-schemas.gen.ts. */
function operationParts(table, names) {
  const file = parse('operation-schemas.gen.ts', table);
  const statement = file.statements.find((s) => ts.isVariableStatement(s) && s.declarationList.declarations[0]?.name.getText(file) === 'operationSchemas');
  const object = statement?.declarationList.declarations[0].initializer;
  if (!object || !ts.isObjectLiteralExpression(object)) throw new Error('lazy-zod: operation-schemas.gen.ts must declare `operationSchemas` as an object literal');
  const operations = new Map();
  for (const entry of object.properties) {
    if (!ts.isPropertyAssignment(entry) || !ts.isIdentifier(entry.name) || !ts.isObjectLiteralExpression(entry.initializer))
      throw new Error(`lazy-zod: unexpected entry of operationSchemas: ${entry.getText(file).slice(0, 80)}`);
    const parts = {};
    for (const part of entry.initializer.properties) {
      const key = part.name?.getText(file);
      if (!ts.isPropertyAssignment(part) || !PARTS.includes(key) || !ts.isIdentifier(part.initializer) || !names.has(part.initializer.text)) {
        throw new Error(`lazy-zod: unexpected part of operationSchemas.${entry.name.text}: ${part.getText(file).slice(0, 80)}`);
      }
      parts[key] = part.initializer.text;
    }
    operations.set(entry.name.text, parts);
  }
  return operations;
}

/**
 * The modules of zod-schemas/ (see the top of this file), in a stable order: for each, its file name,
 * its schemas (in the order of zod.gen.ts) and, for an operation's module, the operation and its parts.
 */
function splitByOperation(schemas, operations) {
  const users = new Map([...schemas.keys()].map((name) => [name, []]));
  for (const [operationId, parts] of operations) {
    const seen = new Set();
    const stack = Object.values(parts);
    while (stack.length) {
      const name = stack.pop();
      if (seen.has(name)) continue;
      seen.add(name);
      stack.push(...schemas.get(name).deps);
    }
    for (const name of seen) users.get(name).push(operationId);
  }
  const modules = new Map(); // key: the operations using its schemas
  for (const [name, using] of users) {
    if (!using.length) continue; // no operation's: only the public schemas have it (webhook payloads)
    const key = using.length === 1 ? `op:${using[0]}` : `shared:${using.join(',')}`;
    if (!modules.has(key)) modules.set(key, { file: using.length === 1 ? `op.${using[0]}.gen` : `shared.${name}.gen`, using, names: [] });
    modules.get(key).names.push(name);
  }
  for (const [operationId, parts] of operations) {
    const key = `op:${operationId}`;
    if (!modules.has(key)) modules.set(key, { file: `op.${operationId}.gen`, using: [operationId], names: [] });
    modules.get(key).operation = { operationId, parts };
  }
  const home = new Map();
  for (const module of modules.values()) for (const name of module.names) home.set(name, module.file);
  return { modules: [...modules.values()], schemas, home, operations };
}

/** The text of every module of zod-schemas/ and of zod-loaders.gen.ts, by path relative to the output folder. */
function moduleFiles({ modules, schemas, home, operations }) {
  const files = { [`${MODULES}/lazy.gen.ts`]: LAZY };
  for (const module of modules) {
    const imports = new Map(); // file → names
    const need = (name) => {
      const from = home.get(name);
      if (from !== module.file)
        imports.set(
          from,
          [...(imports.get(from) ?? []), name].filter((n, i, all) => all.indexOf(n) === i),
        );
    };
    for (const name of module.names) schemas.get(name).deps.forEach(need);
    const what = module.operation
      ? `// The zod/mini schemas of ${module.operation.operationId} that no other operation uses, and its parts as \`${Object.keys(module.operation.parts).join('`, `')}\`.`
      : `// zod/mini schemas used by ${module.using.length} operations: ${module.using.join(', ')}.`;
    const lines = [`${WRITTEN_BY}`, "// (zod.gen.ts): zodValidation()'s copy of them, by the operations that use them. Do not edit.", what, ''];
    if (module.names.some((name) => schemas.get(name).zod)) lines.push("import * as z from 'zod/mini';");
    if (module.names.length) lines.push("import { lazy } from './lazy.gen';");
    for (const [from, names] of [...imports].sort(([a], [b]) => a.localeCompare(b))) lines.push(`import { ${names.join(', ')} } from './${from}';`);
    for (const name of module.names) lines.push('', schemas.get(name).code);
    if (module.operation) {
      const local = [];
      const elsewhere = new Map();
      for (const part of PARTS) {
        const name = module.operation.parts[part];
        if (!name) continue;
        if (home.get(name) === module.file) local.push(`${name} as ${part}`);
        else elsewhere.set(home.get(name), [...(elsewhere.get(home.get(name)) ?? []), `${name} as ${part}`]);
      }
      lines.push('');
      if (local.length) lines.push(`export { ${local.join(', ')} };`);
      for (const [from, parts] of elsewhere) lines.push(`export { ${parts.join(', ')} } from './${from}';`);
    }
    lines.push('');
    files[`${MODULES}/${module.file}.ts`] = lines.join('\n');
  }
  const loaders = [
    `${WRITTEN_BY}`,
    "// (zod.gen.ts): where each operation's schemas are. Do not edit.",
    '',
    "import type { OperationId } from './operations.gen';",
    "import type { OperationSchemas } from './operation-schemas.gen';",
    '',
    '/**',
    " * Every operation's zod/mini schemas as a module of their own, imported on first use: `zodValidation()`",
    " * loads an operation's module on the operation's first validated call, so a bundler that splits code",
    ' * by dynamic import puts each in a chunk of its own, with the schemas several operations share in',
    ' * chunks of their own.',
    ' */',
    'export const operationSchemaModules: {',
    '    readonly [K in OperationId]: () => Promise<OperationSchemas>;',
    '} = {',
    ...[...operations.keys()].map((operationId) => `    ${operationId}: () => import('./${MODULES}/op.${operationId}.gen'),`),
    '};',
    '',
  ];
  files[`${LOADERS}.ts`] = loaders.join('\n');
  return files;
}

/** operation-schemas.gen.ts with its import of './zod.gen' taken from './zod-builders.gen' instead (same names). */
function redirectTable(table) {
  const file = parse('operation-schemas.gen.ts', table);
  const imports = file.statements.filter((s) => ts.isImportDeclaration(s) && ['./zod.gen', `./${BUILDERS}`].includes(s.moduleSpecifier.text));
  if (imports.length !== 1 || imports[0].importClause?.isTypeOnly) throw new Error('lazy-zod: operation-schemas.gen.ts must have one value import of ./zod.gen');
  const specifier = imports[0].moduleSpecifier;
  return applyEdits(table, [[specifier.getStart(file), specifier.end, `'./${BUILDERS}'`]]);
}

/**
 * Rewrites the zod files of hey-api's output folder `dir` in place (the `output.postProcess` step of
 * openapi-ts.config.ts); does nothing when they were already rewritten.
 * @param {string} dir
 * @returns {string} a one-line summary.
 */
export function lazyZodFolder(dir) {
  const paths = { zod: join(dir, 'zod.gen.ts'), builders: join(dir, `${BUILDERS}.ts`), table: join(dir, 'operation-schemas.gen.ts') };
  const out = lazyZod({ zod: readFileSync(paths.zod, 'utf8'), table: readFileSync(paths.table, 'utf8') });
  if (out.builders === undefined) return `lazy-zod: ${dir} already rewritten`;
  rmSync(join(dir, MODULES), { recursive: true, force: true });
  for (const part of ['zod', 'builders', 'table']) writeFileSync(paths[part], out[part]);
  for (const [path, text] of Object.entries(out.files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return `lazy-zod: ${out.names.length} schemas, each built on first use, in ${Object.keys(out.files).length - 2} modules by operation → ${join(dir, MODULES)}`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!process.argv[2]) {
    console.error('usage: node scripts/lazy-zod.mjs <hey-api output folder>');
    process.exit(2);
  }
  console.log(lazyZodFolder(resolve(process.argv[2])));
}
