// Types of ./run.mjs.
import type { IndexedContract } from '../conformance/contract.mjs';
import type { Step } from './scenario.mjs';
export interface Target {
  baseUrl: string;
  projectId: string;
  email: string;
  password: string;
  projectSecret: string;
}
export interface CallRecord {
  id: string;
  op: string;
  method: string;
  url: string;
  status: number;
  contentType: string | null;
  body: unknown;
  ms: number;
  error?: string;
  /** The answer's headers, with `recordHeaders`. */
  headers?: Record<string, string>;
}
export declare function runScenario(options: Target & { contract: IndexedContract; run: string; timeout?: number; steps?: Step[]; recordHeaders?: boolean }): Promise<CallRecord[]>;
