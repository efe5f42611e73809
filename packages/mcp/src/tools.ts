/**
 * The tools, derived from the contract and the SDK's manifest (never written per operation): the
 * three fixed tools of the default (`list_operations`, `describe_operation`, `call_operation`), whose
 * size does not grow with the API, or one tool per operation of chosen resources beside them.
 */
import type { OperationId } from '@supportkb/sdk/manifest';
import { allOperations, HIDDEN_RESOURCES, roleAllows, withDefs, type JsonSchema, type McpOperation, type Role } from './contract';

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

/** A tool as `tools/list` shows it, plus the operation it calls (per-operation tools). */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  annotations: { readOnlyHint: boolean; destructiveHint?: boolean; idempotentHint?: boolean };
  /** The operation a per-operation tool calls; absent for the fixed tools. */
  operationId?: OperationId;
}

/** Thrown for options that name no resource or operation the server knows; the message lists the valid ones. */
export class ToolsetError extends Error {
  override name = 'ToolsetError';
}

/** The resource groups the server may expose (all but sign-ins), dotted (`kb.contents`). */
export function exposableResources(): string[] {
  return [...new Set([...allOperations.values()].filter((op) => !HIDDEN_RESOURCES.includes(op.resource)).map((op) => op.resource))].sort();
}

/**
 * The operations the server lets a client call: every operation but the sign-ins, only GET ones
 * unless `allowWrites`.
 */
export function exposedOperations(options: Pick<ToolsetOptions, 'allowWrites'> = {}): McpOperation[] {
  return [...allOperations.values()].filter((op) => !HIDDEN_RESOURCES.includes(op.resource) && (options.allowWrites || op.readOnly));
}

/** Whether `resource` (dotted) is `selector` or inside it (`kb` selects `kb.contents`). */
const inResource = (resource: string, selector: string) => resource === selector || resource.startsWith(`${selector}.`);

/**
 * Checks resource selectors against the exposable resources.
 * @throws {ToolsetError} naming the unknown selectors and the valid ones.
 */
export function checkResources(selectors: readonly string[]): void {
  const known = exposableResources();
  const unknown = selectors.filter((selector) => !known.some((resource) => inResource(resource, selector)));
  if (unknown.length) throw new ToolsetError(`Unknown resource ${unknown.map((s) => `"${s}"`).join(', ')}: choose among ${known.join(', ')}`);
}

/** The first paragraph of a description, cut to `max` characters. */
function firstParagraph(text: string, max = 300): string {
  const paragraph = text.split(/\n\s*\n/)[0]?.replace(/\s+/g, ' ').trim() ?? '';
  return paragraph.length > max ? `${paragraph.slice(0, max - 1).trimEnd()}…` : paragraph;
}

/** The path of an operation without the project prefix every project-scoped path has. */
export const shortPath = (op: McpOperation) => op.path.replace(/^\/\{project_id\}/, '') || '/';

const annotationsOf = (op: McpOperation): ToolDefinition['annotations'] => ({
  readOnlyHint: op.readOnly,
  ...(op.readOnly ? {} : { destructiveHint: op.method === 'DELETE' }),
  idempotentHint: op.method !== 'POST' && op.method !== 'PATCH',
});

/** The tool of one operation (per-operation mode): its input schema is the contract's parameter object. */
export function operationTool(op: McpOperation): ToolDefinition {
  const lead = firstParagraph(op.description);
  const description = [`${op.summary}.`.replace(/\.\.$/, '.'), lead && lead !== op.summary ? lead : '', `${op.method} ${shortPath(op)}; minimum role ${op.minRole}.`]
    .filter(Boolean)
    .join(' ');
  return { name: op.operationId, title: op.summary, description, inputSchema: op.docs.toolInput, annotations: annotationsOf(op), operationId: op.operationId };
}

/**
 * Every tool the server lists for `options`: the three fixed tools, then (per-operation mode) one
 * per exposed operation of the chosen resources.
 * @throws {ToolsetError} when `resources` names an unknown resource group.
 */
export function deriveTools(options: ToolsetOptions = {}): ToolDefinition[] {
  const exposed = exposedOperations(options);
  const resources = [...new Set(exposed.map((op) => op.resource))].sort();
  const writes = options.allowWrites ? 'Writes are enabled.' : 'Read-only: operations that change data are not exposed (the server runs without --allow-writes).';
  // A plain string, no enum of ids: list_operations gives them, an unknown or read-only-refused one gets
  // an error saying why, and the tool list stays the same size whatever the API's.
  const operationId = { type: 'string', description: 'The operationId, as list_operations gives it, e.g. listTags.' };
  const tools: ToolDefinition[] = [
    {
      name: 'list_operations',
      title: 'List API operations',
      description:
        `Lists the Support and Knowledge Base API's operations this server can call (operationId, method, path, summary, minimum role), ` +
        `by default only those the server's role may call. Start here, then describe_operation and call_operation. ${writes}`,
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
    {
      name: 'describe_operation',
      title: 'Describe an API operation',
      description:
        'The full description of one operation: its input (one object: path, query and body fields side by side, as JSON Schema), ' +
        'its 200 output schema, and examples of both.',
      inputSchema: { type: 'object', properties: { operationId }, required: ['operationId'], additionalProperties: false },
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    {
      name: 'call_operation',
      title: 'Call an API operation',
      description:
        'Calls one operation through the typed SDK and returns its 200 body as JSON (a paged list: the page asked for, `page` from 0). ' +
        'params is validated against the contract before sending; errors come back with the status and what to do.',
      inputSchema: {
        type: 'object',
        properties: {
          operationId,
          params: { type: 'object', additionalProperties: true, description: "The operation's input as describe_operation gives it; omit when it takes none." },
        },
        required: ['operationId'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: !options.allowWrites },
    },
  ];
  if (options.tools === 'per-operation') {
    const selectors = options.resources?.length ? options.resources : undefined;
    if (selectors) checkResources(selectors);
    for (const op of exposed) {
      if (!selectors || selectors.some((selector) => inResource(op.resource, selector))) tools.push(operationTool(op));
    }
  }
  return tools;
}

/** What `list_operations` answers: one line per operation, after a line saying who the server acts as. */
export function listOperationsText(options: {
  allowWrites?: boolean;
  role: Role | undefined;
  target: string;
  resource?: string;
  includeDenied?: boolean;
}): string {
  const all = exposedOperations(options).filter((op) => !options.resource || inResource(op.resource, options.resource));
  const allowed = (op: McpOperation) => options.role === undefined || roleAllows(options.role, op.minRole);
  const shown = options.includeDenied ? all : all.filter(allowed);
  const hiddenWrites = options.allowWrites ? 0 : [...allOperations.values()].filter((op) => !HIDDEN_RESOURCES.includes(op.resource) && !op.readOnly).length;
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
