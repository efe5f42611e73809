import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { TEST_TIMEOUT_MS } from './test/time-limits';

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
  'mocks/test/documents.test.ts',
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
  'mocks/test/server/socket.test.ts',
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

/**
 * Files that close every server and child process they start, and restore every global they patch
 * within their own hooks (MSW's setupServer listens in beforeAll and closes in afterAll; console
 * spies are restored; fake timers, where used, are real again after each test; no vi.mock): they
 * run one after another in worker processes that keep their module graph (`isolate: false`), so the
 * stateful mock's sources and the SDK load once per worker, not once per file (the first 55 files:
 * 155.6 CPU-s in forks of their own, 73.4 here, same 1,926 tests; the 14 added next: 40.9 -> 29.1
 * CPU-s with two pure files moved to `unit`, same 96 tests; then four that use fake timers,
 * properties.test.ts among them: 37.0 -> 35.0 CPU-s, same 148 tests; 24 more: 49.5 -> 43.8 CPU-s,
 * medians of four runs each, same 172 tests). They still run in child processes, apart from the unit
 * files. A file that leaves state behind in a module or a global goes in `integration` instead. So
 * does a file that loads zod's classic API (`zod`, which the MCP SDK imports, or playwright-core,
 * which bundles it): loading it sets zod's English messages in zod's process-wide configuration
 * (`globalThis.__zod_globalConfig`), and the SDK's validation messages in the files after it change
 * ("Invalid input: expected string, received number" instead of "invalid_type (expected string)").
 */
const SHARED_MODULES = [
  'examples/frontend-testing/test/inbox-recording.test.ts',
  'examples/frontend-testing/test/inbox-scenario.test.ts',
  'examples/frontend-testing/test/leads-inbox.test.ts',
  'examples/frontend-testing/test/readme.test.ts',
  'examples/webhook-receiver/test/receiver.test.ts',
  'mocks/test/auth/authenticator.test.ts',
  'mocks/test/auth/authorize.test.ts',
  'mocks/test/bin/from-har-banner.test.ts',
  'mocks/test/fetch.test.ts',
  'mocks/test/http/conditional.test.ts',
  'mocks/test/index.test.ts',
  'mocks/test/mongoose/bounds.test.ts',
  'mocks/test/mongoose/documents.test.ts',
  'mocks/test/node.test.ts',
  'mocks/test/overrides.test.ts',
  'mocks/test/pattern.test.ts',
  'mocks/test/properties.test.ts',
  'mocks/test/readme-snippets.test.ts',
  'mocks/test/realtime/faults-sdk.test.ts',
  'mocks/test/realtime/faults.test.ts',
  'mocks/test/realtime/hub.test.ts',
  'mocks/test/realtime/late-publication-sdk.test.ts',
  'mocks/test/realtime/node.test.ts',
  'mocks/test/realtime/real-frames.test.ts',
  'mocks/test/realtime/server.test.ts',
  'mocks/test/record.test.ts',
  'mocks/test/replay.test.ts',
  'mocks/test/resources/analytics.test.ts',
  'mocks/test/resources/auth.test.ts',
  'mocks/test/resources/conversations.test.ts',
  'mocks/test/resources/departments.test.ts',
  'mocks/test/resources/groups.test.ts',
  'mocks/test/resources/kb.test.ts',
  'mocks/test/resources/labels.test.ts',
  'mocks/test/resources/leads-bounds.test.ts',
  'mocks/test/resources/leads.test.ts',
  'mocks/test/resources/messages.test.ts',
  'mocks/test/resources/segments.test.ts',
  'mocks/test/resources/subscriptions.test.ts',
  'mocks/test/resources/tags.test.ts',
  'mocks/test/resources/team.test.ts',
  'mocks/test/scenario-files.test.ts',
  'mocks/test/scenario-hardening.test.ts',
  'mocks/test/scenario.test.ts',
  'mocks/test/seed-from-har.test.ts',
  'mocks/test/server.test.ts',
  'mocks/test/server/connections.test.ts',
  'mocks/test/server/prefilter.test.ts',
  'mocks/test/service/caseless.test.ts',
  'mocks/test/service/create.test.ts',
  'mocks/test/service/pipeline.test.ts',
  'mocks/test/service/release.test.ts',
  'mocks/test/service/strict-contract-rules.test.ts',
  'mocks/test/service/strict-query-refusals.test.ts',
  'mocks/test/service/warnings.test.ts',
  'mocks/test/state/storage-cap.test.ts',
  'mocks/test/webhook-events.test.ts',
  'mocks/test/webhooks.test.ts',
  'packages/mcp/test/conformance.test.ts',
  'packages/sdk/test/auth.test.ts',
  'packages/sdk/test/body.test.ts',
  'packages/sdk/test/client.test.ts',
  'packages/sdk/test/error-bodies.test.ts',
  'packages/sdk/test/error-brand.test.ts',
  'packages/sdk/test/errors.test.ts',
  'packages/sdk/test/http.test.ts',
  'packages/sdk/test/lazy.test.ts',
  'packages/sdk/test/logging.test.ts',
  'packages/sdk/test/pagination.test.ts',
  'packages/sdk/test/property.test.ts',
  'packages/sdk/test/query-rules.test.ts',
  'packages/sdk/test/realtime.test.ts',
  'packages/sdk/test/retry.test.ts',
  'packages/sdk/test/server-version.test.ts',
  'packages/sdk/test/sign-in.test.ts',
  'packages/sdk/test/transport.test.ts',
  'packages/sdk/test/validation.test.ts',
  'packages/sdk/test/webhook-events.test.ts',
  'test/asyncapi.test.ts',
  'test/bins-old-node.test.ts',
  'test/build-when-stale.test.ts',
  'test/conformance-releases.test.ts',
  'test/demo.test.ts',
  'test/dependency-rules.test.ts',
  'test/docs-changelog.test.ts',
  'test/docs.test.ts',
  'test/error-identity.test.ts',
  'test/process-accounting.test.ts',
  'test/real-server-release.test.ts',
  'test/real-server-wire-mongo.test.ts',
  'test/releases-annotations.test.ts',
  'test/releases-corpus.test.ts',
  'test/releases-data.test.ts',
  'test/required-variants.test.ts',
  'test/runtimes.test.ts',
  'test/sdk-transport.test.ts',
  'test/sdk-without-zod.test.ts',
  'test/security-lint.test.ts',
  'test/webhook-events.test.ts',
];

export default defineConfig({
  test: {
    // Guards against a hang only, never a speed check (./test/time-limits.ts says how they are sized).
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: TEST_TIMEOUT_MS,
    // Vitest's default is one worker fewer than the cores: one worker on CI's 2 cores, where most suites
    // wait on servers and browsers. Two workers there took vitest from 451 s to 303 s (same suites).
    maxWorkers: Math.max(2, availableParallelism()),
    // The default reporter, then the time of every test file, slowest first (test/reporters/file-durations.ts).
    reporters: ['default', './test/reporters/file-durations.ts'],
    // Which process ran which file, for `npm run bench:test-cpu` only (inert unless it sets SUPPORTKB_TEST_PROCESS_MAP).
    setupFiles: ['./test/setup/process-map.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, pool: 'threads', isolate: false } },
      { extends: true, test: { name: 'integration-shared', include: SHARED_MODULES, pool: 'forks', isolate: false } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'mocks/test/**/*.test.ts', 'examples/*/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...UNIT, ...SHARED_MODULES],
          // Suites start servers and spawn generators: keep them in separate processes.
          pool: 'forks',
          // One real server for the files that only need a project on one (test/real-server-shared.ts), started at the first such file.
          globalSetup: ['./test/setup/real-server-broker.ts'],
        },
      },
    ],
  },
});
