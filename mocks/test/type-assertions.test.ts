/**
 * The mock's compile-time body check holds: no anonymous type assertion in `mocks/src` (`as never`,
 * `as any`, `as unknown as`, nor their `<never>x` forms), which would switch off the check that
 * `satisfies HandlerTable` makes of every handler's 200 body. The named exits, each documented where
 * it is defined, are counted: a new call is a reviewed change of the numbers below.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => {
  const text = readFileSync(path, 'utf8');
  return { name: relative(SRC, path).replaceAll('\\', '/'), source: ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true) };
});

/** Every node of `source` that `test` accepts, as `file:line: text`. */
function findNodes(source: ts.SourceFile, name: string, test: (node: ts.Node) => boolean): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (test(node)) found.push(`${name}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().slice(0, 80)}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const isAssertion = (node: ts.Node): node is ts.AsExpression | ts.TypeAssertion => ts.isAsExpression(node) || ts.isTypeAssertionExpression(node);

/** `x as never`, `x as any`, `x as unknown as T` (and the angle-bracket forms). */
function isAnonymous(node: ts.Node): boolean {
  if (!isAssertion(node)) return false;
  if (node.type.kind === ts.SyntaxKind.NeverKeyword || node.type.kind === ts.SyntaxKind.AnyKeyword) return true;
  const inner = ts.isParenthesizedExpression(node.expression) ? node.expression.expression : node.expression;
  return isAssertion(inner) && inner.type.kind === ts.SyntaxKind.UnknownKeyword;
}

/** Calls of `name` (not its definition). */
const callsOf = (name: string) =>
  files.flatMap(({ name: file, source }) => findNodes(source, file, (node) => ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name));

describe('type assertions in mocks/src', () => {
  it('reads the sources', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.map((f) => f.name)).toContain('service/handlers.ts');
  });

  it('has no anonymous type assertion (as never, as any, as unknown as)', () => {
    const found = files.flatMap(({ name, source }) => findNodes(source, name, isAnonymous));
    expect(found).toEqual([]);
  });

  it('recognises the forms it forbids', () => {
    const sample = ts.createSourceFile('sample.ts', 'const a = b as never; const c = d as any; const e = (f as unknown) as G; const h = <never>i; const j = k as L;', ts.ScriptTarget.Latest, true);
    expect(findNodes(sample, 'sample.ts', isAnonymous)).toHaveLength(4);
  });

  // Each call is a place where the mock answers what the real server sends beyond the contract's
  // type (../src/http/beyond-contract.ts), or where the engine types a document its model built
  // (../src/mongoose/stored.ts). Raise a number only with a call that says why.
  it.each([
    ['beyondContract', 9],
    ['withUndocumented', 2],
    ['storedAs', 8],
  ])('calls %s in %i places', (name, count) => {
    expect(callsOf(name)).toHaveLength(count);
  });
});
