// A hey-api plugin (listed in openapi-ts.config.ts, after `zod`) that writes
// src/generated/operation-schemas.gen.ts: for every operation, direct references to the schemas
// hey-api's zod plugin generated for its path parameters, query parameters, request body and 200
// body. The references come from hey-api's own symbol registry (the zod plugin registers each
// operation schema under the operation's id and a role), so no schema name is rebuilt from an
// operationId: when two schemas would share a name and hey-api renames one (`zSignInResponse2`),
// the table still points at the right one. lazy-zod.mjs then takes these names from
// zod-builders.gen.ts instead of zod.gen.ts, so each value is the schema's memoised builder: an
// accessor that builds the schema on its first call and returns the same instance afterwards.
import { $, definePluginConfig } from '@hey-api/openapi-ts';

/** The table's keys → the roles under which hey-api's zod plugin registers an operation's schemas. */
const PARTS = { path: 'request-path', query: 'request-query', body: 'request-body', response: 'responses' };

/**
 * Writes the type and the table (hey-api runs it once per generation, after the zod plugin).
 * @type {Parameters<typeof definePluginConfig>[0]['handler']}
 */
const handler = ({ plugin }) => {
  const zodType = plugin.symbol('$ZodType', { external: 'zod/v4/core', kind: 'type' });
  const operationId = plugin.symbol('OperationId', { external: './operations.gen', kind: 'type' });
  const accessor = $.type.func().returns($.type(zodType));
  const shape = $.type.object();
  for (const part of Object.keys(PARTS)) shape.prop(part, (p) => p.readonly().optional().type(accessor));
  const schemasType = plugin.symbol('OperationSchemas');
  plugin.node(
    $.type
      .alias(schemasType)
      .export()
      .doc([
        "One operation's zod/mini schemas: its path parameters, query parameters, request body and 200 body,",
        'each behind an accessor that builds the schema on its first call and returns the same instance',
        'afterwards. A part is absent when the operation has none.',
      ])
      .type(shape),
  );
  const table = $.object();
  plugin.forEach('operation', (event) => {
    const entry = $.object();
    for (const [part, role] of Object.entries(PARTS)) {
      const schema = plugin.querySymbol({ artifact: 'zod', category: 'schema', resource: 'operation', resourceId: event.operation.id, role });
      if (schema) entry.prop(part, $(schema));
    }
    table.prop(event.operation.id, entry);
  });
  const tableType = $.type.mapped('K').key($.type(operationId)).readonly().type($.type(schemasType));
  plugin.node($.const(plugin.symbol('operationSchemas')).export().doc("Every operation's zod schemas, by operationId.").type(tableType).assign(table));
};

/**
 * The plugin's config for `plugins` in openapi-ts.config.ts.
 * @type {() => NonNullable<import('@hey-api/openapi-ts').UserConfig['plugins']>[number]}
 */
export const operationSchemasPlugin = definePluginConfig({ config: {}, dependencies: ['zod'], handler, name: 'operation-schemas' });
