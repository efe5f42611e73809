/**
 * What the contract says of each operation, as the build derived it (`scripts/derive-contract.mjs`
 * → `src/generated/contract.gen.json`), joined with the SDK's manifest (`@supportkb/sdk/manifest`):
 * the one place the MCP server reads operations from. Nothing here is written per operation.
 */
import { apiOperations, roleAllows as ladderAllows, roleLadder, roleRank, type ApiOperation, type OperationId, type ProjectRole } from '@supportkb/sdk/manifest';
import derived from './generated/contract.gen.json';

/** A JSON Schema (2020-12, what OpenAPI 3.1 schemas are), as plain data. */
export type JsonSchema = { [key: string]: unknown };

interface DerivedOperation {
  summary: string;
  description: string;
  tag?: string;
  /** The parameter object, short descriptions, nested values past three levels left open: for tool input schemas. */
  toolInput: JsonSchema & { properties: Record<string, JsonSchema>; required?: string[] };
  /** The parameter object with the contract's full descriptions; `$ref`s to `#/$defs/<Name>`. */
  input: JsonSchema & { properties: Record<string, JsonSchema> };
  inputExample: Record<string, unknown>;
  /** The 200 body's JSON schema (`$ref`s to `#/$defs/<Name>`), `null` when it is not JSON. */
  output: JsonSchema | null;
  outputDescription?: string;
  outputExample?: unknown;
}

const contract = derived as unknown as {
  title: string;
  version: string;
  operations: Record<string, DerivedOperation>;
  schemas: Record<string, JsonSchema>;
};

/** Roles in a project, lowest first: the SDK manifest's `roleLadder` (the contract's `TeammateRole`, `x-ranked`). */
export const ROLES = roleLadder;
/** A caller's role in the project. */
export type Role = ProjectRole;
/** Whether `value` is a role of the ladder (a custom role, or none, is not). */
export const isRole = (value: unknown): value is Role => roleRank(value) >= 0;

/** One operation as the MCP server sees it: the SDK manifest's entry plus the contract's texts and schemas. */
export interface McpOperation {
  readonly operationId: OperationId;
  readonly method: ApiOperation['method'];
  readonly path: string;
  /** The resource group, dotted as on the SDK client (`tags`, `kb.contents`). */
  readonly resource: string;
  readonly minRole: ApiOperation['minRole'];
  /** `GET`: reads only. Anything else changes data (and needs `allowWrites`). */
  readonly readOnly: boolean;
  readonly summary: string;
  readonly description: string;
  /** Paged list: the page size and the parameter of the page number. */
  readonly paged: boolean;
  /** A sign-in (the contract's `x-sign-in`): never exposed, the server signs in itself and a token is nothing for a tool to answer. */
  readonly signIn: boolean;
  readonly manifest: ApiOperation;
  readonly docs: DerivedOperation;
}

/** Every operation of the contract (those of the manifest), by operationId, in the manifest's order. */
export const allOperations: ReadonlyMap<OperationId, McpOperation> = new Map(
  (Object.values(apiOperations) as ApiOperation[]).map((info) => {
    const docs = contract.operations[info.operationId];
    if (!docs) throw new Error(`The derived contract has no ${info.operationId}: rebuild @supportkb/mcp (npm run build)`);
    const operation: McpOperation = {
      operationId: info.operationId,
      method: info.method,
      path: info.path,
      resource: info.resource.join('.'),
      minRole: info.minRole,
      readOnly: info.method === 'GET',
      summary: docs.summary,
      description: docs.description,
      paged: Boolean(info.pagination),
      signIn: info.signIn === true,
      manifest: info,
      docs,
    };
    return [info.operationId, operation];
  }),
);

/** The resource groups (dotted), in the manifest's order, hidden ones included. */
export const allResources: readonly string[] = [...new Set([...allOperations.values()].map((operation) => operation.resource))];

/** Title and version of the contract the build derived from. */
export const contractInfo = { title: contract.title, version: contract.version } as const;

/**
 * A schema made self-contained: the component schemas it reaches through `#/$defs/<Name>`
 * (transitively) added as `$defs`. Returns `schema` itself when it references none.
 */
export function withDefs(schema: JsonSchema): JsonSchema {
  const defs: Record<string, JsonSchema> = {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
      const name = ref.slice('#/$defs/'.length);
      const target = contract.schemas[name];
      if (target && !(name in defs)) {
        defs[name] = target;
        visit(target);
      }
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(schema);
  return Object.keys(defs).length ? { ...schema, $defs: defs } : schema;
}

/** Whether a caller of `role` passes an operation's minimum role (`none` passes everyone): the ladder's `roleAllows`. */
export function roleAllows(role: Role, minRole: ApiOperation['minRole']): boolean {
  return ladderAllows(role, minRole);
}
