/** Types of lazy-zod.mjs (see there). */
export interface LazyZodFiles {
  /** The new text of zod.gen.ts. */
  zod: string;
  /** The text of zod-builders.gen.ts; undefined when `zod` was already rewritten (then nothing changes). */
  builders: string | undefined;
  /** The new text of operation-schemas.gen.ts. */
  table: string;
  /** The names of the schemas zod.gen.ts exports. */
  names: string[];
}

/**
 * Splits hey-api's zod.gen.ts into memoised builders (zod-builders.gen.ts) and public `z.lazy`
 * schemas over them, and takes operation-schemas.gen.ts's references from the builders.
 * @throws Error when a file has a construct the rewrite does not handle.
 */
export function lazyZod(files: { zod: string; table: string }): LazyZodFiles;
