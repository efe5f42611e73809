import { defineConfig } from 'tsup';

// ESM + CJS with declarations, as @supportkb/sdk. The derived contract (src/generated/contract.gen.json,
// written by scripts/derive-contract.mjs just before) is bundled in; the SDKs, the mocks and MSW stay
// dependencies (the mocks load only for the embedded mock, by dynamic import).
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  splitting: true,
  sourcemap: false,
  clean: true,
  target: 'es2022',
  platform: 'node',
  treeshake: true,
});
