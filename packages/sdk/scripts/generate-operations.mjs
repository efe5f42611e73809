#!/usr/bin/env node
// Generates, from the bundled contract, src/generated/operations.gen.ts (one manifest entry per
// operation: resource path, method name, path/query parameter names, body, pagination, minimum
// role; and the typed resource tree of `createClient()`) and src/generated/roles.gen.ts (the
// minimum role of every route, for the error messages of the generated functions). Run by
// `npm run generate` after hey-api; committed; a test checks that regenerating gives no diff.
// Per-endpoint code belongs here, not by hand.
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

const [input = '../../openapi/dist/openapi.yaml', outputDir = 'src/generated'] = [process.env.SUPPORTKB_GENERATE_INPUT, process.env.SUPPORTKB_GENERATE_OUTPUT];
const output = `${outputDir}/operations.gen.ts`;
const rolesOutput = `${outputDir}/roles.gen.ts`;
/** The `x-min-role` values of the contract, lowest first (openapi/README.md). */
const ROLES = ['none', 'guest', 'user', 'agent', 'admin', 'owner'];

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
  Messages: { path: ['messages'], nouns: ['Message'] },
  Subscriptions: { path: ['subscriptions'], nouns: ['Subscription'] },
};
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

const doc = parse(readFileSync(input, 'utf8'));
const deref = (node) => {
  while (node && node.$ref) node = node.$ref.slice(2).split('/').reduce((n, k) => n[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  return node;
};
const pascal = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function methodName(operationId, nouns) {
  for (const noun of nouns) {
    const at = operationId.indexOf(noun);
    if (at > 0) {
      const rest = operationId.slice(0, at) + operationId.slice(at + noun.length);
      return rest;
    }
  }
  return operationId;
}

/** Detects a paged list: a `page` query parameter and a 200 body that is an array or a wrapper with one array property. */
function pagination(op, queryParams) {
  if (!queryParams.includes('page')) return undefined;
  const schema = deref(deref(op.responses['200']).content['application/json'].schema);
  if (schema.type === 'array') {
    if (!schema.maxItems) throw new Error(`${op.operationId}: a paged plain array needs maxItems (the fixed page size)`);
    return { items: null, pageSize: schema.maxItems, count: null, pageSizeField: null };
  }
  const props = schema.properties ?? {};
  const arrays = Object.keys(props).filter((k) => deref(props[k]).type === 'array');
  if (arrays.length !== 1 || !props.count) throw new Error(`${op.operationId}: cannot detect the page wrapper`);
  const limit = queryParams.includes('limit') ? 'limit' : null;
  return { items: arrays[0], count: 'count', pageSizeField: props.perPage ? 'perPage' : 'query.limit', limitParam: limit };
}

/** Whether the 200 may have an empty body: the contract declares it as a `text/plain` empty string. */
function emptyBody(op) {
  const text = deref(op.responses['200']).content?.['text/plain'];
  return text ? deref(text.schema)?.const === '' : false;
}

const ops = [];
for (const [path, item] of Object.entries(doc.paths)) {
  const pathItem = deref(item);
  for (const method of METHODS) {
    const op = pathItem[method];
    if (!op) continue;
    const params = [...(pathItem.parameters ?? []), ...(op.parameters ?? [])].map(deref);
    const resource = RESOURCES[op.tags[0]];
    if (!resource) throw new Error(`No resource for tag ${op.tags[0]}`);
    const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
    const queryParams = params.filter((p) => p.in === 'query').map((p) => p.name);
    const bodySchema = op.requestBody ? deref(deref(op.requestBody).content['application/json'].schema) : undefined;
    const bodyKeys = new Set(Object.keys(bodySchema?.properties ?? {}));
    for (const schema of bodySchema?.allOf ?? []) for (const key of Object.keys(deref(schema).properties ?? {})) bodyKeys.add(key);
    if (!ROLES.includes(op['x-min-role'])) throw new Error(`${op.operationId}: x-min-role must be one of ${ROLES.join(', ')}`);
    for (const key of [...pathParams, ...queryParams]) {
      if (bodyKeys.has(key)) throw new Error(`${op.operationId}: parameter ${key} collides with a body field`);
    }
    ops.push({
      operationId: op.operationId,
      summary: op.summary,
      method: method.toUpperCase(),
      path,
      resource: resource.path,
      name: methodName(op.operationId, resource.nouns),
      pathParams,
      queryParams,
      hasBody: Boolean(op.requestBody),
      minRole: op['x-min-role'],
      pagination: pagination(op, queryParams),
      emptyBody: emptyBody(op),
    });
  }
}
ops.sort((a, b) => a.operationId.localeCompare(b.operationId));

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
lines.push(`import type { ${ops.map((o) => `${pascal(o.operationId)}Data, ${pascal(o.operationId)}Responses`).join(', ')} } from './types.gen';`);
lines.push(`import { ${ops.map((o) => o.operationId).join(', ')} } from './sdk.gen';`);
lines.push('');
lines.push('/** How a paged list operation pages (see `pagination.ts`). */');
lines.push('export interface PaginationInfo {');
lines.push('  /** Property of the 200 body holding the items; `null` when the body is the array itself. */');
lines.push('  readonly items: string | null;');
lines.push('  /** Property with the total count across pages, or `null` when the service does not say it. */');
lines.push('  readonly count: string | null;');
lines.push('  /** Where the page size is read from the body (`perPage`, `query.limit`), or `null` for a fixed size. */');
lines.push('  readonly pageSizeField: string | null;');
lines.push('  /** The fixed page size when the body does not say it. */');
lines.push('  readonly pageSize?: number;');
lines.push('  /** The query parameter setting the page size, when there is one. */');
lines.push('  readonly limitParam?: string | null;');
lines.push('}');
lines.push('');
lines.push('/** Roles of a project, lowest first; an operation\'s `minRole` is the lowest one it accepts (`none`: no membership needed). */');
lines.push(`export type MinRole = ${ROLES.map((r) => `'${r}'`).join(' | ')};`);
lines.push('');
lines.push('/** One operation of the contract, as the client calls it. */');
lines.push('export interface OperationInfo {');
lines.push('  readonly operationId: OperationId;');
lines.push('  readonly resource: readonly string[];');
lines.push('  readonly name: string;');
lines.push('  readonly pathParams: readonly string[];');
lines.push('  readonly queryParams: readonly string[];');
lines.push('  readonly hasBody: boolean;');
lines.push("  /** The minimum role of the caller in the project (the contract's `x-min-role`): `none` needs no membership. */");
lines.push('  readonly minRole: MinRole;');
lines.push('  readonly pagination?: PaginationInfo;');
lines.push('  /** The 200 may have an empty body (the method then resolves to `undefined`). */');
lines.push('  readonly emptyBody?: boolean;');
lines.push('  /** The generated function that sends it. */');
lines.push('  readonly send: (options: any) => Promise<any>;');
lines.push('}');
lines.push('');
lines.push(`/** The ${ops.length} operationIds of the contract. */`);
lines.push(`export type OperationId = ${ops.map((o) => `'${o.operationId}'`).join(' | ')};`);
lines.push('');
lines.push('/** Every operation of the contract, by operationId. */');
lines.push('export const operations: { readonly [K in OperationId]: OperationInfo } = {');
for (const o of ops) {
  // Only what the client needs at run time; path and method are in the ResourceTree's TSDoc.
  const { summary, path, method, operationId, resource, name, ...info } = o;
  if (!info.pagination) delete info.pagination;
  if (!info.emptyBody) delete info.emptyBody;
  info.resource = resource;
  info.name = name;
  lines.push(`  ${o.operationId}: { ...${JSON.stringify(info)}, operationId: '${o.operationId}', send: ${o.operationId} },`);
}
lines.push('};');
lines.push('');
lines.push('/** Request data and 200 body type of each operation. */');
lines.push('export interface OperationTypes {');
for (const o of ops) lines.push(`  ${o.operationId}: { data: ${pascal(o.operationId)}Data; response: ${pascal(o.operationId)}Responses[200]${o.emptyBody ? ' | undefined' : ''} };`);
lines.push('}');
lines.push('');
lines.push('/** Operations whose list pages (`for await` over items, `.pages()`). */');
lines.push(`export type PagedOperationId = ${ops.filter((o) => o.pagination).map((o) => `'${o.operationId}'`).join(' | ')};`);
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
  if (!names.split(' | ').filter(Boolean).every((name) => literalUnions.has(name))) return all;
  opened++;
  return `${names}(string & {})`;
});
writeFileSync(typesFile, openTypes);
console.log(`operations manifest: ${ops.length} operations, ${ops.filter((o) => o.pagination).length} paged → ${output}; ${opened} open enums typed \`Enum | (string & {})\``);

// roles.gen.ts: the generated functions name their route (method and path template), not their
// operation, so their errors look the minimum role up by route. Kept small, because it sits in the
// bundle of every generated function: the routes of each role but the most common one, which is the
// fallback, as comma-separated strings.
const routeOf = (o) => `${o.method} ${o.path}`;
const byRole = new Map(ROLES.map((role) => [role, ops.filter((o) => o.minRole === role).map(routeOf)]));
const fallback = [...byRole].sort(([, a], [, b]) => b.length - a.length)[0][0];
for (const o of ops) if (routeOf(o).includes(',')) throw new Error(`${o.operationId}: a route with a comma cannot be listed`);
const roles = [];
roles.push('// This file is auto-generated by packages/sdk/scripts/generate-operations.mjs from the contract. Do not edit.');
roles.push('');
roles.push('import type { MinRole } from \'./operations.gen\';');
roles.push('');
roles.push('/**');
roles.push(" * The minimum role (the contract's `x-min-role`) of every route, as the generated functions send it");
roles.push(' * (`METHOD /path/template`): for each role, its routes, comma-separated; a route listed under none of them');
roles.push(` * has the role \`${fallback}\` (the most common one, left out to keep this table small).`);
roles.push(' */');
roles.push(`export const routeRoles: { readonly fallback: MinRole; readonly routes: Readonly<Partial<Record<MinRole, string>>> } = {`);
roles.push(`  fallback: '${fallback}',`);
roles.push('  routes: {');
for (const [role, routes] of byRole) if (role !== fallback && routes.length) roles.push(`    ${role}: '${routes.sort().join(',')}',`);
roles.push('  },');
roles.push('};');
roles.push('');
writeFileSync(rolesOutput, roles.join('\n'));
console.log(`route roles: ${ops.length} routes, fallback ${fallback} → ${rolesOutput}`);
