/**
 * MSW registration of the operations: the order handlers are tried in, and where they answer.
 */
import type { OperationMeta } from '../manifest';

/**
 * Sort order of the handlers: MSW tries them in order. Longer paths first: handlers answer under a
 * base URL that may be `*`, which also matches a leading path segment, so a shorter path could
 * take a longer one's requests (`/{project_id}/requests/{request_id}` under `*` matches
 * `/P/analytics/requests/count`); at the same length a literal path segment precedes a parameter.
 */
export function routeOrder(a: OperationMeta, b: OperationMeta): number {
  const key = (m: OperationMeta) => {
    const segments = m.path.split('/');
    return `${m.method} ${String(99 - segments.length).padStart(2, '0')} ${segments.map((s) => (s.startsWith('{') ? '1' : '0')).join('')}`;
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

/**
 * The contract path a request belongs to when it is more concrete than the operation MSW matched:
 * OpenAPI matches concrete paths before templated ones, so `GET /{p}/kb/multi` is a request to
 * `/{project_id}/kb/multi` (which has only POST), not `getContent` with `content_id` `multi`.
 * MSW tries literal segments first for the same method only, so a method the concrete path does not
 * list falls through to the templated route.
 * @param meta the operation MSW matched; `params` its path parameters.
 * @returns the concrete path and its methods, or `undefined` when no contract path is more concrete.
 */
export function concretePathOf(meta: OperationMeta, params: Readonly<Record<string, string>>, all: readonly OperationMeta[]): { path: string; methods: string[] } | undefined {
  const template = meta.path.split('/');
  const segments = template.map((part) => (part.startsWith('{') ? (params[part.slice(1, -1)] ?? part) : part));
  let best: { path: string; literals: number } | undefined;
  for (const other of all) {
    const parts = other.path.split('/');
    if (other.path === meta.path || parts.length !== template.length) continue;
    let more = false;
    const fits = parts.every((part, i) => {
      const mine = template[i]!;
      if (!mine.startsWith('{')) return part === mine;
      if (part.startsWith('{')) return true;
      more = true;
      return part === segments[i];
    });
    if (!fits || !more) continue;
    const literals = parts.filter((part) => !part.startsWith('{')).length;
    if (!best || literals > best.literals) best = { path: other.path, literals };
  }
  if (!best) return undefined;
  return { path: best.path, methods: all.filter((other) => other.path === best.path).map((other) => other.method) };
}

/** Whether `segments` (a request path split at `/`, from the root) is `template`'s path: same length, literals equal, parameters not empty. */
function fitsTemplate(template: readonly string[], segments: readonly string[]): boolean {
  return template.length === segments.length && template.every((part, i) => (part.startsWith('{') ? segments[i] !== '' : part === segments[i]));
}

/**
 * Whether the operation of `meta` may answer a request for `pathname` matched with the default base URL
 * (`*`, any leading part): yes when `pathname` is the operation's path itself, or the path of no
 * operation at all (an API root in front, `/v2/{project_id}/tags`). No when it is another operation's
 * path: `PATCH /{p}/analytics/requests/count` is no `updateConversation` of project `analytics` (what
 * the leading part would make of it) but a method the path does not have — the server's 404 page, or
 * strict mode's 405.
 */
export function mayAnswerPath(meta: OperationMeta, pathname: string, all: readonly OperationMeta[]): boolean {
  const segments = pathname.split('/');
  if (fitsTemplate(meta.path.split('/'), segments)) return true;
  return !all.some((other) => fitsTemplate(other.path.split('/'), segments));
}
