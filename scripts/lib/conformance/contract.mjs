// @ts-nocheck -- BASELINE: 2 type errors when the scripts came under tsc (tsconfig.scripts.json); fix them and drop this line.
// The contract as the conformance run reads it: dereferenced by Redocly (scripts/lib/contract-source.mjs),
// its operations indexed by operationId, and Ajv validators for each response (status and media type)
// and request body, compiled on first use.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { dereferencedContract } from '../contract-source.mjs';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * One operation of the contract: its method, path template (`/{project_id}/tags/{id}`) and the
 * OpenAPI operation object.
 * @typedef {{ operationId: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH', path: string, operation: any }} ContractOperation
 */
/**
 * An answer as `checkResponse` reads it: `text` is the body as text (`''` when empty), `body` the
 * body parsed (JSON) or the text.
 * @typedef {{ status: number, contentType: string | null, headers: Headers, text: string, body: unknown }} Answer
 */
/**
 * The contract indexed for validation: `checkResponse` and `checkRequest` return the problems
 * (empty when it conforms).
 * @typedef {{ doc: any, operations: ContractOperation[], operation(operationId: string): ContractOperation, checkResponse(operationId: string, answer: Answer): string[], checkRequest(operationId: string, body: unknown): string[] }} IndexedContract
 */

/**
 * Loads a contract for validation: reads it (a bundled OpenAPI document, or `openapi/openapi.yaml`
 * when no file is given), dereferenced, and indexes it (`indexContract`).
 * @param {string} [file] a bundled OpenAPI document (YAML or JSON).
 * @returns {Promise<IndexedContract>}
 */
export async function loadIndexedContract(file) {
  return indexContract(dereferencedContract(file));
}

/**
 * Indexes a dereferenced document: `operations` in contract order, each with its method, path template
 * and the OpenAPI operation; `checkResponse` and `checkRequest` validate against it.
 * @param {any} doc the OpenAPI 3.1 document, dereferenced (`dereferencedContract()`).
 * @returns {IndexedContract}
 * @throws {TypeError} when `doc` still has `$ref`s.
 */
export function indexContract(doc) {
  if (JSON.stringify(doc.paths ?? {}).includes('"$ref"')) throw new TypeError('indexContract needs a dereferenced contract: read it with dereferencedContract() (scripts/lib/contract-source.mjs)');
  /** @type {ContractOperation[]} */
  const operations = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) if (item[method]) operations.push({ operationId: item[method].operationId, method: method.toUpperCase(), path, operation: item[method] });
  }
  const byId = new Map(operations.map((entry) => [entry.operationId, entry]));

  // `code.optimize: false`: Ajv's clean-up passes over the generated code (unused names, constant
  // conditions), which buy nothing for a validator that checks a few answers, cost most of compiling
  // the dereferenced (inlined) schemas: a whole run measured 2.65 → 2.2 CPU-s. The checks are the same.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true, code: { optimize: false } });
  addFormats(ajv);
  const compiled = new Map();
  const validatorOf = (key, schema) => {
    if (!compiled.has(key)) compiled.set(key, ajv.compile({ $id: `validator-${compiled.size}.json`, ...schema }));
    return compiled.get(key);
  };
  const violationsOf = (validate, value) =>
    validate(value) ? [] : validate.errors.map((e) => `${e.instancePath || '(root)'} ${e.message}${e.params?.allowedValues ? ` (${e.params.allowedValues.join(', ')})` : ''}`);

  return {
    doc,
    operations,
    /** The operation of an operationId (throws on an unknown one: a scenario bug). */
    operation(operationId) {
      const entry = byId.get(operationId);
      if (!entry) throw new Error(`the contract has no operation ${operationId}`);
      return entry;
    },
    /**
     * Problems of one answer: an undeclared status or media type, a missing required header, body violations.
     * A body without Content-Type is checked as `text/plain`; an empty body conforms where the
     * response declares no content, or a `text/plain` schema that accepts the empty string.
     */
    checkResponse(operationId, { status, contentType, headers, text, body }) {
      const { operation } = this.operation(operationId);
      const response = operation.responses?.[String(status)];
      if (!response) return [`status ${status} is not declared (declared: ${Object.keys(operation.responses ?? {}).join(', ')})`];
      const problems = [];
      for (const [name, header] of Object.entries(response.headers ?? {})) {
        if (header.required && !headers.has(name)) problems.push(`missing required header ${name}`);
      }
      const declared = response.content ?? {};
      if (text === '') {
        // An empty body is the empty string of a declared text/plain, whatever Content-Type came with it.
        if (!Object.keys(declared).length) return problems;
        const plain = declared['text/plain']?.schema;
        if (!plain) return [...problems, `empty body; the contract declares ${Object.keys(declared).join(', ')}`];
        return [...problems, ...violationsOf(validatorOf(`${operationId} ${status} text/plain`, plain), '')];
      }
      // A body sent without Content-Type (the service's plain-text 401) is read as text/plain.
      const media = (contentType ?? 'text/plain').split(';')[0].trim().toLowerCase();
      const content = declared[media];
      if (!content) return [...problems, `media type ${media || '(none)'} is not declared for ${status} (declared: ${Object.keys(declared).join(', ') || 'no body'})`];
      if (!content.schema) return problems;
      return [...problems, ...violationsOf(validatorOf(`${operationId} ${status} ${media}`, content.schema), body)];
    },
    /** Problems of a request body the scenario is about to send (a scenario bug, reported as a failure). */
    checkRequest(operationId, body) {
      const { operation } = this.operation(operationId);
      const requestBody = operation.requestBody;
      const schema = requestBody?.content?.['application/json']?.schema;
      if (!schema) return body === undefined ? [] : ['the contract declares no JSON request body'];
      if (body === undefined) return requestBody.required ? ['the request body is required'] : [];
      return violationsOf(validatorOf(`${operationId} request`, schema), body).map((p) => `request body ${p}`);
    },
  };
}
