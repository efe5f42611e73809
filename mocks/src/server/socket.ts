/**
 * The standalone server's side of a connection: the request's URL from its `Host` and target,
 * its body read from the socket on demand and never past the limit, the Fetch `Request` handed to
 * MSW, and the answer written back (with a lingering close when the body was left unread).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpResponse } from 'msw';
import { BodyTooLargeError } from '../http/body';
import { BEFORE_CORS, isNotModified, isUnanswered, isUntypedEmpty, jsonTextOf, textOf, type Result } from '../http/results';

/**
 * The URL of a request from its `Host` header (or the server's own address without one) and its
 * target, or undefined when they do not make a URL: a `Host` that is not a host name or address
 * with an optional port (`a b`, `[::1`, `x:99999`, `user@host`, `host/path`), or a target neither
 * in origin form (`/path?query`) nor absolute (`http://host/path`).
 */
export function requestUrl(hostHeader: string | undefined, target: string | undefined, fallbackHost: string): URL | undefined {
  const origin = originOf(hostHeader ?? fallbackHost);
  if (origin === null) return undefined;
  const path = target ?? '/';
  try {
    if (path.startsWith('/')) return new URL(`${origin}${path}`);
    const absolute = new URL(path);
    return absolute.protocol === 'http:' || absolute.protocol === 'https:' ? new URL(`${origin}${absolute.pathname}${absolute.search}`) : undefined;
  } catch {
    return undefined;
  }
}

/** The origins of the `Host` values seen last (a client sends the same one every time), `null` for a value that is no host. */
const ORIGINS = new Map<string, string | null>();

/** The origin `http://<host>` of a `Host` value, or `null` when it is not a host name or address with an optional port. */
function originOf(host: string): string | null {
  let origin = ORIGINS.get(host);
  if (origin !== undefined) return origin;
  try {
    const url = new URL(`http://${host}`);
    origin = url.pathname !== '/' || url.search || url.hash || url.username || url.password ? null : url.origin;
  } catch {
    origin = null;
  }
  if (ORIGINS.size >= 100) ORIGINS.clear();
  ORIGINS.set(host, origin);
  return origin;
}

/** A request body read from the socket on demand, never past `limit` bytes. */
export interface LimitedBody {
  /** What the Fetch `Request` reads; errors with {@link BodyTooLargeError} past the limit. */
  stream: ReadableStream<Uint8Array<ArrayBuffer>>;
  /** More than `limit` bytes arrived: the rest was left unread. */
  readonly tooLarge: boolean;
  /** The whole body was read. */
  readonly finished: boolean;
}

/**
 * Wraps the socket's body in a pull-based stream: bytes are read from the socket only when the
 * handler reads the body (so a request refused before that — no credentials, an unknown path —
 * reads none), and reading stops at `limit` bytes.
 */
export function limitedBody(req: IncomingMessage, limit: number): LimitedBody {
  let size = 0;
  let tooLarge = false;
  let finished = false;
  req.pause();
  const stream = new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      start(controller) {
        const onData = (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit) {
            tooLarge = true;
            req.pause();
            req.off('data', onData);
            controller.error(new BodyTooLargeError(limit));
            return;
          }
          controller.enqueue(new Uint8Array(chunk));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        req.on('data', onData);
        req.once('end', () => {
          finished = true;
          if (!tooLarge) controller.close();
        });
        req.once('error', (error) => {
          if (!tooLarge) controller.error(error);
        });
      },
      pull() {
        if (!tooLarge) req.resume();
      },
      cancel() {
        req.pause();
      },
    },
    { highWaterMark: 4 },
  );
  return {
    stream,
    get tooLarge() {
      return tooLarge;
    },
    get finished() {
      return finished;
    },
  };
}

/** The request headers the Fetch `Request` handed to the service leaves out (the connection's own). */
const CONNECTION_HEADERS = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** The request's headers as a Fetch `Headers`, without the connection's own; a value Fetch refuses is dropped, as a proxy would. */
function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (CONNECTION_HEADERS.has(name.toLowerCase())) continue;
    try {
      headers.append(name, raw[i + 1]!);
    } catch {
      // dropped
    }
  }
  return headers;
}

export function toRequest(req: IncomingMessage, url: URL, body: LimitedBody | undefined, signal?: AbortSignal): Request {
  const method = req.method ?? 'GET';
  return new Request(url, { method, headers: requestHeaders(req), ...(signal ? { signal } : {}), ...(body ? { body: body.stream, duplex: 'half' } : {}) } as RequestInit);
}

/** The methods a Fetch `Request` writes in upper case whatever the case sent (the Fetch standard's normalisation). */
const NORMALISED_METHODS = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);

/**
 * The request as the service's own operations read it, without building a Fetch `Request` (undici's
 * constructor parses the URL again, copies the headers and links an abort signal: a large share of
 * the standalone server's time per request). What the pipeline and the routes read — `method`,
 * `url`, `headers` (a Fetch `Headers`, the same as {@link toRequest}'s), `body` (the same stream),
 * `signal`, `text()` and `arrayBuffer()` of a request without a body — it answers itself with the
 * values a `Request` has; the rest of the `Request` interface is answered by a real `Request` of
 * the same request, built on first use. `signal` is made on first read, aborted when the client goes
 * away before the answer is written.
 */
class ServerRequest implements Request {
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  readonly body: ReadableStream<Uint8Array<ArrayBuffer>> | null;
  readonly #res: ServerResponse;
  #signal: AbortSignal | undefined;
  #full: Request | undefined;

  constructor(req: IncomingMessage, res: ServerResponse, url: URL, body: ReadableStream<Uint8Array<ArrayBuffer>> | null) {
    const method = req.method ?? 'GET';
    const upper = method.toUpperCase();
    this.method = NORMALISED_METHODS.has(upper) ? upper : method;
    this.url = url.href;
    this.headers = requestHeaders(req);
    this.body = body;
    this.#res = res;
  }

  get signal(): AbortSignal {
    if (!this.#signal) {
      const controller = new AbortController();
      const res = this.#res;
      if (res.closed && !res.writableFinished) controller.abort();
      else
        res.once('close', () => {
          if (!res.writableFinished) controller.abort();
        });
      this.#signal = controller.signal;
    }
    return this.#signal;
  }

  /** The Fetch `Request` of the same request, for what this object does not answer itself. */
  full(): Request {
    if (!this.#full) {
      const init: RequestInit & { duplex?: 'half' } = { method: this.method, headers: this.headers, signal: this.signal };
      if (this.body) {
        init.body = this.body;
        init.duplex = 'half';
      }
      this.#full = new Request(this.url, init);
    }
    return this.#full;
  }

  text(): Promise<string> {
    return this.body ? this.full().text() : Promise.resolve('');
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.body ? this.full().arrayBuffer() : Promise.resolve(new ArrayBuffer(0));
  }

  get bodyUsed(): boolean {
    return this.full().bodyUsed;
  }
  get cache(): RequestCache {
    return this.full().cache;
  }
  get credentials(): RequestCredentials {
    return this.full().credentials;
  }
  get destination(): RequestDestination {
    return this.full().destination;
  }
  get integrity(): string {
    return this.full().integrity;
  }
  get keepalive(): boolean {
    return this.full().keepalive;
  }
  get mode(): RequestMode {
    return this.full().mode;
  }
  get redirect(): RequestRedirect {
    return this.full().redirect;
  }
  get referrer(): string {
    return this.full().referrer;
  }
  get referrerPolicy(): ReferrerPolicy {
    return this.full().referrerPolicy;
  }
  clone(): Request {
    return this.full().clone();
  }
  blob(): Promise<Blob> {
    return this.full().blob();
  }
  bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.full().bytes();
  }
  formData(): Promise<FormData> {
    return this.full().formData();
  }
  json(): Promise<unknown> {
    return this.full().json();
  }
}

/**
 * The request handed to one of the service's own operations by the standalone server's dispatch: a
 * {@link ServerRequest}. Overrides and scenario handlers (through MSW) get a real `Request`
 * ({@link toRequest}).
 */
export function toServerRequest(req: IncomingMessage, res: ServerResponse, url: URL, body: LimitedBody | undefined): Request {
  const request = new ServerRequest(req, res, url, body ? body.stream : null);
  // A HEAD is answered as the GET (`new Request(request, {method: 'GET'})`), which takes a real `Request`.
  return request.method === 'HEAD' ? request.full() : request;
}

/** Whether the request carries a body (chunked, or a non-zero `Content-Length`). */
export function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** After an answer to a request whose body was left unread: how long, and how many more bytes at most, the rest is drained (discarded) before the connection closes. */
const LINGER_MS = 2000;
const LINGER_BYTES = 8 * 1024 * 1024;

/**
 * Closes the connection of a request whose body was left unread, once the answer is written — a
 * lingering close. Node closes a `Connection: close` socket as soon as the answer is flushed; with
 * request bytes still arriving, that close resets the connection and a client still sending its
 * body can lose the answer (EPIPE, ECONNRESET). So the socket is half-closed instead, what still
 * arrives is discarded (never buffered) for up to {@link LINGER_MS} or {@link LINGER_BYTES}, and
 * then the socket is destroyed (at once when the client stops sending).
 */
function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket;
  socket.destroySoon = function halfClose(this: typeof socket) {
    this.end();
  };
  res.once('finish', () => {
    let drained = 0;
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    req.removeAllListeners('data');
    req.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > LINGER_BYTES) socket.destroy();
    });
    req.once('end', () => socket.destroy());
    req.resume();
  });
}

/**
 * Writes `response`. With `close`, the answer says `Connection: close` and the connection is closed
 * once it is written ({@link closeAfterAnswer}): used when the request's body was left unread
 * (refused before reading, or too large), so the unread bytes are never parsed.
 */
export async function send(res: ServerResponse, response: Response, close = false): Promise<void> {
  if (response.type === 'error') {
    // HttpResponse.error(): a network error for the client.
    res.destroy();
    return;
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  writeAnswer(res, response.status, response.statusText, headers, Buffer.from(await response.arrayBuffer()), close, !BEFORE_CORS.has(response));
}

/**
 * Writes an answer: `headers` as the `Response` iterates them (lower case, sorted), CORS (`cors`:
 * false for what the server's body parsers answer before its CORS middleware runs), the length.
 * A string body is sent as UTF-8 in the same write as the head (node:http joins them; a Buffer goes
 * in a write of its own).
 */
function writeAnswer(res: ServerResponse, status: number, statusText: string, headers: Record<string, string>, body: Buffer | string, close: boolean, cors = true): void {
  if (cors) headers['access-control-allow-origin'] = '*';
  // A 304 has no body, and Express strips its length (node:http sends none for it).
  if (status !== 304) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  if (close) {
    headers.connection = 'close';
    closeAfterAnswer(res.req, res);
  }
  res.writeHead(status, statusText || undefined, headers);
  if (typeof body === 'string') res.end(body, 'utf8');
  else res.end(body);
}

/** The status text MSW's `HttpResponse` gives each status (its own table), computed once per status. */
const statusTexts = new Map<number, string>();
function statusTextOf(status: number): string {
  let text = statusTexts.get(status);
  if (text === undefined) {
    text = new HttpResponse(null, { status }).statusText;
    statusTexts.set(status, text);
  }
  return text;
}

/**
 * Writes an operation's {@link Result} without building a `Response` and reading it back: the same
 * status, status text, headers and bytes as `send(res, toResponse(result), close)` (../http/results.ts),
 * which the in-process transports answer with (mocks/test/golden.test.ts compares them); no answer
 * becomes a network error.
 */
export function sendResult(res: ServerResponse, result: Result, close = false): void {
  if (isUnanswered(result)) {
    res.destroy();
    return;
  }
  const headers = AnswerHeaders.of(result.headers);
  if (isNotModified(result)) {
    writeAnswer(res, 304, statusTextOf(304), headers.record(), '', close);
    return;
  }
  const text = textOf(result);
  let body: string;
  if (text !== undefined) {
    if (!headers.has('Content-Type') && !isUntypedEmpty(result, headers)) headers.set('Content-Type', 'text/plain; charset=utf-8');
    body = text;
  } else {
    // expressJson: `res.json()`'s text; `undefined` has none (an empty body).
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json; charset=utf-8');
    body = jsonTextOf(result);
  }
  writeAnswer(res, result.status, statusTextOf(result.status), headers.record(), body, close, !('beforeCors' in result && result.beforeCors));
}

/** An answer's headers in the order, case and form a Fetch `Headers` made from them iterates them (see {@link AnswerHeaders}). */
export function answerHeaders(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  return AnswerHeaders.of(headers).record();
}

/** A header name Fetch takes as is (an HTTP token). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A header value Fetch takes as is: bytes it accepts, no leading or trailing whitespace to strip. */
const PLAIN_VALUE = /^(?:[\x21-\x7e\x80-\xff](?:[\t\x20-\x7e\x80-\xff]*[\x21-\x7e\x80-\xff])?)?$/;

/**
 * An answer's headers as a Fetch `Headers` made from them iterates them — names in lower case, a
 * name given twice (in two cases) joined with `, `, sorted by name — without building a `Headers`:
 * where a name or value is one Fetch would change or refuse, a real `Headers` does the work.
 */
class AnswerHeaders {
  private constructor(private readonly entries: Map<string, string>) {}

  static of(headers: Readonly<Record<string, string>> | undefined): AnswerHeaders {
    const entries = new Map<string, string>();
    if (!headers) return new AnswerHeaders(entries);
    for (const name of Object.keys(headers)) {
      const value = headers[name]!;
      const lower = name.toLowerCase();
      // `Set-Cookie` values are iterated one by one, not joined: a `Headers` keeps that order.
      if (typeof value !== 'string' || !TOKEN.test(name) || !PLAIN_VALUE.test(value) || lower === 'set-cookie') return AnswerHeaders.fromFetch(headers);
      const before = entries.get(lower);
      entries.set(lower, before === undefined ? value : `${before}, ${value}`);
    }
    return new AnswerHeaders(entries);
  }

  /** By a real `Headers` (which normalises a value, or throws on one it refuses). */
  private static fromFetch(headers: Readonly<Record<string, string>>): AnswerHeaders {
    const entries = new Map<string, string>();
    new Headers(headers).forEach((value, name) => {
      entries.set(name, value);
    });
    return new AnswerHeaders(entries);
  }

  has(name: string): boolean {
    return this.entries.has(name.toLowerCase());
  }

  /** Sets a header the answer does not have (a `Content-Type`: a constant, valid value). */
  set(name: string, value: string): void {
    this.entries.set(name.toLowerCase(), value);
  }

  /** The headers in the order a `Headers` iterates them. */
  record(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const name of [...this.entries.keys()].sort()) out[name] = this.entries.get(name)!;
    return out;
  }
}
