#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 1 type error when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// The one generator of the operations manifest, run by `npm run generate` after hey-api. From the
// contract, dereferenced by Redocly (scripts/lib/contract-source.mjs: the repository's one `$ref`
// resolver), it writes:
// - src/generated/operations.gen.ts: what the SDK's runtime reads (`operations` of `@supportkb/sdk`,
//   loaded by `createClient` with its first call): per operation its id, resource and method names, HTTP method,
//   path template, security schemes, minimum role, parameters, the query rules of the contract's
//   `x-alias-of` and `x-false-is-true` (see queryRules below), whether it has a body, pagination (page
//   size from the contract) and empty-body flag; the compact route index the generated functions'
//   client reads (operationId, minimum role, query rules; loaded with its first call); the method index
//   `createClient` builds its client from (`clientMethods`, `pagedOperations`: the rest of `operations`
//   loads with its first call); the webhook and subscription event names;
//   the request/response types and the typed resource tree of `createClient()`.
// - src/generated/manifest.gen.ts: the whole of what the manifest knows of each operation, for tools
//   (`apiOperations` of `@supportkb/sdk/manifest`: the mocks, docs): each entry of `operations` plus
//   whether credentials are optional, the query parameters' defaults, the body fields, the declared
//   responses (status → media types) and whether a subscription's token may call it (the contract's
//   `x-accepts-subscription-token`); and `roleLadder`, the roles lowest first (the contract's
//   `TeammateRole` enum, `x-ranked: lowest-first`). Kept out of `operations` so the client's bundle
//   does not carry it. Sign-ins (the contract's `x-sign-in`) are flagged `signIn` in `operations`.
// The contract is read through scripts/lib/contract-reader.mjs, the library the MCP server's
// derivation and the docs read it with too.
// (hey-api's zod/mini schemas are made to build on first use by its own `output.postProcess`,
// scripts/lazy-zod.mjs: see openapi-ts.config.ts.)
// - open enums in hey-api's types.gen.ts typed `Enum | (string & {})` (see below).
// Committed; a test checks that regenerating gives no diff. Per-endpoint code belongs here, not by hand.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dereferencedContract } from '../../../scripts/lib/contract-source.mjs';
import { isSignIn, jsonBodyOf, operationsOf, parameterObject, parametersOf, roleLadder } from '../../../scripts/lib/contract-reader.mjs';

const input = process.env.SUPPORTKB_GENERATE_INPUT ?? fileURLToPath(new URL('../../../openapi/dist/openapi.yaml', import.meta.url));
const outputDir = process.env.SUPPORTKB_GENERATE_OUTPUT ?? fileURLToPath(new URL('../src/generated', import.meta.url));
const output = `${outputDir}/operations.gen.ts`;
const manifestOutput = `${outputDir}/manifest.gen.ts`;

/** Resource group (contract tag) → where it sits on the client, and the nouns stripped from operationIds to name methods. */
const RESOURCES = {
  Authentication: { path: ['auth'], nouns: [] },
  'Knowledge base contents': { path: ['kb', 'contents'], nouns: ['Contents', 'Content'] },
  'Knowledge bases': { path: ['kb'], nouns: ['KnowledgeBases', 'KnowledgeBase'] },
  Team: { path: ['team'], nouns: ['Teammates', 'Teammate'] },
  Groups: { path: ['groups'], nouns: ['Groups', 'Group'] },
  Segments: { path: ['segments'], nouns: ['Segments', 'Segment'] },
  Tags: { path: ['tags'], nouns: ['Tags', 'Tag'] },
  Labels: { path: ['labels'], nouns: ['Labels'] },
  Leads: { path: ['leads'], nouns: ['Leads', 'Lead'] },
  Analytics: { path: ['analytics'], nouns: [] },
  Messages: { path: ['messages'], nouns: ['Messages', 'Message'] },
  Subscriptions: { path: ['subscriptions'], nouns: ['Subscriptions', 'Subscription'] },
  Departments: { path: ['departments'], nouns: ['Departments', 'Department'] },
  Conversations: { path: ['conversations'], nouns: ['Conversations', 'Conversation'] },
};

const doc = dereferencedContract(input);
/** The role ladder, lowest first: `TeammateRole`'s enum (`x-ranked: lowest-first`), read by scripts/lib/contract-reader.mjs. */
const LADDER = roleLadder(doc);
/** The `x-min-role` values: `none`, then the ladder. */
const ROLES = ['none', ...LADDER];
const pascal = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function methodName(operationId, nouns) {
  for (const noun of nouns) {
    const at = operationId.indexOf(noun);
    if (at > 0) return operationId.slice(0, at) + operationId.slice(at + noun.length);
  }
  return operationId;
}

/** The 200 body's JSON schema (`{}` when the 200 is not JSON). */
const okSchema = (op) => op.responses['200']?.content?.['application/json']?.schema ?? {};

/**
 * Detects a paged list: a `page` query parameter and a 200 body that is an array (its `maxItems` is
 * the page size) or a wrapper with one array property and a `count` (the page size is the `limit`
 * parameter's default, or the array's `maxItems`).
 */
function pagination(op, params) {
  const query = params.filter((p) => p.in === 'query');
  if (!query.some((p) => p.name === 'page')) return undefined;
  // A 200 that is no JSON (the leads' CSV export) is one text, not a page of items.
  if (!op.responses['200']?.content?.['application/json']) return undefined;
  const schema = okSchema(op);
  const limit = query.find((p) => p.name === 'limit');
  if (schema.type === 'array') {
    if (!schema.maxItems) throw new Error(`${op.operationId}: a paged plain array needs maxItems (the fixed page size)`);
    return { items: null, count: null, pageSizeField: null, pageSize: schema.maxItems };
  }
  const props = schema.properties ?? {};
  const arrays = Object.keys(props).filter((k) => props[k].type === 'array');
  if (arrays.length !== 1 || !props.count) throw new Error(`${op.operationId}: cannot detect the page wrapper`);
  const pageSize = limit?.schema?.default ?? props[arrays[0]].maxItems;
  if (!Number.isInteger(pageSize)) throw new Error(`${op.operationId}: the page size is neither the limit parameter's default nor the items' maxItems`);
  return { items: arrays[0], count: 'count', pageSizeField: props.perPage ? 'perPage' : 'query.limit', pageSize, limitParam: limit ? 'limit' : null };
}

/** The contract's `info.x-release-window`: `{ from, to }`, two releases `X.Y.Z`. */
function releaseWindowOf(contract) {
  const window = contract.info['x-release-window'];
  const release = /^\d+\.\d+\.\d+$/;
  if (!release.test(window?.from ?? '') || !release.test(window?.to ?? '')) throw new Error('info.x-release-window must be { from: X.Y.Z, to: X.Y.Z }');
  return { from: window.from, to: window.to };
}

/**
 * Where, in a 200 body, the object schemas sit whose `x-release-required` names fields that only some
 * releases send: `[path, spec]` pairs, `path` from the body's root (`*`: every item of an array), `spec`
 * the schema's window-wide `required` and, per field of `x-release-required`, `[since, until?]`. Follows
 * properties, array items and `anyOf`/`oneOf`/`allOf` branches (each branch at the same path), not into a
 * schema already on the way (the dereferenced contract may be cyclic).
 */
function releaseSpecsOf(schema, path = [], seen = new Set(), out = []) {
  if (!schema || typeof schema !== 'object' || seen.has(schema) || path.length > 6) return out;
  seen = new Set(seen).add(schema);
  const releaseRequired = schema['x-release-required'];
  if (Array.isArray(releaseRequired) && releaseRequired.length) {
    const since = {};
    for (const name of releaseRequired) {
      const property = schema.properties?.[name];
      if (!property?.['x-since'] && !property?.['x-until']) throw new Error(`x-release-required names ${name}, which has neither x-since nor x-until`);
      since[name] = property['x-until'] ? [property['x-since'] ?? '', property['x-until']] : [property['x-since']];
    }
    out.push([path, { required: schema.required ?? [], since }]);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const branch of schema[key] ?? []) releaseSpecsOf(branch, path, seen, out);
  for (const [name, property] of Object.entries(schema.properties ?? {})) releaseSpecsOf(property, [...path, name], seen, out);
  if (schema.items) releaseSpecsOf(schema.items, [...path, '*'], seen, out);
  return out;
}

/**
 * The fields of a 200 body that only some releases send: `[path, since, until]`, `path` from the body's root
 * to the field (`*`: every item of an array), `since`/`until` its `x-since`/`x-until` (`null` when absent).
 * Follows the same ways as {@link releaseSpecsOf}.
 */
function releaseFieldsOf(schema, path = [], seen = new Set(), out = new Map()) {
  if (!schema || typeof schema !== 'object' || seen.has(schema) || path.length > 6) return [...out.values()];
  seen = new Set(seen).add(schema);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (property?.['x-since'] || property?.['x-until']) {
      const entry = [[...path, name], property['x-since'] ?? null, property['x-until'] ?? null];
      out.set(JSON.stringify(entry), entry);
    }
    releaseFieldsOf(property, [...path, name], seen, out);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const branch of schema[key] ?? []) releaseFieldsOf(branch, path, seen, out);
  if (schema.items) releaseFieldsOf(schema.items, [...path, '*'], seen, out);
  return [...out.values()];
}

/** Whether the 200 may have an empty body: the contract declares it as a `text/plain` empty string. */
const emptyBody = (op) => op.responses['200']?.content?.['text/plain']?.schema?.const === '';

/** Whether the 200 is a text that is not JSON (e.g. `text/csv`): the method resolves to the text. */
const textBody = (op) => {
  const types = Object.keys(op.responses['200']?.content ?? {});
  return types.length > 0 && types.every((type) => type.startsWith('text/')) && !emptyBody(op);
};

/** Security schemes of the contract as the generated client names them (hey-api's `Auth`). */
const SCHEMES = {};
for (const [name, scheme] of Object.entries(doc.components.securitySchemes ?? {})) {
  if (scheme.type === 'apiKey' && scheme.in === 'header') SCHEMES[name] = { constant: 'API_KEY_AUTH', value: { name: scheme.name, type: 'apiKey' } };
  else if (scheme.type === 'http' && scheme.scheme === 'basic') SCHEMES[name] = { constant: 'BASIC_AUTH', value: { scheme: 'basic', type: 'http' } };
  else throw new Error(`security scheme ${name}: only header apiKey and HTTP Basic are supported`);
}

/**
 * The query rules of an operation, from its query parameters' extensions (openapi/README.md):
 * - `queryAliases`: `{ sort: 'sortField' }` for a parameter `sort` with `x-alias-of: sortField`,
 *   the same value under the server's name; the transport fills the missing one of the pair from the other.
 * - `presenceFlags`: the boolean parameters with `x-false-is-true: true`, which the server reads as
 *   true whatever their value; the transport drops them when they are `false`.
 * Each is `undefined` when the operation has none.
 */
function queryRules(operationId, query) {
  const names = query.map((p) => p.name);
  const aliases = {};
  const flags = [];
  for (const p of query) {
    const of = p['x-alias-of'];
    if (of !== undefined) {
      if (typeof of !== 'string' || of === p.name || !names.includes(of)) throw new Error(`${operationId}: x-alias-of of ${p.name} must name another query parameter of the operation`);
      if (query.find((q) => q.name === of)['x-alias-of'] !== undefined) throw new Error(`${operationId}: ${p.name} is an alias of ${of}, which is an alias itself`);
      if (JSON.stringify(p.schema) !== JSON.stringify(query.find((q) => q.name === of).schema)) throw new Error(`${operationId}: ${p.name} and its alias ${of} must have the same schema`);
      aliases[p.name] = of;
    }
    const flag = p['x-false-is-true'];
    if (flag !== undefined) {
      if (flag !== true) throw new Error(`${operationId}: x-false-is-true of ${p.name} must be true (or absent)`);
      if (p.schema?.type !== 'boolean') throw new Error(`${operationId}: x-false-is-true is for boolean query parameters; ${p.name} is not one`);
      flags.push(p.name);
    }
  }
  return { queryAliases: Object.keys(aliases).length ? aliases : undefined, presenceFlags: flags.length ? flags : undefined };
}

const ops = [];
for (const { path, method, pathItem, operation: op } of operationsOf(doc)) {
  const params = parametersOf(doc, pathItem, op);
  const resource = RESOURCES[op.tags[0]];
  if (!resource) throw new Error(`No resource for tag ${op.tags[0]}`);
  const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
  const queryParams = params.filter((p) => p.in === 'query').map((p) => p.name);
  const { queryAliases, presenceFlags } = queryRules(
    op.operationId,
    params.filter((p) => p.in === 'query'),
  );
  const queryDefaults = Object.fromEntries(params.filter((p) => p.in === 'query' && p.schema && 'default' in p.schema).map((p) => [p.name, p.schema.default]));
  const jsonBody = op.requestBody ? jsonBodyOf(doc, op) : undefined;
  const fields = op.requestBody ? (jsonBody?.fields ?? []) : undefined;
  if (!ROLES.includes(op['x-min-role'])) throw new Error(`${op.operationId}: x-min-role must be one of ${ROLES.join(', ')}`);
  parameterObject(doc, pathItem, op); // throws when a parameter collides with a body field
  const requirements = op.security ?? doc.security ?? [];
  const security = [];
  for (const requirement of requirements) for (const name of Object.keys(requirement)) if (!security.includes(name)) security.push(name);
  const subscriptionToken = op['x-accepts-subscription-token'];
  if (subscriptionToken !== undefined) {
    if (subscriptionToken !== true) throw new Error(`${op.operationId}: x-accepts-subscription-token must be true (or absent)`);
    if (!security.length) throw new Error(`${op.operationId}: x-accepts-subscription-token is for operations that declare security; this one takes no credentials`);
  }
  ops.push({
    operationId: op.operationId,
    summary: op.summary,
    method,
    path,
    resource: resource.path,
    name: methodName(op.operationId, resource.nouns),
    security,
    authOptional: requirements.length === 0 || requirements.some((r) => Object.keys(r).length === 0),
    minRole: op['x-min-role'],
    pathParams,
    queryParams,
    queryDefaults: Object.keys(queryDefaults).length ? queryDefaults : undefined,
    queryAliases,
    presenceFlags,
    hasBody: Boolean(op.requestBody),
    listBody: jsonBody?.list || undefined,
    bodyFields: fields,
    bodyOptional: (op.requestBody && op.requestBody.required !== true) || undefined,
    pagination: pagination(op, params),
    emptyBody: emptyBody(op) || undefined,
    textBody: textBody(op) || undefined,
    signIn: isSignIn(op) || undefined,
    since: op['x-since'],
    until: op['x-until'],
    responseSchema: op.responses['200']?.content?.['application/json']?.schema,
    responses: Object.fromEntries(Object.entries(op.responses).map(([status, response]) => [status, Object.keys(response.content ?? {})])),
    acceptsSubscriptionToken: subscriptionToken === true,
  });
}
ops.sort((a, b) => a.operationId.localeCompare(b.operationId));
const webhookEvents = Object.keys(doc.webhooks ?? {}).sort();
const subscriptionEvents = doc.components.schemas.SubscriptionEvent?.enum;
if (!subscriptionEvents?.length) throw new Error('components.schemas.SubscriptionEvent must list the subscription event names');

// The resource tree, nested by resource path.
const tree = {};
for (const op of ops) {
  let node = tree;
  for (const key of op.resource) node = node[key] ??= {};
  if (node[op.name]) throw new Error(`Two operations map to ${op.resource.join('.')}.${op.name}`);
  node[op.name] = op;
}

const lines = [];
lines.push('// This file is auto-generated by packages/sdk/scripts/generate-operations.mjs from the contract. Do not edit.');
lines.push('');
lines.push(`import type { ${ops.map((o) => `${pascal(o.operationId)}Data, ${pascal(o.operationId)}Errors, ${pascal(o.operationId)}Responses`).join(', ')}, SubscriptionEvent } from './types.gen';`);
lines.push("import type { Auth } from './core/auth.gen';");
lines.push('');
lines.push('/** How a paged list operation pages (see `pagination.ts`). */');
lines.push('export interface PaginationInfo {');
lines.push('  /** Property of the 200 body holding the items; `null` when the body is the array itself. */');
lines.push('  readonly items: string | null;');
lines.push('  /** Property with the total count across pages, or `null` when the service does not say it. */');
lines.push('  readonly count: string | null;');
lines.push('  /** Where the page size is read from the body (`perPage`, `query.limit`), or `null` for a fixed size. */');
lines.push('  readonly pageSizeField: string | null;');
lines.push("  /** The page size the service uses when the request does not set one (the array's `maxItems`, or the `limit` parameter's default). */");
lines.push('  readonly pageSize: number;');
lines.push('  /** The query parameter setting the page size, when there is one. */');
lines.push('  readonly limitParam?: string | null;');
lines.push('}');
lines.push('');
lines.push("/** An operation's minimum role: `none` (no membership needed) or a role of the ladder (`roleLadder` of `@supportkb/sdk/manifest`), which admits that role and every role above it. */");
lines.push(`export type MinRole = ${ROLES.map((r) => `'${r}'`).join(' | ')};`);
lines.push('');
lines.push("/** HTTP methods of the contract's operations. */");
lines.push(
  `export type HttpMethod = ${[...new Set(ops.map((o) => o.method))]
    .sort()
    .map((m) => `'${m}'`)
    .join(' | ')};`,
);
lines.push('');
lines.push('/**');
lines.push(" * One operation of the contract as the SDK's client sends it. The rest of what the contract says of it");
lines.push(' * (declared responses, body fields, parameter defaults, optional credentials, subscription tokens) is');
lines.push(" * in `apiOperations` of `@supportkb/sdk/manifest`, for tools, so that no client's bundle carries it.");
lines.push(' */');
lines.push('export interface OperationInfo {');
lines.push('  readonly operationId: OperationId;');
lines.push('  /** HTTP method, upper case. */');
lines.push('  readonly method: HttpMethod;');
lines.push('  /** Path template of the contract, e.g. `/{project_id}/tags/{id}`. */');
lines.push('  readonly path: string;');
lines.push('  /** Where the method sits on `createClient()`: `client.<resource...>.<name>`. */');
lines.push('  readonly resource: readonly string[];');
lines.push('  readonly name: string;');
lines.push("  /** Security schemes the operation accepts, in order of preference (hey-api's `Auth` objects); empty when it takes none. */");
lines.push('  readonly security: readonly Auth[];');
lines.push("  /** The minimum role of the caller in the project (the contract's `x-min-role`): `none` needs no membership. */");
lines.push('  readonly minRole: MinRole;');
lines.push('  readonly pathParams: readonly string[];');
lines.push('  readonly queryParams: readonly string[];');
lines.push('  /**');
lines.push("   * Query parameter → the parameter it is an alias of (the contract's `x-alias-of`): the same value under");
lines.push("   * the server's name, e.g. `{ sort: 'sortField' }`. The SDK sends both: a call giving one gets the other");
lines.push('   * filled with the same value.');
lines.push('   */');
lines.push('  readonly queryAliases?: Readonly<Record<string, string>>;');
lines.push('  /**');
lines.push("   * Boolean query parameters the server reads as true whatever their value (the contract's");
lines.push('   * `x-false-is-true`): the SDK omits one whose value is `false`, which is what `false` means.');
lines.push('   */');
lines.push('  readonly presenceFlags?: readonly string[];');
lines.push('  readonly hasBody: boolean;');
lines.push('  /** The body is a list (e.g. `setConversationParticipants`): a method takes it as its `body` field. */');
lines.push('  readonly listBody?: boolean;');
lines.push('  readonly pagination?: PaginationInfo;');
lines.push('  /** The 200 may have an empty body (the method then resolves to `undefined`). */');
lines.push('  readonly emptyBody?: boolean;');
lines.push('  /** The 200 is a text that is not JSON (e.g. `text/csv`): the method resolves to the text, unparsed. */');
lines.push('  readonly textBody?: boolean;');
lines.push("  /** A sign-in (the contract's `x-sign-in`): its 200 answers a token, which `createClient` keeps for the calls that follow. */");
lines.push('  readonly signIn?: boolean;');
lines.push("  /** The first release of the server that has the operation (the contract's `x-since`); absent: every release of {@link releaseWindow}. */");
lines.push('  readonly since?: string;');
lines.push("  /** The last release of the server that has the operation (the contract's `x-until`); absent: still in the newest. */");
lines.push('  readonly until?: string;');
lines.push('}');
lines.push('');
lines.push('/** The releases of the server the contract holds for (its `info.x-release-window`): every release from `from` to `to`. */');
lines.push(`export const releaseWindow = ${JSON.stringify(releaseWindowOf(doc))} as const;`);
lines.push('');
lines.push(`/** The ${ops.length} operationIds of the contract. */`);
lines.push(`export type OperationId = ${ops.map((o) => `'${o.operationId}'`).join(' | ')};`);
lines.push('');
const schemeConstants = [...new Map(Object.values(SCHEMES).map((s) => [s.constant, s.value]))];
for (const [constant, value] of schemeConstants) lines.push(`const ${constant}: Auth = ${JSON.stringify(value)};`);
lines.push('');
lines.push('/** Every operation of the contract, by operationId. */');
lines.push('export const operations: { readonly [K in OperationId]: OperationInfo } = {');
for (const o of ops) {
  const entry = { operationId: o.operationId, method: o.method, path: o.path, resource: o.resource, name: o.name };
  const rest = {
    minRole: o.minRole,
    pathParams: o.pathParams,
    queryParams: o.queryParams,
    queryAliases: o.queryAliases,
    presenceFlags: o.presenceFlags,
    hasBody: o.hasBody,
    listBody: o.listBody,
    pagination: o.pagination,
    emptyBody: o.emptyBody,
    textBody: o.textBody,
    signIn: o.signIn,
    since: o.since,
    until: o.until,
  };
  for (const key of Object.keys(rest)) if (rest[key] === undefined) delete rest[key];
  const security = `[${o.security.map((name) => SCHEMES[name].constant).join(', ')}]`;
  lines.push(`  ${o.operationId}: { ...${JSON.stringify(entry)}, security: ${security}, ...${JSON.stringify(rest)} },`);
}
lines.push('};');
lines.push('');
lines.push("/** How the SDK sends an operation's query parameters (`OperationInfo.queryAliases` and `presenceFlags`) and reads its 200 (`textBody`). */");
lines.push("export type QueryRules = Pick<OperationInfo, 'queryAliases' | 'presenceFlags' | 'textBody'>;");
lines.push('');
lines.push('/**');
lines.push(' * `METHOD /path/{template}` → [operationId, minimum role, query and answer rules when it has any] of every operation:');
lines.push(" * how the client of `createHttpClient()` names the operation of a generated function's call (which sends");
lines.push(' * only its method and path template) and sends its query, without bundling the whole manifest with one function.');
lines.push(' */');
lines.push('export const routeIndex: { readonly [route: string]: readonly [OperationId, MinRole] | readonly [OperationId, MinRole, QueryRules] } = {');
for (const o of [...ops].sort((a, b) => `${a.method} ${a.path}`.localeCompare(`${b.method} ${b.path}`))) {
  const rules = { queryAliases: o.queryAliases, presenceFlags: o.presenceFlags, textBody: o.textBody };
  for (const key of Object.keys(rules)) if (rules[key] === undefined) delete rules[key];
  lines.push(`  '${o.method} ${o.path}': ['${o.operationId}', '${o.minRole}'${Object.keys(rules).length ? `, ${JSON.stringify(rules)}` : ''}],`);
}
lines.push('};');
lines.push('');
lines.push('/** A level of {@link clientMethods}: method name → operationId, or resource name → the level below. */');
lines.push('export interface ClientMethodIndex {');
lines.push('  readonly [name: string]: OperationId | ClientMethodIndex;');
lines.push('}');
lines.push('');
lines.push('/**');
lines.push(' * The methods of `createClient()`, nested as on the client (`client.<resource...>.<name>`), each the');
lines.push(" * operationId it calls: what `createClient` builds its client from. The rest of an operation's entry in");
lines.push(' * `operations` loads with the first call (a chunk of its own), so that a client bundles this index alone.');
lines.push(' */');
// In the order of `operations` (by operationId), the order in which `createClient` adds the methods.
const methodIndex = (node) => Object.fromEntries(Object.entries(node).map(([key, value]) => [key, value.operationId ?? methodIndex(value)]));
lines.push(`export const clientMethods: ClientMethodIndex = ${JSON.stringify(methodIndex(tree))};`);
lines.push('');
lines.push("/** The pagination of each paged list operation (`OperationInfo.pagination`): what a method's `PagePromise` pages by. */");
lines.push(
  `export const pagedOperations: { readonly [K in PagedOperationId]: PaginationInfo } = ${JSON.stringify(Object.fromEntries(ops.filter((o) => o.pagination).map((o) => [o.operationId, o.pagination])))};`,
);
lines.push('');
lines.push('/** Names of the webhooks the contract declares (its `webhooks`): the deliveries a subscription receives. */');
lines.push(`export const webhookEvents = ${JSON.stringify(webhookEvents)} as const;`);
lines.push('');
lines.push('/** The subscription event names the contract lists (`SubscriptionEvent`); the service accepts other strings too. */');
lines.push(`export const subscriptionEvents: readonly SubscriptionEvent[] = ${JSON.stringify(subscriptionEvents)};`);
lines.push('');
lines.push("/** Request data, 200 body type and error bodies by status (hey-api's `<OperationId>Errors`) of each operation. */");
lines.push('export interface OperationTypes {');
for (const o of ops)
  lines.push(
    `  ${o.operationId}: { data: ${pascal(o.operationId)}Data; response: ${pascal(o.operationId)}Responses[200]${o.emptyBody ? ' | undefined' : ''}; errors: ${pascal(o.operationId)}Errors };`,
  );
lines.push('}');
lines.push('');
lines.push('/** Operations whose list pages (`for await` over items, `.pages()`). */');
lines.push(
  `export type PagedOperationId = ${ops
    .filter((o) => o.pagination)
    .map((o) => `'${o.operationId}'`)
    .join(' | ')};`,
);
lines.push('');
lines.push('/**');
lines.push(' * The resource tree of `createClient()`: `client.<resource>.<method>(params, options)`.');
lines.push(' * `M` maps an operationId to its method type (see `client.ts`).');
lines.push(' */');
lines.push('export interface ResourceTree<M extends { [K in OperationId]: unknown }> {');
const emit = (node, indent) => {
  for (const [key, value] of Object.entries(node).sort(([a], [b]) => a.localeCompare(b))) {
    if (value.operationId) {
      lines.push(`${indent}/** ${value.summary} (\`${value.method} ${value.path}\`, operationId \`${value.operationId}\`, minimum role ${value.minRole}). */`);
      lines.push(`${indent}${key}: M['${value.operationId}'];`);
    } else {
      lines.push(`${indent}${key}: {`);
      emit(value, indent + '  ');
      lines.push(`${indent}};`);
    }
  }
};
emit(tree, '  ');
lines.push('}');
lines.push('');
writeFileSync(output, lines.join('\n'));

// manifest.gen.ts: `apiOperations`, each entry of `operations` plus what only tools read. Its own
// module, imported by the `@supportkb/sdk/manifest` entry alone, so no client bundle carries it.
const manifest = [];
manifest.push('// This file is auto-generated by packages/sdk/scripts/generate-operations.mjs from the contract. Do not edit.');
manifest.push('');
manifest.push("import { operations, type OperationId, type OperationInfo } from './operations.gen';");
manifest.push('');
manifest.push('/**');
manifest.push(" * The roles of a project, lowest first: the contract's `TeammateRole` enum (`x-ranked: lowest-first`), the");
manifest.push(" * ranking of the real server's role guard. An operation's `minRole` admits that role and every later one.");
manifest.push(' */');
manifest.push(`export const roleLadder = ${JSON.stringify(LADDER)} as const;`);
manifest.push('');
manifest.push('/** A role of the ladder ({@link roleLadder}). */');
manifest.push('export type ProjectRole = (typeof roleLadder)[number];');
manifest.push('');
manifest.push('/**');
manifest.push(' * One API operation (an OpenAPI Operation Object on its path), as tools read it: everything of the');
manifest.push(" * client's {@link OperationInfo} (method, path template, security, minimum role, parameters,");
manifest.push(' * pagination) plus what the client does not need to send it.');
manifest.push(' */');
manifest.push('export interface ApiOperation extends OperationInfo {');
manifest.push('  /** Credentials are optional: the operation declares no security, or an empty requirement among its requirements. */');
manifest.push('  readonly authOptional: boolean;');
manifest.push('  /** Defaults the contract declares for query parameters (what the service uses when one is absent). */');
manifest.push('  readonly queryDefaults?: Readonly<Record<string, unknown>>;');
manifest.push('  /** Top-level fields of the request body (its `allOf` parts merged). */');
manifest.push('  readonly bodyFields?: readonly string[];');
manifest.push('  /** The request body may be left out (its `requestBody` is not `required`): absent, every body is required. */');
manifest.push('  readonly bodyOptional?: true;');
manifest.push('  /** Declared responses: status code → media types (empty when the response has no body). */');
manifest.push('  readonly responses: Readonly<Record<string, readonly string[]>>;');
manifest.push('  /**');
manifest.push("   * A webhook subscription's token (the JWT the service signs for a subscription, `sub: subscription`)");
manifest.push("   * may call the operation, whatever its `minRole`: the contract's `x-accepts-subscription-token`, the");
manifest.push('   * routes whose guard on the real server accepts the caller type `subscription`. Every other');
manifest.push('   * operation refuses such a token (403: it is no member of the project).');
manifest.push('   */');
manifest.push('  readonly acceptsSubscriptionToken: boolean;');
manifest.push('  /**');
manifest.push("   * Fields of the 200 JSON body that only some releases of the window send (the contract's `x-since` /");
manifest.push("   * `x-until` on their properties): `[path, since, until]`, `path` from the body's root to the field");
manifest.push('   * (`*`: every item of an array), `since` the first release that has it and `until` the last (`null`:');
manifest.push("   * the window's end). A release outside `[since, until]` does not send the field.");
manifest.push('   */');
manifest.push('  readonly releaseFields?: readonly (readonly [path: readonly string[], since: string | null, until: string | null])[];');
manifest.push('}');
manifest.push('');
manifest.push('/**');
manifest.push(' * Every operation of the contract, by operationId, with all the manifest knows of it (see');
manifest.push(' * {@link ApiOperation}): for tools that serve, check or describe the API (the mocks, docs), where the');
manifest.push(' * client reads `operations` of `@supportkb/sdk` (each entry here is that entry, spread, plus the rest).');
manifest.push(' */');
manifest.push('export const apiOperations: { readonly [K in OperationId]: ApiOperation } = {');
for (const o of ops) {
  const extra = {
    authOptional: o.authOptional,
    queryDefaults: o.queryDefaults,
    bodyFields: o.bodyFields,
    bodyOptional: o.bodyOptional,
    responses: o.responses,
    acceptsSubscriptionToken: o.acceptsSubscriptionToken,
    releaseFields: releaseFieldsOf(o.responseSchema),
  };
  if (!extra.releaseFields.length) delete extra.releaseFields;
  for (const key of Object.keys(extra)) if (extra[key] === undefined) delete extra[key];
  manifest.push(`  ${o.operationId}: { ...operations.${o.operationId}, ...${JSON.stringify(extra)} },`);
}
manifest.push('};');
manifest.push('');
writeFileSync(manifestOutput, manifest.join('\n'));

// Open enums. The contract writes a value the service never validates as `anyOf: [{$ref: <Enum>},
// {type: string}]`; hey-api prints it `Enum | string`, which TypeScript reduces to `string`, so
// editors suggest nothing. `Enum | (string & {})` accepts exactly the same values and keeps the known
// ones as suggestions. Applied to hey-api's types.gen.ts, only where every name before `| string`
// is a union of string literals.
const typesFile = output.replace(/operations\.gen\.ts$/, 'types.gen.ts');
const types = readFileSync(typesFile, 'utf8');
const literalUnions = new Set([...types.matchAll(/^export type (\w+) = '[^\n]*';$/gm)].filter((m) => /^(?:'[^']*'(?: \| |;$))+$/.test(m[0].slice(m[0].indexOf('=') + 2))).map((m) => m[1]));
let opened = 0;
const openTypes = types.replace(/((?:\b[A-Z]\w* \| )+)string\b(?! &)/g, (all, names) => {
  if (
    !names
      .split(' | ')
      .filter(Boolean)
      .every((name) => literalUnions.has(name))
  )
    return all;
  opened++;
  return `${names}(string & {})`;
});
writeFileSync(typesFile, openTypes);

// releases.gen.ts: what `zodValidation()` checks, beyond the window-wide schemas, when it knows the server's
// release (`createClient({ serverVersion })`), loaded with the validation code on the first such check.
const specs = [];
const specIndex = new Map();
const checks = [];
for (const o of ops) {
  const found = [];
  for (const [path, spec] of releaseSpecsOf(o.responseSchema)) {
    const key = JSON.stringify(spec);
    if (!specIndex.has(key)) {
      specIndex.set(key, specs.length);
      specs.push(spec);
    }
    const at = JSON.stringify(path);
    const entry = found.find(([p]) => JSON.stringify(p) === at);
    if (entry) {
      if (!entry[1].includes(specIndex.get(key))) entry[1].push(specIndex.get(key));
    } else found.push([path, [specIndex.get(key)]]);
  }
  if (found.length) checks.push([o.operationId, found]);
}
const releases = [
  '// Generated by scripts/generate-operations.mjs from the contract (`x-release-required`, `x-since`, `x-until`); do not edit.',
  "import type { OperationId } from './operations.gen';",
  '',
  '/**',
  " * The object schemas of 200 bodies that require some fields only in the releases that have them (a schema's",
  ' * `x-release-required`): `required`, what every release sends; `since`, field → `[first release, last release?]`.',
  ' */',
  `export const releaseSpecs: readonly { readonly required: readonly string[]; readonly since: { readonly [field: string]: readonly [string, string?] } }[] = ${JSON.stringify(specs)};`,
  '',
  '/**',
  ' * Per operation, where in its 200 body those schemas sit: `[path, indices into releaseSpecs]`, the path from the',
  ' * root of the body, `*` standing for every item of an array. An object there that has every `required` field of',
  ' * one of the specs is that schema, and must have its fields of the release.',
  ' */',
  'export const releaseChecks: { readonly [K in OperationId]?: readonly (readonly [readonly string[], readonly number[]])[] } = {',
  ...checks.map(([id, found]) => `  ${id}: ${JSON.stringify(found)},`),
  '};',
  '',
];
writeFileSync(`${outputDir}/releases.gen.ts`, releases.join('\n'));
console.log(
  `operations manifest: ${ops.length} operations, ${ops.filter((o) => o.pagination).length} paged → ${output}; ${ops.filter((o) => o.acceptsSubscriptionToken).length} accept a subscription's token → ${manifestOutput}; ${opened} open enums typed \`Enum | (string & {})\``,
);
