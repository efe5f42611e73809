// Types of scripts/docs/changelog.mjs (for the TypeScript tests that import it).
import type { ContractChange } from '../lib/contract-diff.mjs';

export interface ChangelogEntry {
  group: 'breaking' | 'added' | 'changed';
  /** `GET /{project_id}/tags` (the part of `location` before the first ` · `) */
  operation: string;
  location: string;
  summary: string;
  reason: string;
}
/** One entry per change of the gate's result, deduplicated as the gate prints them, grouped and ordered. */
export declare function changelogEntries(result: { breaking: ContractChange[]; nonBreaking: ContractChange[] }): ChangelogEntry[];
/** The changelog page (self-contained HTML). */
export declare function renderChangelog(entries: ChangelogEntry[], meta: { baseline: string }): string;
/** Computes the changelog with the gate and writes it to `out`. */
export declare function writeChangelog(options: { out: string; baseline?: string; current?: any }): { entries: ChangelogEntry[]; out: string };
