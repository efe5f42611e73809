/** Loading a recording to replay, or to seed from (Node: reads the file system). */
import { basename } from 'node:path';
import type { Har } from 'har-format';
import type { Scenario, ScenarioSeed } from './format';
import { harToScenario, type HarToScenarioOptions } from './har';
import { harToSeed, type HarToSeedOptions } from './har-seed';
import { DEFAULT_MAX_FILE_BYTES, FileTooLargeError, readFileBounded } from './read-file';
import type { LoadFileOptions } from './file';

/** Reads and parses a HAR file of at most `maxFileBytes`. @throws {TypeError} naming the file when it cannot be read, is too large or is not JSON. */
function readHar(file: string | URL, maxFileBytes = DEFAULT_MAX_FILE_BYTES): Har {
  try {
    return JSON.parse(readFileBounded(file, maxFileBytes)) as Har;
  } catch (error) {
    if (error instanceof RangeError) throw error;
    const why = error instanceof FileTooLargeError ? `the file is ${error.message}` : ((error as NodeJS.ErrnoException).code ?? (error as Error).message);
    throw new TypeError(`Cannot load the recording ${String(file)}: ${why}`);
  }
}

/**
 * Reads a HAR file (or takes a HAR object) and turns it into a replaying scenario ({@link harToScenario}).
 * @param options `skipped` (see {@link harToScenario}); `maxFileBytes`, the largest file read (default 128 MiB).
 * @throws {TypeError} when the file cannot be read, is over `maxFileBytes`, is not JSON or is not an HTTP Archive, or an entry cannot be replayed (the message names the file, and the entry: `log.entries[<index>]`).
 * @example setupNodeMock({ scenario: loadHar('test/recordings/session.har') })
 */
export function loadHar(fileOrObject: Har | string | URL, options?: HarToScenarioOptions & LoadFileOptions): Scenario {
  if (typeof fileOrObject !== 'string' && !(fileOrObject instanceof URL)) return harToScenario(fileOrObject, options);
  const har = readHar(fileOrObject, options?.maxFileBytes);
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
export function loadHarSeed(fileOrObject: Har | string | URL, options: HarToSeedOptions & LoadFileOptions = {}): ScenarioSeed {
  if (typeof fileOrObject !== 'string' && !(fileOrObject instanceof URL)) return harToSeed(fileOrObject, options);
  const name = basename(typeof fileOrObject === 'string' ? fileOrObject : fileOrObject.pathname);
  const har = readHar(fileOrObject, options.maxFileBytes);
  try {
    return harToSeed(har, { file: name, ...options });
  } catch (error) {
    if (error instanceof TypeError) throw new TypeError(`${String(fileOrObject)}: ${error.message}`);
    throw error;
  }
}
