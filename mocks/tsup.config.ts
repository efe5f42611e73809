import { defineConfig } from 'tsup';

// One ESM build. The core (`.`, `./browser`) is platform neutral: it imports no Node built-in at load
// time (`startMock`/`startPrismMock` load their Node-only modules lazily). `./node`, `./server` and
// `./prism` are for Node. Dependencies and `node:*` stay external.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    node: 'src/node.ts',
    browser: 'src/browser.ts',
    server: 'src/server.ts',
    prism: 'src/prism.ts',
    record: 'src/record/index.ts',
    // The runtime check (src/runtime.ts) is its own file, imported by every entry as `./runtime.js`
    // and listed in `sideEffects`, so app bundlers keep it (a shared chunk would be tree-shaken).
    runtime: 'src/runtime.ts',
  },
  format: ['esm'],
  dts: true,
  sourcemap: false,
  clean: true,
  splitting: true,
  target: 'es2022',
  platform: 'neutral',
  external: [/^node:/, 'msw', /^msw\//, 'jose', 'zod', /^zod\//, '@supportkb/sdk', /^@supportkb\/sdk\//, '@stoplight/prism-cli', 'ws'],
  treeshake: true,
  esbuildPlugins: [
    {
      name: 'runtime-check-stays-a-file',
      setup(build) {
        build.onResolve({ filter: /^\.\/runtime$/ }, () => ({ path: './runtime.js', external: true }));
      },
    },
  ],
});
