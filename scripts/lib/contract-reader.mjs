// The one library for reading the contract, shared by the SDK's generator
// (packages/sdk/scripts/generate-operations.mjs), the MCP server's derivation
// (packages/mcp/scripts/derive-contract.mjs), the docs (scripts/docs/operation-docs.mjs) and the
// conformance run. It reads a parsed OpenAPI 3.1 document, bundled (internal `#/components/...`
// `$ref`s) or dereferenced (`dereferencedContract()` of ./contract-source.mjs, Redocly's bundler):
// - JSON pointers and `$ref` chains (RFC 6901 through `jsonpointer`);
// - the operations, with their parameters (path-level then operation-level, resolved);
// - `allOf` object schemas merged into one (a request body's fields);
// - the parameter-object rule: what an SDK method takes in its one object (path parameters but
//   `project_id`, query parameters but aliases, body fields, side by side);
// - the facts the contract marks once: sign-ins (`x-sign-in`), the role ladder (`TeammateRole`'s
//   enum with `x-ranked: lowest-first`).
// Build-time only: no package imports it at run time, so none needs it published.
import jsonpointer from 'jsonpointer';

/**
 * HTTP methods an OpenAPI path item may have operations for, in the order operations are read.
 * @type {readonly string[]}
 */
export const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The path parameter every project-scoped operation has, which SDK clients fill themselves. */
export const PROJECT_PARAMETER = 'project_id';

/** A contract that cannot be read as this library expects: the message names the place and the fix. */
export class ContractReadError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'ContractReadError';
  }
}

/**
 * The node an internal reference (`#/components/schemas/Tag`) points at.
 * @param {any} doc the OpenAPI document
 * @param {string} ref a local JSON pointer reference, `#/...`
 * @returns {any}
 * @throws {ContractReadError} for an external reference or one that points at nothing
 */
export function resolvePointer(doc, ref) {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) throw new ContractReadError(`cannot resolve $ref ${ref}: only internal references of a bundled document are read`);
  let target;
  try {
    target = jsonpointer.get(doc, ref.slice(1));
  } catch {
    target = undefined;
  }
  if (target === undefined) throw new ContractReadError(`$ref ${ref} points at nothing`);
  return target;
}

/**
 * Follows `$ref` until a node that is not a reference (parameters, request bodies, responses,
 * examples, schemas); any other value is returned as is.
 * @param {any} doc the OpenAPI document
 * @param {any} node
 * @returns {any}
 * @throws {ContractReadError} on an unresolvable reference or a chain longer than 20
 */
export function deref(doc, node) {
  let current = node;
  for (let depth = 0; current && typeof current === 'object' && typeof current.$ref === 'string'; depth++) {
    if (depth > 20) throw new ContractReadError(`cannot resolve $ref ${current.$ref}: a chain of references longer than 20`);
    current = resolvePointer(doc, current.$ref);
  }
  return current;
}

/**
 * The parameters of an operation, resolved: the path item's, then the operation's (an operation's
 * parameter replaces the path item's of the same name and location, as OpenAPI says).
 * @param {any} doc
 * @param {any} pathItem
 * @param {any} operation
 * @returns {any[]}
 */
export function parametersOf(doc, pathItem, operation) {
  /** @type {any[]} */
  const own = (operation.parameters ?? []).map(/** @param {unknown} p */ (p) => deref(doc, p));
  /** @type {any[]} */
  const inherited = (pathItem.parameters ?? []).map(/** @param {unknown} p */ (p) => deref(doc, p));
  return [...inherited.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
}

/**
 * Every operation of the document, in path then {@link METHODS} order.
 * @param {any} doc
 * @returns {{ path: string, method: string, pathItem: any, operation: any, operationId: string }[]} `method` upper case
 */
export function operationsOf(doc) {
  const out = [];
  for (const [path, pathItem] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (operation) out.push({ path, method: method.toUpperCase(), pathItem, operation, operationId: operation.operationId });
    }
  }
  return out;
}

/**
 * An object schema with its `allOf` parts (resolved, recursively) merged in: properties and
 * `required` joined, the first description kept. The SDK's methods spread a body's fields at the
 * top level of their one object, so this is the shape they take. A schema without `allOf` is
 * returned resolved, unchanged.
 * @param {any} doc
 * @param {any} schema
 * @returns {any}
 */
export function mergeAllOf(doc, schema) {
  const resolved = deref(doc, schema);
  if (!resolved || !Array.isArray(resolved.allOf)) return resolved;
  const { allOf, ...rest } = resolved;
  const merged = { ...rest, type: 'object', properties: { ...(rest.properties ?? {}) }, required: [...(rest.required ?? [])] };
  for (const part of allOf.map(/** @param {unknown} p */ (p) => mergeAllOf(doc, p))) {
    Object.assign(merged.properties, part.properties ?? {});
    merged.required.push(...(part.required ?? []));
    if (!merged.description && part.description) merged.description = part.description;
  }
  merged.required = [...new Set(merged.required)];
  return merged;
}

/**
 * The JSON request body of an operation: its media type object, its schema with `allOf` merged,
 * whether it is required, whether it is a list, and its top-level field names (`['body']` for a list).
 * `undefined` when it has none.
 * @param {any} doc
 * @param {any} operation
 * @returns {{ media: any, schema: any, required: boolean, list: boolean, fields: string[] } | undefined}
 */
export function jsonBodyOf(doc, operation) {
  if (!operation.requestBody) return undefined;
  const requestBody = deref(doc, operation.requestBody);
  const media = requestBody.content?.['application/json'];
  if (!media?.schema) return undefined;
  const schema = mergeAllOf(doc, media.schema);
  // A list body (`type: array`) is the one field `body` of the method's object.
  const list = schema.type === 'array';
  return { media, schema, required: Boolean(requestBody.required), list, fields: list ? ['body'] : Object.keys(schema.properties ?? {}) };
}

/**
 * The parameter-object rule: what an SDK method of the operation takes in its one object. Path
 * parameters but `project_id` (the client's), query parameters but aliases (`x-alias-of`: the SDK
 * fills them from the parameter they alias), and the JSON body's fields, side by side — or, for a body
 * that is a list, the list as the field `body`.
 * @param {any} doc
 * @param {any} pathItem
 * @param {any} operation
 * @returns {{ parameters: any[], body: ReturnType<typeof jsonBodyOf>, names: string[] }} `parameters`:
 *   the path and query parameter objects taken; `names`: every name, parameters first
 * @throws {ContractReadError} when a parameter and a body field share a name (the one object could not tell them apart)
 */
export function parameterObject(doc, pathItem, operation) {
  const parameters = parametersOf(doc, pathItem, operation).filter((p) => (p.in === 'path' && p.name !== PROJECT_PARAMETER) || (p.in === 'query' && p['x-alias-of'] === undefined));
  const body = jsonBodyOf(doc, operation);
  for (const field of body?.fields ?? []) {
    if (parametersOf(doc, pathItem, operation).some((p) => (p.in === 'path' || p.in === 'query') && p.name === field)) {
      throw new ContractReadError(`${operation.operationId}: parameter ${field} collides with a body field`);
    }
  }
  return { parameters, body, names: [...new Set([...parameters.map((p) => p.name), ...(body?.fields ?? [])])] };
}

/**
 * Whether an operation is a sign-in (the contract's `x-sign-in: true`): it answers a token for the
 * credentials it is given. SDK clients keep that token; the MCP server never exposes sign-ins (it signs
 * in itself); a read-only conformance run still calls them.
 * @param {any} operation
 * @returns {boolean}
 * @throws {ContractReadError} when `x-sign-in` is set to anything but `true`
 */
export function isSignIn(operation) {
  const flag = operation['x-sign-in'];
  if (flag === undefined) return false;
  if (flag !== true) throw new ContractReadError(`${operation.operationId}: x-sign-in must be true (or absent)`);
  return true;
}

/** The schema whose enum is the role ladder. */
export const ROLE_SCHEMA = 'TeammateRole';

/**
 * The roles of a project, lowest first: the enum of `components.schemas.TeammateRole`, which the
 * contract marks `x-ranked: lowest-first` (its order is the rank the server's role guard applies).
 * @param {any} doc
 * @returns {string[]}
 * @throws {ContractReadError} when the schema is missing, has no enum, or is not marked ranked
 */
export function roleLadder(doc) {
  const schema = deref(doc, doc.components?.schemas?.[ROLE_SCHEMA]);
  if (!schema || !Array.isArray(schema.enum) || !schema.enum.length) throw new ContractReadError(`components.schemas.${ROLE_SCHEMA} must list the roles in an enum`);
  if (schema['x-ranked'] !== 'lowest-first') throw new ContractReadError(`components.schemas.${ROLE_SCHEMA} must say x-ranked: lowest-first (its enum is the role ladder, lowest first)`);
  if (new Set(schema.enum).size !== schema.enum.length || !schema.enum.every(/** @param {unknown} r */ (r) => typeof r === 'string' && r))
    throw new ContractReadError(`components.schemas.${ROLE_SCHEMA}: the roles must be distinct non-empty strings`);
  return [...schema.enum];
}
