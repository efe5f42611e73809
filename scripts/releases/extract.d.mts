export declare const DEFAULT_OUT: string;
export declare const MODEL_FILES: string[];
export declare function compareVersions(a: string, b: string): number;
export declare function releaseTags(gitDir: string, from: string, to: string): { version: string; tag: string }[];
export declare function contractOperations(root?: string): { operationId: string; method: string; path: string }[];
export declare function extract(options: { gitDir: string; from?: string; to?: string; log?: (line: string) => void }): any;
