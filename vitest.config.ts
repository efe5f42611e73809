import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'mocks/test/**/*.test.ts', 'examples/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Suites start servers and spawn generators: keep them in separate processes.
    pool: 'forks',
  },
});
