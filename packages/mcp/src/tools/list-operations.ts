/** The `list_operations` tool: the operations the server calls, filtered by resource and by the caller's role. */
import { allOperations, roleAllows, type McpOperation, type Role } from '../contract';
import { exposedOperations, inResource, shortPath, type ToolsetOptions } from '../operations';
import type { Tool } from './types';

const writesNote = (options: ToolsetOptions) => (options.allowWrites ? 'Writes are enabled.' : 'Read-only: operations that change data are not exposed (the server runs without --allow-writes).');

/** The `list_operations` tool for `options`: its `resource` enum is the exposed resource groups. */
export function listOperationsTool(options: ToolsetOptions): Tool {
  const resources = [...new Set(exposedOperations(options).map((op) => op.resource))].sort();
  return {
    definition: {
      name: 'list_operations',
      title: 'List API operations',
      description:
        `Lists the Support and Knowledge Base API's operations this server can call (operationId, method, path, summary, minimum role), ` +
        `by default only those the server's role may call. Start here, then describe_operation and call_operation. ${writesNote(options)}`,
      inputSchema: {
        type: 'object',
        properties: {
          resource: { type: 'string', enum: resources, description: 'Only this resource group (kb includes kb.contents).' },
          include_denied: { type: 'boolean', default: false, description: "Also list operations above the server's role." },
        },
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    async handle(args, { target }) {
      return {
        text: listOperationsText({
          allowWrites: options.allowWrites ?? false,
          role: await target.role(),
          target: target.label,
          ...(typeof args.resource === 'string' ? { resource: args.resource } : {}),
          includeDenied: args.include_denied === true,
        }),
      };
    },
  };
}

/** What `list_operations` answers: one line per operation, after a line saying who the server acts as. */
export function listOperationsText(options: { allowWrites?: boolean; role: Role | undefined; target: string; resource?: string; includeDenied?: boolean }): string {
  const all = exposedOperations(options).filter((op) => !options.resource || inResource(op.resource, options.resource));
  const allowed = (op: McpOperation) => options.role === undefined || roleAllows(options.role, op.minRole);
  const shown = options.includeDenied ? all : all.filter(allowed);
  const hiddenWrites = options.allowWrites ? 0 : [...allOperations.values()].filter((op) => !op.signIn && !op.readOnly).length;
  const header = [
    `${shown.length} operations on ${options.target}, acting as ${options.role ?? 'a teammate of unknown role (every operation listed)'}.`,
    hiddenWrites ? `${hiddenWrites} operations that change data are not exposed (read-only server).` : '',
    !options.includeDenied && shown.length < all.length ? `${all.length - shown.length} more need a higher role (include_denied: true lists them).` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const lines = shown.map(
    (op) => `${op.operationId}: ${op.method} ${shortPath(op)} — ${op.summary} [${op.resource}; min role ${op.minRole}${op.paged ? '; paged' : ''}${allowed(op) ? '' : '; DENIED for this role'}]`,
  );
  return [header, ...lines].join('\n');
}
