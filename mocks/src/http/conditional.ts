/**
 * What Express does around every route's `res.send()` / `res.json()` (checked on server 2.19.16,
 * Express 4.22.3): a weak `ETag` on every answer with a body, whatever its status and method, and
 * `304 Not Modified` without a body when a GET or HEAD request's `If-None-Match` matches a 2xx answer.
 *
 * - The tag is Express's default (`app.set('etag', 'weak')`, the `etag` package):
 *   `W/"<byte length in hex>-<SHA-1 of the bytes in base64, 27 characters>"`. The `etag` package
 *   needs Node's `crypto` and `fs`, so it cannot run in the browser mock: the same two lines are
 *   computed with the platform's WebCrypto (`crypto.subtle`, in Node and in every browser context a
 *   service worker runs in). `mocks/test/http/conditional.test.ts` checks them against the package.
 * - Freshness is Express's `req.fresh`, with the `fresh` package at the version Express 4.22.3 uses
 *   (0.5.2): `Cache-Control: no-cache` is never fresh; `If-None-Match: *` or a list holding the tag
 *   (weak or strong) is, unless `If-Modified-Since` is also sent (no route sets `Last-Modified`).
 * - No tag where Express writes without `res.send`: passport's plain-text `401 Unauthorized` and
 *   `400 Bad Request`, Express's `Cannot GET` pages, and `res.json(undefined)` (no body at all,
 *   {@link Success.noEntity}).
 */
import fresh from 'fresh';
import { jsonTextOf, textOf, type Failure, type NotModified, type Result, type Success } from './results';

/** The SHA-1 of the empty entity, as the `etag` package writes it. */
const EMPTY_TAG = '"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';

/** The base64 of `bytes`. */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Express's default ETag of a body: `W/"<length hex>-<base64 SHA-1, 27 characters>"` (the `etag`
 * package with `weak: true`, over the UTF-8 bytes Express sends).
 */
export async function weakEtag(body: string): Promise<string> {
  const bytes = new TextEncoder().encode(body);
  if (bytes.length === 0) return `W/${EMPTY_TAG}`;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', bytes));
  return `W/"${bytes.length.toString(16)}-${base64(digest).slice(0, 27)}"`;
}

/** The body Express's `res.send` would hash for `result`, or `undefined` where Express sets no ETag. */
function sentEntity(result: Success<unknown> | Failure): string | undefined {
  if ('text' in result && result.text !== undefined) return undefined; // passport's and finalhandler's res.end()
  if ('noEntity' in result && result.noEntity) return undefined; // res.json(undefined)
  return textOf(result) ?? jsonTextOf(result);
}

/** The request's headers as `fresh` reads them (lower-case names). */
function headerRecord(request: Pick<Request, 'headers'>): Record<string, string> {
  const record: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

/**
 * `result` as Express sends it for `request`: with its weak `ETag` when it has a body, or `304 Not
 * Modified` (the `ETag` and the other headers, no body, no `Content-Type`) when the request is a
 * fresh GET or HEAD of a 2xx answer. An answer that already names an `ETag` keeps it, as Express does.
 */
export async function withExpressEtag(request: Pick<Request, 'method' | 'headers'>, result: Result): Promise<Result> {
  if (result.status === 0 || result.status === 304) return result;
  const headers: Record<string, string> = { ...result.headers };
  let etag = Object.entries(headers).find(([name]) => name.toLowerCase() === 'etag')?.[1];
  if (etag === undefined) {
    const entity = sentEntity(result);
    if (entity === undefined) return result;
    etag = await weakEtag(entity);
    headers.ETag = etag;
  }
  const method = request.method.toUpperCase();
  if ((method === 'GET' || method === 'HEAD') && result.status >= 200 && result.status < 300 && fresh(headerRecord(request), { etag })) {
    const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !/^(content-type|content-length|transfer-encoding)$/i.test(name)));
    return { status: 304, headers: kept } satisfies NotModified;
  }
  return { ...result, headers };
}
