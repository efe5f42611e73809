/**
 * Which operations the server exposes, for a set of options: every operation but the sign-ins, only
 * reads unless writes are allowed, grouped by resource. Shared by the tools (`tools/`) and the server.
 */
import { allOperations, type McpOperation } from './contract';

/** Which tools the server lists. */
export interface ToolsetOptions {
  /**
   * `dynamic` (default): the three fixed tools only. `per-operation`: one tool per operation of
   * {@link ToolsetOptions.resources} as well (named by operationId, input schema from the contract).
   */
  tools?: 'dynamic' | 'per-operation';
  /**
   * Resource groups of the per-operation tools, as on the SDK client (`tags`, `leads`, `kb` —
   * which includes `kb.contents`); all of them when absent.
   */
  resources?: readonly string[];
  /** Expose operations that change data (every method but GET). Off by default. */
  allowWrites?: boolean;
}

/** Thrown for options that name no resource or operation the server knows; the message lists the valid ones. */
export class ToolsetError extends Error {
  override name = 'ToolsetError';
}

/** The resource groups the server may expose (those with an operation that is no sign-in), dotted (`kb.contents`). */
export function exposableResources(): string[] {
  return [...new Set([...allOperations.values()].filter((op) => !op.signIn).map((op) => op.resource))].sort();
}

/**
 * The operations the server lets a client call: every operation but the sign-ins, only GET ones
 * unless `allowWrites`.
 */
export function exposedOperations(options: Pick<ToolsetOptions, 'allowWrites'> = {}): McpOperation[] {
  return [...allOperations.values()].filter((op) => !op.signIn && (options.allowWrites || op.readOnly));
}

/** Whether `resource` (dotted) is `selector` or inside it (`kb` selects `kb.contents`). */
export const inResource = (resource: string, selector: string) => resource === selector || resource.startsWith(`${selector}.`);

/**
 * Checks resource selectors against the exposable resources.
 * @throws {ToolsetError} naming the unknown selectors and the valid ones.
 */
export function checkResources(selectors: readonly string[]): void {
  const known = exposableResources();
  const unknown = selectors.filter((selector) => !known.some((resource) => inResource(resource, selector)));
  if (unknown.length) throw new ToolsetError(`Unknown resource ${unknown.map((s) => `"${s}"`).join(', ')}: choose among ${known.join(', ')}`);
}

/** The path of an operation without the project prefix every project-scoped path has. */
export const shortPath = (op: McpOperation) => op.path.replace(/^\/\{project_id\}/, '') || '/';
