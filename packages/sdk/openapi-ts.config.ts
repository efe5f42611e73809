import { defineConfig } from '@hey-api/openapi-ts';

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
    postProcess: [],
  },
  plugins: [
    '@hey-api/client-ky',
    '@hey-api/typescript',
    'zod',
    // Plain functions, no validator baked in: zod stays out of the default import path.
    // Validation is opt-in through `@supportkb/sdk/zod`, which applies the generated schemas.
    '@hey-api/sdk',
  ],
});
