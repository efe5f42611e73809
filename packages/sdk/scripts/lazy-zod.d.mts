/** Types of lazy-zod.mjs (see there). */
export interface LazyZodFiles {
  /** The new text of zod.gen.ts. */
  zod: string;
  /** The text of zod-builders.gen.ts (every builder, re-exported); undefined when `zod` was already rewritten (then nothing changes). */
  builders: string | undefined;
  /** The new text of operation-schemas.gen.ts. */
  table: string;
  /** The names of the schemas zod.gen.ts exports. */
  names: string[];
  /**
   * The other files to write, by path relative to the output folder: the builders' modules by
   * operation (`zod-schemas/*.gen.ts`) and `zod-loaders.gen.ts`; undefined when `zod` was already rewritten.
   */
  files: Record<string, string> | undefined;
}

/**
 * Splits hey-api's zod.gen.ts into memoised builders, in modules by the operations that use them,
 * and public `z.lazy` schemas over them, and takes operation-schemas.gen.ts's references from the builders.
 * @throws Error when a file has a construct the rewrite does not handle.
 */
export function lazyZod(files: { zod: string; table: string }): LazyZodFiles;

/**
 * Rewrites the zod files of a hey-api output folder in place (openapi-ts.config.ts's `output.postProcess`);
 * does nothing when they were already rewritten. Returns a one-line summary.
 */
export function lazyZodFolder(dir: string): string;
