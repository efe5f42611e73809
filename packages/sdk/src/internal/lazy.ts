/** Internal: what loads with the first call that needs it (a dynamic `import()`), once. */
import { APIConnectionError } from '../errors';

/**
 * `load` run once, on the first call of the returned function, and its promise shared by every call
 * after it; run again after it failed (a chunk that could not load, e.g. offline), so one failure does
 * not stay cached. A failure rejects with {@link APIConnectionError} (its message the bundler's error,
 * e.g. `TypeError: Failed to fetch dynamically imported module: …`, which is its `cause`), as a call
 * that cannot reach the service does. @internal
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((cause: unknown) => {
      loading = undefined;
      throw new APIConnectionError(`${cause}`, {}, { cause });
    }));
}
