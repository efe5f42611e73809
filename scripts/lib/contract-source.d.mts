/** The repository's root folder (with a trailing separator). */
export declare const root: string;
/**
 * The contract with every `$ref` replaced by its target (Redocly's bundler with `--dereferenced`): the
 * repository's one `$ref` resolver. `input` defaults to openapi/openapi.yaml, the split contract.
 * @throws {Error} when bundling fails, with Redocly's output.
 */
export declare function dereferencedContract(input?: string): any;
/** The contract bundled into one document by Redocly, `$ref`s to `components` kept. */
export declare function bundledContract(input?: string): any;
