/** Internal: how error messages name the call that failed. */
import type { RequestContext } from '../types';

/** ` (listTags)`, ` (GET /v2/…/tags)` (the path, never the query) or `''`: which call failed, for error messages. @internal */
export function callName(request: RequestContext): string {
  const name = request.operationId ?? (request.url && `${request.method ? `${request.method} ` : ''}${/^[a-z]+:\/\/[^/]*([^?#]*)/i.exec(request.url)?.[1] ?? request.url}`);
  return name ? ` (${name})` : '';
}
