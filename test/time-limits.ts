/**
 * The time limits of the tests, in ms. Each guards against a hang only, never a speed claim (a speed
 * or size claim is a benchmark figure, bench/README.md), and is sized for a machine fifteen times
 * slower than an idle one: two CI runs at once on 2 cores have run a test 14 times slower than idle
 * (the docs page's TypeScript samples: 503 s, 36 s idle). No test sets a smaller limit.
 */

/** vitest's limit per test and per hook (`testTimeout`, `hookTimeout`): the slowest test takes about a minute idle. */
export const TEST_TIMEOUT_MS = 900_000;

/** A wait for a browser page (a navigation, an element, a condition) or for a state the test started to settle. */
export const WAIT_TIMEOUT_MS = 180_000;

/** A command a test runs (a CLI, npm, a script) until it exits. */
export const COMMAND_TIMEOUT_MS = 300_000;
