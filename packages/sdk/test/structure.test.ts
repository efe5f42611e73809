import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The SDK's structure: what `src/internal/` holds stays internal, and the built declarations
 * (`dist/*.d.ts`, `dist/*.d.cts`, from `npm run build`) carry no member marked `@internal` (tsup's
 * declaration build runs with `stripInternal`) and still compile. That `src/` has no import cycle and
 * that no other package imports `src/internal/` are dependency-cruiser's rules (`npm run lint:deps`,
 * .dependency-cruiser.cjs; test/dependency-rules.test.ts shows they catch a planted case).
 */
const sdk = fileURLToPath(new URL('..', import.meta.url));
const src = join(sdk, 'src');
const dist = join(sdk, 'dist');
const name = (file: string) => relative(src, file).split('\\').join('/');

describe('src/internal/', () => {
  const modules = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(src, file));

  it('stays internal: no module re-exports one, but index.ts its DEFAULT_MAX_RESPONSE_BYTES', () => {
    const internal = modules.map(name).filter((file) => file.startsWith('internal/'));
    expect(internal).toEqual(expect.arrayContaining(['internal/body.ts', 'internal/describe.ts', 'internal/redact.ts', 'internal/sign-in.ts', 'internal/transport.ts', 'internal/validation.ts']));
    const reexports = modules
      .filter((file) => !name(file).startsWith('internal/') && !name(file).startsWith('generated/'))
      .flatMap((file) => (readFileSync(file, 'utf8').match(/^export [^;]*? from '\.\/internal\/[^']+';$/gm) ?? []).map((line) => `${name(file)}: ${line}`));
    expect(reexports).toEqual(["index.ts: export { DEFAULT_MAX_RESPONSE_BYTES } from './internal/body';"]);
  });
});

describe('the built declarations (npm run build)', () => {
  const files = existsSync(dist) ? readdirSync(dist).filter((file) => /\.d\.c?ts$/.test(file)) : [];

  it('exist, ESM and CommonJS', () => {
    expect(files, 'no dist/*.d.ts: run `npm run build -w @supportkb/sdk` first').toEqual(
      expect.arrayContaining(['index.d.ts', 'index.d.cts', 'zod.d.ts', 'zod.d.cts', 'webhooks.d.ts', 'webhooks.d.cts']),
    );
  });

  it('carry no @internal member (stripInternal): CredentialStore has no authorization', () => {
    // The source marks it (so that this check means something), and the transport calls it.
    expect(readFileSync(join(src, 'auth.ts'), 'utf8')).toMatch(/@internal\s*\*\/\s*authorization\(scheme/);
    const marked = files.filter((file) => readFileSync(join(dist, file), 'utf8').includes('@internal'));
    expect(marked).toEqual([]);
    const store = files.map((file) => /declare class CredentialStore \{[\s\S]*?\n\}/.exec(readFileSync(join(dist, file), 'utf8'))?.[0]).filter((declaration): declaration is string => !!declaration);
    expect(store.length).toBeGreaterThanOrEqual(2); // one for ESM, one for CommonJS
    for (const declaration of store) {
      expect(declaration).toMatch(/\bset\(credentials/);
      expect(declaration).not.toMatch(/\bauthorization\b/);
    }
  });

  it('still compile (nothing public refers to a stripped declaration), and export what they did', () => {
    // The main, webhooks and realtime entries, ESM and CommonJS, with the chunks they share (zod's
    // declarations, which take seconds more to check, share the same chunks; the release check compiles
    // every entry).
    const roots = ['index', 'webhooks', 'realtime'].flatMap((entry) => [`${entry}.d.ts`, `${entry}.d.cts`]).map((file) => join(dist, file));
    const program = ts.createProgram(roots, {
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: ['node'],
    });
    const ours = program
      .getSourceFiles()
      .filter((file) => file.fileName.startsWith(dist))
      .flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)])
      .map((diagnostic) => `${relative(dist, diagnostic.file!.fileName)}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
    expect(ours).toEqual([]);
    const checker = program.getTypeChecker();
    const exported = (file: string) => checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(join(dist, file))!)!).map((symbol) => symbol.name);
    for (const file of ['index.d.ts', 'index.d.cts']) {
      expect(exported(file)).toEqual(
        expect.arrayContaining(['createClient', 'CredentialStore', 'isAPIError', 'ErrorBodyOf', 'WebhookVerificationError', 'webhookEventsWithPayloadSchema', 'ResponseOf', 'RequestContext']),
      );
    }
    for (const file of ['webhooks.d.ts', 'webhooks.d.cts']) expect(exported(file)).toEqual(expect.arrayContaining(['verifyWebhook', 'WebhookVerificationError', 'WEBHOOK_EVENTS']));
    for (const file of ['realtime.d.ts', 'realtime.d.cts'])
      expect(exported(file)).toEqual(expect.arrayContaining(['createRealtime', 'RealtimeError', 'realtimeTopics', 'topicAddress', 'RealtimeTopicTypes']));
  });
});

describe('what loads with a call (dist/lazy/, npm run build)', () => {
  const lazy = join(dist, 'lazy');
  const files = existsSync(lazy) ? readdirSync(lazy).sort() : [];
  const built = existsSync(dist) ? readdirSync(dist).filter((file) => /\.c?js$/.test(file)) : [];

  it('is a file per module, ESM and CommonJS, each importing nothing: a bundler keeps it out of the first chunk', () => {
    expect(files, 'no dist/lazy/: run `npm run build -w @supportkb/sdk` first').toEqual(
      ['failure', 'logging-hooks', 'logging', 'operations', 'routes'].flatMap((module) => [`${module}.cjs`, `${module}.js`]).sort(),
    );
    for (const file of files) expect(readFileSync(join(lazy, file), 'utf8'), file).not.toMatch(/\bimport\s*[{*'"(]|\bfrom\s*['"]|\brequire\(/);
  });

  it('is imported by the entries only dynamically (`import()`), never statically', () => {
    const importers = built.flatMap((file) => {
      const code = readFileSync(join(dist, file), 'utf8');
      return [...code.matchAll(/(import\(|from\s*|require\()\s*['"]\.\/lazy\/([\w-]+)\.c?js['"]/g)].map((m) => `${file}: ${m[1]!.startsWith('import(') ? 'import()' : 'static'} ${m[2]}`);
    });
    expect(importers.filter((line) => line.includes(' static '))).toEqual([]);
    expect(new Set(importers.map((line) => line.split(' ').pop()))).toEqual(new Set(['failure', 'logging-hooks', 'logging', 'operations', 'routes']));
  });
});
