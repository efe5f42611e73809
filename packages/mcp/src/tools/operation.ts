/** A per-operation tool (`--tools per-operation`): named by operationId, its input the contract's parameter object. */
import type { McpOperation } from '../contract';
import { shortPath } from '../operations';
import { callOperation } from './call';
import type { Tool, ToolDefinition } from './types';

/** The first paragraph of a description, cut to `max` characters. */
function firstParagraph(text: string, max = 300): string {
  const paragraph =
    text
      .split(/\n\s*\n/)[0]
      ?.replace(/\s+/g, ' ')
      .trim() ?? '';
  return paragraph.length > max ? `${paragraph.slice(0, max - 1).trimEnd()}…` : paragraph;
}

const annotationsOf = (op: McpOperation): ToolDefinition['annotations'] => ({
  readOnlyHint: op.readOnly,
  ...(op.readOnly ? {} : { destructiveHint: op.method === 'DELETE' }),
  idempotentHint: op.method !== 'POST' && op.method !== 'PATCH',
});

/** The definition of one operation's tool: its input schema is the contract's parameter object. */
export function operationTool(op: McpOperation): ToolDefinition {
  const lead = firstParagraph(op.description);
  const description = [`${op.summary}.`.replace(/\.\.$/, '.'), lead && lead !== op.summary ? lead : '', `${op.method} ${shortPath(op)}; minimum role ${op.minRole}.`].filter(Boolean).join(' ');
  return { name: op.operationId, title: op.summary, description, inputSchema: op.docs.toolInput, annotations: annotationsOf(op), operationId: op.operationId };
}

/** The tool of one operation: its definition, and a handler that calls that operation with the arguments. */
export function perOperationTool(op: McpOperation): Tool {
  return { definition: operationTool(op), handle: (args, context) => callOperation(context, op.operationId, args) };
}
