type Releases = { since?: string; until?: string };
export declare const SCHEMA_MODELS: Record<string, { model: string; path?: string }>;
export declare function releasesOf(entry: { since: string; until?: string; absentIn?: { since: string; until: string }[] }, releases: string[], within?: string): Releases;
export declare function schemaAnnotations(data: unknown): Record<string, Record<string, Releases>>;
export declare function operationAnnotations(data: unknown): Record<string, Releases>;
export declare function annotateSchemaText(text: string, props: Record<string, Releases>): string;
export declare function annotatePathText(text: string, ops: Record<string, Releases>): string;
export declare function plan(data: unknown): { file: string; before: string; after: string }[];
