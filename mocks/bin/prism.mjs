#!/usr/bin/env node
// supportkb-prism (`npm run mock:prism [-- options]`): serves the contract with Prism (stateless,
// example-based) on 127.0.0.1:4010 until SIGINT/SIGTERM (or, under npm, until npm goes away: cli.mjs
// stopOnSignals). Prism's startup lines are kept back (shown only if it fails to start); its request
// log goes to stderr. `--help` lists the options; a bad option or a busy port is one line on stderr
// saying the fix, and so is a missing Prism (`@stoplight/prism-cli`, an optional peer dependency of
// @supportkb/mocks, which users install only to run this). Needs the built package.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fail, importBuilt, invocation, listenProblem, parseCommandLine, probeListen, requireSupportedNode, stopOnSignals } from './cli.mjs';

const { name, example } = invocation('supportkb-prism', 'mock:prism');
const usage = `Usage: ${example('[--port N] [--host H] [--errors]')}

Prism (stateless) on the contract of the Support and Knowledge Base Service API: every operation
answers with its documented example; requests are validated against the contract.

Options:
  -p, --port N   TCP port (default 4010, or $PORT); 0 picks a free port
      --host H   interface to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for every interface)
      --errors   answer a request that violates the contract with an error instead of the example (Prism's --errors)
  -h, --help     this help

For a mock that keeps state (sign-ins, roles, your writes), use ${process.env.npm_lifecycle_event ? 'npm run mock' : 'supportkb-mock'}.`;

const { values, port } = parseCommandLine({
  bin: name,
  usage,
  options: { port: { type: 'string', short: 'p' }, host: { type: 'string' }, errors: { type: 'boolean' } },
});
requireSupportedNode('supportkb-prism');
const host = values.host ?? '127.0.0.1';

const dist = new URL('../dist/prism.js', import.meta.url);
if (!existsSync(dist)) fail(name, '@supportkb/mocks is not built: run `npm run build` at the repository root first (`npm run mock:prism` does it for you)');
const { startPrismMock, PRISM_INSTALL_COMMAND } = await importBuilt(name, dist);
try {
  createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js'); // as startPrismMock resolves it
} catch {
  fail(name, `Prism is not installed (@stoplight/prism-cli, an optional peer dependency of @supportkb/mocks): run \`${PRISM_INSTALL_COMMAND}\`, then this command again`);
}

// Prism prints its whole usage before EADDRINUSE: check the address first and say it in one line.
const busy = await probeListen(host, port);
if (busy) fail(name, listenProblem(busy, { host, port, example }));

let started = false;
let startup = '';
let mock;
try {
  mock = await startPrismMock({
    port,
    host,
    errors: values.errors,
    onOutput: (text) => {
      if (started) process.stderr.write(text);
      else startup += text;
    },
  });
} catch (error) {
  // The address was free a moment ago; if Prism still could not bind it, say so in one line.
  const code = /\b(EADDRINUSE|EACCES|EADDRNOTAVAIL)\b/.exec(startup)?.[1];
  if (code) fail(name, listenProblem({ code }, { host, port, example }));
  process.stderr.write(startup);
  fail(name, `Prism did not start (its output is above): ${String(error?.message ?? error).split('\n')[0]}`);
}
started = true;
// Before the line that says it runs: a signal (or npm going away) right after it must stop it.
stopOnSignals(name, () => mock.stop(), { npmScript: 'mock:prism' });
console.log(`Prism mock of the Support and Knowledge Base Service API at ${mock.url} (pid ${mock.pid}). Ctrl-C to stop.`);
