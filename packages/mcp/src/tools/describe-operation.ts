/** The `describe_operation` tool: one operation in full (input and output schemas, examples). */
import type { OperationId } from '@supportkb/sdk/manifest';
import { withDefs, type McpOperation } from '../contract';
import type { Tool } from './types';

/** An operationId argument: a plain string (no enum: the tool list stays the same size whatever the API's). */
export const operationIdInput = { type: 'string', description: 'The operationId, as list_operations gives it, e.g. listTags.' } as const;

/** The `describe_operation` tool. */
export function describeOperationTool(): Tool {
  return {
    definition: {
      name: 'describe_operation',
      title: 'Describe an API operation',
      description: 'The full description of one operation: its input (one object: path, query and body fields side by side, as JSON Schema), ' + 'its 200 output schema, and examples of both.',
      inputSchema: { type: 'object', properties: { operationId: operationIdInput }, required: ['operationId'], additionalProperties: false },
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    async handle(args, { describable, exposed }) {
      const op = describable.get(args.operationId as OperationId);
      if (!op) return { text: `Unknown operationId "${String(args.operationId)}": list_operations lists the ones this server calls.`, isError: true };
      const callable = exposed.has(op.operationId) ? {} : { callable: 'no: it changes data and this server is read-only (--allow-writes enables writes)' };
      return { text: JSON.stringify({ ...describeOperation(op), ...callable }) };
    },
  };
}

/** What `describe_operation` answers, as an object (the tool serialises it as JSON). */
export function describeOperation(op: McpOperation): Record<string, unknown> {
  const { docs } = op;
  const queryAliases = op.manifest.queryAliases ?? {};
  return {
    operationId: op.operationId,
    summary: op.summary,
    method: op.method,
    path: op.path,
    resource: op.resource,
    minRole: op.minRole,
    readOnly: op.readOnly,
    ...(op.manifest.pagination ? { paged: { pageParam: 'page (from 0)', pageSize: op.manifest.pagination.pageSize } } : {}),
    description: docs.description,
    input: withDefs(docs.input),
    ...(Object.keys(queryAliases).length ? { aliases: queryAliases } : {}),
    inputExample: docs.inputExample,
    output: docs.output ? withDefs(docs.output) : `not JSON: ${docs.outputDescription ?? 'no body'}`,
    ...(docs.outputDescription ? { outputDescription: docs.outputDescription } : {}),
    ...(docs.outputExample !== undefined ? { outputExample: docs.outputExample } : {}),
  };
}
