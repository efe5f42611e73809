import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** The contract, bundled by Redocly into one document (what every generator reads). */
export function bundledContract(): any {
  const out = join(mkdtempSync(join(tmpdir(), 'supportkb-contract-')), 'openapi.yaml');
  execFileSync(process.execPath, [join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'bundle', join(root, 'openapi/openapi.yaml'), '--config', join(root, 'redocly.yaml'), '-o', out], { stdio: 'pipe' });
  return parse(readFileSync(out, 'utf8'));
}

/** Resolves a local `$ref` (`#/components/...`) of the bundled document; other values pass through. */
export function deref<T = any>(doc: any, value: any): T {
  let current = value;
  const seen = new Set<string>();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) throw new Error(`circular $ref ${current.$ref}`);
    seen.add(current.$ref);
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .map((part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((node: any, key: string) => node?.[key], doc);
  }
  return current as T;
}

export interface OperationEntry {
  method: string;
  path: string;
  operation: any;
  pathItem: any;
}

/** Every operation of `paths` (not webhooks). */
export function operations(doc: any): OperationEntry[] {
  const list: OperationEntry[] = [];
  for (const [path, rawItem] of Object.entries<any>(doc.paths ?? {})) {
    const pathItem = deref(doc, rawItem);
    for (const method of HTTP_METHODS) {
      if (pathItem[method]) list.push({ method: method.toUpperCase(), path, operation: pathItem[method], pathItem });
    }
  }
  return list;
}

/** Parameters of an operation, path-level ones first, resolved. */
export function parametersOf(doc: any, entry: OperationEntry): any[] {
  return [...(entry.pathItem.parameters ?? []), ...(entry.operation.parameters ?? [])].map((p) => deref(doc, p));
}

/** The first example value of a media type object (`example`, or the first of `examples`), resolved. */
export function firstExample(doc: any, media: any): unknown {
  if (!media) return undefined;
  if ('example' in media) return media.example;
  const first = Object.values<any>(media.examples ?? {})[0];
  return first === undefined ? undefined : deref(doc, first).value;
}
