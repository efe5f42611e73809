// The differences between the real server and the stateful mock that the parity scenario finds and
// that stay, each with its reason. `npm test` (test/parity.test.ts) fails on a difference not listed
// here and on a listed one that no longer happens, so this list is always the true one.
//
// Keys are step ids of ./scenario.mjs.

/** @type {Readonly<Record<string, string>>} */
export const KNOWN_DIFFERENCES = {};
