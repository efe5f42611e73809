#!/usr/bin/env node
// supportkb-mock (`npm run mock [-- options]`): the stateful mock of the Support and Knowledge Base
// Service as a standalone HTTP server on 127.0.0.1:4010, until SIGINT/SIGTERM. Prints its URL and
// the seeded credentials. `--help` lists the options; a bad option or a busy port is one line on
// stderr saying the fix (exit code 2 for usage, 1 otherwise). Needs the built package.
import { existsSync } from 'node:fs';
import { fail, invocation, listenProblem, parseCommandLine } from './cli.mjs';

const { name, example } = invocation('supportkb-mock', 'mock');
const usage = `Usage: ${example('[--port N] [--host H] [--real-ids] [--strict] [--hang]')}

The stateful mock of the Support and Knowledge Base Service API as an HTTP server: all 64 operations
over an in-memory store seeded with a demo project, answering as the real server does (its sign-ins,
roles, casts, error bodies and silences). Prints its URL and the seeded credentials, then serves
until Ctrl-C.

Options:
  -p, --port N     TCP port (default 4010, or $PORT); 0 picks a free port
      --host H     interface to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for every interface)
      --real-ids   random ObjectIds for new documents (default: sequential ones, the same on every run)
      --strict     refuse every request the contract forbids with a 400 (422 where declared) naming each
                   violation (default: answer it as the real server does, and warn once per kind)
      --hang       requests the real server never answers get no answer until the client gives up
                   (default: the connection is closed at once, so clients fail fast)
  -h, --help       this help`;

const { values, port } = parseCommandLine({
  bin: name,
  usage,
  options: { port: { type: 'string', short: 'p' }, host: { type: 'string' }, 'real-ids': { type: 'boolean' }, strict: { type: 'boolean' }, hang: { type: 'boolean' } },
});
const host = values.host ?? '127.0.0.1';

const dist = new URL('../dist/server.js', import.meta.url);
if (!existsSync(dist)) fail(name, '@supportkb/mocks is not built: run `npm run build` at the repository root first (`npm run mock` does it for you)');
const { startHttpMock, describeSeed } = await import(dist.href);

let mock;
try {
  mock = await startHttpMock({
    port,
    host,
    serviceOptions: { ids: values['real-ids'] ? 'random' : 'sequential', strict: values.strict === true, behaviour: values.hang ? { unanswered: 'hang' } : {} },
  });
} catch (error) {
  fail(name, listenProblem(error, { host, port, example }));
}
console.log(`Stateful mock of the Support and Knowledge Base Service API at ${mock.url} (pid ${mock.pid}, ${values.strict ? 'strict mode: requests the contract forbids get a 400 naming the violation' : 'answering as the real server does; --strict refuses what the contract forbids'}). Ctrl-C to stop.`);
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
