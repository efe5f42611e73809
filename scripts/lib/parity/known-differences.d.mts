// Types of ./known-differences.mjs.
export declare const KNOWN_DIFFERENCES: Readonly<Record<string, string>>;
