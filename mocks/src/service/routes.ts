/**
 * MSW registration of the operations: the order handlers are tried in, and where they answer.
 */
import type { OperationMeta } from '../manifest';

/** Sort order of the handlers: MSW tries them in order, and at the same place a literal path segment must precede a parameter. */
export function routeOrder(a: OperationMeta, b: OperationMeta): number {
  const key = (m: OperationMeta) => {
    const segments = m.path.split('/');
    return `${m.method} ${String(segments.length).padStart(2, '0')} ${segments.map((s) => (s.startsWith('{') ? '1' : '0')).join('')}`;
  };
  const ka = key(a);
  const kb = key(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** Joins a base URL (`*` or an API root) and an MSW path. */
export function joinPath(baseUrl: string, mswPath: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${mswPath}`;
}

/** The MSW method helper of an HTTP method (`GET` → `get`). */
export function mswMethod(method: OperationMeta['method']): 'get' | 'post' | 'put' | 'patch' | 'delete' {
  return method.toLowerCase() as Lowercase<OperationMeta['method']>;
}
