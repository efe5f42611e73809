/** Loading a scenario file (Node: reads the file system). */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Scenario } from './format';
import { parseScenario, ScenarioError, validateScenario } from './validate';

/**
 * Loads and validates a scenario: a path of a JSON file, or an object (`defineScenario(...)`).
 * @returns the scenario, typed.
 * @throws {ScenarioError} naming the file (its base name), the JSON path and the violation; also when the file cannot be read.
 * @example loadScenario('test/scenarios/inbox.json')
 */
export function loadScenario(fileOrObject: string | URL | Scenario): Scenario {
  if (typeof fileOrObject !== 'string' && !(fileOrObject instanceof URL)) return validateScenario(fileOrObject);
  const name = basename(typeof fileOrObject === 'string' ? fileOrObject : fileOrObject.pathname);
  let text: string;
  try {
    text = readFileSync(fileOrObject, 'utf8');
  } catch (error) {
    throw new ScenarioError(name, [{ path: '', message: `Cannot read ${String(fileOrObject)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` }]);
  }
  return parseScenario(text, name);
}
