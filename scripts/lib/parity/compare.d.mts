// Types of ./compare.mjs.
export interface Answer {
  status: number;
  body: string;
}
export interface Difference {
  id: string;
  op: string;
  method: string;
  url: string;
  real: Answer;
  mock: Answer;
  realBody: unknown;
  mockBody: unknown;
}
export declare function shapeOf(value: unknown): string;
export declare function describeAnswer(record: { status: number; contentType: string | null; body: unknown }): Answer;
export declare function compareRuns(reference: readonly object[], candidate: readonly object[]): { total: number; sameStatus: number; same: number; differences: Difference[] };
