/**
 * Request bodies: read up to a size limit (never past it) and measured for nesting depth.
 */

/** The service's body size limit: 500 KB (`500KB` as body-parser reads it), in bytes. */
export const DEFAULT_BODY_LIMIT = 512_000;

/** Nesting limit of JSON bodies: MongoDB stores no document nested deeper than 100 levels. */
export const MAX_BODY_DEPTH = 100;

/** Thrown by {@link readBodyText} when a body exceeds the limit; `limit` in bytes. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request entity too large (limit ${limit} bytes)`);
    this.name = 'BodyTooLargeError';
  }
}

/** Whether the request declares a `Content-Length` over `limit` bytes. */
export function declaredTooLarge(request: Request, limit: number): boolean {
  const declared = Number(request.headers.get('content-length'));
  return Number.isFinite(declared) && declared > limit;
}

/**
 * Reads a request body as UTF-8 text, stopping as soon as more than `limit` bytes arrived: the
 * rest is never read (the stream is cancelled), so an oversized body costs at most `limit` bytes
 * plus one chunk of memory. A declared `Content-Length` over the limit fails before any read.
 * Where the runtime offers no body stream (Firefox's service workers) the body is read whole and
 * measured afterwards.
 *
 * @param request the Fetch request (its body is consumed).
 * @param limit maximum size in bytes.
 * @returns the text (`''` without a body).
 * @throws {BodyTooLargeError} when the body is, or is declared, larger than `limit`.
 */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  if (declaredTooLarge(request, limit)) throw new BodyTooLargeError(limit);
  if (!request.body) {
    // Runtimes without request body streams (Firefox's service workers: `Request.body` is
    // undefined there) give the body only whole; the limit is then checked after reading.
    const text = await request.text();
    if (new TextEncoder().encode(text).byteLength > limit) throw new BodyTooLargeError(limit);
    return text;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: the cancellation of one branch of a teed stream (MSW clones every request)
      // settles only once the other branch is cancelled too. Either way nothing more is read.
      void reader.cancel().catch(() => {});
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * The nesting depth of JSON text (objects and arrays; `0` for a scalar), by one linear scan that
 * skips strings — no recursion, so any depth is measured safely. Stops counting past `stopAt`.
 * @param text JSON text (need not be valid: brackets inside strings are skipped, others counted).
 * @param stopAt depth at which to stop (the answer is then `stopAt + 1`).
 */
export function jsonDepth(text: string, stopAt = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) {
        max = depth;
        if (max > stopAt) return max;
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}
