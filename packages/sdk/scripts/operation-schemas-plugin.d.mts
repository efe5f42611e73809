import type { UserConfig } from '@hey-api/openapi-ts';

/**
 * The hey-api plugin that writes src/generated/operation-schemas.gen.ts (each operation's zod schemas,
 * from hey-api's registry of the schemas it generated). For `plugins` in openapi-ts.config.ts.
 */
export declare const operationSchemasPlugin: () => NonNullable<UserConfig['plugins']>[number];
