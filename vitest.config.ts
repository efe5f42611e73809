import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'mocks/test/**/*.test.ts', 'examples/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Suites start servers and spawn generators: keep them in separate processes.
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one worker on CI's 2 cores, where most suites
    // wait on servers and browsers. Two workers there took vitest from 451 s to 303 s (same suites).
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
