/** The `call_operation` tool: calls any exposed operation by operationId through the SDK. */
import type { ToolsetOptions } from '../operations';
import { callOperation } from './call';
import { operationIdInput } from './describe-operation';
import type { Tool } from './types';

/** The `call_operation` tool for `options` (its `readOnlyHint` follows `allowWrites`). */
export function callOperationTool(options: ToolsetOptions): Tool {
  return {
    definition: {
      name: 'call_operation',
      title: 'Call an API operation',
      description:
        'Calls one operation through the typed SDK and returns its 200 body as JSON (a paged list: the page asked for, `page` from 0). ' +
        'params is validated against the contract before sending; errors come back with the status and what to do.',
      inputSchema: {
        type: 'object',
        properties: {
          operationId: operationIdInput,
          params: { type: 'object', additionalProperties: true, description: "The operation's input as describe_operation gives it; omit when it takes none." },
        },
        required: ['operationId'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: !options.allowWrites },
    },
    handle: (args, context) => callOperation(context, String(args.operationId), args.params),
  };
}
