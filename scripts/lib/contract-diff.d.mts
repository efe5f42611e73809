// Types of scripts/lib/contract-diff.mjs (for the TypeScript tests that import it).
export declare const SDK_PACKAGE: '@supportkb/sdk';

export interface ContractChange {
  /** `GET /{project_id}/tags · response 200 · [].color` */
  location: string;
  /** `field \`color\` removed` */
  summary: string;
  path: string[];
  action: 'add' | 'remove' | 'replace' | 'rename';
  /** api-smart-diff's own classification. */
  type: 'breaking' | 'non-breaking' | 'annotation' | 'unclassified' | 'deprecated';
  description: string;
  /** Why the project's verdict is what it is (api-smart-diff's type when the project keeps it). */
  reason: string;
  before?: unknown;
  after?: unknown;
}

/** Reads a bundled YAML or JSON contract as it is, `$ref`s included (for `compareContracts`). */
export declare function readBundledContract(file: string): any;
export declare function describeLocation(path: Array<string | number>, merged?: any): string;
export declare function compareContracts(before: any, after: any): { breaking: ContractChange[]; nonBreaking: ContractChange[] };
export declare function pendingChangesets(dir: string): Array<{ file: string; releases: Record<string, string> }>;
export declare function majorSdkChangesets(dir: string): string[];
