// This file is written by packages/sdk/scripts/lazy-zod.mjs from the schemas @hey-api/openapi-ts generated (zod.gen.ts). Do not edit.

/** Memoises `build`: the schema is built on the first call, and every later call returns that same instance. */
export const lazy = <T>(build: () => T): (() => T) => {
    let schema: T | undefined;
    return () => (schema ??= build());
};
