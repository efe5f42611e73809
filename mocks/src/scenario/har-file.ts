/** Loading a recording to replay (Node: reads the file system). */
import { readFileSync } from 'node:fs';
import type { Har } from 'har-format';
import type { Scenario } from './format';
import { harToScenario, type HarToScenarioOptions } from './har';

/**
 * Reads a HAR file (or takes a HAR object) and turns it into a replaying scenario ({@link harToScenario}).
 * @throws {TypeError} when the file cannot be read, is not JSON or is not an HTTP Archive (the message names the file).
 * @example setupNodeMock({ scenario: loadHar('test/recordings/session.har') })
 */
export function loadHar(fileOrObject: Har | string | URL, options?: HarToScenarioOptions): Scenario {
  if (typeof fileOrObject !== 'string' && !(fileOrObject instanceof URL)) return harToScenario(fileOrObject, options);
  let har: Har;
  try {
    har = JSON.parse(readFileSync(fileOrObject, 'utf8')) as Har;
  } catch (error) {
    throw new TypeError(`Cannot load the recording ${String(fileOrObject)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    return harToScenario(har, options);
  } catch (error) {
    throw new TypeError(`${String(fileOrObject)}: ${(error as Error).message}`);
  }
}
