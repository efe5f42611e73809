/**
 * Conformance of the mock's answers to the contract: every answer is checked against the
 * operation's declared statuses and media types, and its body against the generated zod schema
 * (`z<Operation>Response` for 200, the component schema of the error response otherwise).
 */
import * as schemas from '@supportkb/sdk/zod';
import { operations } from '../src/generated/operations';
import type { Exchange } from '../src/service';

const zod = schemas as unknown as Record<string, { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } } | undefined>;
const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/** Problems of one answer (empty when it conforms). */
export function checkExchange(exchange: Pick<Exchange, 'operationId' | 'status' | 'contentType' | 'body' | 'headers'> & { method?: string; url?: string }): string[] {
  const where = `${exchange.operationId} ${exchange.method ?? ''} ${exchange.url ?? ''} → ${exchange.status}`;
  const meta = operations.find((op) => op.operationId === exchange.operationId);
  if (!meta) return [`${where}: unknown operation`];
  const declared = (meta.responses as Record<string, Record<string, string>>)[String(exchange.status)];
  if (!declared) return [`${where}: status not declared by the contract`];
  const schemaName = declared[exchange.contentType];
  if (!schemaName) return [`${where}: media type ${exchange.contentType} not declared (declared: ${Object.keys(declared).join(', ')})`];
  const problems: string[] = [];
  const headers = Object.fromEntries(Object.entries(exchange.headers).map(([k, v]) => [k.toLowerCase(), v]));
  if (exchange.status === 401 && exchange.contentType === 'text/plain' && headers['www-authenticate'] !== 'Basic realm="Users"') problems.push(`${where}: 401 without WWW-Authenticate`);
  for (const header of meta.successHeaders) if (exchange.status === 200 && !headers[header.toLowerCase()]) problems.push(`${where}: missing header ${header}`);
  if (schemaName === '@string') {
    if (typeof exchange.body !== 'string') problems.push(`${where}: expected a text body`);
    return problems;
  }
  const p = pascal(exchange.operationId);
  const schema = schemaName === '@response' ? zod[`z${p}Response2`] ?? zod[`z${p}Response`] : zod[`z${schemaName}`];
  if (!schema) return [...problems, `${where}: no zod schema for ${schemaName}`];
  const parsed = schema.safeParse(exchange.body);
  if (!parsed.success) problems.push(`${where}: body does not match ${schemaName}: ${JSON.stringify(parsed.error?.issues).slice(0, 600)} body=${JSON.stringify(exchange.body).slice(0, 300)}`);
  return problems;
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
      problems.push(...checkExchange(exchange));
    },
  };
}
