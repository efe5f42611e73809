// `npm run demo`: starts the stateful mock (`mocks/bin/mock.mjs`, the same server as `npm run mock`)
// as its own process on a free loopback port, runs the quickstart through the built SDK as the seeded
// admin, prints the transcript, stops the mock by its PID and exits 0 (1 if any step failed).
// `npm run demo` builds the packages first when their sources changed (scripts/preflight.mjs), quietly,
// so the first line printed is the tour's.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const usage = `Usage: npm run demo

Starts the stateful mock on a free loopback port, runs the quickstart tour against it with the SDK
(sign in, one call in every resource group, pages, a verified webhook delivery), prints each step,
stops the mock and exits 0 (1 if a step failed).`;
try {
  const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, strict: true });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
} catch (error) {
  console.error(`npm run demo: ${/'([^']*)'/.exec(String(error?.message))?.[1] ?? 'bad argument'} is not an option; --help lists them`);
  process.exit(2);
}

const { freePort, SEED } = await import('@supportkb/mocks');
const { quickstart } = await import('./index.mjs');

/** Starts the standalone mock as a child process; resolves with its URL and PID once it listens. */
async function startMockProcess() {
  const port = await freePort();
  const bin = fileURLToPath(new URL('../../mocks/bin/mock.mjs', import.meta.url));
  const child = spawn(process.execPath, [bin, '--port', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  // Read its output until the URL line, then keep draining it: the mock goes on printing (its seeded
  // credentials), and a pipe closed under it would fail its writes (EPIPE).
  const url = await new Promise((resolve, reject) => {
    let output = '';
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      output += chunk;
      const found = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (!found) return;
      child.stdout.off('data', onData);
      child.stdout.resume();
      resolve(found);
    };
    child.stdout.on('data', onData);
    child.once('exit', () => reject(new Error(`the mock exited before listening:\n${output}`)));
  });
  return { url: /** @type {string} */ (url), pid: /** @type {number} */ (child.pid), exited: once(child, 'exit') };
}

const started = Date.now();
const mock = await startMockProcess();
console.log(`supportkb demo: stateful mock of the Support and Knowledge Base Service at ${mock.url} (pid ${mock.pid})`);
let failed = false;
try {
  await quickstart({
    baseUrl: mock.url,
    email: SEED.members.admin.email,
    password: SEED.members.admin.password,
    projectId: SEED.projectId,
    receiveWebhooks: true,
  });
} catch (error) {
  failed = true;
  console.error(`  ✗ ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
} finally {
  process.kill(mock.pid, 'SIGTERM');
  await mock.exited;
  console.log(`mock stopped (pid ${mock.pid}); ${failed ? 'FAILED' : 'done'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
process.exit(failed ? 1 : 0);
