import { fileURLToPath } from 'node:url';
import { defineConfig } from '@hey-api/openapi-ts';
import { operationSchemasPlugin } from './scripts/operation-schemas-plugin.mjs';
import { zodNumberResolver, zodObjectResolver, zodStringResolver } from './scripts/zod-resolvers.mjs';

/**
 * Code generation for @supportkb/sdk. Reads the bundled contract (`npm run bundle` writes
 * openapi/dist/openapi.yaml; hey-api mis-generates from split files) and writes
 * src/generated/, which is committed and never edited by hand.
 * `SUPPORTKB_GENERATE_INPUT` / `SUPPORTKB_GENERATE_OUTPUT` let the no-diff test regenerate into a scratch folder.
 */
export default defineConfig({
  input: process.env.SUPPORTKB_GENERATE_INPUT ?? '../../openapi/dist/openapi.yaml',
  output: {
    path: process.env.SUPPORTKB_GENERATE_OUTPUT ?? 'src/generated',
    // After hey-api writes its files: each zod schema built on first use, in modules by the operations
    // that use them, which `zodValidation()` imports on an operation's first validated call
    // (scripts/lazy-zod.mjs; generate-operations.mjs's own call then finds it done).
    postProcess: [{ name: 'lazy-zod', command: process.execPath, args: [fileURLToPath(new URL('./scripts/lazy-zod.mjs', import.meta.url)), '{{path}}'] }],
  },
  plugins: [
    '@hey-api/client-ky',
    '@hey-api/typescript',
    // zod/mini: zod's tree-shakable build, so a bundle carries only the checks its schemas use.
    // `output.postProcess` then makes each schema build on its first use (scripts/lazy-zod.mjs).
    // The resolvers add what the plugin leaves out (`propertyNames`, `minProperties`, `format: regex`)
    // and drop integer bounds `z.int()` already checks (scripts/zod-resolvers.mjs).
    { name: 'zod', compatibilityVersion: 'mini', '~resolvers': { number: zodNumberResolver, object: zodObjectResolver, string: zodStringResolver } },
    // Plain functions, no validator baked in: zod stays out of the default import path.
    // Validation is opt-in through `@supportkb/sdk/zod`, which applies the generated schemas.
    // `client: false`: no default client instance, so a function needs the `client` of
    // `createHttpClient()` (the SDK's transport) and hey-api's runtime client is in no bundle.
    { name: '@hey-api/sdk', client: false },
    // operation-schemas.gen.ts: each operation's request and response schemas, as hey-api's zod
    // plugin registered them (no name is rebuilt from the operationId).
    operationSchemasPlugin(),
  ],
});
