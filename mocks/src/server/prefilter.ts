/**
 * The standalone server's prefilter of MSW handlers: only the handlers that can match a request's
 * method and path are given to MSW, which still matches and resolves among them.
 */
import type { RequestHandler } from 'msw';
import { operationPatterns } from '../service/create';

/**
 * A prefilter, not a router: keeps the handlers whose method matches and whose literal path
 * segments, aligned from the end, equal the request's (MSW's `*` prefix absorbs any leading
 * part). MSW still matches and resolves among these candidates, so answers are identical to
 * `getResponse(allHandlers)`; only handlers that cannot match are skipped. Used when the service
 * answers at `*`.
 */
export function candidateFilter(handlers: readonly RequestHandler[]): (method: string, pathname: string) => RequestHandler[] {
  const entries = handlers.map((handler) => {
    const info = (handler as { info?: { method?: unknown; path?: unknown } }).info;
    // An operation's handler matches through a custom predicate (its pattern kept aside), others by their path.
    const pattern = operationPatterns.get(handler) ?? info?.path;
    const path = typeof pattern === 'string' && pattern.startsWith('*/') ? pattern.slice(1) : undefined;
    return { handler, method: typeof info?.method === 'string' ? info.method.toUpperCase() : undefined, segments: path?.split('/').slice(1) };
  });
  const cache = new Map<string, RequestHandler[]>();
  return (method, pathname) => {
    const parts = pathname.replace(/\/$/, '').split('/').slice(1);
    const key = `${method} ${parts.length} ${parts.map((p) => (/^[A-Za-z_]+$/.test(p) ? p : ':')).join('/')}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const out = entries
      .filter(({ method: m, segments }) => {
        if (!segments) return true;
        if (m !== method) return false;
        if (segments.length > parts.length) return false;
        const offset = parts.length - segments.length;
        return segments.every((segment, i) => segment.startsWith(':') || segment === parts[offset + i]);
      })
      .map(({ handler }) => handler);
    if (cache.size < 5000) cache.set(key, out);
    return out;
  };
}
