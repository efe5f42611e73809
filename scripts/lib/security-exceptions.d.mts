// Types of scripts/lib/security-exceptions.mjs (for the TypeScript tests that import it).
/** Rules turned off for the whole contract: rule → one-line reason. */
export declare const off: Record<string, string>;
/** Rules turned off at single places of the bundled contract: [JSON pointer, rule, one-line reason]. */
export declare const offAt: Array<[pointer: string, rule: string, reason: string]>;
/** The file the lint reads (the pointers of `offAt` are in it). */
export declare const document: string;
