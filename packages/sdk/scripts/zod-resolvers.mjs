// Resolvers of hey-api's zod plugin (its documented Resolvers API, `'~resolvers'` in
// openapi-ts.config.ts) for JSON Schema keywords of the contract that the plugin leaves out of the
// zod/mini schemas it writes, so that `zodValidation()` and the mock's strict mode (both read those
// schemas) refuse what the contract refuses.
//
// - `propertyNames` (the contract's `StorableKey`: keys MongoDB refuses to store): the plugin writes
//   every map as `z.record(z.string(), value)` and drops the keyword. This resolver gives the record
//   the keyword's schema as its key schema (`z.record(<key schema>, value)`: zod reports each refused
//   key at its path) — except for a component the contract combines with a shape through `allOf`
//   (`StorableObject`), which the plugin writes as `z.intersection`: there zod reports a key one side
//   refuses only when the other side refuses it too, so such a component gets a check instead that
//   reports each key failing the keyword's schema at that key's path. Only on objects without
//   `properties` (combine a shape with `allOf`).
// - `minProperties` (label data that must not be empty): hey-api's parser drops the keyword, so the
//   resolver reads it from the input document, on component schemas only (the one place the
//   plugin's path names the input's own location), and adds a check on the number of keys. A
//   `minProperties` anywhere else stops the generation instead of being dropped silently.
// - `maxProperties: 0` on a component without properties (an empty object, as `listLabels` answers
//   for a project without labels): `z.record(z.string(), z.never())`, which only `{}` passes (the
//   plugin writes a record of anything). Any other `maxProperties`, or one outside a component,
//   stops the generation.
// - a property the component forbids (`engine: false` in `KnowledgeBaseUpserted`, a record an
//   upsert created): hey-api's parser drops it, so the shape gets it back as `z.optional(z.never())`,
//   and a body with it no longer passes for that schema. Component schemas only, like `minProperties`.
// - `format: regex` (a query value the server compiles with `new RegExp`): the plugin writes a plain
//   `z.string()`; the string resolver (`zodStringResolver`) checks that the value compiles as a
//   JavaScript regular expression.
//
// - `additionalProperties: true` beside `properties` (a free-form object with documented members, e.g.
//   a message's `attributes`): the plugin writes `z.object(shape)`, which drops the other keys from
//   what it parses; the object resolver writes `z.looseObject(shape)`, which keeps them.
//
// - a required property with a `default`: the plugin writes `z._default(...)`, which fills in a
//   missing value, so the field could be left out; the object resolver's shape keeps the default of
//   optional properties only (JSON Schema's `default` is an annotation: a required field must be sent).
//
// - integer bounds of ±(2^53 − 1) (every integer of a request: the server computes in JavaScript
//   numbers): `z.int()` accepts safe integers only, so the number resolver (`zodNumberResolver`)
//   leaves those bounds out instead of repeating them (the same validation, a smaller bundle).
//
// Anything else is left to the plugin's own resolvers (returning `undefined`).
import { childContext } from '@hey-api/shared';

/**
 * Where the contract may use `minProperties`: `components.schemas.<Name>` itself.
 * @param {any} ctx hey-api's resolver context
 * @returns {string | undefined} the component's name, when the schema is one
 */
function componentName(ctx) {
  const path = ctx.path?.['~ref'];
  return Array.isArray(path) && path.length === 3 && path[0] === 'components' && path[1] === 'schemas' ? path[2] : undefined;
}

const checkedSpecs = new WeakSet();
/** Per input document: the component schemas some `allOf` refers to (`#/components/schemas/<Name>`). */
const inAllOf = new WeakMap();

/**
 * The names of the component schemas an `allOf` of `spec` refers to.
 * @param {any} spec the input document
 * @returns {Set<string>}
 */
function allOfComponents(spec) {
  if (!spec || typeof spec !== 'object') return new Set();
  let names = inAllOf.get(spec);
  if (names) return names;
  names = new Set();
  /** @param {any} node */
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const member of Array.isArray(node.allOf) ? node.allOf : []) {
      const ref = typeof member?.$ref === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(member.$ref) : null;
      if (ref) names.add(ref[1]);
    }
    Object.values(node).forEach(visit);
  };
  visit(spec);
  inAllOf.set(spec, names);
  return names;
}

/**
 * Throws when the input uses `minProperties` elsewhere than on a component schema.
 * @param {any} spec the input document
 */
function checkSupported(spec) {
  if (!spec || typeof spec !== 'object' || checkedSpecs.has(spec)) return;
  checkedSpecs.add(spec);
  const components = new Set(Object.values(spec.components?.schemas ?? {}));
  /**
   * @param {any} node
   * @param {string} where its JSON pointer
   */
  const visit = (node, where) => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${where}/${i}`));
    if (!node || typeof node !== 'object') return;
    for (const keyword of ['minProperties', 'maxProperties']) {
      if (keyword in node && !components.has(node) && !where.includes('/examples/'))
        throw new Error(`zod-resolvers: ${keyword} at ${where}: put it on a component schema (components.schemas.<Name>), the only place it is read`);
    }
    if (node.properties && typeof node.properties === 'object' && Object.values(node.properties).includes(false) && !components.has(node))
      throw new Error(`zod-resolvers: a property \`false\` at ${where}/properties: put it on a component schema (components.schemas.<Name>), the only place it is read`);
    for (const [key, value] of Object.entries(node)) visit(value, `${where}/${key}`);
  };
  visit(spec, '#');
}

/**
 * The message of a key that fails `propertyNames`: what the contract's `StorableKey` says, else the schema's name.
 * @param {{ $ref?: string }} propertyNames the keyword's schema
 */
function keyMessage(propertyNames) {
  const name = propertyNames.$ref?.split('/').pop();
  if (name === 'StorableKey') return 'Invalid key: a key the server stores must not start with "$" nor contain "." or a NUL character';
  return `Invalid key: it does not match ${name ?? 'the schema of the keys'}`;
}

/**
 * The `'~resolvers'.object` of the zod plugin: `propertyNames` and `minProperties`.
 * @param {any} ctx hey-api's resolver context (its type is not exported)
 */
export function zodObjectResolver(ctx) {
  const { $, applyModifiers, plugin, schema, walk } = ctx;
  const { z } = ctx.symbols;
  const spec = plugin.context?.spec;
  checkSupported(spec);
  const name = componentName(ctx);
  const component = name === undefined ? undefined : spec?.components?.schemas?.[name];
  const minProperties = component?.minProperties;
  const maxProperties = component?.maxProperties;
  // Properties the component forbids (`name: false`), which hey-api's parser drops: `z.optional(z.never())`.
  const forbidden = Object.entries(component?.properties ?? {}).flatMap(([key, value]) => (value === false ? [key] : []));
  ctx.nodes = { ...ctx.nodes, shape: (/** @type {any} */ c) => withForbidden(c, shapeNode(c), forbidden) };
  if (maxProperties !== undefined) {
    if (maxProperties !== 0 || (schema.properties && Object.keys(schema.properties).length))
      throw new Error(`zod-resolvers: maxProperties ${maxProperties} on ${name}: only an empty object (maxProperties: 0, no properties) is supported`);
    return withMinProperties(ctx, $(z).attr('record').call($(z).attr('string').call(), $(z).attr('never').call()), minProperties);
  }
  // `properties` beside `additionalProperties: true` (a free-form object with documented members): the
  // plugin writes `z.object(shape)`, which strips every other key from what it parses; `z.looseObject`
  // keeps them, as the contract says they are part of the value.
  if (!schema.propertyNames && schema.properties && Object.keys(schema.properties).length && schema.additionalProperties?.type === 'unknown') {
    return withMinProperties(ctx, $(z).attr('looseObject').call(ctx.nodes.shape(ctx)), minProperties);
  }
  if (!schema.propertyNames) return minProperties === undefined ? undefined : withMinProperties(ctx, ctx.nodes.base(ctx), minProperties);
  if (schema.properties && Object.keys(schema.properties).length) {
    throw new Error(`zod-resolvers: propertyNames beside properties (${name ?? 'inline schema'}): put the keys' rule in its own schema and combine them with allOf`);
  }
  const keyResult = walk(schema.propertyNames, childContext({ path: ctx.path, plugin }, 'propertyNames'));
  ctx._childResults.push(keyResult);
  const keySchema = applyModifiers(keyResult, {}).chain;
  const value = ctx.nodes.additionalProperties(ctx) ?? $(z).attr('unknown').call();
  // The key schema of the record, unless an allOf combines the schema with a shape (z.intersection).
  if (name === undefined || !allOfComponents(spec).has(name)) return withMinProperties(ctx, $(z).attr('record').call(keySchema, value), minProperties);
  // A check instead, which z.intersection keeps.
  // (value, ctx) => Object.keys(value).filter((key) => !z.safeParse(<key schema>, key).success)
  //   .forEach((key) => ctx.addIssue({ code: 'custom', path: [key], message: 'Invalid key: ...' }))
  const refused = $.func()
    .param('key')
    .do($.return($.not($(z).attr('safeParse').call(keySchema, $('key')).attr('success'))));
  const issue = $.object()
    .prop('code', $.literal('custom'))
    .prop('path', $.array($('key')))
    .prop('message', $.literal(keyMessage(schema.propertyNames)));
  const report = $.func().param('key').do($('ctx').attr('addIssue').call(issue));
  const keys = $.func()
    .param('value')
    .param('ctx')
    .do($('Object').attr('keys').call($('value')).attr('filter').call(refused).attr('forEach').call(report));
  return withMinProperties(ctx, $(z).attr('record').call($(z).attr('string').call(), value).attr('check').call($(z).attr('superRefine').call(keys)), minProperties);
}

/**
 * The object's shape, as the plugin writes it (each property walked, `z.optional` unless required),
 * except that a required property keeps no `default`: the plugin wraps every property with a
 * `default` in `z._default`, which fills in a missing value, so a required field with a default
 * (`Segment.match`, a teammate's `user_available`: the model's default, which every stored document
 * carries) would pass when missing. In JSON Schema `default` is an annotation; a required property
 * must be there.
 * @param {any} ctx hey-api's resolver context
 */
function shapeNode(ctx) {
  const { $, _childResults, applyModifiers, path, plugin, schema, walk } = ctx;
  const shape = $.object().pretty();
  for (const name in schema.properties) {
    const optional = !schema.required?.includes(name);
    const result = walk(schema.properties[name], childContext({ path, plugin }, 'properties', name));
    _childResults.push(result);
    const kept = optional ? result : { ...result, meta: { ...result.meta, default: undefined } };
    shape.prop(name, applyModifiers(kept, { optional }).chain);
  }
  return shape;
}

/**
 * `shape` with each of `names` as `z.optional(z.never())`: a property the schema forbids (`false`).
 * @param {any} ctx hey-api's resolver context
 * @param {any} shape the object literal of the shape (hey-api's TypeScript DSL)
 * @param {string[]} names
 */
function withForbidden(ctx, shape, names) {
  const { $ } = ctx;
  const { z } = ctx.symbols;
  for (const name of names) shape.prop(name, $(z).attr('optional').call($(z).attr('never').call()));
  return shape;
}

/**
 * `expression` with a check that the object has at least `minProperties` keys (when given).
 * @param {any} ctx hey-api's resolver context
 * @param {any} expression the schema's expression (hey-api's TypeScript DSL)
 * @param {number | undefined} minProperties
 */
function withMinProperties(ctx, expression, minProperties) {
  if (minProperties === undefined) return expression;
  const { $ } = ctx;
  const { z } = ctx.symbols;
  const size = $.func()
    .param('value')
    .do($.return($('Object').attr('keys').call($('value')).attr('length').gte($.literal(minProperties))));
  const message = $.object().prop('message', $.literal(`Too small: expected object to have >=${minProperties} properties`));
  return expression.attr('check').call($(z).attr('refine').call(size, message));
}

/**
 * The `'~resolvers'.string` of the zod plugin: `format: regex` as a check that the value compiles
 * (`new RegExp(value)`), the other checks of the string (lengths, pattern) following as usual.
 * @param {any} ctx hey-api's resolver context
 */
export function zodStringResolver(ctx) {
  if (ctx.schema.format !== 'regex') return undefined;
  const { $ } = ctx;
  const { z } = ctx.symbols;
  // (value) => { try { new RegExp(value); return true; } catch { return false; } }
  const compiles = $.func()
    .param('value')
    .do($.try($.new('RegExp', $('value')), $.return($.literal(true))).catch($.return($.literal(false))));
  const message = $.object().prop('message', $.literal('Invalid regular expression'));
  ctx.nodes.format = () => $(z).attr('string').call().attr('check').call($(z).attr('refine').call(compiles, message));
  return undefined;
}

/**
 * The `'~resolvers'.number` of the zod plugin: an integer's `minimum` of −(2^53 − 1) and `maximum` of
 * 2^53 − 1 are left out, as `z.int()` checks exactly that range.
 * @param {any} ctx hey-api's resolver context
 */
export function zodNumberResolver(ctx) {
  const { schema } = ctx;
  if (schema.type !== 'integer' || schema.format !== undefined) return undefined;
  if (schema.minimum === -Number.MAX_SAFE_INTEGER && schema.exclusiveMinimum === undefined) ctx.nodes.min = () => undefined;
  if (schema.maximum === Number.MAX_SAFE_INTEGER && schema.exclusiveMaximum === undefined) ctx.nodes.max = () => undefined;
  return undefined;
}
