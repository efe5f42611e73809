import { describe, expect, it } from 'vitest';
import { APIConnectionError } from '../src/errors';
import { loadOnce } from '../src/internal/lazy';

// What loads with a client's first call (the operations manifest, the route index, the failure texts,
// the logging: dist/lazy/) is a dynamic import(); in a browser it is a network request like the call's own.
describe('loadOnce (the chunks a first call loads)', () => {
  it('loads once and shares the result between calls', async () => {
    let loads = 0;
    const load = loadOnce(async () => ({ n: ++loads }));
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(await load()).toBe(a);
    expect(loads).toBe(1);
  });

  it("rejects a chunk that cannot load (offline) with APIConnectionError, its cause the bundler's error, and loads again on the next call", async () => {
    const offline = new TypeError('Failed to fetch dynamically imported module: https://app.example/assets/lazy-routes.js');
    let attempts = 0;
    const load = loadOnce(async () => {
      attempts += 1;
      if (attempts === 1) throw offline;
      return 'loaded';
    });
    const failure = await load().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(APIConnectionError);
    expect(failure).toMatchObject({ name: 'APIConnectionError', cause: offline, message: `${offline}` });
    expect(await load()).toBe('loaded');
    expect(attempts).toBe(2);
  });
});
