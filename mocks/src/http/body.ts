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
 * Thrown by {@link readBodyText} for a body the service's parsers cannot decode: a `Content-Encoding`
 * other than `gzip`, `deflate` or `identity` (body-parser's 415 "unsupported content encoding"), or
 * compressed bytes that do not inflate (its 400). `encoding` is the header's value, lower-case.
 */
export class BodyEncodingError extends Error {
  constructor(
    readonly encoding: string,
    readonly reason: 'unsupported' | 'corrupt',
  ) {
    super(reason === 'unsupported' ? `unsupported content encoding "${encoding}"` : `the ${encoding} body does not inflate`);
    this.name = 'BodyEncodingError';
  }
}

/** The encodings body-parser inflates (`inflate: true`, its default): zlib's gunzip and inflate, as `DecompressionStream` formats. */
const INFLATED = new Map<string, CompressionFormat>([
  ['gzip', 'gzip'],
  ['deflate', 'deflate'],
]);

/** A request's `Content-Encoding` as body-parser reads it: lower-case, `identity` when absent. */
export function contentEncodingOf(request: Request): string {
  return (request.headers.get('content-encoding') ?? 'identity').toLowerCase();
}

/**
 * Reads a request body as UTF-8 text, stopping as soon as more than `limit` bytes arrived: the
 * rest is never read (the stream is cancelled), so an oversized body costs at most `limit` bytes
 * plus one chunk of memory. A declared `Content-Length` over the limit fails before any read.
 * Where the runtime offers no body stream (Firefox's service workers) the body is read whole and
 * measured afterwards. A `gzip` or `deflate` body (`Content-Encoding`) is inflated first, as
 * body-parser does, and the limit applies to the inflated bytes.
 *
 * @param request the Fetch request (its body is consumed).
 * @param limit maximum size in bytes.
 * @returns the text (`''` without a body).
 * @throws {BodyTooLargeError} when the body is, or is declared, larger than `limit`.
 * @throws {BodyEncodingError} when its `Content-Encoding` is not one body-parser inflates, or the bytes do not inflate.
 */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  const encoding = contentEncodingOf(request);
  if (encoding !== 'identity' && !INFLATED.has(encoding)) throw new BodyEncodingError(encoding, 'unsupported');
  // body-parser checks a declared length against the limit only for bodies it does not inflate.
  if (encoding === 'identity' && declaredTooLarge(request, limit)) throw new BodyTooLargeError(limit);
  const format = INFLATED.get(encoding);
  if (format) {
    // Runtimes without request body streams (Firefox's service workers) give the bytes whole.
    const compressed = request.body ?? new Blob([await request.arrayBuffer()]).stream();
    const inflated = compressed.pipeThrough(new DecompressionStream(format));
    try {
      return await readStreamText(inflated, limit);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw error;
      throw new BodyEncodingError(encoding, 'corrupt');
    }
  }
  if (!request.body) {
    // Runtimes without request body streams (Firefox's service workers: `Request.body` is
    // undefined there) give the body only whole; the limit is then checked after reading.
    const text = await request.text();
    if (new TextEncoder().encode(text).byteLength > limit) throw new BodyTooLargeError(limit);
    return text;
  }
  return readStreamText(request.body, limit);
}

/** A byte stream as UTF-8 text, reading no more than `limit` bytes (then {@link BodyTooLargeError}, the stream cancelled). */
async function readStreamText(stream: ReadableStream<Uint8Array>, limit: number): Promise<string> {
  const reader = stream.getReader();
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
