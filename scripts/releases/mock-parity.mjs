#!/usr/bin/env node
// `node scripts/releases/mock-parity.mjs [--version X]...`: how close the mock comes to older releases.
//
// For each release with a captured corpus (test/fixtures/releases/X.json.gz: the parity scenario run on
// release X of the real server, scripts/releases/capture.mjs), runs the same scenario on the standalone
// mock twice — as it answers by default (the last release) and with `serverVersion: X` — and compares
// each with the corpus call by call, as the parity run compares the mock with the real server
// (scripts/lib/parity/compare.mjs: the status, the body's shape, the error texts). Calls the scenario
// has gained since the corpus was captured are not counted. Prints one line per release; `--json`
// prints the figures and the differences instead. No real server is started.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { loadIndexedContract } from '../lib/conformance/contract.mjs';
import { compareRuns } from '../lib/parity/compare.mjs';
import { runScenario } from '../lib/parity/run.mjs';
import { parityScenario } from '../lib/parity/scenario.mjs';
import { startParityMock } from '../lib/parity/targets.mjs';
import { CORPUS_DIR } from './capture.mjs';

/**
 * The corpus of release `version`: the parity scenario's calls as that release answered them.
 * @param {string} version
 * @returns {{ release: string, calls: any[] }}
 */
function readCorpus(version) {
  return JSON.parse(gunzipSync(readFileSync(join(CORPUS_DIR, `${version}.json.gz`))).toString('utf8'));
}

/** The releases with a corpus of their own (not the `X-read-by-Y` upgrades). */
function corpusReleases() {
  return readdirSync(CORPUS_DIR)
    .map((name) => /^(\d+\.\d+\.\d+)\.json\.gz$/.exec(name)?.[1])
    .filter((version) => version !== undefined);
}

/**
 * The mock's answers to the parity scenario.
 * @param {{ serverVersion?: string, contract: any }} options
 */
async function mockRun({ serverVersion, contract }) {
  const mock = await startParityMock({ mockOptions: serverVersion ? { serverVersion, warnings: false } : { warnings: false } });
  try {
    return await runScenario({ contract, ...mock.target, run: 'rel', steps: parityScenario(), timeout: 10_000 });
  } finally {
    await mock.stop();
  }
}

/**
 * Compares the mock, by default and as `version`, with the corpus of `version`.
 * @param {string} version
 * @param {{ contract?: any, defaultRecords?: any[] }} [options] `defaultRecords`: a default run to reuse (it is the same for every release).
 * @returns {Promise<{ version: string, calls: number, byDefault: ReturnType<typeof compareRuns>, asRelease: ReturnType<typeof compareRuns>, defaultRecords: any[] }>}
 */
export async function releaseParity(version, { contract, defaultRecords } = {}) {
  contract ??= await loadIndexedContract();
  const corpus = readCorpus(version).calls;
  const [byDefaultRecords, asReleaseRecords] = [defaultRecords ?? (await mockRun({ contract })), await mockRun({ contract, serverVersion: version })];
  return { version, calls: corpus.length, byDefault: compareRuns(corpus, byDefaultRecords), asRelease: compareRuns(corpus, asReleaseRecords), defaultRecords: byDefaultRecords };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { version: { type: 'string', multiple: true }, json: { type: 'boolean' } } });
  const versions = values.version ?? corpusReleases();
  const contract = await loadIndexedContract();
  let defaultRecords;
  const results = [];
  for (const version of versions) {
    const result = await releaseParity(version, { contract, defaultRecords });
    defaultRecords = result.defaultRecords;
    results.push(result);
    if (!values.json) {
      const pct = (n) => `${((100 * n) / result.calls).toFixed(1)}%`;
      console.log(
        `${version}: ${result.calls} calls; same status and shape ${result.byDefault.same} (${pct(result.byDefault.same)}) by default → ${result.asRelease.same} (${pct(result.asRelease.same)}) with serverVersion ${version}; same status ${result.byDefault.sameStatus} → ${result.asRelease.sameStatus}`,
      );
    }
  }
  if (values.json)
    console.log(
      JSON.stringify(
        results.map(({ defaultRecords: _, ...rest }) => rest),
        null,
        2,
      ),
    );
}
