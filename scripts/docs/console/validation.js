// The console's contract check: each answer the page shows is validated by the conformance run's
// own checker (scripts/lib/conformance/contract.mjs: declared status, required headers, declared
// media type, the body against the response's schema with Ajv, JSON Schema 2020-12 and formats),
// over the dereferenced operations that scripts/docs/console.mjs writes to console/operations.json.
import { indexContract } from '../../lib/conformance/contract.mjs';

/**
 * The checker the console runs on every answer.
 * @param {{ paths: Record<string, Record<string, any>> }} operations console/operations.json, decoded
 *   (`decodeShared`): `paths[path][method]` = the dereferenced operation.
 * @returns {{ operationIdOf(method: string, path: string): string | undefined, check(operationId: string, answer: { status?: number, headers?: Record<string, string | string[]>, text?: string, error?: string }): { valid: boolean, problems: string[] } }}
 *   `operationIdOf('get', '/{project_id}/tags/{id}')` finds an operation by method and path template;
 *   `check` validates one answer: `status` (undefined when no answer came), `headers` (name to
 *   value), `text` (the body as text); `problems` is empty when the answer conforms.
 * @throws {TypeError} when `operations` has no `paths`, or `$ref`s in them.
 */
export function createAnswerChecker(operations) {
  if (!operations || typeof operations.paths !== 'object') throw new TypeError('createAnswerChecker needs { paths } (console/operations.json, decoded)');
  const contract = indexContract({ paths: operations.paths });
  const byRoute = new Map(contract.operations.map((entry) => [`${entry.method} ${entry.path}`, entry.operationId]));
  return {
    operationIdOf(method, path) {
      return byRoute.get(`${String(method).toUpperCase()} ${path}`);
    },
    check(operationId, { status, headers = {}, text = '', error }) {
      if (status === undefined || status === null || Number.isNaN(Number(status))) {
        return { valid: false, problems: [`no answer${error ? ` (${error})` : ''}: the connection closed without a response (the mock does so where the real server never answers)`] };
      }
      const answerHeaders = new Headers();
      for (const [name, value] of Object.entries(headers)) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      const contentType = answerHeaders.get('content-type');
      const media = (contentType ?? '').split(';')[0].trim().toLowerCase();
      let body = text;
      if (text !== '' && (media === 'application/json' || media.endsWith('+json'))) {
        try {
          body = JSON.parse(text);
        } catch {
          return { valid: false, problems: [`the body is not JSON although its Content-Type is ${contentType}`] };
        }
      }
      const problems = contract.checkResponse(operationId, { status: Number(status), contentType, headers: answerHeaders, text, body });
      return { valid: problems.length === 0, problems };
    },
  };
}
