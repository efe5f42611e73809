/** A 200 body with the HTTP response it came in. */
export interface WithResponse<T> {
  /** The typed 200 body. */
  data: T;
  /** The raw `Response` (status, headers; its body is already read). */
  response: Response;
}

/**
 * The result of every client call: await it for the typed body, or call {@link APIPromise.withResponse}
 * for the raw `Response` beside it. The request starts when the promise is first consumed.
 */
export class APIPromise<T> implements PromiseLike<T> {
  #run: () => Promise<WithResponse<T>>;
  #started: Promise<WithResponse<T>> | undefined;

  constructor(run: () => Promise<WithResponse<T>>) {
    this.#run = run;
  }

  #result(): Promise<WithResponse<T>> {
    return (this.#started ??= this.#run());
  }

  /** Resolves to `{ data, response }`. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#result();
  }

  /** Resolves to the raw `Response` only. */
  asResponse(): Promise<Response> {
    return this.#result().then((r) => r.response);
  }

  then<A = T, B = never>(onfulfilled?: ((value: T) => A | PromiseLike<A>) | null, onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    return this.#result().then(onfulfilled ? (r) => onfulfilled(r.data) : (r) => r.data as unknown as A, onrejected);
  }

  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.then(undefined, onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }

  get [Symbol.toStringTag](): string {
    return 'APIPromise';
  }
}
