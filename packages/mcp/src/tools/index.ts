/**
 * The tools, derived from the contract and the SDK's manifest (never written per operation), one
 * module each (definition and handler together): the three fixed tools of the default
 * (`list_operations`, `describe_operation`, `call_operation`), whose size does not grow with the API,
 * and, per-operation, one tool per operation of chosen resources beside them. The server registers
 * the list {@link toolset} gives.
 */
import { checkResources, exposedOperations, inResource, type ToolsetOptions } from '../operations';
import { callOperationTool } from './call-operation';
import { describeOperationTool } from './describe-operation';
import { listOperationsTool } from './list-operations';
import { perOperationTool } from './operation';
import type { Tool, ToolDefinition } from './types';

export type { Tool, ToolContext, ToolDefinition, ToolReply } from './types';
export { describeOperation } from './describe-operation';
export { listOperationsText } from './list-operations';
export { operationTool } from './operation';
export { formatData, formatError } from './call';

/**
 * Every tool the server lists for `options`, with its handler: the three fixed tools, then
 * (per-operation mode) one per exposed operation of the chosen resources.
 * @throws {ToolsetError} when `resources` names an unknown resource group.
 */
export function toolset(options: ToolsetOptions = {}): Tool[] {
  const tools = [listOperationsTool(options), describeOperationTool(), callOperationTool(options)];
  if (options.tools === 'per-operation') {
    const selectors = options.resources?.length ? options.resources : undefined;
    if (selectors) checkResources(selectors);
    for (const op of exposedOperations(options)) {
      if (!selectors || selectors.some((selector) => inResource(op.resource, selector))) tools.push(perOperationTool(op));
    }
  }
  return tools;
}

/**
 * The tools `tools/list` shows for `options` (definitions only: for measuring and testing).
 * @throws {ToolsetError} when `resources` names an unknown resource group.
 */
export function deriveTools(options: ToolsetOptions = {}): ToolDefinition[] {
  return toolset(options).map((tool) => tool.definition);
}
