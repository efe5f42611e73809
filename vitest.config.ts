import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Pure unit-test files: no server, no child process, no MSW interception, no global stub, no
 * module state another file depends on. They share one worker thread without isolation (`isolate:
 * false`), so they pay for one worker start and one module graph instead of one each (vitest counted
 * 115 workers at about 271 ms each). A file that starts a server, patches a global or keeps state in a
 * module goes in `integration` instead.
 */
const UNIT = [
  'mocks/test/auth/roles.test.ts',
  'mocks/test/auth/tokens.test.ts',
  'mocks/test/http/body.test.ts',
  'mocks/test/http/query.test.ts',
  'mocks/test/http/results.test.ts',
  'mocks/test/http/validation.test.ts',
  'mocks/test/manifest.test.ts',
  'mocks/test/models.test.ts',
  'mocks/test/mongoose/cast.test.ts',
  'mocks/test/mongoose/differential.test.ts',
  'mocks/test/mongoose/filter.test.ts',
  'mocks/test/mongoose/query.test.ts',
  'mocks/test/mongoose/text.test.ts',
  'mocks/test/service/handlers.test.ts',
  'mocks/test/service/routes.test.ts',
  'mocks/test/state/factories.test.ts',
  'mocks/test/state/seed.test.ts',
  'mocks/test/state/storage.test.ts',
  'mocks/test/type-assertions.test.ts',
  'packages/mcp/test/tools.test.ts',
  'packages/sdk/test/api-promise.test.ts',
  'packages/sdk/test/describe.test.ts',
  'packages/sdk/test/events.test.ts',
  'packages/sdk/test/redact.test.ts',
  'packages/sdk/test/structure.test.ts',
  'packages/sdk/test/webhooks.test.ts',
  'test/contract-mutation.test.ts',
  'test/contributing.test.ts',
  'test/open-enums.test.ts',
  'test/operation-count.test.ts',
  'test/readme-roles.test.ts',
  'test/readme-sections.test.ts',
  'test/server-shapes.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one worker on CI's 2 cores, where most suites
    // wait on servers and browsers. Two workers there took vitest from 451 s to 303 s (same suites).
    maxWorkers: Math.max(2, availableParallelism()),
    // The default reporter, then the time of every test file, slowest first (test/reporters/file-durations.ts).
    reporters: ['default', './test/reporters/file-durations.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, pool: 'threads', isolate: false } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'mocks/test/**/*.test.ts', 'examples/*/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...UNIT],
          // Suites start servers and spawn generators: keep them in separate processes.
          pool: 'forks',
          // One real server for the files that only need a project on one (test/real-server-shared.ts), started at the first such file.
          globalSetup: ['./test/setup/real-server-broker.ts'],
        },
      },
    ],
  },
});
