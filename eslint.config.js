// ESLint (flat config): typescript-eslint's recommended rules on the TypeScript, ESLint's on the
// JavaScript (the .mjs scripts, bins and benches), no `any`, and a budget on type assertions.
//
// The budget: `@typescript-eslint/consistent-type-assertions` with `assertionStyle: 'never'` reports
// every `x as T` and `<T>x` (`as const` is not an assertion of a type and stays allowed). The
// assertions there are today are recorded, per file, in eslint-suppressions.json (ESLint's bulk
// suppressions): a file may not gain one, and when one goes the run fails until the count is
// lowered with `npm run lint -- --prune-suppressions`. So the count only goes down.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    'build/',
    'coverage/',
    // The contract's YAML and its bundles; its Redocly plugin (openapi/plugins/) is code and linted.
    'openapi/dist/',
    'openapi/released/',
    // hey-api's output, never edited by hand (npm run generate).
    'packages/sdk/src/generated/',
    // The real server's own code and stubs of its modules, installed and shaped as it needs.
    'scripts/real-server/stubs/',
    'scripts/real-server/server/',
    'test/fixtures/',
  ]),
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberately unused (a parameter kept for its position).
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // `try { process.kill(…) } catch {}`: best-effort clean-ups whose failure changes nothing.
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // Code that runs in a page (Playwright's evaluate callbacks, the docs console, test pages).
    files: ['scripts/docs/console/*.js', 'scripts/runtimes/programs/browser-*.mjs', 'scripts/runtimes/programs/mock-worker-page.mjs', 'mocks/test/fixtures/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // One program for every runtime: it asks which one it runs on.
    files: ['scripts/runtimes/programs/cli.mjs'],
    languageOptions: { globals: { Deno: 'readonly', Bun: 'readonly' } },
  },
  {
    files: ['**/*.{ts,mts,cts}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
]);
