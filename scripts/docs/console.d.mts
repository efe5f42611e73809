// Types of scripts/docs/console.mjs (for the TypeScript tests that import it).
/** Where the page's mock answers, relative to the page (`mock-api`). */
export declare const MOCK_PATH: string;
/** The key of a reference to a shared subtree in console/operations.json. */
export declare const SHARED: '$console-shared';
/** Every operation of a dereferenced contract as Swagger UI's resolver gives it: path-level parameters merged, the document's security where it has none. Throws `TypeError` on a document with `$ref`s or no paths. */
export declare function resolvedOperations(doc: any): { paths: Record<string, Record<string, any>> };
/** The schema key under which the console keeps an optional parameter's example (and default), shown as its input's placeholder: `x-console-placeholder`. */
export declare const PLACEHOLDER: 'x-console-placeholder';
/** The operations with only required parameters prefilled: an optional parameter's example and default move to its schema's `x-console-placeholder`. Returns a copy. */
export declare function requiredPrefilled(resolved: { paths: Record<string, Record<string, any>> }): { paths: Record<string, Record<string, any>> };
/** JSON with its repeated subtrees (64 characters of JSON or more) written once, as `{ "$console-shared": i }` references into `shared`. */
export declare function encodeShared(value: unknown): { shared: unknown[]; root: unknown };
/** The console's copy of the bundled contract: `servers` the in-page mock, operations as listed, the security schemes, no webhooks. */
export declare function consoleContract(bundled: any): any;
/** Builds the console into `outDir` (default build/docs); returns the files written, relative to it. */
export declare function buildConsole(options?: { outDir?: string }): Promise<{ file: string; bytes: number }[]>;
