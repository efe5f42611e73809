// Types of scripts/lib/conformance/run.mjs (for the TypeScript tests that import it).
import type { IndexedContract } from './contract.mjs';
export interface ConformanceOptions {
  contract: IndexedContract;
  baseUrl: string;
  projectId: string;
  email?: string;
  password?: string;
  token?: string;
  projectSecret?: string;
  readOnly: boolean;
  resetLabels: boolean;
  sitemapUrl?: string;
  /** Per-request timeout in ms. */
  timeout: number;
  print(line: string): void;
}
export interface OperationReport {
  operationId: string;
  method: string;
  path: string;
  outcome: 'pass' | 'fail' | 'skip';
  calls: { method: string; url: string; status: number; problems: string[] }[];
  skips: string[];
}
export interface ConformanceReport {
  passed: number;
  failed: number;
  skipped: number;
  unreachable: boolean;
  operations: OperationReport[];
  leftBehind: string[];
  /** Risky behaviours observed that pass the contract (they never fail the run). */
  warnings: string[];
  /** The run's prefix, `conformance-<base36 time>`. */
  run: string;
}
/** Runs the conformance scenario against a deployment and prints the report. */
export declare function runConformance(options: ConformanceOptions): Promise<ConformanceReport>;
/**
 * The plan of a run: `writes`, the operations `--read-only` leaves out (every operation whose method
 * is not GET but the sign-ins, and the reads of resources only those writes create).
 */
export declare function planOf(contract: IndexedContract): { writes: string[] };
