// Types of scripts/lib/conformance/contract.mjs (for the TypeScript tests that import it).
/** One operation of the contract. */
export interface ContractOperation {
  operationId: string;
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';
  /** Path template, e.g. `/{project_id}/tags/{id}`. */
  path: string;
  /** The OpenAPI operation object. */
  operation: any;
}
/** An answer as `checkResponse` reads it. */
export interface Answer {
  status: number;
  contentType: string | null;
  headers: Headers;
  /** The body as text (`''` when empty). */
  text: string;
  /** The body parsed (JSON) or the text. */
  body: unknown;
}
/** The contract indexed for validation. */
export interface IndexedContract {
  doc: any;
  operations: ContractOperation[];
  operation(operationId: string): ContractOperation;
  /** Problems of an answer (empty when it conforms). */
  checkResponse(operationId: string, answer: Answer): string[];
  /** Problems of a request body (empty when the contract accepts it). */
  checkRequest(operationId: string, body: unknown): string[];
}
/** Reads a bundled contract, or `openapi/openapi.yaml` when no file is given, dereferenced by Redocly, and indexes it (`indexContract`). */
export declare function loadIndexedContract(file?: string): Promise<IndexedContract>;
/** Indexes a dereferenced OpenAPI document (`dereferencedContract()`); throws `TypeError` on one with `$ref`s. */
export declare function indexContract(doc: any): IndexedContract;
