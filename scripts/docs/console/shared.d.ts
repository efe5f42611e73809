// Types of scripts/docs/console/shared.js (for the TypeScript tests that import it).
/** The key of a reference to a shared subtree. */
export declare const SHARED: '$console-shared';
/** Rebuilds what `encodeShared` (scripts/docs/console.mjs) encoded, each shared subtree one object; throws `TypeError` on anything else. */
export declare function decodeShared(encoded: { shared: unknown[]; root: unknown }): unknown;
