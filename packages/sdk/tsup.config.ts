import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/zod.ts', 'src/webhooks.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
  // zod's tree-shaken code is bundled into the `./zod` and `./webhooks` entries (zod 4 keeps its
  // configuration and registry on globalThis and checks instances by trait, so it works beside an
  // application's own zod): a cold start loads one file instead of zod/mini's ~150 modules, and
  // installing the SDK never pulls zod. zod stays an optional peer for the schemas' types.
  noExternal: ['zod'],
});
