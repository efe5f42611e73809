/** Loading a recording to replay, or to seed from (Node: reads the file system). */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Har } from 'har-format';
import type { Scenario, ScenarioSeed } from './format';
import { harToScenario, type HarToScenarioOptions } from './har';
import { harToSeed, type HarToSeedOptions } from './har-seed';

/** Reads and parses a HAR file. @throws {TypeError} naming the file when it cannot be read or is not JSON. */
function readHar(file: string | URL): Har {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Har;
  } catch (error) {
    throw new TypeError(`Cannot load the recording ${String(file)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/**
 * Reads a HAR file (or takes a HAR object) and turns it into a replaying scenario ({@link harToScenario}).
 * @throws {TypeError} when the file cannot be read, is not JSON or is not an HTTP Archive (the message names the file).
 * @example setupNodeMock({ scenario: loadHar('test/recordings/session.har') })
 */
export function loadHar(fileOrObject: Har | string | URL, options?: HarToScenarioOptions): Scenario {
  if (typeof fileOrObject !== 'string' && !(fileOrObject instanceof URL)) return harToScenario(fileOrObject, options);
  const har = readHar(fileOrObject);
  try {
    return harToScenario(har, options);
  } catch (error) {
    throw new TypeError(`${String(fileOrObject)}: ${(error as Error).message}`);
  }
}

/**
 * Reads a HAR file (or takes a HAR object) and turns the documents of its answers into a scenario
 * seed ({@link harToSeed}); errors name the file.
 * @returns the seed (`mode: 'replace'`, the recorded project).
 * @throws {TypeError} when the file cannot be read, is not JSON or is not an HTTP Archive.
 * @throws {ScenarioError} when no request names a project or a recorded document does not fit the contract.
 * @example setupNodeMock({ scenario: { seed: loadHarSeed('test/recordings/session.har') } })
 */
export function loadHarSeed(fileOrObject: Har | string | URL, options: HarToSeedOptions = {}): ScenarioSeed {
  if (typeof fileOrObject !== 'string' && !(fileOrObject instanceof URL)) return harToSeed(fileOrObject, options);
  const name = basename(typeof fileOrObject === 'string' ? fileOrObject : fileOrObject.pathname);
  const har = readHar(fileOrObject);
  try {
    return harToSeed(har, { file: name, ...options });
  } catch (error) {
    if (error instanceof TypeError) throw new TypeError(`${String(fileOrObject)}: ${error.message}`);
    throw error;
  }
}
