import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Options } from 'tsup';

// zodValidation()'s code (zod/mini's parser and compiler, and each operation's schemas) is built on its
// own into dist/validation/ and loaded by dynamic `import()` on an operation's first validated call:
// `./zod` (`src/generated/zod-loaders.gen.ts`, `src/zod.ts`) imports `./zod-schemas/op.<id>.gen` and
// `./zod-check` (and `./release-check` and `./release-guard`, the per-release checks of `createClient({ serverVersion })`,
// loaded only by a client given one), which the entries' build leaves external as `./validation/<name>.js` (`.cjs`). It has
// its own copy of zod/mini's code: bundlers split code by file, and a file shared with `./zod` (whose
// public schemas import zod/mini statically) would load with `./zod`, before the first call.
const VALIDATION = 'validation';
const lazyValidation: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'lazy-validation',
  setup(build) {
    const extension = build.initialOptions.outExtension?.['.js'] ?? '.js';
    build.onResolve({ filter: /^\.\/(zod-schemas\/op\.\w+\.gen|zod-check|release-check|release-guard)$/ }, ({ path, kind }) =>
      kind === 'dynamic-import' ? { path: `./${VALIDATION}/${path.split('/').pop()}${extension}`, external: true } : undefined,
    );
  },
};
// What the SDK loads with a call, each a file of its own without imports, built on their own into dist/lazy/
// (which the entries' build leaves external as `./lazy/<name>.js`, `.cjs`): the operations manifest that
// `createClient` loads with its first call (`src/internal/lazy-operations.ts`), the route index that
// `createHttpClient`'s client loads with its first (`lazy-routes.ts`), what a failed call's error says
// (`failure.ts`) and, when logging is on, the logging (`logging-hooks.ts`, `logging.ts`). Their own copies
// of what they import (`operations`, the redaction, `callName`; no error class): a file the entries import
// too would share a chunk with them, which a bundler loads before the first call.
const LAZY = 'lazy';
const LAZY_MODULES: Record<string, string> = {
  operations: 'src/internal/lazy-operations.ts',
  routes: 'src/internal/lazy-routes.ts',
  failure: 'src/internal/failure.ts',
  'logging-hooks': 'src/internal/logging-hooks.ts',
  logging: 'src/internal/logging.ts',
};
const lazyModules: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'lazy-modules',
  setup(build) {
    const extension = build.initialOptions.outExtension?.['.js'] ?? '.js';
    build.onResolve({ filter: /^\.\/(internal\/)?(lazy-operations|lazy-routes|failure|logging-hooks|logging)$/ }, ({ path, kind }) =>
      kind === 'dynamic-import'
        ? {
            path: `./${LAZY}/${path
              .split('/')
              .pop()!
              .replace(/^lazy-/, '')}${extension}`,
            external: true,
          }
        : undefined,
    );
  },
};
// zod's compiler (`z.compile`'s code generation) loads after the first call: `src/zod-check.ts` imports
// `src/zod-compile.ts` dynamically on a schema's second check. esbuild places a file in the chunk of every
// entry that can reach it through imports, whether it uses it or not, and every zod/mini module reaches the
// compiler through zod's core index (`export * from "./compile.js"`, re-exported by zod/mini): the compiler
// would load with the first call's chunks. In the validation build, zod/mini's index and zod's core index
// therefore leave the compiler out, and `zod-compile.ts` imports it from its own module.
const zodCore = join(dirname(createRequire(import.meta.url).resolve('zod/v4/core')), '/');
const apart = (file: string, from: string, to: string) => {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`tsup.config.ts: ${file} no longer has ${from}; the compiler's chunk needs a new look`);
  return text.replace(from, to);
};
const compilerApart: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'compiler-apart',
  setup(build) {
    build.onResolve({ filter: /^zod\/v4\/core$/ }, ({ importer }) => (importer.endsWith('zod-compile.ts') ? { path: join(zodCore, 'compile.js') } : undefined));
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/](core[\\/]index|mini[\\/]external)\.js$/ }, ({ path }) => ({
      contents: path.endsWith('index.js')
        ? apart(path, 'export * from "./compile.js";', '')
        : apart(path, ' INVALID, toZod, compile, withParser, ZodCompileAsyncError, ZodCompileUnsupportedError,', ' toZod,'),
      resolveDir: dirname(path),
      loader: 'js',
    }));
  },
};
const operationModules = readdirSync(new URL('./src/generated/zod-schemas/', import.meta.url)).filter((file) => /^op\.\w+\.gen\.ts$/.test(file));

export default defineConfig([
  {
    entry: ['src/index.ts', 'src/zod.ts', 'src/webhooks.ts', 'src/manifest.ts', 'src/realtime.ts'],
    format: ['esm', 'cjs'],
    // Declarations without what is marked `@internal` (e.g. `CredentialStore.authorization`), which the
    // transport uses but applications must not (test/structure.test.ts checks the built .d.ts files).
    dts: { compilerOptions: { stripInternal: true } },
    // Shared chunks in CommonJS too (ESM splits by default): the entries then share one copy of each
    // module, `errors.ts` above all, so `instanceof` holds across entries in both formats
    // (test/error-identity.test.ts checks it on the packed package).
    splitting: true,
    sourcemap: false,
    // dist/validation/ and dist/lazy/ are the other builds' (below), which run at the same time.
    clean: ['!validation/**', '!lazy/**'],
    target: 'es2022',
    platform: 'neutral',
    treeshake: true,
    // zod's tree-shaken code is bundled into the `./zod` and `./webhooks` entries (zod 4 keeps its
    // configuration and registry on globalThis and checks instances by trait, so it works beside an
    // application's own zod): a cold start loads one file instead of zod/mini's ~150 modules, and
    // installing the SDK never pulls zod. zod stays an optional peer for the schemas' types.
    noExternal: ['zod'],
    esbuildPlugins: [lazyValidation, lazyModules],
  },
  {
    entry: LAZY_MODULES,
    outDir: `dist/${LAZY}`,
    format: ['esm', 'cjs'],
    // No shared chunk: each loads alone (the route index without the manifest, ...).
    splitting: false,
    sourcemap: false,
    clean: true,
    target: 'es2022',
    platform: 'neutral',
    treeshake: true,
  },
  {
    entry: {
      'zod-check': 'src/zod-check.ts',
      'release-check': 'src/release-check.ts',
      'release-guard': 'src/release-guard.ts',
      ...Object.fromEntries(operationModules.map((file) => [file.replace(/\.ts$/, ''), `src/generated/zod-schemas/${file}`])),
    },
    outDir: `dist/${VALIDATION}`,
    format: ['esm', 'cjs'],
    splitting: true,
    sourcemap: false,
    clean: true,
    target: 'es2022',
    platform: 'neutral',
    treeshake: true,
    noExternal: ['zod'],
    esbuildPlugins: [compilerApart],
  },
]);
