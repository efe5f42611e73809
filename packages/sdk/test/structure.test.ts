import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The SDK's structure: `src/` has no import cycle (TypeScript's own parser and module resolution read
 * the imports, type-only ones and re-exports included), what `src/internal/` holds stays internal, and
 * the built declarations (`dist/*.d.ts`, `dist/*.d.cts`, from `npm run build`) carry no member marked
 * `@internal` (tsup's declaration build runs with `stripInternal`) and still compile.
 */
const sdk = fileURLToPath(new URL('..', import.meta.url));
const src = join(sdk, 'src');
const dist = join(sdk, 'dist');
const name = (file: string) => relative(src, file).split('\\').join('/');

/** Every module of `src/` → the modules of `src/` it imports or re-exports from. */
function importGraph(): Map<string, string[]> {
  const files = (readdirSync(src, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts')).map((file) => join(src, file));
  const options: ts.CompilerOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    // preProcessFile lists every module specifier: imports (`import type` too), re-exports, import() and require.
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map(({ fileName }) => {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
      if (!resolved && fileName.startsWith('.')) throw new Error(`${name(file)}: cannot resolve ${fileName}`);
      return resolved;
    });
    graph.set(file, [...new Set(targets.filter((target): target is string => !!target && target.startsWith(src)))]);
  }
  return graph;
}

/** The import cycles of a graph: its strongly connected components of more than one module, or a module importing itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.map(name).sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('src/ imports', () => {
  const graph = importGraph();

  it('reads every module and its imports (the check below has something to check)', () => {
    const edges = (file: string) => (graph.get(join(src, file)) ?? []).map(name);
    expect(graph.size).toBeGreaterThan(20);
    expect(edges('client.ts')).toEqual(expect.arrayContaining(['internal/sign-in.ts', 'http.ts', 'types.ts']));
    expect(edges('internal/describe.ts')).toEqual(['types.ts']); // a type-only import counts
    // A planted cycle is found.
    expect(cycles(new Map([['/a', ['/b']], ['/b', ['/c']], ['/c', ['/a']], ['/d', ['/d']]]))).toHaveLength(2);
  });

  it('have no cycle through a hand-written module (shared types live in src/types.ts)', () => {
    const found = cycles(graph);
    expect(found.filter((cycle) => cycle.some((file) => !file.startsWith('generated/')))).toEqual([]);
    // hey-api's generated client has a type-only cycle of its own (never edited by hand); none other.
    expect(found.filter((cycle) => cycle.every((file) => file.startsWith('generated/client/')))).toEqual(found);
  });

  it('of src/internal/ stay internal: no module re-exports one, but index.ts its DEFAULT_MAX_RESPONSE_BYTES', () => {
    const internal = [...graph.keys()].map(name).filter((file) => file.startsWith('internal/'));
    expect(internal).toEqual(expect.arrayContaining(['internal/body.ts', 'internal/describe.ts', 'internal/redact.ts', 'internal/sign-in.ts', 'internal/transport.ts', 'internal/validation.ts']));
    const reexports = [...graph.keys()]
      .filter((file) => !name(file).startsWith('internal/') && !name(file).startsWith('generated/'))
      .flatMap((file) => (readFileSync(file, 'utf8').match(/^export [^;]*? from '\.\/internal\/[^']+';$/gm) ?? []).map((line) => `${name(file)}: ${line}`));
    expect(reexports).toEqual(["index.ts: export { DEFAULT_MAX_RESPONSE_BYTES } from './internal/body';"]);
  });
});

describe('the built declarations (npm run build)', () => {
  const files = existsSync(dist) ? readdirSync(dist).filter((file) => /\.d\.c?ts$/.test(file)) : [];

  it('exist, ESM and CommonJS', () => {
    expect(files, 'no dist/*.d.ts: run `npm run build -w @supportkb/sdk` first').toEqual(expect.arrayContaining(['index.d.ts', 'index.d.cts', 'zod.d.ts', 'zod.d.cts', 'webhooks.d.ts', 'webhooks.d.cts']));
  });

  it('carry no @internal member (stripInternal): CredentialStore has no authorization', () => {
    // The source marks it (so that this check means something), and the transport calls it.
    expect(readFileSync(join(src, 'auth.ts'), 'utf8')).toMatch(/@internal\s*\*\/\s*authorization\(scheme/);
    const marked = files.filter((file) => readFileSync(join(dist, file), 'utf8').includes('@internal'));
    expect(marked).toEqual([]);
    const store = files
      .map((file) => /declare class CredentialStore \{[\s\S]*?\n\}/.exec(readFileSync(join(dist, file), 'utf8'))?.[0])
      .filter((declaration): declaration is string => !!declaration);
    expect(store.length).toBeGreaterThanOrEqual(2); // one for ESM, one for CommonJS
    for (const declaration of store) {
      expect(declaration).toMatch(/\bset\(credentials/);
      expect(declaration).not.toMatch(/\bauthorization\b/);
    }
  });

  it('still compile (nothing public refers to a stripped declaration), and export what they did', () => {
    // The main and webhooks entries, ESM and CommonJS, with the chunks they share (zod's declarations,
    // which take seconds more to check, share the same chunks; the release check compiles every entry).
    const roots = ['index.d.ts', 'webhooks.d.ts', 'index.d.cts', 'webhooks.d.cts'].map((file) => join(dist, file));
    const program = ts.createProgram(roots, { strict: true, noEmit: true, skipLibCheck: false, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'], types: ['node'] });
    const ours = program
      .getSourceFiles()
      .filter((file) => file.fileName.startsWith(dist))
      .flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)])
      .map((diagnostic) => `${relative(dist, diagnostic.file!.fileName)}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
    expect(ours).toEqual([]);
    const checker = program.getTypeChecker();
    const exported = (file: string) => checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(join(dist, file))!)!).map((symbol) => symbol.name);
    for (const file of ['index.d.ts', 'index.d.cts']) {
      expect(exported(file)).toEqual(expect.arrayContaining(['createClient', 'CredentialStore', 'isAPIError', 'ErrorBodyOf', 'WebhookVerificationError', 'webhookEventsWithPayloadSchema', 'webhookEvents', 'ResponseOf', 'RequestContext']));
    }
    for (const file of ['webhooks.d.ts', 'webhooks.d.cts']) expect(exported(file)).toEqual(expect.arrayContaining(['verifyWebhook', 'WebhookVerificationError', 'WEBHOOK_EVENTS']));
  }, 240_000); // a guard against a hang: a TypeScript program over the declarations, seconds on an idle machine, 70 s at a load average of 35
});
