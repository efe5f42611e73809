// Redocly plugin of the contract (registered in redocly.yaml): one preprocessor, `required-variants`.
//
// A resource the server sends in two states — saved by its service (`Lead`: every field the model
// requires) and created bare by an upsert (`LeadUpserted`: fewer) — is written once: the variant
// states only what differs, as JSON Schema says it,
//
//   allOf:
//     - $ref: ./LeadUpserted.yaml
//   required: [_id, lead_id, …]
//
// hey-api's parser drops a `required` beside an `allOf` with no `properties` (the type becomes a
// plain alias of the referenced one), and with `properties` it writes an intersection (a second walk
// of every body in validation). So before bundling, this preprocessor rewrites such a variant into
// the object it means: the referenced schema's keywords (`type`, `properties`, …) with the variant's
// own `required`, `description` and `x-*` annotations in their place. Every bundle (the generators',
// Schemathesis', Prism's, the docs') reads the flattened schema; the source keeps one copy of each
// property. Only this exact shape is rewritten: an `allOf` of one `$ref` to a schema file of the same
// folder, beside nothing but `required`, annotations and `type: object`. Every name in `required`
// must be a property of the referenced schema, or the bundle fails naming it.

/** Keywords a variant may state beside its `allOf`: what it adds is `required` and its own words. */
const VARIANT_KEYS = new Set(['allOf', 'required', 'type', 'description', 'title']);

/**
 * Whether `node` (a schema as its file states it) is a variant this preprocessor flattens; then
 * `node.allOf[0].$ref` names the schema file, in the same folder, whose properties it has.
 * @param {any} node
 * @returns {boolean}
 */
export function isVariant(node) {
  if (!node || typeof node !== 'object' || !Array.isArray(node.allOf) || node.allOf.length !== 1) return false;
  const ref = node.allOf[0]?.$ref;
  if (typeof ref !== 'string' || !/^\.\/[^/]+\.yaml$/.test(ref)) return false;
  if (!Array.isArray(node.required) || (node.type !== undefined && node.type !== 'object')) return false;
  return Object.keys(node).every((key) => VARIANT_KEYS.has(key) || key.startsWith('x-'));
}

/** The preprocessor: a Redocly visitor of schemas. */
function RequiredVariants() {
  return {
    Schema: {
      /** @param {any} node @param {any} ctx Redocly's visitor context (`resolve`, `location`) */
      enter(node, ctx) {
        if (!isVariant(node)) return;
        const { node: base, location } = ctx.resolve(node.allOf[0]);
        if (!base || typeof base !== 'object' || !base.properties) throw new Error(`required-variants: ${node.allOf[0].$ref} (from ${ctx.location.source.absoluteRef}) is not an object schema with properties`);
        const missing = node.required.filter((name) => !(name in base.properties));
        if (missing.length) throw new Error(`required-variants: ${ctx.location.source.absoluteRef} requires ${missing.join(', ')}, not a property of ${location?.source.absoluteRef ?? node.allOf[0].$ref}`);
        const own = Object.fromEntries(Object.entries(node).filter(([key]) => key !== 'allOf' && key !== 'type'));
        // The base's keywords (its annotations replaced by the variant's), in the order a schema file
        // of the contract writes them: `type`, the words, `required`, then the rest (`properties`, …).
        const { type, ...rest } = Object.fromEntries(
          Object.entries(base).filter(([key]) => key !== 'description' && key !== 'title' && key !== 'required' && !key.startsWith('x-')),
        );
        for (const key of Object.keys(node)) delete node[key];
        Object.assign(node, type === undefined ? {} : { type }, own, structuredClone(rest));
      },
    },
  };
}

/** The plugin, as Redocly loads it (`plugins` of redocly.yaml). */
export default function supportkbPlugin() {
  return {
    id: 'supportkb',
    preprocessors: {
      oas3: { 'required-variants': RequiredVariants },
    },
  };
}
