/**
 * Conformance of the mock's answers to the contract: every answer's status, media type, required
 * headers and body are checked against the bundled contract (the copy the package ships,
 * `mocks/contract/openapi.yaml`) by the same Ajv checks as `npm run conformance`
 * (`scripts/lib/conformance/contract.mjs`).
 */
import { fileURLToPath } from 'node:url';
import { indexContract } from '../../../scripts/lib/conformance/contract.mjs';
import { dereferencedContract } from '../../../scripts/lib/contract-source.mjs';
import type { Exchange } from '../../src/service/options';

const contract = indexContract(dereferencedContract(fileURLToPath(new URL('../../contract/openapi.yaml', import.meta.url))));

/** Problems of one answer (empty when it conforms). */
export function checkExchange(exchange: Pick<Exchange, 'operationId' | 'status' | 'contentType' | 'body' | 'headers'> & { method?: string; url?: string }): string[] {
  const where = `${exchange.operationId} ${exchange.method ?? ''} ${exchange.url ?? ''} → ${exchange.status}`;
  const headers = new Headers(exchange.headers);
  const { body } = exchange;
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const problems = contract.checkResponse(exchange.operationId, { status: exchange.status, contentType: exchange.contentType, headers, text, body });
  // The mock always sends the challenge with a plain-text 401, as passport's Basic strategy does.
  if (exchange.status === 401 && exchange.contentType === 'text/plain' && headers.get('www-authenticate') !== 'Basic realm="Users"') problems.push('401 without WWW-Authenticate');
  return problems.map((problem) => `${where}: ${problem}${problem.startsWith('/') || problem.startsWith('(root)') ? ` body=${JSON.stringify(body).slice(0, 300)}` : ''}`);
}

/** Collects the problems of every answer of a service (pass `collector.onResponse` to `createMockService`). */
export function createConformanceCollector() {
  const problems: string[] = [];
  let count = 0;
  return {
    problems,
    get count() {
      return count;
    },
    onResponse(exchange: Exchange) {
      count++;
      // No answer (as the real server gives none to some requests) is no response to check.
      if (exchange.contentType === 'none') return;
      problems.push(...checkExchange(exchange));
    },
  };
}
