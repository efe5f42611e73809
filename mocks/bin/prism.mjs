#!/usr/bin/env node
// `npm run mock:prism [-- --port N]`: serves the contract with Prism (stateless, example-based) on
// 127.0.0.1:4010 until interrupted. Uses the built package, or the TypeScript source (Node 24 strips
// types) when it is not built.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';

const dist = new URL('../dist/prism.js', import.meta.url);
const { startPrism } = await import(existsSync(dist) ? dist.href : new URL('../src/prism.ts', import.meta.url).href);

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, host: { type: 'string' }, errors: { type: 'boolean' } },
});
const port = Number(values.port ?? process.env.PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port: ${values.port ?? process.env.PORT}`);
  process.exit(2);
}
const mock = await startPrism({ port, host: values.host, errors: values.errors, log: 'inherit' });
console.log(`Prism mock of the Support and Knowledge Base Service API at ${mock.url} (pid ${mock.pid}). Ctrl-C to stop.`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => mock.stop().then(() => process.exit(0)));
}
