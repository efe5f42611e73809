// Types of scripts/zod-resolvers.mjs (imported by openapi-ts.config.ts).
/**
 * The `'~resolvers'.object` of hey-api's zod plugin (openapi-ts.config.ts): `propertyNames` and
 * (on component schemas) `minProperties` as checks of the generated zod/mini schemas.
 */
export declare function zodObjectResolver(ctx: any): any;
/** The `'~resolvers'.string` of hey-api's zod plugin: `format: regex` as a check that the value compiles. */
export declare function zodStringResolver(ctx: any): any;
/** The `'~resolvers'.number` of hey-api's zod plugin: integer bounds of ±(2^53 − 1), which `z.int()` checks, left out. */
export declare function zodNumberResolver(ctx: any): any;
