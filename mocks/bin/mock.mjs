#!/usr/bin/env node
// `npm run mock [-- --port N] [-- --host H]`: the stateful mock of the Support and Knowledge Base
// Service as a standalone HTTP server on 127.0.0.1:4010, until SIGINT/SIGTERM. Prints its URL and
// the seeded credentials. Needs the built package (`npm run build`).
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';

const dist = new URL('../dist/server.js', import.meta.url);
if (!existsSync(dist)) {
  console.error('@supportkb/mocks is not built: run `npm run build` first.');
  process.exit(2);
}
const { startMockHttpServer, describeSeed } = await import(dist.href);

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, host: { type: 'string' }, 'real-ids': { type: 'boolean' } },
});
const port = Number(values.port ?? process.env.PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port: ${values.port ?? process.env.PORT}`);
  process.exit(2);
}
const mock = await startMockHttpServer({ port, host: values.host ?? '127.0.0.1', serviceOptions: { ids: values['real-ids'] ? 'random' : 'sequential' } });
console.log(`Stateful mock of the Support and Knowledge Base Service API at ${mock.url} (pid ${mock.pid}). Ctrl-C to stop.`);
for (const line of await describeSeed(mock.service)) console.log(line);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    mock.stop().then(() => {
      console.log('mock stopped');
      process.exit(0);
    });
  });
}
