/** Internal: what loads with the first call that needs it (a dynamic `import()`), once. */

/**
 * `load` run once, on the first call of the returned function, and its promise shared by every call
 * after it; run again after it failed (a chunk that could not load, e.g. offline), so one failure does
 * not stay cached. @internal
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (!loading) {
      loading = load();
      loading.catch(() => (loading = undefined));
    }
    return loading;
  };
}
