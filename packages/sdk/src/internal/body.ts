/**
 * Internal: the guarded body reader. Every answer's body is held to its attempt's deadline and to
 * `maxResponseBytes` while it arrives ({@link guardFetch}, {@link readText}); a body that breaks one is
 * recorded ({@link breachOf}), and the transport throws the SDK's error for it.
 */

/** The default `maxResponseBytes` of both client styles, in bytes: 10 MiB (10485760). */
export const DEFAULT_MAX_RESPONSE_BYTES = 10_485_760;

/**
 * The limits of one call. ky hands every option it does not know to `fetch` as part of its `init`,
 * so they travel as the ky option `supportkbLimits` to the guarded `fetch` ({@link guardFetch}).
 * @internal
 */
export interface Limits {
  /** Per-attempt timeout in ms (`false`: none), from sending the request to the body's last byte. */
  timeout: number | false;
  /** Largest body accepted, in bytes. */
  maxBytes: number;
}

/** How a body broke its limits: over `limit` bytes, or past the deadline of a `timeout` ms attempt. @internal */
export interface Breach {
  status: number;
  limit?: number;
  timeout?: number | false;
}

interface Guard {
  /** `Date.now()` by which the body must be complete. */
  deadline: number;
  limits: Limits;
}

/** 2xx answers that {@link readText} reads under their limits. */
const guards = new WeakMap<Response, Guard>();
/** Guarded answers whose body broke a limit (ky reads error bodies and drops the failure: it is found here, as is a 2xx body's). */
const breaches = new WeakMap<Response, Breach>();

/** The limit a guarded answer's body broke, if it broke one. @internal */
export const breachOf = (response: Response): Breach | undefined => breaches.get(response);

/**
 * Reads a body chunk by chunk until its deadline or its size limit; past either it records the breach
 * (`record`), cancels the body, which closes the connection, and throws the breach.
 */
function guardedReader(response: Response, guard: Guard, record: (breach: Breach) => void) {
  const source = response.body!.getReader();
  const { limits } = guard;
  let received = 0;
  let failure: Breach | undefined;
  const stop = (breach: Omit<Breach, 'status'>) => {
    if (!failure) record((failure = { ...breach, status: response.status }));
    clearTimeout(timer);
    source.cancel(failure).catch(() => {});
    return failure;
  };
  const timer = guard.deadline < Infinity ? setTimeout(() => stop({ timeout: limits.timeout }), guard.deadline - Date.now()) : undefined;
  return {
    async next(): Promise<Uint8Array | undefined> {
      const chunk = await source.read().catch((error: unknown) => {
        clearTimeout(timer);
        throw failure ?? error;
      });
      if (failure) throw failure;
      if (chunk.done) return void clearTimeout(timer);
      received += chunk.value.byteLength;
      if (received > limits.maxBytes) throw stop({ limit: limits.maxBytes });
      return chunk.value;
    },
    cancel(reason: unknown) {
      clearTimeout(timer);
      return source.cancel(reason);
    },
  };
}

/**
 * Wraps the `fetch` ky calls for each attempt: the attempt's deadline starts when it is sent, and its
 * answer's body is held to that deadline and to `maxBytes`. ky's own `timeout` bounds the wait for the
 * headers; this bounds the rest. A 2xx body is left to {@link readText}; any other (which ky reads
 * into its `HTTPError`) is wrapped in a stream that enforces the limits while ky reads it.
 * @internal
 */
export function guardFetch(base?: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    // `supportkbLimits` rides along in `init`; `fetch` ignores what it does not know.
    const limits = (init as { supportkbLimits?: Limits } | undefined)?.supportkbLimits;
    const started = Date.now();
    // Looked up on every call, so that a `fetch` patched later (MSW, tests) is used.
    const response = await (base ?? globalThis.fetch)(input, init);
    if (!limits || !response.body) return response;
    const guard = { deadline: limits.timeout === false ? Infinity : started + limits.timeout, limits };
    if (response.ok) {
      guards.set(response, guard);
      return response;
    }
    let wrapped: Response;
    const reader = guardedReader(response, guard, (breach) => breaches.set(wrapped, breach));
    // A pull that throws errors the stream with that error; ky, reading the error body, drops it, and
    // toSupportKbError finds the breach in `breaches` instead.
    wrapped = new Response(
      new ReadableStream<Uint8Array>({
        async pull(controller) {
          const chunk = await reader.next();
          if (chunk) controller.enqueue(chunk);
          else controller.close();
        },
        cancel: (reason) => reader.cancel(reason),
      }),
      response,
    );
    Object.defineProperty(wrapped, 'url', { value: response.url });
    return wrapped;
  };
}

/**
 * The body of a 2xx answer as text, read under the limits its guarded `fetch` recorded: past the
 * deadline or past `maxBytes` it closes the connection and throws the breach, which {@link breachOf}
 * then gives for `response` (the transport throws `APIConnectionTimeoutError` or `ResponseTooLargeError`
 * for it). Decodes UTF-8 like `Response.text()`.
 * @internal
 */
export async function readText(response: Response): Promise<string> {
  const guard = guards.get(response);
  if (!guard) return response.text();
  const reader = guardedReader(response, guard, (breach) => breaches.set(response, breach));
  const decoder = new TextDecoder();
  let text = '';
  for (let chunk; (chunk = await reader.next());) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}
