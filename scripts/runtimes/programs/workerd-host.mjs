// @ts-nocheck -- BASELINE: 1 type error when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Runs the bundled worker (worker.mjs) in workerd through miniflare, on Node, and prints its result.
// Usage: node workerd-host.mjs <installDir> <bundle> <id> <baseUrl>.
// Prints `RESULT <json>` (with workerd's and miniflare's versions), or `ERROR <message>` and exits 1.
import { readFileSync } from 'node:fs';
import { installedVersion, requireFrom } from '../install.mjs';

const [installDir, bundle, id, baseUrl] = process.argv.slice(2);
const { Miniflare } = requireFrom(installDir)('miniflare');
const workerd = installedVersion(installDir, 'workerd');
let mf;
try {
  mf = new Miniflare({
    modules: true,
    script: readFileSync(bundle, 'utf8'),
    // workerd's own date: the newest compatibility behaviour this build supports.
    compatibilityDate: `${workerd.slice(2, 6)}-${workerd.slice(6, 8)}-${workerd.slice(8, 10)}`,
    bindings: { BASE_URL: baseUrl, RUNTIME_ID: id },
    host: '127.0.0.1',
    verbose: false,
  });
  const response = await mf.dispatchFetch('http://worker.test/');
  const body = await response.json();
  if (!body.ok) throw new Error(`worker answered ${response.status}: ${body.error}`);
  console.log(`RESULT ${JSON.stringify({ runtime: 'workerd', version: workerd, miniflare: installedVersion(installDir, 'miniflare'), userAgent: body.userAgent, ...body.result })}`);
} catch (error) {
  console.log(`ERROR ${error?.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await mf?.dispose();
}
