// Types of scripts/schemathesis/run.mjs (for the TypeScript tests that import it).
export declare const ALL_CHECKS: readonly string[];
export declare const ALL_PHASES: readonly string[];
export declare const DEFAULTS: { seed: number; maxExamples: number; timeoutSeconds: number; workers: string; requestTimeout: number };
/** The statuses each check with `expected-statuses` accepts by default; `--expect-status` adds to them per operation. */
export declare const EXPECTED_STATUSES: Readonly<Record<'not_a_server_error' | 'positive_data_acceptance' | 'negative_data_rejection' | 'missing_required_header', readonly string[]>>;
/** A per-operation check setting: `skip` (the check does not run on the operation) or `expect` (a status the check also accepts there). */
export type OperationCheck = { operationId: string; check: string; skip: true } | { operationId: string; check: string; expect: string };
/** Pseudo-check: a request the deployment did not answer (timeout, connection closed); status null. */
export declare const NO_ANSWER: 'no_answer';

export interface FailureExample {
  /** First line of Schemathesis' message. */
  message: string;
  phase: string | null;
  /** What the phase did, e.g. "Missing request body", "Value not matching the ... pattern". */
  scenario: string | null;
  /** The start of the response body (300 characters). */
  response: string | null;
  /** A curl line replaying the request; credentials as "$AUTH". */
  curl: string;
}
/** One distinct failure: check × operation × status. */
export interface Failure {
  check: string;
  code: string | null;
  title: string | null;
  /** As Schemathesis names it: `POST /{project_id}/tags`. */
  operation: string;
  operationId: string | null;
  /** The status the check objected to (the probe's for ignored_auth); null for no_answer. */
  status: number | null;
  /** How many test cases failed this way. */
  count: number;
  /** Up to three examples. */
  examples: FailureExample[];
}
export interface SchemathesisError {
  kind: string;
  type: string | null;
  phase: string | null;
  label: string | null;
  message: string;
}
/** What a run found; also `<reportDir>/summary.json` and `--json FILE`. */
export interface Summary {
  version: string;
  baseUrl: string;
  projectId: string;
  seed: number;
  maxExamples: number;
  checks: string[];
  phases: string[];
  /** Generated data: all, positive or negative. */
  mode: string;
  requestTimeout: number;
  /** The per-operation check settings the run had (`--skip-check`, `--expect-status`). */
  operationChecks: OperationCheck[];
  /** The schemathesis command line (credentials are passed in the environment, never here). */
  command: string;
  exitCode: number | null;
  /** The whole run: install check, bundle, sign-in, Schemathesis. */
  elapsedSeconds: number;
  /** Schemathesis' own running time. */
  schemathesisSeconds: number | null;
  testCases: number | null;
  operations: { total: number; selected: number; tested: number; errored: number; skipped: number } | null;
  warnings: Record<string, string[]> | null;
  /** Stateful phase: `API Links: N covered / M total`, when Schemathesis printed it. */
  links: { covered: number; total: number } | null;
  notes: string[];
  reportDir: string;
  errors: SchemathesisError[];
  failures: Failure[];
}
export interface RunOptions {
  baseUrl: string;
  projectId: string;
  email?: string;
  password?: string;
  token?: string;
  projectSecret?: string;
  maxExamples?: number;
  seed?: number;
  checks?: string[];
  excludeChecks?: string[];
  phases?: string[];
  mode?: 'all' | 'positive' | 'negative';
  includeOperationIds?: string[];
  maxTime?: number;
  timeoutSeconds?: number;
  requestTimeout?: number;
  continueOnFailure?: boolean;
  /** Report failing cases as found, without shrinking them. */
  noShrink?: boolean;
  /** Per-operation check settings. */
  operationChecks?: OperationCheck[];
  workers?: string;
  contract?: string;
  reportDir?: string;
  json?: string;
  log?: (line: string) => void;
}
export declare function parseCommandLine(argv: string[]): { options: RunOptions } | { help: true } | { problems: string[] };
export declare function curlOf(request: { method: string; uri: string; headers?: Record<string, string | string[]>; body?: unknown }, failure: { check: string; message: string }): string;
export declare function parseEvents(ndjson: string, options?: { operationIds?: Map<string, string> }): { failures: Failure[]; errors: SchemathesisError[] };
export declare function formatSummary(summary: Summary): string;
/** Bundles, signs in, runs Schemathesis and summarises; throws on usage, sign-in, install or Schemathesis errors. */
export declare function runSchemathesis(options: RunOptions): Promise<Summary>;
