// `npm run demo`: starts the mock on a free loopback port, runs the quickstart through the built SDK,
// prints the transcript, stops the mock by its PID and exits 0 (1 if any step failed).
import { startMockServer } from '@supportkb/mocks';
import { quickstart } from './index.mjs';

const started = Date.now();
const mock = await startMockServer({ port: 0 });
console.log(`supportkb demo: mock of the Support and Knowledge Base Service at ${mock.url} (pid ${mock.pid})`);
let failed = false;
try {
  await quickstart({
    baseUrl: mock.url,
    email: 'agent@acme-support.test',
    password: 'example-password',
    projectId: '65f1a2b3c4d5e6f708090a0b',
  });
} catch (error) {
  failed = true;
  console.error(`  ✗ ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await mock.stop();
  console.log(`mock stopped (pid ${mock.pid}); ${failed ? 'FAILED' : 'done'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
process.exit(failed ? 1 : 0);
