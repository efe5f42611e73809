#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 3 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// The server process of bench/mocks-soak.mjs: the standalone stateful mock exactly as
// `mocks/bin/mock.mjs` starts it (`startHttpMock` of the built package, loopback, a free
// port), plus an IPC channel for the benchmark: on the message `memory` it collects garbage
// (run with --expose-gc) and answers `process.memoryUsage()`, so retained memory can be told from
// heap the process merely has not returned. Started by the benchmark, never by hand.
import { startHttpMock } from '../mocks/dist/server.js';

if (typeof process.send !== 'function' || typeof globalThis.gc !== 'function') {
  console.error('Started by bench/mocks-soak.mjs only (needs an IPC channel and --expose-gc).');
  process.exit(2);
}
const mock = await startHttpMock({ port: 0 });
process.on('message', (message) => {
  if (message !== 'memory') return;
  globalThis.gc();
  globalThis.gc();
  process.send({ memory: process.memoryUsage() });
});
process.on('SIGTERM', () => mock.stop().then(() => process.exit(0)));
process.send({ url: mock.url });
