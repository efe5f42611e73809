// Types of scripts/contract-gate.mjs (for the TypeScript tests that import it).
import type { ContractChange } from './lib/contract-diff.mjs';

/** The released contract the gate compares with, by default (openapi/released/openapi.yaml). */
export declare const BASELINE: string;
/**
 * The gate's diff: the changes from the released contract (`baseline`, a file) to `current` (a bundled
 * contract; default openapi/openapi.yaml, bundled now), as the gate classifies them.
 * @throws {Error} when the baseline is missing or a contract cannot be read or compared
 */
export declare function contractChanges(options?: { baseline?: string; current?: any }): { breaking: ContractChange[]; nonBreaking: ContractChange[] };
