/** Loading a scenario file (Node: reads the file system). */
import { basename } from 'node:path';
import type { Scenario } from './format';
import { DEFAULT_MAX_FILE_BYTES, FileTooLargeError, readFileBounded } from './read-file';
import { parseScenario, ScenarioError, validateScenario } from './validate';

/** Options of {@link loadScenario}. */
export interface LoadFileOptions {
  /** Largest file read, in bytes; default 128 MiB ({@link DEFAULT_MAX_FILE_BYTES}). A larger (or endless) file is refused without being read whole. */
  maxFileBytes?: number;
}

/**
 * Loads and validates a scenario: a path of a JSON file, or an object (`defineScenario(...)`).
 * @returns the scenario, typed.
 * @param options `maxFileBytes`: the largest file read (default 128 MiB).
 * @throws {ScenarioError} naming the file (its base name), the JSON path and the violation; also when the file cannot be read or is over `maxFileBytes`.
 * @example loadScenario('test/scenarios/inbox.json')
 */
export function loadScenario(fileOrObject: string | URL | Scenario, options: LoadFileOptions = {}): Scenario {
  if (typeof fileOrObject !== 'string' && !(fileOrObject instanceof URL)) return validateScenario(fileOrObject);
  const name = basename(typeof fileOrObject === 'string' ? fileOrObject : fileOrObject.pathname);
  let text: string;
  try {
    text = readFileBounded(fileOrObject, options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES);
  } catch (error) {
    if (error instanceof FileTooLargeError) throw new ScenarioError(name, [{ path: '', message: `Cannot read ${String(fileOrObject)}: the scenario file is ${error.message}` }]);
    if (error instanceof RangeError) throw error;
    throw new ScenarioError(name, [{ path: '', message: `Cannot read ${String(fileOrObject)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` }]);
  }
  return parseScenario(text, name);
}
