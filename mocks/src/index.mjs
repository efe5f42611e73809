import { startPrism } from './prism.mjs';

export { startPrism, freePort, defaultDocument } from './prism.mjs';

/**
 * The one seam between callers (the demo, tests) and the mock backend in use.
 * Today it starts Prism on the contract; the stateful MSW service will take its place here.
 *
 * @param {Parameters<typeof startPrism>[0]} [options]
 * @returns {ReturnType<typeof startPrism>} `{ url, port, pid, stop }`
 */
export function startMockServer(options) {
  return startPrism(options);
}
