#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 1 type error when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// supportkb-mock (`npm run mock [-- options]`): the stateful mock of the Support and Knowledge Base
// Service as a standalone HTTP server on 127.0.0.1:4010, until SIGINT/SIGTERM (or, under npm, until
// npm goes away: cli.mjs stopOnSignals). Prints its URL and the seeded credentials. `--help` lists
// the options; a bad option or a busy port is one line on stderr saying the fix (exit code 2 for
// usage, 1 otherwise). Needs the built package.
import { existsSync } from 'node:fs';
import { fail, importBuilt, invocation, listenProblem, parseCommandLine, requireSupportedNode, stopOnSignals } from './cli.mjs';

// A reader of its output that went away (a script that read the URL line and closed the pipe) must not
// stop the server: what it prints after that is dropped (EPIPE), it goes on serving.
process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error;
});

const { name, example } = invocation('supportkb-mock', 'mock');
const usage = `Usage: ${example('[--port N] [--host H] [--real-ids] [--strict] [--server-version X] [--hang] [--storage-limit SIZE] [--scenario FILE] [--from-har FILE] [--seed-from-har FILE] [--max-file-size SIZE]')}

The stateful mock of the Support and Knowledge Base Service API as an HTTP server: every operation
of the contract over an in-memory store seeded with a demo project, answering as the real server does (its sign-ins,
roles, casts, error bodies and silences). Prints its URL and the seeded credentials, then serves
until Ctrl-C.

Options:
  -p, --port N     TCP port (default 4010, or $PORT); 0 picks a free port
      --host H     interface to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for every interface)
      --real-ids   random ObjectIds for new documents (default: sequential ones, the same on every run)
      --strict     refuse every request the contract forbids with a 400 (422 where declared) naming each
                   violation (default: answer it as the real server does, and warn once per kind)
      --server-version X
                   answer as release X of the server (2.10.0 to 2.19.16, default the last): its 200
                   answers lack the fields later releases added, operations it lacks are unknown routes
      --hang       requests the real server never answers get no answer until the client gives up
                   (default: the connection is closed at once, so clients fail fast)
      --storage-limit SIZE
                   most stored JSON kept, in bytes or with KiB/MiB/GiB (default 64MiB); a write beyond
                   it gets 507 and stores nothing
      --scenario FILE
                   serve a scenario file (seed, ordered responses, latency, clock; see the README);
                   POST /__supportkb/reset returns to its start
      --from-har FILE
                   replay a recording (HAR, e.g. from supportkb-record): its exchanges answer matching
                   requests in order, once each; everything else gets the stateful mock
      --seed-from-har FILE
                   seed from a recording (HAR): the documents its answers carry (the recorded project,
                   its users, teammates, leads, tags, conversations, knowledge bases, contents, labels,
                   subscriptions…) replace the seed (a --scenario's too), so clients continue from
                   the recorded data; users sign in with the password Str0ng-example-passw0rd;
                   POST /__supportkb/reset returns to that seed
      --max-file-size SIZE
                   largest --scenario, --from-har or --seed-from-har file read, in bytes or with
                   KiB/MiB/GiB (default 128MiB); a larger one is refused
  -h, --help       this help`;

const { values, port } = parseCommandLine({
  bin: name,
  usage,
  options: {
    port: { type: 'string', short: 'p' },
    host: { type: 'string' },
    'real-ids': { type: 'boolean' },
    strict: { type: 'boolean' },
    'server-version': { type: 'string' },
    hang: { type: 'boolean' },
    'storage-limit': { type: 'string' },
    scenario: { type: 'string' },
    'from-har': { type: 'string' },
    'seed-from-har': { type: 'string' },
    'max-file-size': { type: 'string' },
  },
});
requireSupportedNode('supportkb-mock');
const host = values.host ?? '127.0.0.1';
const UNITS = { '': 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 };
let storageLimit;
if (values['storage-limit'] !== undefined) {
  const size = /^(\d+)(KiB|MiB|GiB)?$/.exec(values['storage-limit']);
  storageLimit = size ? Number(size[1]) * UNITS[size[2] ?? ''] : Number.NaN;
  if (!Number.isSafeInteger(storageLimit) || storageLimit < 1)
    fail(name, `invalid --storage-limit ${JSON.stringify(values['storage-limit'])}: pass a whole number of bytes, or of KiB, MiB or GiB (e.g. 256MiB)`, 2);
}

let maxFileBytes;
if (values['max-file-size'] !== undefined) {
  const size = /^(\d+)(KiB|MiB|GiB)?$/.exec(values['max-file-size']);
  maxFileBytes = size ? Number(size[1]) * UNITS[size[2] ?? ''] : Number.NaN;
  if (!Number.isSafeInteger(maxFileBytes) || maxFileBytes < 1)
    fail(name, `invalid --max-file-size ${JSON.stringify(values['max-file-size'])}: pass a whole number of bytes, or of KiB, MiB or GiB (e.g. 512MiB)`, 2);
}

const dist = new URL('../dist/server.js', import.meta.url);
if (!existsSync(dist)) fail(name, '@supportkb/mocks is not built: run `npm run build` at the repository root first (`npm run mock` does it for you)');
const { startHttpMock, describeSeed } = await importBuilt(name, dist);
let scenario;
let replayed;
if (values.scenario !== undefined || values['seed-from-har'] !== undefined || values['from-har'] !== undefined) {
  const { loadMockScenario } = await importBuilt(name, new URL('../dist/node.js', import.meta.url));
  try {
    scenario = loadMockScenario({ scenario: values.scenario, seedFromHar: values['seed-from-har'], fromHar: values['from-har'], maxFileBytes });
    // What --from-har replays: one scenario answer per recorded exchange, by operation.
    if (values['from-har'] !== undefined)
      replayed = Object.entries(loadMockScenario({ fromHar: values['from-har'], maxFileBytes })?.responses ?? {}).map(([operationId, answers]) => [operationId, answers.length]);
  } catch (error) {
    fail(name, String(error?.message ?? error).split('\n')[0], 2);
  }
}

let mock;
try {
  mock = await startHttpMock({
    port,
    host,
    serviceOptions: {
      ids: values['real-ids'] ? 'random' : 'sequential',
      strict: values.strict === true,
      ...(values['server-version'] !== undefined ? { serverVersion: values['server-version'] } : {}),
      behaviour: { ...(values.hang ? { unanswered: 'hang' } : {}), ...(storageLimit ? { storageLimit } : {}) },
      ...(scenario ? { scenario } : {}),
    },
  });
} catch (error) {
  // A release outside the contract's window (createMockService's RangeError) is a usage error.
  if (error instanceof RangeError && /serverVersion/.test(error.message)) fail(name, `invalid --server-version: ${error.message.replace(/^serverVersion /, '')}`, 2);
  fail(name, listenProblem(error, { host, port, example }));
}
// Before the first line: a signal (or npm going away) right after the URL is printed must stop it.
stopOnSignals(name, () => mock.stop(), { npmScript: 'mock', stopped: () => console.log('mock stopped') });
console.log(
  `Stateful mock of the Support and Knowledge Base Service API at ${mock.url} (pid ${mock.pid}${values['server-version'] !== undefined ? `, as server release ${values['server-version']}` : ''}, ${values.strict ? 'strict mode: requests the contract forbids get a 400 naming the violation' : 'answering as the real server does; --strict refuses what the contract forbids'}). Ctrl-C to stop.`,
);
if (replayed) {
  const exchanges = replayed.reduce((sum, [, count]) => sum + count, 0);
  const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  console.log(
    `Replaying ${values['from-har']}: ${plural(exchanges, 'recorded exchange')} over ${plural(replayed.length, 'operation')} (${replayed.map(([operationId, count]) => `${operationId} ×${count}`).join(', ')}), each answering the first matching request once; everything else gets the stateful mock.`,
  );
}
console.log(`Websocket (openapi/asyncapi.yaml): ${mock.url.replace(/^http/, 'ws')}/?token=<a teammate's JWT>`);
for (const line of await describeSeed(mock.service)) console.log(line);
