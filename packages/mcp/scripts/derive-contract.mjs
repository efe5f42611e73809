#!/usr/bin/env node
// @ts-nocheck -- BASELINE: 9 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// Build step: derives, from the bundled contract (../../openapi/dist/openapi.yaml, `npm run bundle` at
// the repository root), what the MCP server says about each operation, as JSON Schema 2020-12 (what
// OpenAPI 3.1 schemas are): its summary and description, the schema of its one parameter object
// (path parameters but `project_id`, query parameters and body fields side by side, as the SDK's
// client methods take them), the schema of its 200 body, and examples. Writes
// src/generated/contract.gen.json (git-ignored, rebuilt by every build; tsup bundles it).
//
// Nothing here is per operation: every operation goes through the same code. Kept out of schemas:
// the contract's `x-*` annotations (provenance notes), `discriminator` and `xml` (OpenAPI-only
// keywords), `readOnly` properties of request bodies, and the query aliases the SDK fills in itself
// (`x-alias-of`, e.g. `sort` for `sortField`).
//
// The contract is read through scripts/lib/contract-reader.mjs (JSON pointers, `$ref` chains, `allOf`
// merges, the parameter-object rule, sign-ins): the library the SDK's generator and the docs read it
// with. A build-time import from the repository: the published package carries only what this writes.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { parse } from 'yaml';
import { deref as derefIn, mergeAllOf, operationsOf, parameterObject, resolvePointer } from '../../../scripts/lib/contract-reader.mjs';

const from = new URL('../../../openapi/dist/openapi.yaml', import.meta.url);
const to = new URL('../src/generated/contract.gen.json', import.meta.url);
if (!existsSync(from)) {
  console.error('openapi/dist/openapi.yaml is missing: run `npm run bundle` at the repository root first.');
  process.exit(1);
}
const contract = parse(readFileSync(from, 'utf8'));
const components = contract.components ?? {};
const DROPPED = new Set(['discriminator', 'xml', 'externalDocs']);
/** Keywords whose schemas describe nested values (one level down). */
const NESTING = new Set(['items', 'prefixItems', 'additionalProperties', 'patternProperties', 'contains']);
/** How deep a tool input schema describes values: 1 is a parameter, 2 a field of it, 3 a field of that. */
const SHORT_DEPTH = 3;

/** The object a local `$ref` (`#/components/...`) points at. */
const pointer = (ref) => resolvePointer(contract, ref);
/** Follows `$ref` until a non-reference object (parameters, request bodies, responses, examples). */
const deref = (node) => derefIn(contract, node);

/** The first sentence of a text (at most `max` characters), for short descriptions. */
function firstSentence(text, max = 160) {
  if (typeof text !== 'string') return undefined;
  const flat = text.replace(/\s+/g, ' ').trim();
  // A sentence ends at `.`, `!` or `?` before a space or the end, but not after `e.g`, `i.e`, `etc`.
  const end = flat.search(/(?<!\b(?:e\.g|i\.e|etc|vs))[.!?](\s|$)/);
  const sentence = end >= 0 ? flat.slice(0, end + 1) : flat;
  return sentence.length > max ? `${sentence.slice(0, max - 1).trimEnd()}…` : sentence;
}

/**
 * A schema cleaned for tools. With `defs` (an object), `$ref`s to component schemas are inlined (tool
 * input schemas must stand alone), except on a cycle, where the reference stays and the schema goes to
 * `defs`; without it they become `#/$defs/<Name>` (the runtime adds the component schemas reachable
 * from there, from `schemas` below).
 * @param mode `short`: descriptions cut to their first sentence, no examples, no `propertyNames`, and
 *   values nested deeper than {@link SHORT_DEPTH} levels (properties, items) left open (`{}` with the
 *   type and description): the SDK validates them in full before sending; `full`: as written.
 * @param input drop readOnly properties (request bodies).
 */
function clean(schema, { mode = 'full', input = false, defs, stack = [], depth = 0 } = {}) {
  if (Array.isArray(schema)) return schema.map((item) => clean(item, { mode, input, defs, stack, depth }));
  if (!schema || typeof schema !== 'object') return schema;
  if (mode === 'short' && depth > SHORT_DEPTH) {
    const resolved = deref(schema);
    const types = typesOf(resolved);
    const description = firstSentence(resolved.description);
    return singleTypes({ ...(types.length ? { type: types.length === 1 ? types[0] : types } : {}), ...(description ? { description } : {}) });
  }
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop();
    if (!defs) return { $ref: `#/$defs/${name}` };
    if (stack.includes(name)) {
      defs[name] ??= null; // filled once the outer expansion of the same schema is done
      return { $ref: `#/$defs/${name}` };
    }
    const expanded = clean(pointer(schema.$ref), { mode, input, defs, stack: [...stack, name], depth });
    if (name in defs && defs[name] === null) defs[name] = expanded;
    return expanded;
  }
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-') || DROPPED.has(key) || (mode === 'short' && key === 'propertyNames')) continue;
    if (key === 'description') {
      const text = mode === 'short' ? firstSentence(value) : value.trim();
      if (text) out.description = text;
    } else if (key === 'example' || key === 'examples') {
      if (mode !== 'short') out[key] = value;
    } else if (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) {
      continue; // the contract's bound for "any integer": noise in a tool schema
    } else if (key === 'properties') {
      out.properties = {};
      for (const [name, property] of Object.entries(value)) {
        if (input && deref(property)?.readOnly === true) continue;
        out.properties[name] = clean(property, { mode, input, defs, stack, depth: depth + 1 });
      }
    } else if (typeof value === 'object' && value !== null && key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'required') {
      out[key] = clean(value, { mode, input, defs, stack, depth: NESTING.has(key) ? depth + 1 : depth });
    } else {
      out[key] = value;
    }
  }
  if (input && Array.isArray(out.required) && out.properties) out.required = out.required.filter((name) => name in out.properties);
  return mode === 'short' ? singleTypes(out) : out;
}

/** The JSON types a schema admits, read from `type` or its `anyOf`/`oneOf` branches (empty: any). */
function typesOf(schema) {
  const own = schema.type === undefined ? [] : [schema.type].flat();
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].map((branch) => typesOf(deref(branch)));
  if (branches.some((types) => types.length === 0)) return own;
  return [...new Set([...own, ...branches.flat()])];
}

/**
 * `type: [A, B]` as `anyOf: [{type: A, ...}, {type: B, ...}]`, the portable spelling (clients that map
 * tool schemas onto a one-type dialect, Gemini's among them, reject type arrays): the same values. The
 * keywords that apply to one type go into every branch but `null`'s (JSON Schema ignores them for the
 * other types); the annotations, `enum` and `default` stay outside.
 */
function singleTypes(schema) {
  if (!Array.isArray(schema.type)) return schema;
  const { type, description, default: fallback, enum: values, title, ...specific } = schema;
  const outer = {
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(values !== undefined ? { enum: values } : {}),
    ...(fallback !== undefined ? { default: fallback } : {}),
  };
  return { ...outer, anyOf: type.map((t) => (t === 'null' ? { type: 'null' } : { type: t, ...specific })) };
}

/** An example's value: the first of `examples` (resolved) or `example`. */
function exampleOf(media) {
  if (!media) return undefined;
  if (media.examples) {
    const first = deref(Object.values(media.examples)[0]);
    if (first && 'value' in first) return first.value;
  }
  return media.example;
}

/** Arrays cut to their first `keep` items, so an example stays short. */
function trimExample(value, keep = 2) {
  if (Array.isArray(value)) return value.slice(0, keep).map((item) => trimExample(item, keep));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimExample(v, keep)]));
  return value;
}

/** The parameter object of an operation (the contract reader's rule), for `mode` `short` (tool schemas) or `full` (describe). */
function inputOf(operation, pathItem, mode) {
  const defs = mode === 'short' ? {} : undefined;
  const properties = {};
  const required = [];
  const example = {};
  const { parameters, body: json } = parameterObject(contract, pathItem, operation);
  for (const parameter of parameters) {
    const schema = clean(parameter.schema ?? {}, { mode, defs });
    const description = mode === 'short' ? firstSentence(parameter.description) : parameter.description?.trim();
    properties[parameter.name] = { ...(description ? { description } : {}), ...schema };
    if (parameter.required) required.push(parameter.name);
    const value = parameter.example ?? (parameter.examples ? deref(Object.values(parameter.examples)[0])?.value : undefined);
    if (value !== undefined && parameter.in === 'path') example[parameter.name] = value;
  }
  let bodyRequired = false;
  if (json) {
    // The body's own schema is always inlined (its fields join the parameters); below it, `defs` rules.
    const body = clean(json.schema, { mode, input: true, defs });
    bodyRequired = json.required;
    const value = exampleOf(json.media);
    if (json.list) {
      // A list body is the field `body`, as the SDK's method takes it.
      properties.body = body;
      if (json.required) required.push('body');
      if (Array.isArray(value)) example.body = value;
    } else {
      Object.assign(properties, body.properties ?? {});
      required.push(...(body.required ?? []));
      if (value && typeof value === 'object' && !Array.isArray(value)) Object.assign(example, value);
    }
  }
  const schema = { type: 'object', properties, ...(required.length ? { required: [...new Set(required)] } : {}), additionalProperties: false };
  for (const [name, def] of Object.entries(defs ?? {})) if (def) (schema.$defs ??= {})[name] = def;
  return { schema, example, bodyRequired };
}

/** The 200 body's schema (JSON answers) and example. */
function outputOf(operation) {
  const ok = deref(operation.responses?.['200']);
  const media = ok?.content?.['application/json'];
  if (!media?.schema) return { schema: null, example: undefined, description: ok?.description?.trim() };
  const schema = clean(media.schema, { mode: 'full' });
  return { schema, example: trimExample(exampleOf(media)), description: ok.description?.trim() };
}

const operations = {};
for (const { pathItem, operation } of operationsOf(contract)) {
  if (!operation.operationId) continue;
  const short = inputOf(operation, pathItem, 'short');
  const full = inputOf(operation, pathItem, 'full');
  const output = outputOf(operation);
  operations[operation.operationId] = {
    summary: operation.summary?.trim() ?? operation.operationId,
    description: operation.description?.trim() ?? '',
    tag: operation.tags?.[0],
    toolInput: short.schema,
    input: full.schema,
    inputExample: short.example,
    output: output.schema,
    outputDescription: output.description,
    outputExample: output.example,
  };
}
const derived = {
  source: 'openapi/dist/openapi.yaml',
  title: contract.info.title,
  version: contract.info.version,
  operations,
  /** Component schemas, cleaned, `$ref`s as `#/$defs/<Name>`: the `$defs` of `input` and `output`. */
  schemas: Object.fromEntries(Object.entries(components.schemas ?? {}).map(([name, schema]) => [name, clean(schema, { mode: 'full' })])),
};
mkdirSync(new URL('.', to), { recursive: true });
writeFileSync(to, `${JSON.stringify(derived)}\n`);
console.error(`derive-contract: ${Object.keys(operations).length} operations → ${to.pathname.split('/packages/')[1] ?? to.pathname}`);
