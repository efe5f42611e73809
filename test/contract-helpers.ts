/**
 * `root`: the repository's folder. `dereferencedContract()`: the contract bundled and dereferenced by
 * Redocly (the repository's one `$ref` resolver), every `$ref` replaced by its target.
 */
export { dereferencedContract, root } from '../scripts/lib/contract-source.mjs';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

export interface OperationEntry {
  method: string;
  path: string;
  operation: any;
  pathItem: any;
}

/** Every operation of `paths` (not webhooks). */
export function operations(doc: any): OperationEntry[] {
  const list: OperationEntry[] = [];
  for (const [path, pathItem] of Object.entries<any>(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      if (pathItem[method]) list.push({ method: method.toUpperCase(), path, operation: pathItem[method], pathItem });
    }
  }
  return list;
}

/** Parameters of an operation, path-level ones first. */
export function parametersOf(entry: OperationEntry): any[] {
  return [...(entry.pathItem.parameters ?? []), ...(entry.operation.parameters ?? [])];
}

/** The first example value of a media type object (`example`, or the first of `examples`). */
export function firstExample(media: any): unknown {
  if (!media) return undefined;
  if ('example' in media) return media.example;
  return Object.values<any>(media.examples ?? {})[0]?.value;
}
