// Types of ./scenario.mjs.
export interface Step {
  id: string;
  op: string;
  as: unknown;
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  raw?: string;
  contentType?: string;
  save?: (v: Record<string, unknown>, body: unknown, status: number) => void;
  /** How long to wait for the answer, ms (default the runner's timeout). */
  wait?: number;
}
export declare const UNKNOWN_ID: string;
export declare const MALFORMED_ID: string;
export declare function parityScenario(): Step[];
