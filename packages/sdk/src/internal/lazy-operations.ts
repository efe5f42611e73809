/**
 * Internal: the operations manifest (`operations`) as `createClient` loads it, with its first call (a
 * dynamic `import()`: its own file in `dist/lazy/`, so a client's bundle carries only the method index,
 * `clientMethods`, before its first call).
 */
export { operations } from '../generated/operations.gen';
