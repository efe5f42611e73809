#!/usr/bin/env node
// `npm run parity [-- --json FILE] [--only REGEX] [--strict] [--mocks-dist DIR]`: the parity scenario (scripts/lib/parity/) run
// against the real server (started on loopback, scripts/real-server/) and the stateful mock (started
// in this process on a project seeded like the real one), answers compared call by call. Prints the
// figures and every difference; exit code 0 (it reports, the test decides).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadIndexedContract } from './lib/conformance/contract.mjs';
import { compareRuns } from './lib/parity/compare.mjs';
import { startParityTargets } from './lib/parity/targets.mjs';
import { runScenario } from './lib/parity/run.mjs';
import { parityScenario } from './lib/parity/scenario.mjs';

const { values } = parseArgs({ options: { json: { type: 'string' }, only: { type: 'string' }, strict: { type: 'boolean' }, 'mocks-dist': { type: 'string' } } });
const contract = await loadIndexedContract();
const targets = await startParityTargets({ log: (line) => console.error(line), mockOptions: values.strict ? { strict: true } : {}, mocksDist: values['mocks-dist'] });
try {
  const steps = parityScenario().filter(
    (step) =>
      !values.only ||
      new RegExp(values.only).test(step.id) ||
      step.id.startsWith('signIn') ||
      step.id.startsWith('signInAnonymously.ok') ||
      step.id.startsWith('signInWithCustomToken.agent') ||
      step.id.startsWith('signInWithCustomToken.user'),
  );
  const run = `parity-${Date.now().toString(36)}`;
  const real = await runScenario({ contract, ...targets.real, run, steps });
  const mock = await runScenario({ contract, ...targets.mock, run, steps });
  const result = compareRuns(real, mock);
  for (const d of result.differences) {
    console.log(`${d.id.padEnd(44)} ${d.method} ${d.url}\n   real ${d.real.status} ${d.real.body.slice(0, 300)}\n   mock ${d.mock.status} ${d.mock.body.slice(0, 300)}`);
  }
  const pct = (n) => ((100 * n) / result.total).toFixed(1);
  console.log(`${result.total} calls: same status ${result.sameStatus} (${pct(result.sameStatus)}%), same status and shape ${result.same} (${pct(result.same)}%)`);
  if (values.json) writeFileSync(values.json, JSON.stringify({ result, real, mock }, null, 2));
} finally {
  await targets.stop();
}
