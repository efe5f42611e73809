// Makes hey-api's zod schemas build on first use instead of at import. Run by generate-operations.mjs
// after hey-api; hey-api's code is kept, only moved and wrapped. From hey-api's zod.gen.ts
//
//   /** A tag. */
//   export const zTag = z.object({ _id: zObjectId, ... });
//
// it writes zod-builders.gen.ts, one memoised builder per schema, each reference to another schema
// becoming a call to that schema's builder:
//
//   export const zTag = /* @__PURE__ */ lazy(() => z.object({ _id: zObjectId(), ... }));
//
// (and `z.email()` becomes `z.email({ pattern: <the HTML5 pattern> })`, see below),
// and rewrites zod.gen.ts, the public module, to zod's own lazy schema over that builder:
//
//   /** A tag. */
//   export const zTag = /* @__PURE__ */ z.lazy(builders.zTag);
//
// A builder's first call builds its schema (and, through the calls in its body, the schemas it
// references, each once), later calls return the same instance. The public `zTag` stays a zod/mini
// schema (parse it, infer its type); it calls the builder on its first parse. operation-schemas.gen.ts,
// which hey-api writes (operation-schemas-plugin.mjs), imports the same names from zod-builders.gen.ts
// instead of zod.gen.ts, so its accessors are the builders themselves: validation reaches the built
// schemas without a `z.lazy` detour, and a bundle of `zodValidation()` carries no wrapper. Importing
// either module builds no schema, and a bundler drops whatever nothing uses (`@__PURE__`).
// The sources are parsed with the TypeScript compiler, so only real references are rewritten, never
// text inside strings, regular expressions or property names; anything this transform does not
// understand (a type annotation, a `typeof` of a schema, a shorthand property) stops the generation.
import ts from 'typescript';

const BUILDERS = 'zod-builders.gen';
const MARKER = `// Post-processed by packages/sdk/scripts/lazy-zod.mjs: each schema is a z.lazy over its builder in ./${BUILDERS}.ts.`;
const HEADER = [
  '// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated',
  '// (zod.gen.ts): one memoised builder per schema. Do not edit.',
  '',
  "import * as z from 'zod/mini';",
  '',
  '/** Memoises `build`: the schema is built on the first call, and every later call returns that same instance. */',
  'const lazy = <T>(build: () => T): (() => T) => {',
  '    let schema: T | undefined;',
  '    return () => (schema ??= build());',
  '};',
];
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
 * Splits hey-api's zod.gen.ts and redirects operation-schemas.gen.ts (see the top of this file).
 * @param zod the text of hey-api's zod.gen.ts
 * @param table the text of operation-schemas.gen.ts, whose values name zod.gen.ts exports
 * @returns the new texts of zod.gen.ts, zod-builders.gen.ts and operation-schemas.gen.ts, and the
 *   names of the schemas; `builders` is undefined when `zod` was already rewritten (then nothing changes).
 * @throws Error when a file has a construct the rewrite does not handle.
 */
export function lazyZod({ zod, table }) {
  const tableCode = redirectTable(table);
  const file = parse('zod.gen.ts', zod);
  if (zod.includes(MARKER)) {
    const names = file.statements.filter((s) => ts.isVariableStatement(s) && isExported(s)).map((s) => s.declarationList.declarations[0].name.text);
    return { zod, builders: undefined, table: tableCode, names };
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

  // `z.email()` calls: zod's default pattern refuses addresses the contract's `format: email` (and the
  // server's validator) accept, such as `o'brien+x@example.org` or `!#$@example.org`; the HTML5
  // pattern (what browsers accept in `<input type=email>`) is the one that agrees with them. It is
  // written as a literal: `z.regexes.html5Email` would bring every zod pattern into a bundle.
  const emails = (node, found = []) => {
    if (ts.isCallExpression(node) && node.arguments.length === 0 && ts.isPropertyAccessExpression(node.expression) && ts.isIdentifier(node.expression.expression) && node.expression.expression.text === 'z' && node.expression.name.text === 'email') found.push(node);
    ts.forEachChild(node, (child) => void emails(child, found));
    return found;
  };

  const builders = [...HEADER];
  const edits = [];
  for (const declaration of declarations) {
    const init = declaration.initializer;
    const start = init.getStart(file);
    const body = applyEdits(
      zod.slice(start, init.end),
      [
        ...references(init).map((id) => [id.getStart(file) - start, id.end - start, `${id.text}()`]),
        ...emails(init).map((call) => [call.getStart(file) - start, call.end - start, `z.email({ pattern: ${HTML5_EMAIL} })`]),
      ],
    );
    builders.push('', `export const ${declaration.name.text} = /* @__PURE__ */ lazy(() => ${body});`);
    edits.push([start, init.end, `/* @__PURE__ */ z.lazy(builders.${declaration.name.text})`]);
  }
  builders.push('');
  const zodImport = file.statements.find((s) => ts.isImportDeclaration(s));
  edits.push([zodImport.end, zodImport.end, `\nimport * as builders from './${BUILDERS}';\n\n${MARKER}`]);
  return { zod: applyEdits(zod, edits), builders: builders.join('\n'), table: tableCode, names: [...names] };
}

/** operation-schemas.gen.ts with its import of './zod.gen' taken from './zod-builders.gen' instead (same names). */
function redirectTable(table) {
  const file = parse('operation-schemas.gen.ts', table);
  const imports = file.statements.filter((s) => ts.isImportDeclaration(s) && ['./zod.gen', `./${BUILDERS}`].includes(s.moduleSpecifier.text));
  if (imports.length !== 1 || imports[0].importClause?.isTypeOnly) throw new Error('lazy-zod: operation-schemas.gen.ts must have one value import of ./zod.gen');
  const specifier = imports[0].moduleSpecifier;
  return applyEdits(table, [[specifier.getStart(file), specifier.end, `'./${BUILDERS}'`]]);
}
