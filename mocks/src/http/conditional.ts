/**
 * What Express does around every route's `res.send()` / `res.json()` (checked on server 2.19.16,
 * Express 4.22.3): a weak `ETag` on every answer with a body, whatever its status and method, and
 * `304 Not Modified` without a body when a GET or HEAD request's `If-None-Match` matches a 2xx answer.
 *
 * - The tag is Express's default (`app.set('etag', 'weak')`, the `etag` package):
 *   `W/"<byte length in hex>-<SHA-1 of the bytes in base64, 27 characters>"`. The `etag` package
 *   needs Node's `crypto` and `fs`, so it cannot run in the browser mock: the same two lines are
 *   computed with Node's `crypto` where the runtime has it (`process.getBuiltinModule`, synchronous:
 *   no thread-pool round trip per answer), else with the platform's WebCrypto (`crypto.subtle`, in
 *   every browser context a service worker runs in). `mocks/test/http/conditional.test.ts` checks
 *   both against the package.
 * - Freshness is Express's `req.fresh`, with the `fresh` package at the version Express 4.22.3 uses
 *   (0.5.2): `Cache-Control: no-cache` is never fresh; `If-None-Match: *` or a list holding the tag
 *   (weak or strong) is, unless `If-Modified-Since` is also sent (no route sets `Last-Modified`).
 * - No tag where Express writes without `res.send`: passport's plain-text `401 Unauthorized` and
 *   `400 Bad Request`, Express's `Cannot GET` pages, and `res.json(undefined)` (no body at all,
 *   {@link Success.noEntity}).
 */
import fresh from 'fresh';
import { isObject } from '../documents';
import { jsonTextOf, textOf, type Failure, type NotModified, type Result, type Success } from './results';

/** The SHA-1 of the empty entity, as the `etag` package writes it. */
const EMPTY_TAG = '"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';

/** The base64 of `bytes`. */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The part of Node's `node:crypto` the tag needs. */
interface NodeCrypto {
  createHash(algorithm: 'sha1'): { update(data: string, encoding: 'utf8'): { digest(encoding: 'base64'): string } };
  /** The one-shot digest (Node >= 21.7; a string is hashed as UTF-8), cheaper than a `Hash` object for an answer's size. */
  hash?(algorithm: 'sha1', data: string, outputEncoding: 'base64'): string;
}

/** The part of Node's `Buffer` the tag needs. */
interface NodeBuffer {
  byteLength(text: string, encoding: 'utf8'): number;
}

function isNodeCrypto(value: unknown): value is NodeCrypto {
  return isObject(value) && typeof value.createHash === 'function';
}

function isNodeBuffer(value: unknown): value is NodeBuffer {
  return typeof value === 'function' && typeof Reflect.get(value, 'byteLength') === 'function';
}

/**
 * Node's hashing, read with `process.getBuiltinModule` (Node >= 22.3; no import, so bundles for the
 * browser never see `node:crypto`), or undefined where the runtime has none (a browser, a worker).
 */
function nodeHashing(): { crypto: NodeCrypto; buffer: NodeBuffer } | undefined {
  const proc: unknown = Reflect.get(globalThis, 'process');
  const getBuiltin: unknown = isObject(proc) ? proc.getBuiltinModule : undefined;
  if (typeof getBuiltin !== 'function') return undefined;
  try {
    const crypto: unknown = Reflect.apply(getBuiltin, proc, ['node:crypto']);
    const bufferModule: unknown = Reflect.apply(getBuiltin, proc, ['node:buffer']);
    const buffer: unknown = isObject(bufferModule) ? bufferModule.Buffer : undefined;
    return isNodeCrypto(crypto) && isNodeBuffer(buffer) ? { crypto, buffer } : undefined;
  } catch {
    return undefined;
  }
}

const NODE_HASHING = nodeHashing();

/**
 * {@link weakEtag} computed synchronously with Node's `crypto`, as the `etag` package does
 * (`createHash('sha1').update(body, 'utf8').digest('base64')`), or undefined where the runtime has
 * no `node:crypto` (then {@link webCryptoEtag} computes it).
 */
export function weakEtagSync(body: string): string | undefined {
  if (!NODE_HASHING) return undefined;
  if (body.length === 0) return `W/${EMPTY_TAG}`;
  const length = NODE_HASHING.buffer.byteLength(body, 'utf8');
  const { crypto } = NODE_HASHING;
  const digest = crypto.hash ? crypto.hash('sha1', body, 'base64') : crypto.createHash('sha1').update(body, 'utf8').digest('base64');
  return `W/"${length.toString(16)}-${digest.slice(0, 27)}"`;
}

/**
 * Express's default ETag of a body: `W/"<length hex>-<base64 SHA-1, 27 characters>"` (the `etag`
 * package with `weak: true`, over the UTF-8 bytes Express sends).
 */
export async function weakEtag(body: string): Promise<string> {
  return weakEtagSync(body) ?? webCryptoEtag(body);
}

/** {@link weakEtag} with the platform's WebCrypto (`crypto.subtle`): where Node's `crypto` is not at hand. */
export async function webCryptoEtag(body: string): Promise<string> {
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

/** The request's headers `fresh` reads (lower-case names; it reads no others). */
function headerRecord(request: Pick<Request, 'headers'>): Record<string, string | undefined> {
  const { headers } = request;
  return {
    'if-modified-since': headers.get('if-modified-since') ?? undefined,
    'if-none-match': headers.get('if-none-match') ?? undefined,
    'cache-control': headers.get('cache-control') ?? undefined,
  };
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
    etag = weakEtagSync(entity) ?? (await webCryptoEtag(entity));
    headers.ETag = etag;
  }
  const method = request.method.toUpperCase();
  if ((method === 'GET' || method === 'HEAD') && result.status >= 200 && result.status < 300 && fresh(headerRecord(request), { etag })) {
    const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !/^(content-type|content-length|transfer-encoding)$/i.test(name)));
    return { status: 304, headers: kept } satisfies NotModified;
  }
  return { ...result, headers };
}
