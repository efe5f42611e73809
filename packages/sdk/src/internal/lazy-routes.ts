/**
 * Internal: the compact route index (`routeIndex`) as the client of `createHttpClient` loads it, with
 * its first call (a dynamic `import()`: its own file in `dist/lazy/`, so one generated function's bundle
 * carries none of it before its first call).
 */
export { routeIndex } from '../generated/operations.gen';
